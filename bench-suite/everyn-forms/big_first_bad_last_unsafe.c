// big_first_bad_last_unsafe: N = 10^6 nondet ints; the index i of the first element <= 0
// (N if none). Unsafe: the assertion claims that when the first bad element is the last one,
// it is positive: it fails exactly when a[0..N-2] are positive and a[N-1] <= 0.
// Safe twin: big_first_bad_last_safe (the claim a[i] <= 0, which the search guarantees).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "big_first_bad_last_unsafe.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
extern int __VERIFIER_nondet_int(void);
#ifndef N
#define N 1000000
#endif
int a[N];
int main() {
  int i;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < N; i++)
    if (a[i] <= 0) break;
  __VERIFIER_assert(i != N - 1 || a[i] > 0);
  return 0;
}
