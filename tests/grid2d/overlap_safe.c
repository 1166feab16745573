// grid2d twin (issue 25): inner fill loop j <= M, so row i also writes a[(i+1)*M], the
// first cell of the next row. The check reads only j < M: each row's extra cell (i+1)*M is rewritten by row i+1 with i+1 (the last row's lies beyond the checked cells): safe.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "grid2d.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } }

int main() {
  unsigned int N = __VERIFIER_nondet_uint();
  assume_abort_if_not(N >= 1 && N <= 300);
  unsigned int M = __VERIFIER_nondet_uint();
  assume_abort_if_not(M >= 1 && M <= 300);
  unsigned int i, j;
  int a[N * M + M];
  for (i = 0; i < N; i++) {
    for (j = 0; j <= M; j++) {
      a[i * M + j] = i;
    }
  }
  for (i = 0; i < N; i++) {
    for (j = 0; j < M; j++) {
      __VERIFIER_assert(a[i * M + j] == i);
    }
  }
  return 0;
}
