// grid2d twin (issue 25, certify::cases): rows of the constant length 300 written from the
// first to the last with j <= 300, so row i also writes a[(i+1)*300] = 300 (quotient i+1,
// remainder 0), which row i+1 then rewrites with 0; the last row's extra cell is never read.
// Safe for every N. A case split that read the index i*300 + 300 as quotient i and remainder
// 300 would see no overlap at all; this twin needs the overlap to be rewritten.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "grid2d.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } }

int a[1200];

int main() {
  unsigned int N = __VERIFIER_nondet_uint();
  assume_abort_if_not(N >= 1 && N <= 3);
  int i, j;
  for (i = 0; i < N; i++) {
    for (j = 0; j <= 300; j++) {
      a[i * 300 + j] = j;
    }
  }
  for (i = 0; i < N; i++) {
    for (j = 0; j < 300; j++) {
      __VERIFIER_assert(a[i * 300 + j] == j);
    }
  }
  return 0;
}
