// A plain char constant is an int with the value of a signed char: '\xff' is -1: UNSAFE.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() { int c = '\xff'; if (c == -1 && '\377' < 0) reach_error(); return 0; }
