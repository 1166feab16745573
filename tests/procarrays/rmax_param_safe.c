extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "rmax_param_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* A recursive maximum of a[0..n-1] over an array parameter: no element below n exceeds it. */
int max(int *a, int n) {
  if (n <= 1) return a[0];
  int m = max(a, n - 1);
  return a[n - 1] > m ? a[n - 1] : m;
}
int main(void) {
  int a[10];
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 1 && n <= 10);
  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  int m = max(a, n);
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(k >= 0 && k < n);
  __VERIFIER_assert(a[k] <= m);
  return 0;
}
