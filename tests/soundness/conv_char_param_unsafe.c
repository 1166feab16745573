// A char parameter: 256 converts to 0.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(char cond) { if (!cond) { reach_error(); } }
int main() { int x = 256; __VERIFIER_assert(x); return 0; }
