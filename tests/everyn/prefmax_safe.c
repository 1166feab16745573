// prefmax: m[i] = max(m[i-1], a[i]): m[w] >= a[w], m ascending
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
  int *m = malloc(N * sizeof(int));
  for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int() % 1000;
  m[0] = a[0];
  for (int i = 1; i < N; i++) {
    if (a[i] > m[i - 1]) m[i] = a[i]; else m[i] = m[i - 1];
  }
  for (int i = 0; i < N; i++) __VERIFIER_assert(m[i] >= a[i]);
  for (int i = 1; i < N; i++) __VERIFIER_assert(m[i] >= m[i - 1]);
  return 0;
}
