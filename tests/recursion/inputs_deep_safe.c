extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "inputs_deep_safe.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);

// Each activation reads an input in 0..3; the fourth checks their sum.
int sum = 0;
void f(int d) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 3) return;
  sum += x;
  if (d == 4) { __VERIFIER_assert(sum != 13); return; }
  f(d + 1);
}

int main(void) {
  f(1);
  return 0;
}
