// big_all_equal_unsafe: N = 10^6 nondet ints; i is the first index whose element differs from
// a[0] (N if none). Unsafe: the claim i < N fails exactly when all N elements are equal.
// Safe twin: big_all_equal_safe (a[N - 1] is set to differ from a[0]).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "big_all_equal_unsafe.c", 3, "reach_error"); }
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
  for (i = 1; i < N; i++)
    if (a[i] != a[0]) break;
  __VERIFIER_assert(i < N);
  return 0;
}
