// expect: unsafe, with n = 3 and the uninitialised locals a[0] = 7, x = -4
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "uninit_scalar_unsafe.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

int main() {
  int a[5];
  int x;
  int n = __VERIFIER_nondet_int();
  a[2] = 1;
  if (n == 3 && a[0] == 7 && x == -4) {
    reach_error();
  }
  return 0;
}
