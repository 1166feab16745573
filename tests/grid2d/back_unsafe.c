// grid2d twin (issue 25, relayout): rows written from the last to the first with j <= M, so
// row i writes a[(i+1)*M] = i *after* row i+1 wrote i+1 there. The check (j < M) reads
// a[1*M + 0] == 0 != 1: fails for every N >= 2. Laid out with rows 300 apart and no guard,
// a[i*300 + M] would alias nothing and the check would hold: the relayout's guard (j < M)
// must make its program fail instead.
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
      __VERIFIER_assert(a[i * M + j] == i);
    }
  }
  return 0;
}
