// expect: unsafe
// witness: unsafe
// a sum over the array exceeds the bound checked inside the loop
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "accumulate_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#ifndef N
#define N 10
#endif
int a[N];
int main() {
  int i;
  int sum = 0;
  for (i = 0; i < N; i++) {
    a[i] = 3;
  }
  for (i = 0; i < N; i++) {
    sum = sum + a[i];
    __VERIFIER_assert(sum < 3 * N);
  }
  return 0;
}
