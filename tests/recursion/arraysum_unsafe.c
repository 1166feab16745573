extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "f.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { ERROR: {reach_error(); abort();} } }

int a[5];
int sum(int n) { if (n == 0) return 0; return a[n - 1] + sum(n - 1); }
int main(void) { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 5) return 0;
  int i; for (i = 0; i < 5; i++) a[i] = i < n ? 1 : 100;
  __VERIFIER_assert(sum(n) != 5); return 0; }
