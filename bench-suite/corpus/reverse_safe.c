// expect: safe
// unwind: 102
// reverse an array in place twice gives it back
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "reverse_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 100
int a[N];
int b[N];
void reverse(int x[], int n) {
  int i;
  for (i = 0; i < n / 2; i++) {
    int t = x[i];
    x[i] = x[n - 1 - i];
    x[n - 1 - i] = t;
  }
}
int main() {
  int i;
  for (i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
    b[i] = a[i];
  }
  reverse(a, N);
  reverse(a, N);
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(a[i] == b[i]);
  }
  return 0;
}
