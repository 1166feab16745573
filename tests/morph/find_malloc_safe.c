// find over a malloc'd array, n = nondet in [1, 6]: a search that finds nothing: x is no
// element
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "find_malloc_safe.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
void __VERIFIER_assert(int c) {
  if (!c) {
    reach_error();
  }
}

int main(void) {
  int i, k, x, f;
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 6) {
    return 0;
  }
  int *a = malloc(n * sizeof(int));
  for (i = 0; i < n; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  x = __VERIFIER_nondet_int();
  f = -1;
  for (i = 0; i < n; i++) {
    if (a[i] == x) {
      f = i;
      break;
    }
  }
  if (f < 0) {
    for (k = 0; k < n; k++) {
      __VERIFIER_assert(a[k] != x);
    }
  }
  return 0;
}
