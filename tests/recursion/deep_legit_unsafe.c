extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "f.c", 3, "reach_error"); }
void __VERIFIER_assert(int c) { if (!c) { ERROR: {reach_error(); abort();} } }

/* No input; a recursion 10^6 calls deep, deeper than gcc's default 8 MB stack at -O0:
   the program's own run reaches the error: down(n) = n. */
int down(int n) { if (n == 0) return 0; return 1 + down(n - 1); }
int main(void) { __VERIFIER_assert(down(1000000) != 1000000); return 0; }
