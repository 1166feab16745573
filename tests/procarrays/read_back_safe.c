extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "read_back_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* Each level writes q[0], recurses on q + 1, then reads back q[0] (still 7: the deeper
   levels write past it) and q[1] (7 below the last level, 0 at it). */
#define N 4
int a[N];
int fill(int *q, int n) {
  if (n <= 0) return 0;
  q[0] = 7;
  int r = fill(q + 1, n - 1);
  __VERIFIER_assert(q[0] == 7);
  return r + (q[1] == 7);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 1 && n < N);
  int r = fill(a, n);
  __VERIFIER_assert(r == n - 1);
  __VERIFIER_assert(a[n] == 0);
  return 0;
}
