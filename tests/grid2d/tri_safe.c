// grid2d twin (issue 25, engines::horn::grid: a loop's condition relating a write's row and
// column): a square N x N VLA cleared, then row i written with 1 while j < i (the write before
// j++), so exactly the cells below the diagonal hold 1; the check reads every cell against
// j < i: safe for every N.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "grid2d.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } }

int main() {
  unsigned int N = __VERIFIER_nondet_uint();
  assume_abort_if_not(N >= 1 && N <= 300);
  int i, j;
  int a[N * N];
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++) {
      a[i * N + j] = 0;
    }
  }
  for (i = 0; i < N; i++) {
    j = 0;
    while (j < i) {
      a[i * N + j] = 1;
      j++;
    }
  }
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++) {
      if (j < i) {
        __VERIFIER_assert(a[i * N + j] == 1);
      } else {
        __VERIFIER_assert(a[i * N + j] == 0);
      }
    }
  }
  return 0;
}
