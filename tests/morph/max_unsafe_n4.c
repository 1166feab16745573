// max, unsafe, N = 4: the maximum m bounds every element; unsafe: the search skips the last element
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "max_unsafe_n4.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) {
  if (!c) {
    reach_error();
  }
}
#define N 4
int a[N];
int b[N];

int main(void) {
  int i, j, k, m, t, x, f;
  for (i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  m = a[0];
  for (i = 1; i < N - 1; i++) {
    if (a[i] > m) {
      m = a[i];
    }
  }
  for (k = 0; k < N; k++) {
    __VERIFIER_assert(a[k] <= m);
  }
  return 0;
}
