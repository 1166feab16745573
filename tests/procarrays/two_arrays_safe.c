extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "two_arrays_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* One recursive fill called on two global arrays: a procedure per array (fill, fill__b);
   a[0..n) hold 1 and b[0..m) hold 2. */
#define N 4
int a[N];
int b[N];
void fill(int *q, int n, int v) {
  if (n <= 0) return;
  q[n - 1] = v;
  fill(q, n - 1, v);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n <= N && m >= 0 && m <= N);
  fill(a, n, 1);
  fill(b, m, 2);
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] == 1);
  for (int i = 0; i < m; i++) __VERIFIER_assert(b[i] == 2);
  return 0;
}
