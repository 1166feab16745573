extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "procarrays.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }

/* A recursive sum of a[0..n-1] after a loop sets every a[i] to 1, n nondet in [0, N]. */
#define N 1000
int a[N];
int sum(int n) {
  if (n <= 0) return 0;
  return a[n - 1] + sum(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > N) return 0;
  for (int i = 0; i < n; i++) a[i] = 1;
  __VERIFIER_assert(sum(n) == n);
  return 0;
}
