// altpar: s += 1 at even i, s -= 2 at odd i, a[i] = s; then a[i] == (i + 1) % 2
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
  int *a = malloc(N * sizeof(int));
  int s = 0;
  for (int i = 0; i < N; i++) {
    if (i % 2 == 0) s = s + 1; else s = s - 2;
    a[i] = s;
  }
  for (int i = 0; i < N; i++) __VERIFIER_assert(a[i] == (i + 1) % 2);
  return 0;
}
