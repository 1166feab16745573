// find, safe, N = 4: a search whose loop condition reads a[i] only when i < N (C's &&);
// safe: i never passes N.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "find_safe_shortcircuit.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) {
  if (!c) {
    reach_error();
  }
}
#define N 4
int a[N];

int main(void) {
  int i, x;
  for (i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  x = __VERIFIER_nondet_int();
  i = 0;
  while (i < N && a[i] != x) {
    i++;
  }
  __VERIFIER_assert(i <= N);
  return 0;
}
