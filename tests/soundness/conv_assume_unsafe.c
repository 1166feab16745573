// assume_abort_if_not(int) on a long long: (int)((1 << 32) + 3) is 3, the run goes on to the error.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
int main() { long long x = 1; x <<= 32; x += 3; assume_abort_if_not(x); reach_error(); return 0; }
