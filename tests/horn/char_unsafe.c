// Unsafe: c++ at 127 converts 128 back to char: -128, which leaves the loop (over integers c would
// grow forever and c >= 0 would look invariant).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "horn.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  char c = 0;
  while (c >= 0) {
    c = c + 1;
  }
  __VERIFIER_assert(c > 0);
  return 0;
}
