// prefix, unsafe, N = nondet in [1, 6]: prefix sums of inputs in 0..5: a[k] <= b[k] <= 5 (k + 1); unsafe: the bound is one too small when every input is 5
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prefix_unsafe_nondet.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) {
  if (!c) {
    reach_error();
  }
}
#define CAP 6
int a[CAP];
int b[CAP];

int main(void) {
  int i, j, k, m, t, x, f;
  int N = __VERIFIER_nondet_int();
  if (N < 1 || N > CAP) {
    return 0;
  }
  for (i = 0; i < N; i++) {
    t = __VERIFIER_nondet_int();
    if (t < 0 || t > 5) {
      return 0;
    }
    a[i] = t;
  }
  b[0] = a[0];
  for (i = 1; i < N; i++) {
    b[i] = b[i - 1] + a[i];
  }
  for (k = 0; k < N; k++) {
    __VERIFIER_assert(a[k] <= b[k] && b[k] <= 5 * k + 4);
  }
  return 0;
}
