extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "local_share_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* An array of 100 elements local to a recursive procedure: each activation fills its own buf
   with n and reads its last element after the recursive call, which filled the callee's own
   with n - 1: f(n) == 0. One array shared by the activations would hold the innermost
   activation's 0 there, and f(n) == -n. */
#define K 100
#define MAXN 1000
int f(int n) {
  int buf[K];
  for (int i = 0; i < K; i++) buf[i] = n;
  if (n > 0) f(n - 1);
  return buf[K - 1] - n;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n <= MAXN);
  __VERIFIER_assert(f(n) == 0);
  return 0;
}
