extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "skip_or_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int a[10];
/* counts the leading 7s of q[0..n-1]: q[0] is read only when n > 0 */
int count(int *q, int n) {
  if (n <= 0 || q[0] != 7) return 0;
  return 1 + count(q + 1, n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  for (int i = 0; i < 10; i++) a[i] = 7;
  a[6] = 3;
  __VERIFIER_assert(count(a, n) == n);
  return 0;
}
