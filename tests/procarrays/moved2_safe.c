extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "moved2_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* The recursive call moves the offset by 2 and each level writes q[0] and q[1]: a[0..2n)
   hold 7, a[2n] keeps its 0. */
#define N 10
int a[N];
void fill(int *q, int n) {
  if (n <= 0) return;
  q[0] = 7;
  q[1] = 7;
  fill(q + 2, n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n < N / 2);
  fill(a, n);
  for (int i = 0; i < 2 * n; i++) __VERIFIER_assert(a[i] == 7);
  __VERIFIER_assert(a[2 * n] == 0);
  return 0;
}
