// The twin of layout_ll12.c: 16 only on x86-64 (LP64: UNSAFE, ILP32: SAFE).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
struct S { char c; long long x; };
int main() { if (sizeof(struct S) == 16) reach_error(); return 0; }
