extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "uninit.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

int main(void) {
  int a[4];
  int s = 0;
  for (int k = 0; k < 4; k++)
    s = s + (a[k] > 0);
  __VERIFIER_assert(s < 2);
  return 0;
}
