extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "procedures.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }

/* parity(N): a global flipped by a procedure that recurses n times, n nondet. */
int even = 1;
void flip(unsigned int n) {
  if (n == 0) return;
  even = !even;
  flip(n - 1);
}
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  flip(n);
  __VERIFIER_assert(even == (n % 2 == 0));
  return 0;
}
