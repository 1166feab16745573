extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "alias_same_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
/* Two array parameters bound to one array (`f(a, a, n)`): every a[k], k < n, is set to 1
   through p and then incremented through q, so it ends 2 (a summary that took p and q for two
   arrays would keep 1). Truth: plain ESBMC 8.4 on this file (n <= 10 since issue 28, 1000 before; a[10], --unwind 14,
   complete): VERIFICATION SUCCESSFUL for the safe twin (a[k] == 2), FAILED for the bug twin
   (a[k] == 1); gcc runs at n in {1, 2, 3, 5, 10}: the bug twin aborts at every (n, k < n). */
int a[10];
void f(int *p, int *q, int n) { if (n <= 0) return; p[n - 1] = 1; q[n - 1] = q[n - 1] + 1; f(p, q, n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int(); assume_abort_if_not(n >= 1 && n <= 10);
  f(a, a, n);
  int k = __VERIFIER_nondet_int(); assume_abort_if_not(k >= 0 && k < n);
  __VERIFIER_assert(a[k] == 1);
  return 0;
}
