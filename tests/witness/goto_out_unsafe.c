// expect: unsafe
// witness: unsafe
// a goto leaves the filling loop early
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "goto_out_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#ifndef N
#define N 10
#endif
int a[N];
int main() {
  int i;
  for (i = 0; i < N; i++) {
    a[i] = 1;
    if (i == N / 2) {
      goto done;
    }
  }
done:
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(a[i] == 1);
  }
  return 0;
}
