extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "summaries.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }

/* A bug only at recursion depths of 4 and more: for even n, flip(n) leaves even == 1. */
int even = 1;
void flip(unsigned int n) {
  if (n == 0) return;
  even = !even;
  flip(n - 1);
}
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (n > 100) return 0;
  flip(n);
  if (n >= 4 && n % 2 == 0) __VERIFIER_assert(even == 0);
  return 0;
}
