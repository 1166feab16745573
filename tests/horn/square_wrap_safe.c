// Safe: x is never 0 after the early return; 4*x*x != 0 (up to 2^130) is an invariant that
// says so and that needs more than 128 bits to be checked exactly.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "horn.c", 3, "reach_error"); }
extern unsigned long __VERIFIER_nondet_ulong(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  unsigned long x = __VERIFIER_nondet_ulong();
  if (x == 0) return 0;
  while (__VERIFIER_nondet_int()) {
  }
  if (x == 0) reach_error();
  return 0;
}
