// '\xff' is not 255 (char is signed on x86); '\0' is 0: SAFE.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() { int c = '\xff'; if (c == 255 || '\0' != 0 || '\x41' != 'A') reach_error(); return 0; }
