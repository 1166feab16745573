extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "write_next_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* Each level writes q[1], not q[0], and moves the offset by 1: a[1..n] hold 7, so a[n] is
   7 for n >= 1 (the check as if q[0] were written fails). */
#define N 10
int a[N];
void fill(int *q, int n) {
  if (n <= 0) return;
  q[1] = 7;
  fill(q + 1, n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n < N - 1);
  fill(a, n);
  __VERIFIER_assert(a[0] == 0);
  __VERIFIER_assert(a[n] == 0);
  return 0;
}
