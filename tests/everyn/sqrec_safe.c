// sqrec: a[i] = 2i + 2, b[i] = b[i-1] + a[i-1] = i*i + i + 1 over a VLA (N <= 500)
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
  if (N < 1 || N > 500) return 0;
  int a[N];
  int b[N];
  a[0] = 2;
  for (int i = 1; i < N; i++) a[i] = a[i - 1] + 2;
  b[0] = 1;
  for (int i = 1; i < N; i++) b[i] = b[i - 1] + a[i - 1];
  for (int i = 0; i < N; i++) __VERIFIER_assert(b[i] == i * i + i + 1);
  return 0;
}
