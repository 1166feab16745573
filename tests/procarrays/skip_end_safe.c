extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "skip_end_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int a[10];
/* walks q while its elements are 7: at n == 0 the read of q[0] is skipped, where q is
   one past the end of a when n was 10 */
int walk(int *q, int n) {
  if (n > 0 && q[0] == 7) return walk(q + 1, n - 1);
  return n;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  for (int i = 0; i < 10; i++) a[i] = 7;

  __VERIFIER_assert(walk(a, n) == 0);
  return 0;
}
