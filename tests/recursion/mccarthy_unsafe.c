extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "f.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { ERROR: {reach_error(); abort();} } }

int f91(int n) { if (n > 100) return n - 10; return f91(f91(n + 11)); }
int main(void) { __VERIFIER_assert(f91(95) == 92); return 0; }
