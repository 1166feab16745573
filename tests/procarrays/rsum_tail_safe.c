extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "rsum_tail_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* Safe twin: the last element is 2, but n stays below it, so sum(a, n) == n still holds. A recursive sum over an array parameter after a loop sets every element to 1 (the template summaries of engines::horn::sumhoudini). */
int sum(int *a, int n) {
  if (n <= 0) return 0;
  return a[n - 1] + sum(a, n - 1);
}
int main(void) {
  int a[10];
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n <= 9);
  for (int i = 0; i < 10; i++) a[i] = 1;
  a[9] = 2;
  __VERIFIER_assert(sum(a, n) == n);
  return 0;
}
