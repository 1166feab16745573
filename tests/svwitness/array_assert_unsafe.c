// expect: unsafe when the fourth input is 7 (the error call is inside __VERIFIER_assert)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "array_assert_unsafe.c", 4, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
#define N 5
unsigned int a[N];
int main() {
  for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_uint();
  for (int i = 0; i < N; i++) __VERIFIER_assert(a[i] != 7u || i != 3);
  return 0;
}
