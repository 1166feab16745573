// L'\xff' is a wchar_t (32-bit signed) of value 255: UNSAFE.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() { int c = L'\xff'; if (c == 255) reach_error(); return 0; }
