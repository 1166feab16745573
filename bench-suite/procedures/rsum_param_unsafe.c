extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "rsum_param_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* Bug twin: a[0] is 0, so the sum is n - 1 for n >= 1. A recursive sum over an array parameter: sum(a, n) == n after every element is set to 1. */
int sum(int *a, int n) {
  if (n <= 0) return 0;
  return a[n - 1] + sum(a, n - 1);
}
int main(void) {
  int a[100];
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n <= 100);
  for (int i = 1; i < 100; i++) a[i] = 1;
  a[0] = 0;
  __VERIFIER_assert(sum(a, n) == n);
  return 0;
}
