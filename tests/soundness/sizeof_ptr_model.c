// sizeof of a pointer is the pointer's size (8 on x86-64: UNSAFE; 4 on i386: SAFE), not
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
// the size of the array it points to (16).
int main() { int a[4]; int *p = a; if (sizeof(p) == 8) reach_error(); return 0; }
