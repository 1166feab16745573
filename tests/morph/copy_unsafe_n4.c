// copy, unsafe, N = 4: b is a copy of a; unsafe: the last element of a changes after the copy
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "copy_unsafe_n4.c", 4, "reach_error"); }
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
  for (i = 0; i < N; i++) {
    b[i] = a[i];
  }
  a[N - 1] = __VERIFIER_nondet_int();
  for (k = 0; k < N; k++) {
    __VERIFIER_assert(a[k] == b[k]);
  }
  return 0;
}
