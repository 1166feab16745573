extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "read_level_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* Each level writes its depth n at q[0], recurses on q + 1, then reads back q[1] as if it
   were its own value n: the callee wrote n - 1 there, so the check fails for every n >= 2. */
#define N 4
int a[N];
void fill(int *q, int n) {
  q[0] = n;
  if (n > 1) {
    fill(q + 1, n - 1);
    __VERIFIER_assert(q[1] == n);
  }
  __VERIFIER_assert(q[0] == n);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 1 && n <= N);
  fill(a, n);
  __VERIFIER_assert(a[0] == n);
  return 0;
}
