// ascending_unsafe: N = 3000 nondet ints; the assertion claims they do not all strictly
// increase, and fails exactly when they do (issue 25). Independent draws are in order with
// probability about 1/N!. Ground truth: the gcc run with 1 2 3 ... reaches the error; ESBMC at
// N = 6 (bench-suite/everyn-forms/big_ascending_unsafe.c at N = 10^6).
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
#define N 3000
int a[N];
int main() {
  int i;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 1; i < N; i++)
    if (a[i - 1] >= a[i]) break;
  __VERIFIER_assert(i < N);
  return 0;
}
