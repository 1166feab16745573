// signcount bug: a zero element is counted by neither (fails for every N with a[0] = 0)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "everyn.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) {
  if (!c) {
    reach_error();
  }
}

int main(void) {
  int N = __VERIFIER_nondet_int();
  if (N < 1 || N > 1000) return 0;
  int a[N];
  for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  int pos = 0, neg = 0;
  for (int i = N - 1; i >= 0; i--) {
    if (a[i] > 0) pos = pos + 1;
    if (a[i] < 0) neg = neg + 1;
  }
  __VERIFIER_assert(pos + neg == N);
  return 0;
}
