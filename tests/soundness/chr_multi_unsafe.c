// A multi-character constant has gcc's value ('ab' = 0x6162): UNSAFE.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() { if ('ab' == 0x6162 && 'abcd' == 0x61626364) reach_error(); return 0; }
