// A malloc'd array is not zeroed: a[n - 1] == 0 may fail.
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
  int *a = malloc(n * sizeof(int));
  __VERIFIER_assert(a[n - 1] == 0);
  return 0;
}
