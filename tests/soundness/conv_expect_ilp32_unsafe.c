// __builtin_expect returns long: compared with an unsigned int it is unsigned only when long
// is 32 bits (ILP32: UNSAFE; LP64: -1 != 4294967295, SAFE).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() { int x = -1; if (__builtin_expect(x, 0) == 4294967295U) reach_error(); return 0; }
