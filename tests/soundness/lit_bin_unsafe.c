// 0b101 is 5 and 017 is 15: UNSAFE.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() { int b = 0b101, o = 017; if (b == 5 && o == 15) reach_error(); return 0; }
