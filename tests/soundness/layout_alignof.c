// _Alignof(long long) is 4 on i386 (ILP32: UNSAFE), 8 on x86-64 (LP64: SAFE).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() { if (_Alignof(long long) == 4) reach_error(); return 0; }
