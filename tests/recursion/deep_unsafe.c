extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "f.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { ERROR: {reach_error(); abort();} } }

/* Unsafe only at n = 100000000: a recursion 10^8 calls deep, far deeper than gcc's stack. */
int depth(int n) { if (n == 0) return 0; return 1 + depth(n - 1); }
int main(void) { int n = __VERIFIER_nondet_int(); if (n < 0) return 0; __VERIFIER_assert(depth(n) != 100000000); return 0; }
