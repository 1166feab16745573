// Safe at the constant K = 1000, unsafe at every smaller bound: the loop fills a[0..999] with
// 1 and the check reads a[500], which the generalized program (bound N <= 1000) leaves 0 for
// N <= 500. A counterexample of the generalized program must never make UNSAFE.
// Truth: plain ESBMC with complete unwinding (--unwind 1001) says VERIFICATION SUCCESSFUL;
// the gcc run passes.
extern void abort(void);
extern void reach_error(void);
int a[1000];
int main(void) {
  int i;
  for (i = 0; i < 1000; i++) a[i] = 1;
  if (a[500] != 1) reach_error();
  return 0;
}
