extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "read_back_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* Each level writes q[0], recurses on q + 1, then reads back q[1]: 0 at the last level
   (nothing past it is written), so the check fails for every n >= 1. */
#define N 4
int a[N];
int fill(int *q, int n) {
  if (n <= 0) return 0;
  q[0] = 7;
  int r = fill(q + 1, n - 1);
  __VERIFIER_assert(q[1] == 7);
  return r + 1;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 1 && n < N);
  fill(a, n);
  return 0;
}
