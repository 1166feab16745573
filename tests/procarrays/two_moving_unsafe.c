extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "two_moving_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* Two procedures over moving offsets into one array: f(&a[k], n) writes q[0] = 3, then
   g(q + 1, n - 1) writes q[0..n-1) = 5 from its own base and counts the 5s it reads back.
   Each procedure's cell is viewed from its own offset. */
#define N 4
int a[N];
int g(int *q, int n) {
  if (n <= 0) return 0;
  q[n - 1] = 5;
  return (q[n - 1] == 5) + g(q, n - 1);
}
int f(int *q, int n) {
  if (n <= 0) return 0;
  q[0] = 3;
  return g(q + 1, n - 1);
}
int main(void) {
  int k = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(k >= 0 && k <= N && n >= 1 && n <= N && k + n <= N);
  int r = f(&a[k], n);
  __VERIFIER_assert(r == n - 1);
  __VERIFIER_assert(a[k] == 3);
  if (k > 0) __VERIFIER_assert(a[k - 1] == 0);
  if (k + n < N) __VERIFIER_assert(a[k + n] == 0);
  if (n >= 2) __VERIFIER_assert(a[k + n - 1] == 3);
  return 0;
}
