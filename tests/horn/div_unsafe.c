// Unsafe: C's division truncates towards zero (-7 / 2 == -3, three times: -9), not floor (-12).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "horn.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int s = 0;
  int i = 0;
  int d = -7;
  while (i < 3) {
    s = s + d / 2;
    i = i + 1;
  }
  __VERIFIER_assert(s == -12);
  return 0;
}
