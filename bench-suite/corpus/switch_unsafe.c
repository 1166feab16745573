// expect: unsafe
// unwind: 14
// a missing break makes case 1 fall through to the default
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "switch_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 12
int a[N];
int main() {
  int i;
  for (i = 0; i < N; i++) {
    switch (i % 3) {
    case 0:
      a[i] = 10;
      break;
    case 1:
      a[i] = 20;
    default:
      a[i] = 30;
      break;
    }
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(a[i] == 10 * (i % 3 + 1));
  }
  return 0;
}
