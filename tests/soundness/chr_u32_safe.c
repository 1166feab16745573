// L'\xffffffff' is a wchar_t (signed): -1, not positive: SAFE.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() { if (L'\xffffffff' > 0 || U'\xffffffff' < 0) reach_error(); return 0; }
