// expect: safe
// witness: safe
// continue skips the write at one index; that index is not checked
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "continue_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#ifndef N
#define N 10
#endif
int a[N];
int main() {
  int i;
  for (i = 0; i < N; i++) {
    if (i == 4) {
      continue;
    }
    a[i] = 1;
  }
  i = 0;
  while (i < N) {
    __VERIFIER_assert(i == 4 || a[i] == 1);
    i++;
  }
  return 0;
}
