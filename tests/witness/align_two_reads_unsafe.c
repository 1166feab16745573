// expect: unsafe
// Two reads at different nondet indexes in one assertion: the witness index is aligned with
// j only; a[k] stays unknown, so the bug (a[j] != a[k]) is still found.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "t.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 1000
int main() {
  int a[N];
  int i;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= j && j < N && 0 <= k && k < N);
  __VERIFIER_assert(a[j] == a[k]);
  return 0;
}
