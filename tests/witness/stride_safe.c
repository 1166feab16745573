// expect: safe
// witness: safe
// a loop with step 2 fills the even indexes; only those are checked
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "stride_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#ifndef N
#define N 10
#endif
int a[N];
int main() {
  int i;
  for (i = 0; i < N; i += 2) {
    a[i] = 7;
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(i % 2 == 1 || a[i] == 7);
  }
  return 0;
}
