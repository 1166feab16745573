/* Hard for a bit-vector solver: showing that the prime 2^62 - 57 has no factors below 2^32
   (an unsatisfiable multiplication), used to test time limits. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "hard.c", 0, "reach_error"); }
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
int main(void) {
  unsigned long long x = __VERIFIER_nondet_ulonglong();
  unsigned long long y = __VERIFIER_nondet_ulonglong();
  if (x > 1ull && y > 1ull && x < 4294967296ull && y < 4294967296ull
      && x * y == 4611686018427387847ull) {
    reach_error();
  }
  return 0;
}
