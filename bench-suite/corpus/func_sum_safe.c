// expect: safe
// unwind: 102
// a function takes the array by name and returns its sum
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "func_sum_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 100
int a[N];
int sum(int x[], int n) {
  int i;
  int s = 0;
  for (i = 0; i < n; i++) {
    s = s + x[i];
  }
  return s;
}
int main() {
  int i;
  for (i = 0; i < N; i++) {
    a[i] = i + 1;
  }
  __VERIFIER_assert(sum(a, N) == N * (N + 1) / 2);
  return 0;
}
