extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "procarrays.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }

/* The bug twin of rsum_safe.c: the loop skips a[0] (still 0), so sum(n) == n - 1 for n >= 1. */
#define N 1000
int a[N];
int sum(int n) {
  if (n <= 0) return 0;
  return a[n - 1] + sum(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > N) return 0;
  for (int i = 1; i < n; i++) a[i] = 1;
  __VERIFIER_assert(sum(n) == n);
  return 0;
}
