// selection, unsafe, N = nondet in [1, 6]: selection sort: a[k] <= a[k+1] afterwards; unsafe: the outer loop stops one position early (N >= 2, a[N-2] > a[N-1] after it)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "selection_outer_unsafe_nondet.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) {
  if (!c) {
    reach_error();
  }
}
#define CAP 6
int a[CAP];
int b[CAP];

int main(void) {
  int i, j, k, m, t, x, f;
  int N = __VERIFIER_nondet_int();
  if (N < 1 || N > CAP) {
    return 0;
  }
  for (i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  for (i = 0; i + 2 < N; i++) {
    m = i;
    for (j = i + 1; j < N; j++) {
      if (a[j] < a[m]) {
        m = j;
      }
    }
    t = a[i];
    a[i] = a[m];
    a[m] = t;
  }
  for (k = 0; k + 1 < N; k++) {
    __VERIFIER_assert(a[k] <= a[k + 1]);
  }
  return 0;
}
