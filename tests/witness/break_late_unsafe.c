// expect: unsafe
// witness: unsafe
// the loop breaks after writing the element at the break position; later elements stay 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "break_late_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#ifndef N
#define N 10
#endif
int a[N];
int main() {
  int i, j;
  int limit = __VERIFIER_nondet_int();
  if (limit < 0 || limit >= N - 1) return 0;
  for (i = 0; i < N; i++) {
    a[i] = 1;
    if (i == limit) {
      break;
    }
  }
  for (j = 0; j < N; j++) {
    if (j > limit) {
      __VERIFIER_assert(a[j] == 1);
    }
  }
  return 0;
}
