// i386 aligns long long to 4 in structs: size 12 (ILP32: UNSAFE), 16 on x86-64 (LP64: SAFE).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
struct S { char c; long long x; };
int main() { if (sizeof(struct S) == 12) reach_error(); return 0; }
