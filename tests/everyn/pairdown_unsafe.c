// pairdown bug: odd elements 0, s = 3*ceil(N/2) < 2N (fails at N = 2 and every N >= 4)
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
  for (int i = N - 1; i >= 0; i--) {
    if (i % 2 == 0) a[i] = 3; else a[i] = 0;
  }
  int s = 0;
  for (int i = N - 1; i >= 0; i--) s = s + a[i];
  __VERIFIER_assert(2 * N <= s && s <= 2 * N + 1);
  return 0;
}
