// expect: safe
// unwind: 6
// selection sort of 4 nondet elements (5 exhaust ESBMC's solver); the result is ordered
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "selection_sort_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 4
int a[N];
int main() {
  int i, j;
  for (i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  for (i = 0; i < N - 1; i++) {
    int m = i;
    for (j = i + 1; j < N; j++) {
      if (a[j] < a[m]) {
        m = j;
      }
    }
    if (m != i) {
      int t = a[i];
      a[i] = a[m];
      a[m] = t;
    }
  }
  for (i = 0; i < N - 1; i++) {
    __VERIFIER_assert(a[i] <= a[i + 1]);
  }
  return 0;
}
