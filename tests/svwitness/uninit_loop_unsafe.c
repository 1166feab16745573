// expect: unsafe: the loop stops at the first element equal to 5, which the program writes at
// index 2 only; an uninitialised a[0] == 5 stops it at 0.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "uninit_loop_unsafe.c", 5, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); } }

int main() {
  unsigned char a[8];
  int i;
  a[2] = 5;
  i = 0;
  while (a[i] != 5) {
    a[i] = 0;
    i++;
  }
  __VERIFIER_assert(i == 2);
  return 0;
}
