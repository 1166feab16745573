extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "procedures.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }

/* The bug twin of delay_recur_safe.c: two moves are allowed, and then the last stage
   still holds its initial 0 (fails at n = 2, x != 0). */
int r0, r1, r2;
void shift(unsigned int n, int x) {
  if (n == 0) return;
  r2 = r1;
  r1 = r0;
  r0 = x;
  shift(n - 1, x);
}
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  int x = __VERIFIER_nondet_int();
  if (n < 2) return 0;
  shift(n, x);
  __VERIFIER_assert(r2 == x);
  return 0;
}
