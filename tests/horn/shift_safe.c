// Safe twin of shift_unsafe.c.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "horn.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  unsigned int x = 1;
  int k = 0;
  while (k < 32) {
    x = x << 1;
    k = k + 1;
  }
  __VERIFIER_assert(x == 0);
  return 0;
}
