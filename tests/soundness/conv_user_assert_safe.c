// The program's own assert with a _Bool parameter: any nonzero long long is true.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void assert(_Bool cond) { if (!cond) reach_error(); }
int main() { long long long x = 1; x <<= 32; assert(x); return 0; }
