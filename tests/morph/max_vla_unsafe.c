// max over a VLA, n = nondet in [1, 6]; unsafe: the maximum is an element, so
// some a[i] < m fails
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "max_vla_unsafe.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
void __VERIFIER_assert(int c) {
  if (!c) {
    reach_error();
  }
}

int main(void) {
  int i, m;
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 6) {
    return 0;
  }
  int a[n];
  for (i = 0; i < n; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  m = a[0];
  for (i = 1; i < n; i++) {
    if (a[i] > m) {
      m = a[i];
    }
  }
  for (i = 0; i < n; i++) {
    __VERIFIER_assert(a[i] < m);
  }
  return 0;
}
