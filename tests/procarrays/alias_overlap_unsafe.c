extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "alias_overlap_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
/* Offset aliases overlapping one array (`f(&a[1], a, n)`): the callee writes p[n-1] = a[n]
   from q[n-1] = a[n-1] after its recursive call, so a[m] = a[m-1] + 1 upwards and a[n] == n.
   Truth: plain ESBMC 8.4 on the copy with n <= 10 (a[12], --unwind 14, complete):
   VERIFICATION SUCCESSFUL for the safe twin (a[n] == n), FAILED for the bug twin (a[n] == 1);
   gcc runs: the bug twin aborts at every n >= 2 tried. */
int a[1012];
void f(int *p, int *q, int n) { if (n <= 0) return; f(p, q, n - 1); p[n - 1] = q[n - 1] + 1; }
int main(void) {
  int n = __VERIFIER_nondet_int(); assume_abort_if_not(n >= 1 && n <= 1000);
  f(&a[1], a, n);
  __VERIFIER_assert(a[n] == 1);
  return 0;
}
