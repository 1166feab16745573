// 0xB is 11 (ara read hex digits B/b as a binary prefix): UNSAFE.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() { int x = 0xB; if (x == 11) reach_error(); return 0; }
