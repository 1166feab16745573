// 'ab' is not 'a' nor 'b' (0x6162); '\x80\x00' is positive (32768): SAFE.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() { if ('ab' == 'a' || 'ab' == 'b' || '\x80\x00' < 0) reach_error(); return 0; }
