// an array of constant size 0 (a GNU extension) beside a counting loop, n = nondet in
// [0, 6]; unsafe: s counts to n, which may be 3
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "size0_const_unsafe.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) {
  if (!c) {
    reach_error();
  }
}

int a[0];

int main(void) {
  int i, s;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 6) {
    return 0;
  }
  s = 0;
  for (i = 0; i < n; i++) {
    s = s + 1;
  }
  for (i = 0; i < 0; i++) {
    s = s + a[i];
    a[i] = s;
  }
  __VERIFIER_assert(s != 3);
  return 0;
}
