// prefix, safe, N = 4: prefix sums of inputs in 0..5: a[k] <= b[k] <= 5 (k + 1)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prefix_safe_n4.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) {
  if (!c) {
    reach_error();
  }
}
#define N 4
int a[N];
int b[N];

int main(void) {
  int i, j, k, m, t, x, f;
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
    __VERIFIER_assert(a[k] <= b[k] && b[k] <= 5 * (k + 1));
  }
  return 0;
}
