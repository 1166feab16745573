extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "moving_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* A recursion whose recursive call moves the offset: fill(q + 1, n - 1) writes q[0] at each
   level, so a[0..n) hold 7 and a[n] keeps its 0. */
#define N 4
int a[N];
void fill(int *q, int n) {
  if (n <= 0) return;
  q[0] = 7;
  fill(q + 1, n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n < N);
  fill(a, n);
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] == 7);
  __VERIFIER_assert(a[n] == 7 || n == 0);
  return 0;
}
