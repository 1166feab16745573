// 0xffffffffL is a long on x86-64 (-1 < it: UNSAFE) but an unsigned long on i386
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
// (-1 converts to 0xffffffff: SAFE); 10lu has the size of a long (8 / 4).
int main() { if (-1 < 0xffffffffL && sizeof(10lu) == 8) reach_error(); return 0; }
