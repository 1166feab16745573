// expect: safe
// witness: safe
// one loop writes two arrays of different sizes; the array of its size is checked
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sizes_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#ifndef N
#define N 10
#endif
int a[N];
int b[2 * N];
int main() {
  int i;
  for (i = 0; i < N; i++) {
    a[i] = 1;
    b[i] = 1;
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(a[i] == 1);
  }
  return 0;
}
