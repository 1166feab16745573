extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "recursive.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

// A recursive program with one assertion: the error can only be reached there.
int sum(int n) {
  if (n <= 0) return 0;
  return n + sum(n - 1);
}

int main(void) {
  int s = sum(4);
  __VERIFIER_assert(s != 10);
  return 0;
}
