// pairdown: a[w] = 3 at even w, 1 at odd w; s sums a[i+1..N) while i counts down:
// s == 2(N-1-i) + (1 if i, N odd; -1 if i, N even; 0 otherwise); at the end 2N <= s <= 2N + 1
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

int main(void) {
  int N = __VERIFIER_nondet_int();
  if (N < 1 || N > 1000) return 0;
  int a[N];
  for (int i = N - 1; i >= 0; i--) {
    if (i % 2 == 0) a[i] = 3; else a[i] = 1;
  }
  int s = 0;
  for (int i = N - 1; i >= 0; i--) s = s + a[i];
  __VERIFIER_assert(2 * N <= s && s <= 2 * N + 1);
  return 0;
}
