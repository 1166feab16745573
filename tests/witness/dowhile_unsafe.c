// expect: unsafe
// witness: unsafe
// a do-while counting loop and a loop past the array's end (out-of-range iterations)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "dowhile_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#ifndef N
#define N 10
#endif
int a[N];
int main() {
  int i = 0;
  int n = __VERIFIER_nondet_int();
  do {
    a[i] = 2;
    i++;
  } while (i < N);
  for (i = 0; i < n; i++) {
    if (i == N + 2) {
      reach_error();
    }
  }
  return 0;
}
