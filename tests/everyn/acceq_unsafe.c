// acceq bug twin: asserts 2N + 1
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
  for (int i = 0; i < N; i++) a[i] = 2;
  int s = 0;
  for (int i = 0; i < N; i++) s = s + a[i];
  __VERIFIER_assert(s == 2 * N + 1);
  return 0;
}
