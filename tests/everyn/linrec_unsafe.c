// linrec bug twin: asserts 3i + 4
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
  if (N < 1 || N > 100000) return 0;
  int *a = malloc(sizeof(int) * N);
  a[0] = 5;
  for (int i = 1; i < N; i++) a[i] = a[i - 1] + 3;
  for (int i = 0; i < N; i++) __VERIFIER_assert(a[i] == 3 * i + 4);
  return 0;
}
