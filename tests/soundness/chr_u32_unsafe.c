// U'\xffffffff' is a char32_t (unsigned int): positive; u'\xffff' promotes to int 65535: UNSAFE.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() { if (U'\xffffffff' > 0 && u'\xffff' > 0 && sizeof(u'x') == 2) reach_error(); return 0; }
