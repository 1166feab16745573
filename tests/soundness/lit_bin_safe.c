// 0b101 is not 0b1 (ara read a leading b as a prefix); 017 is octal: SAFE.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() { int b = 0b101, o = 017; if (b != 5 || o == 17 || 0xB0 != 176) reach_error(); return 0; }
