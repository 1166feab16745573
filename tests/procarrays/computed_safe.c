extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "computed_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* An offset the caller computes: fill(&a[k], n) for nondet k, so the callee's q[i] is a[k + i];
   a[k..k+n) hold 7, a[k - 1] keeps its 0. */
#define N 4
int a[N];
void fill(int *q, int n) {
  if (n <= 0) return;
  q[n - 1] = 7;
  fill(q, n - 1);
}
int main(void) {
  int k = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(k >= 0 && k <= N && n >= 0 && n <= N - k);
  fill(&a[k], n);
  for (int i = k; i < k + n; i++) __VERIFIER_assert(a[i] == 7);
  if (k > 0) __VERIFIER_assert(a[k - 1] == 0);
  return 0;
}
