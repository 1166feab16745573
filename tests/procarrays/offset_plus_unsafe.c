extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "offset_plus_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* The bug twin of offset_plus_safe.c: the check reads the global a[0..n) as if the callee's
   a[i] were its a[i] (the offset 2 forgotten): a[0] and a[1] are 0, so any n >= 1 fails. */
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
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] == 7);
  return 0;
}
