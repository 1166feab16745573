extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "offset_addr_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* The bug twin of offset_addr_safe.c: it checks g[3..n+4), one past the fill, where g[n+3]
   is still 0: any n >= 0 fails. */
#define N 1000
int g[N];
void fill(int *a, int n) {
  if (n <= 0) return;
  a[n - 1] = 7;
  fill(a, n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n <= N - 4);
  fill(&g[3], n);
  for (int i = 3; i < n + 4; i++) __VERIFIER_assert(g[i] == 7);
  return 0;
}
