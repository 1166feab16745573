// sizeof of a pointer to a malloc'd block is a pointer's size, not the block's: SAFE.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern void *malloc(__SIZE_TYPE__);
int main() { int n = 10; int *p = malloc(n * sizeof(int)); if (sizeof(p) == 40 || sizeof(p) != sizeof(int *) || sizeof(*p) != 4) reach_error(); return 0; }
