// Linear search in a VLA of nondet size n: when it finds nothing, no element is x.
// The search misses a[n - 1]: unsafe when only the last element is x.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "t.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
void __VERIFIER_assert(int cond) {
  if (!cond) {
  ERROR: { reach_error(); abort(); }
  }
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000000) return 0;
  int a[n];
  int i, k;
  for (i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  int found = 0;
  for (i = 0; i < n - 1; i++) {
    if (a[i] == x) {
      found = 1;
      break;
    }
  }
  if (!found) {
    for (k = 0; k < n; k++) __VERIFIER_assert(a[k] != x);
  }
  return 0;
}
