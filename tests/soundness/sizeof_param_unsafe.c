// sizeof of a short pointer parameter over sizeof *b is 4 or 2, never the length 8: UNSAFE.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int len2(short *b) { return sizeof b / sizeof *b; }
int main() { short s[8] = {0}; if (len2(s) == sizeof(short *) / 2) reach_error(); return 0; }
