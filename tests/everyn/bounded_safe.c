// bounded: elements assumed in 0..3; s sums them: 0 <= s <= 3*i in the loop, s <= 3N after
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "everyn.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) {
  if (!c) {
    reach_error();
  }
}

void assume_abort_if_not(int c) {
  if (!c) abort();
}

int main(void) {
  int N = __VERIFIER_nondet_int();
  if (N < 1 || N > 1000) return 0;
  int a[N];
  for (int i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
    assume_abort_if_not(0 <= a[i] && a[i] <= 3);
  }
  int s = 0;
  for (int i = 0; i < N; i++) s = s + a[i];
  __VERIFIER_assert(0 <= s && s <= 3 * N);
  return 0;
}
