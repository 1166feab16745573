extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "recursive_bug.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);

// Two assertions in a recursive function; only n = 5 fails (the second, 4 calls deep).
int f(int n, int acc) {
  __VERIFIER_assert(n >= 0);
  if (n == 0) return acc;
  __VERIFIER_assert(acc != 12);
  return f(n - 1, acc + n);
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  int r = f(n, 0);
  return r;
}
