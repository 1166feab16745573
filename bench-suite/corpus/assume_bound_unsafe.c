// expect: unsafe
// unwind: 22
// nondet length n; elements past n stay 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "assume_bound_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
extern void __VERIFIER_assume(int cond);
#define N 20
int a[N];
int main() {
  int i;
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n <= N);
  for (i = 0; i < n; i++) {
    a[i] = n - i;
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(a[i] >= 0 && (i >= n || a[i] > 0) && a[N - 1] != 0);
  }
  return 0;
}
