extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "f.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { ERROR: {reach_error(); abort();} } }

int p = 0;
void flip(int n) { if (n == 0) return; p = !p; flip(n - 1); }
int main(void) { flip(11); __VERIFIER_assert(p == 0); return 0; }
