// An array parameter's sizeof is a pointer's, not the argument array's: SAFE (both models).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int len(int b[8]) { return sizeof(b) / sizeof(b[0]); }
int len2(short *b) { return sizeof b / sizeof *b; }
int main() { int a[8] = {0}; short s[8] = {0}; if (len(a) == 8 || len2(s) == 8 || len2(s) < 2) reach_error(); return 0; }
