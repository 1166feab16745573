extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "local_deep_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* An array of 1000 elements local to a recursive procedure: each activation fills its own buf
   with n, and the activation 20 calls deep (d == 20, reached when n >= 20 at the top) then
   clears its first element; every activation reads its own last one: f(n, 0) == 0. */
#define K 1000
#define MAXN 1000
int f(int n, int d) {
  int buf[K];
  for (int i = 0; i < K; i++) buf[i] = n;
  if (d == 20) buf[0] = 0;
  if (n > 0) {
    int r = f(n - 1, d + 1);
    if (r != 0) return 1;
  }
  return buf[K - 1] - n;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n <= MAXN);
  __VERIFIER_assert(f(n, 0) == 0);
  return 0;
}
