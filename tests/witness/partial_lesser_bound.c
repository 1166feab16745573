// expect: unsafe
// witness: unsafe
// partial_lesser_bound (after Table 3 of Jana et al.): the initialising loop stops one short
// of the array's end (a lesser bound), the checking loop covers every element: the last
// element is still 0. The witness program's counterexample picks that element; seeded with
// it, the refinement loop confirms the bug on the original program.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "partial_lesser_bound.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#ifndef N
#define N 16
#endif
int a[N];
int main() {
  int i;
  for (i = 0; i < N - 1; i++) {
    a[i] = i + 1;
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(a[i] > 0);
  }
  return 0;
}
