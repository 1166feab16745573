// neigh: half counts: a[i] <= i
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
  if (N < 2 || N > 1000) return 0;
  int a[N];
  for (int i = 0; i < N; i++) a[i] = 0;
  for (int i = 1; i < N; i++) {
    if (i % 2 == 0) a[i] = a[i - 1] + 1; else a[i] = a[i - 1];
  }
  for (int i = 0; i < N; i++) __VERIFIER_assert(a[i] <= i);
  return 0;
}
