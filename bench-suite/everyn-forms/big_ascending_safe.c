// big_ascending_safe: N = 10^6 nondet ints, then a[N - 1] = a[N - 2]; i is the first index
// where the sequence does not strictly increase. Safe: at N - 1 it does not (equal
// elements), so the loop breaks there at the latest and i < N. Bug twin: big_ascending_unsafe.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "big_ascending_safe.c", 3, "reach_error"); }
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
  a[N - 1] = a[N - 2];
  for (i = 1; i < N; i++)
    if (a[i - 1] >= a[i]) break;
  __VERIFIER_assert(i < N);
  return 0;
}
