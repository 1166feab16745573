// Calls my_err on a path where no assertion fails: UNSAFE with --error-function my_err, SAFE
// for the default error functions (reach_error is never called).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
void my_err(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assert(x != 7 || x == 7); if (x == 3) my_err(); return 0; }
