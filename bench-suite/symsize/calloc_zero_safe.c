// calloc_zero_safe: calloc'd memory is zero (safe); malloc'd memory is not (unsafe).
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Safe for every N: calloc zeroes every element, so a[k] is 0.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "calloc_zero_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  int *a = calloc(n, sizeof(int));
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(k >= 0 && k < n);
  __VERIFIER_assert(a[k] == 0);
  return 0;
}
