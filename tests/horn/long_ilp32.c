// Safe under ILP32 (unsigned long has 32 bits: 4294967290 + 10 wraps to 4), unsafe under LP64
// (4294967300).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "horn.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  unsigned long x = 4294967290UL;
  int k = 0;
  while (k < 10) {
    x = x + 1;
    k = k + 1;
  }
  __VERIFIER_assert(x < 100);
  return 0;
}
