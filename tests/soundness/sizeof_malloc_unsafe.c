// sizeof(p) of a malloc'd block of 2 ints is a pointer's size (8 or 4), not the block's (8; on
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
// i386 the block's size would be a wrong SAFE): UNSAFE under both data models.
extern void *malloc(__SIZE_TYPE__);
int main() { int *p = malloc(2 * sizeof(int)); if (sizeof(p) == sizeof(void *)) reach_error(); return 0; }
