extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "call.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);

int twice(int x) {
  int y = x + x;
  return y;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  int r = twice(n);
  __VERIFIER_assert(r != 14);
  return 0;
}
