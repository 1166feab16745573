extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "long_bytes_nondet.c", 3, "reach_error"); }
extern unsigned long __VERIFIER_nondet_ulong(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }

/* The data model decides: an unsigned long needs at most 4 bytes on ILP32 (safe for every
   input), up to 8 on LP64 (the assertion fails for x >= 2^32). */
int bytes(unsigned long x) {
  if (x == 0) return 0;
  return 1 + bytes(x >> 8);
}
int main(void) {
  unsigned long x = __VERIFIER_nondet_ulong();
  __VERIFIER_assert(bytes(x) <= 4);
  return 0;
}
