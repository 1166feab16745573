// The worked example of Armando, Benerecetti, Mantovani (TACAS 2007), Table 1.
// Safe: a[1] = 9 stops the loop at i = 1 at the latest. ara proves it after one refinement,
// tracking only a[1] of the 30 elements.
// expect: safe
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "table1.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR: { reach_error(); abort(); }
  }
  return;
}

int main(void) {
  int a[30];
  int i;
  a[1] = 9;
  i = 0;
  while (a[i] != 9) {
    a[i] = 2 * i;
    i = i + 1;
  }
  __VERIFIER_assert(i <= 1);
  return 0;
}
