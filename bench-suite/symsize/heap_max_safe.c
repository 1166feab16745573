// heap_max_safe: The maximum of a heap array of nondet values bounds every element.
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Safe for every N: max is the largest of a[0..n-1], so no element exceeds it.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "heap_max_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  int *a = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  int max = a[0];
  for (int i = 1; i < n; i++) if (a[i] > max) max = a[i];
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] <= max);
  return 0;
}
