// grid2d twin (issue 25): a transpose b[j*N + i] = a[i*M + j] of every column but the last
// (i < N - 1; global arrays, so the last column of b stays 0); the check reads every column:
// b[0*N + (N-1)] = 0 != (N-1)*M fails for every N >= 2 (and at N = 1, M >= 2: b[1] = 0 != 1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "grid2d.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } }

int a[300 * 300];
int b[300 * 300];
int main() {
  unsigned int N = __VERIFIER_nondet_uint();
  assume_abort_if_not(N >= 1 && N <= 300);
  unsigned int M = __VERIFIER_nondet_uint();
  assume_abort_if_not(M >= 1 && M <= 300);
  unsigned int i, j;
  for (i = 0; i < N; i++) {
    for (j = 0; j < M; j++) {
      a[i * M + j] = i * M + j;
    }
  }
  for (i = 0; i < N - 1; i++) {
    for (j = 0; j < M; j++) {
      b[j * N + i] = a[i * M + j];
    }
  }
  for (i = 0; i < N; i++) {
    for (j = 0; j < M; j++) {
      __VERIFIER_assert(b[j * N + i] == i * M + j);
    }
  }
  return 0;
}
