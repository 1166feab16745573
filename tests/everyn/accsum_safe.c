// accsum: sum of ones <= N
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
  int sum[1];
  for (int i = 0; i < N; i++) a[i] = 1;
  sum[0] = 0;
  for (int i = 0; i < N; i++) sum[0] = sum[0] + a[i];
  __VERIFIER_assert(sum[0] <= N);
  return 0;
}
