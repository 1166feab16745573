// heap_fill_sum_safe: A malloc'd array of nondet size filled with 1, summed.
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Safe for every N: n ones add up to n (no overflow at this size).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "heap_fill_sum_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  int *a = (int *) malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) a[i] = 1;
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  __VERIFIER_assert(s == n);
  free(a);
  return 0;
}
