// (int) of a long long argument: 1 << 32 converts to 0, so the assertion fails.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
int main() { long long x = 1; x = x << 32; __VERIFIER_assert(x); return 0; }
