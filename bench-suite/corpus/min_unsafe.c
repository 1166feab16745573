// expect: unsafe
// unwind: 12
// minimum started at 0 instead of a[0]: it need not bound a[0]
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "min_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 10
int a[N];
int main() {
  int i;
  int min = 0;
  for (i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  for (i = 0; i < N; i++) {
    if (a[i] < min) {
      min = a[i];
    }
  }
  __VERIFIER_assert(min == a[0] || min < a[0]);
  __VERIFIER_assert(min != 0 || a[0] == 0);
  return 0;
}
