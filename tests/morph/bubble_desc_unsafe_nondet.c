// bubble, unsafe, N = nondet in [1, 6]: bubble sort, then a[k] >= a[k+1] asserted (the wrong order); unsafe: any two different elements (N >= 2)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "bubble_desc_unsafe_nondet.c", 4, "reach_error"); }
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
  for (i = 0; i < N; i++) {
    for (j = 0; j + 1 < N - i; j++) {
      if (a[j] > a[j + 1]) {
        t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
      }
    }
  }
  for (k = 0; k + 1 < N; k++) {
    __VERIFIER_assert(a[k] >= a[k + 1]);
  }
  return 0;
}
