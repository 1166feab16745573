// expect: unsafe
// witness: unsafe
// a break at a nondet position; the element at the break position is not written
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "break_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#ifndef N
#define N 10
#endif
int a[N];
int main() {
  int i, j;
  int limit = __VERIFIER_nondet_int();
  if (limit < 0 || limit >= N) return 0;
  for (i = 0; i < N; i++) {
    if (i == limit) {
      break;
    }
    a[i] = 5;
  }
  for (j = 0; j <= limit; j++) {
    __VERIFIER_assert(a[j] == 5);
  }
  return 0;
}
