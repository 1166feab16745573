// sortedin, safe, N = nondet in [1, 6]: input read in order (each element at least the one
// before it), then every neighbouring pair is checked: the template engine's small sort proof
// (`w1 < w2 < i => a[w1] <= a[w2]` at the loop that reads).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "sortedin_safe_nondet.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int c) {
  if (!c) {
    reach_error();
  }
}
#define CAP 6
int a[CAP];

int main(void) {
  int i, k;
  int N = __VERIFIER_nondet_int();
  if (N < 1 || N > CAP) {
    return 0;
  }
  a[0] = __VERIFIER_nondet_int();
  for (i = 1; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
    __VERIFIER_assume(a[i - 1] <= a[i]);
  }
  for (k = 0; k + 1 < N; k++) {
    __VERIFIER_assert(a[k] <= a[k + 1]);
  }
  return 0;
}
