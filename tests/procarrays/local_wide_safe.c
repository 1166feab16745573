extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "local_wide_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* An array of 24 elements local to a recursive procedure (more than the front end's 16 of a
   store per element: its declaration is a loop): each activation has its own buf, so the
   recursive call leaves the caller's as it was, and f(n) returns K - 1 at every depth. */
#define K 24
#define MAXN 1000
int f(int n) {
  int buf[K];
  for (int i = 0; i < K; i++) buf[i] = n + i;
  if (n > 0) f(n - 1);
  return buf[K - 1] - n;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n <= MAXN);
  __VERIFIER_assert(f(n) == K - 1);
  return 0;
}
