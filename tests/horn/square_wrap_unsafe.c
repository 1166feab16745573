// Unsafe: x = 2^63 reaches the error. The invariant x != 0 written as 4*x*x != 0 holds over
// the integers and excludes nothing at 2^63 (4 * 2^126 = 2^130), but in 128-bit arithmetic
// 4*x*x wraps to 0 there: a check in 128 bits would wrongly accept it as a proof.
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
  if (x == 9223372036854775808UL) reach_error();
  return 0;
}
