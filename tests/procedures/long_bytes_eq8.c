extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "long_bytes_eq8.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }

/* The data model decides: the bytes of an unsigned long counted by recursion are 8 on LP64
   (safe) and 4 on ILP32 (the assertion fails, 5 activations deep). */
int bytes(unsigned long x) {
  if (x == 0) return 0;
  return 1 + bytes(x >> 8);
}
int main(void) {
  __VERIFIER_assert(bytes(~0UL) == 8);
  return 0;
}
