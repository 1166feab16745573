// flat2d: flattened 2-D fill and check
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
  int M = __VERIFIER_nondet_int();
  if (N < 1 || N > 100 || M < 1 || M > 100) return 0;
  int *a = malloc(sizeof(int) * N * M);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) a[i * M + j] = 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) __VERIFIER_assert(a[i * M + j] == 1);
  return 0;
}
