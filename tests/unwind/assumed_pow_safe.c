/* A nondet size assumed in [1, 10] bounds every loop (engines::unwind: an assumed range of at
   most ASSUMED_MAX): the complete unwinding (--unwind 11) proves 1 + 2 + ... + 2^(n-1) =
   2^n - 1, which no linear invariant states. Truth: plain ESBMC --unwind 12 (unwinding
   assertions on; complete, the loops run at most 10 times): VERIFICATION SUCCESSFUL, with and
   without --32; gcc with n fed in for n in 1..10: exit 0. The bug twin starts s at 1. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "assumed_pow_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 1 && n <= 10);
  int a[n];
  a[0] = 1;
  for (int i = 1; i < n; i++) a[i] = 2 * a[i - 1];
  int s = 0;
  for (int i = 0; i < n; i++) s = s + a[i];
  __VERIFIER_assert(s == 2 * a[n - 1] - 1);
  return 0;
}
