// Calls reach_error (which calls __assert_fail) but never my_err: UNSAFE for the default error
// functions, SAFE with --error-function my_err (__assert_fail aborts).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void my_err(void) { abort(); }
int main() { reach_error(); return 0; }
