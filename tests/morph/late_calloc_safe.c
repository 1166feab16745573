// an array calloc'd after a loop, n = nondet in [1, 6], read in the same block as its
// allocation: every element is 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "late_calloc_safe.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
void __VERIFIER_assert(int c) {
  if (!c) {
    reach_error();
  }
}

int main(void) {
  int i, k, s;
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 6) {
    return 0;
  }
  s = 0;
  for (i = 0; i < n; i++) {
    s = s + i;
  }
  int *a = calloc(n, sizeof(int));
  k = __VERIFIER_nondet_int();
  if (k < 0 || k >= n) {
    return 0;
  }
  __VERIFIER_assert(a[k] == 0);
  a[k] = s;
  __VERIFIER_assert(a[k] == s);
  return 0;
}
