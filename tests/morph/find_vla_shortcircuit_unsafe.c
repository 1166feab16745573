// find over a VLA, n = nondet in [1, 6]; unsafe: x may be no element, and then the
// search ends with i == n, where its condition skips the read a[n]
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "find_vla_shortcircuit_unsafe.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
void __VERIFIER_assert(int c) {
  if (!c) {
    reach_error();
  }
}

int main(void) {
  int i, x;
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 6) {
    return 0;
  }
  int a[n];
  for (i = 0; i < n; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  x = __VERIFIER_nondet_int();
  i = 0;
  while (i < n && a[i] != x) {
    i++;
  }
  __VERIFIER_assert(i < n);
  return 0;
}
