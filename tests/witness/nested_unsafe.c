// expect: unsafe
// witness: unsafe
// two nested loops over arrays of the same size; the error needs different outer and inner iterations
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#ifndef N
#define N 10
#endif
int a[N];
int b[N];
int main() {
  int i, j;
  for (i = 0; i < N; i++) {
    a[i] = i;
    b[i] = i;
  }
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++) {
      __VERIFIER_assert(a[i] + b[j] != 2 * N - 3 || a[i] == b[j] + 1);
      __VERIFIER_assert(!(i == 3 && j == 5));
    }
  }
  return 0;
}
