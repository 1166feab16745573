// expect: unsafe
// witness: unsafe
// a decreasing loop stops before index 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "down_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#ifndef N
#define N 10
#endif
int a[N];
int main() {
  int i;
  for (i = N - 1; i > 0; i--) {
    a[i] = 3;
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(a[i] == 3);
  }
  return 0;
}
