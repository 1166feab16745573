extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "base_and_global_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* The moving procedure also writes the array by its own name at an absolute index: the
   last level sets a[0] = 5 after the levels above wrote a[0..n) = 7, so a[0] ends 5 and
   a[1..n) hold 7. */
#define N 10
int a[N];
void fill(int *q, int n) {
  if (n <= 0) {
    a[0] = 5;
    return;
  }
  q[0] = 7;
  fill(q + 1, n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 1 && n < N);
  fill(a, n);
  __VERIFIER_assert(a[0] == 5);
  for (int i = 1; i < n; i++) __VERIFIER_assert(a[i] == 7);
  __VERIFIER_assert(a[n] == 0);
  return 0;
}
