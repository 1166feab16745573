// The worked example of Armando, Benerecetti, Mantovani (TACAS 2007), Table 1.
// The bug of the worked example: a[2] = 9 lets the loop run past i = 1.
// expect: unsafe
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "loop_bug.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR: { reach_error(); abort(); }
  }
  return;
}

int main(void) {
  int a[30];
  int i;
  a[2] = 9;
  i = 0;
  while (a[i] != 9) {
    a[i] = 2 * i;
    i = i + 1;
  }
  __VERIFIER_assert(i <= 1);
  return 0;
}
