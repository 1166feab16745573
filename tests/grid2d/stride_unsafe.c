// grid2d twin (issue 25): rows of length K = M + 1 written at a[i*K + j] for j < M (the
// last cell of each row a gap, 0 in the global array); the check reads with row length M: a[0*M + M] = a[M] is the gap cell 0*K + M, never written (0): fails for N >= 2.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "grid2d.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } }

int a[301 * 301];
int main() {
  unsigned int N = __VERIFIER_nondet_uint();
  assume_abort_if_not(N >= 1 && N <= 300);
  unsigned int M = __VERIFIER_nondet_uint();
  assume_abort_if_not(M >= 1 && M <= 300);
  unsigned int K = M + 1;
  unsigned int i, j;
  for (i = 0; i < N; i++) {
    for (j = 0; j < M; j++) {
      a[i * K + j] = 1;
    }
  }
  for (i = 0; i < N; i++) {
    for (j = 0; j < M; j++) {
      __VERIFIER_assert(a[i * M + j] == 1);
    }
  }
  return 0;
}
