// A failing assertion of the program's own __VERIFIER_assert, then my_err: UNSAFE for the
// default error functions; with --error-function my_err the assertion aborts first (SAFE).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
void my_err(void) { abort(); }
int main() { int x = 0; __VERIFIER_assert(x != 0); my_err(); return 0; }
