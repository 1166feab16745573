extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "recursive_two.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

// Two assertions: which one a run failed is not known without the run.
int sum(int n) {
  if (n <= 0) return 0;
  return n + sum(n - 1);
}

int main(void) {
  int s = sum(4);
  __VERIFIER_assert(s != 11);
  __VERIFIER_assert(s != 10);
  return 0;
}
