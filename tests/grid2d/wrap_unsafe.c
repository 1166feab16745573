// grid2d twin (issue 25): the flattened index i*M + j taken modulo 256 (a cast to unsigned
// char); with M up to 200, row 1 wraps onto row 0 (index 256 is 0): a[0] = 1 != 0 for N = 2, M >= 129.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "grid2d.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } }

int a[256];
int main() {
  unsigned int N = __VERIFIER_nondet_uint();
  assume_abort_if_not(N >= 1 && N <= 2);
  unsigned int M = __VERIFIER_nondet_uint();
  assume_abort_if_not(M >= 1 && M <= 200);
  unsigned int i, j;
  for (i = 0; i < N; i++) {
    for (j = 0; j < M; j++) {
      a[(unsigned char)(i * M + j)] = i;
    }
  }
  for (i = 0; i < N; i++) {
    for (j = 0; j < M; j++) {
      __VERIFIER_assert(a[(unsigned char)(i * M + j)] == i);
    }
  }
  return 0;
}
