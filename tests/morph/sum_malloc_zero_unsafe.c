// ones summed over a malloc'd array, n = nondet in [0, 6]; unsafe exactly when n = 0 (the
// array has no element, the sum is 0)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "sum_malloc_zero_unsafe.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
void __VERIFIER_assert(int c) {
  if (!c) {
    reach_error();
  }
}

int main(void) {
  int i, s;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 6) {
    return 0;
  }
  int *a = malloc(n * sizeof(int));
  for (i = 0; i < n; i++) {
    a[i] = 1;
  }
  s = 0;
  for (i = 0; i < n; i++) {
    s = s + a[i];
  }
  __VERIFIER_assert(s != 0);
  return 0;
}
