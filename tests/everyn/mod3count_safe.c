// mod3count: a[i] = 1 where i % 3 == 0, else 0; cnt sums them; then N <= 3*cnt < N + 3
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "everyn.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
void __VERIFIER_assert(int c) {
  if (!c) {
    reach_error();
  }
}


int main(void) {
  int N = __VERIFIER_nondet_int();
  if (N < 1 || N > 1000) return 0;
  int a[N];
  for (int i = 0; i < N; i++) {
    if (i % 3 == 0) a[i] = 1; else a[i] = 0;
  }
  int cnt = 0;
  for (int i = 0; i < N; i++) cnt = cnt + a[i];
  __VERIFIER_assert(N <= 3 * cnt && 3 * cnt < N + 3);
  return 0;
}
