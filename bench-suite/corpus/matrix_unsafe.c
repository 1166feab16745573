// expect: unsafe
// unwind: 7
// 2-D array: the largest entry is R + C - 2, not below it
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "matrix_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define R 4
#define C 5
int m[R][C];
int main() {
  int i, j;
  for (i = 0; i < R; i++) {
    for (j = 0; j < C; j++) {
      m[i][j] = i + j;
    }
  }
  for (i = 0; i < R; i++) {
    for (j = 0; j < C; j++) {
      __VERIFIER_assert(m[i][j] < R + C - 2);
    }
  }
  return 0;
}
