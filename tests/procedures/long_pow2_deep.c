extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "long_pow2_deep.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }

/* The data model decides, 33 activations deep: r(n) = 2^n + 1 computed in a long (the
   overflow done in unsigned long, so no UB). On ILP32 r(32) wraps to 1 and stays 1 (the assertion
   fails at every x in 32..38); on LP64 r(x) = 2^x + 1 > 1 for every x in 0..38 (safe). */
long r(int n) {
  if (n <= 0) return 2;
  return (long)((unsigned long)r(n - 1) * 2UL - 1UL);
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 38) return 0;
  __VERIFIER_assert(r(x) != 1);
  return 0;
}
