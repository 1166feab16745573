// grid2d twin (issue 25, relayout): as back_unsafe.c, rows from the last to the first with
// j <= M, and the check knows it: the first cell of each row but row 0 holds the row above's
// index (written last, by row i-1). Safe for every N, M.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "grid2d.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern void *malloc(unsigned long);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } }

int main() {
  unsigned int N = __VERIFIER_nondet_uint();
  assume_abort_if_not(N >= 1 && N <= 300);
  unsigned int M = __VERIFIER_nondet_uint();
  assume_abort_if_not(M >= 1 && M <= 300);
  unsigned int i, j;
  int *a = malloc((N * M + M) * sizeof(int));
  i = N;
  while (i > 0) {
    i--;
    for (j = 0; j <= M; j++) {
      a[i * M + j] = i;
    }
  }
  for (i = 0; i < N; i++) {
    for (j = 0; j < M; j++) {
      __VERIFIER_assert(a[i * M + j] == ((j == 0 && i >= 1) ? i - 1 : i));
    }
  }
  return 0;
}
