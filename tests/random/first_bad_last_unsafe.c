// first_bad_last_unsafe: N = 3000 nondet ints; i is the index of the first element <= 0. The
// assertion fails exactly when a[0..N-2] are all positive and a[N-1] <= 0: the first bad
// element is the last one (issue 25). Independent draws of the plain mix are positive with
// probability below 6/10 each. Ground truth: the gcc run with 2999 ones and a zero reaches the
// error; ESBMC at N = 6 (bench-suite/everyn-forms/big_first_bad_last_unsafe.c at N = 10^6).
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
#define N 3000
int a[N];
int main() {
  int i;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < N; i++)
    if (a[i] <= 0) break;
  __VERIFIER_assert(i != N - 1 || a[i] > 0);
  return 0;
}
