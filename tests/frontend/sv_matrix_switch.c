extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sv_matrix_switch.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
typedef unsigned long size_t;

#define ROWS 4
#define COLS 5

int m[ROWS][COLS];

int main() {
  size_t r, c;
  int mode = __VERIFIER_nondet_int();
  for (r = 0; r < ROWS; ++r)
    for (c = 0; c < COLS; ++c)
      switch (mode) {
      case 0:
        m[r][c] = 0;
        break;
      case 1:
        m[r][c] = (int)(r * COLS + c);
        break;
      default:
        goto out;
      }
out:
  if (mode == 1 && m[ROWS - 1][COLS - 1] != ROWS * COLS - 1) {
    reach_error();
  }
  return 0;
}
