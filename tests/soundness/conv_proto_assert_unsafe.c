// A library assert declared, not defined: the prototype's int parameter converts the argument.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern void __VERIFIER_assert(int);
int main() { long long x = 1; x <<= 32; __VERIFIER_assert(x); return 0; }
