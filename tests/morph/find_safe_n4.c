// find, safe, N = 4: a search that finds nothing: x is no element
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "find_safe_n4.c", 4, "reach_error"); }
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
  x = __VERIFIER_nondet_int();
  f = -1;
  for (i = 0; i < N; i++) {
    if (a[i] == x) {
      f = i;
      break;
    }
  }
  if (f < 0) {
    for (k = 0; k < N; k++) {
      __VERIFIER_assert(a[k] != x);
    }
  }
  return 0;
}
