// Unsafe: i-- at 0 wraps to UINT_MAX, which leaves the loop with i > 10 (over integers i would
// go negative forever and i <= 10 would look invariant).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "horn.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  unsigned int i = 10;
  while (i <= 10) {
    i = i - 1;
  }
  __VERIFIER_assert(i <= 10);
  return 0;
}
