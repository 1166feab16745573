extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "wfill.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }

/* A recursive fill of a[0..n-1] with 7, then a loop checks every element, n nondet in [0, N]. */
#define N 10
int a[N];
void fill(int n) {
  if (n <= 0) return;
  a[n - 1] = 7;
  fill(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > N) return 0;
  fill(n);
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] == 7);
  return 0;
}
