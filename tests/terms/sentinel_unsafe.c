// Sentinel search in a malloc'd array of nondet size N: a[N - 1] = 0 stops the search
// before the end; the assertion i < N - 1 fails when no earlier element is 0 (N = 1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "sentinel_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
void __VERIFIER_assert(int cond) {
  if (!cond) {
  ERROR: { reach_error(); abort(); }
  }
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000000) return 0;
  int *a = malloc(sizeof(int) * n);
  for (int j = 0; j < n - 1; j++) a[j] = __VERIFIER_nondet_int();
  a[n - 1] = 0;
  int i = 0;
  while (a[i] != 0) i++;
  __VERIFIER_assert(i < n - 1);
  return 0;
}
