// The constant 1000 is the loop bound and also a value (x = 1000; every element gets x; the
// check reads a nondet element against 1000): the generalization writes both as N, which
// keeps the program safe for every N <= 1000. Safe: every a[k], k < 1000, is 1000.
// Truth: plain ESBMC with complete unwinding (--unwind 1001) says VERIFICATION SUCCESSFUL;
// gcc runs at k = 0, 500, 999 pass.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int a[1000];
int main(void) {
  int i, x = 1000;
  for (i = 0; i < 1000; i++) a[i] = x;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= 1000) return 0;
  if (a[k] != 1000) reach_error();
  if (x != 1000) reach_error();
  return 0;
}
