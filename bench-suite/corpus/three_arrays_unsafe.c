// expect: unsafe
// unwind: 17
// c = a + b with b >= 0 assumed everywhere but index 7
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "three_arrays_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
extern void __VERIFIER_assume(int cond);
#define N 15
int a[N];
int b[N];
int c[N];
int main() {
  int i;
  for (i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
    __VERIFIER_assume(a[i] >= 0 && a[i] <= 1000);
    b[i] = __VERIFIER_nondet_int();
    __VERIFIER_assume(b[i] >= -1000 && b[i] <= 1000);
    if (i != 7) {
      __VERIFIER_assume(b[i] >= 0);
    }
  }
  for (i = 0; i < N; i++) {
    c[i] = a[i] + b[i];
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(c[i] >= a[i]);
  }
  return 0;
}
