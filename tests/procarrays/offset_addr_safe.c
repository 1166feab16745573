extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "offset_addr_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* A recursive fill through `&g[3]` of a global array: the callee's a[i] is g[i + 3]; the
   fill writes g[3..n+3) and g[n+3] keeps its 0 (n <= N - 4). */
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
  for (int i = 3; i < n + 3; i++) __VERIFIER_assert(g[i] == 7);
  __VERIFIER_assert(g[n + 3] == 0 && g[2] == 0);
  return 0;
}
