// expect: unsafe
// unwind: 22
// a function returns the index of the maximum; it is claimed never to be 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "func_max_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 20
int a[N];
int argmax(int x[], int n) {
  int i;
  int best = 0;
  for (i = 1; i < n; i++) {
    if (x[i] > x[best]) {
      best = i;
    }
  }
  return best;
}
int main() {
  int i;
  for (i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  __VERIFIER_assert(argmax(a, N) != 0);
  return 0;
}
