// An array parameter is a pointer: sizeof(b) / sizeof(b[0]) is 8 / 4 = 2 on x86-64 (UNSAFE),
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
// 4 / 4 = 1 on i386 (SAFE); never the argument's length 8.
int len(int b[]) { return sizeof(b) / sizeof(b[0]); }
int main() { int a[8] = {0}; if (len(a) == 2) reach_error(); return 0; }
