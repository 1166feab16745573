// Safe at the constant K = 1000 only: s = 0 + 1 + ... + 999 = 499500. With the loop bound made
// a nondet N <= 1000 (abstraction::generalize) the sum is N(N-1)/2, which differs from 499500
// for every N < 1000: the generalized program is unsafe, so its proof must fail and its
// counterexamples (runs with N < 1000, none a run of this program) must never make UNSAFE.
// Truth: plain ESBMC with complete unwinding (--unwind 1001) says VERIFICATION SUCCESSFUL;
// gcc: the one run prints s = 499500.
extern void abort(void);
extern void reach_error(void);
int a[1000];
int main(void) {
  int i, s = 0;
  for (i = 0; i < 1000; i++) a[i] = i;
  for (i = 0; i < 1000; i++) s = s + a[i];
  if (s != 499500) reach_error();
  return 0;
}
