extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "f.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { ERROR: {reach_error(); abort();} } }

int fib(int n) { if (n < 2) return n; return fib(n - 1) + fib(n - 2); }
int main(void) { __VERIFIER_assert(fib(6) == 8); return 0; }
