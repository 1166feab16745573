// heap_compare_safe: Two heap arrays compared element-wise: the first difference, or none.
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Safe for every N: the scan stops at the first index where a and b differ, or at n when they agree everywhere.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "heap_compare_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  int *a = malloc(n * sizeof(int));
  int *b = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) { a[i] = __VERIFIER_nondet_int(); b[i] = __VERIFIER_nondet_int(); }
  int d = 0;
  while (d < n && a[d] == b[d]) d++;
  if (d < n) {
    __VERIFIER_assert(a[d] != b[d]);
  } else {
    int k = __VERIFIER_nondet_int();
    assume_abort_if_not(k >= 0 && k < n);
    __VERIFIER_assert(a[k] == b[k]);
  }
  free(a); free(b);
  return 0;
}
