extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "offset_plus_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* A recursive fill through an offset alias `a + 2` of a global array: the callee's a[i] is
   the global's a[i + 2], so a[2..n+2) hold 7 and a[0], a[1] keep their 0. */
#define N 4
int a[N];
void fill(int *a, int n) {
  if (n <= 0) return;
  a[n - 1] = 7;
  fill(a, n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n <= N - 2);
  fill(a + 2, n);
  for (int i = 2; i < n + 2; i++) __VERIFIER_assert(a[i] == 7);
  __VERIFIER_assert(a[1] == 0);
  return 0;
}
