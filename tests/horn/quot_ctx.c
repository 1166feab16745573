// A counter up to 1000 beside a bound k <= 2: the certificate tests of contexts from
// comparisons with compound sides (`i div 300 < 1`, `i < 300*k`) check hand-written
// invariants of this loop (tests/horn.rs, `compound_premises_narrow_and_stay_exact`).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "horn.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int k = __VERIFIER_nondet_uint();
  if (k > 2) return 0;
  unsigned int i = 0;
  while (i < 1000) {
    i = i + 1;
  }
  __VERIFIER_assert(k <= 2);
  return 0;
}
