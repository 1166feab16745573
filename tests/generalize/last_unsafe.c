// Unsafe at the constant K = 1000: the last element written is a[999] = 999 + 1, and the check
// reads a nondet k < 1000 against k. The generalized program (bound N <= 1000) has the same
// bug at every N (a[N - 1] = N), so neither program may be proved.
// Truth: plain ESBMC with complete unwinding (--unwind 1001) finds the violation; a gcc run at
// k = 999 reaches reach_error.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int a[1000];
int main(void) {
  int i;
  for (i = 0; i < 1000; i++) a[i] = i;
  a[1000 - 1] = 1000;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= 1000) return 0;
  if (a[k] != k) reach_error();
  return 0;
}
