// expect: unsafe
// witness: unsafe
// a flag assigned only constants in the loop is set in the first iteration and checked in the next
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "flag_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#ifndef N
#define N 10
#endif
int a[N];
int main() {
  int i;
  int seen = 0;
  for (i = 0; i < N; i++) {
    if (seen == 1) {
      __VERIFIER_assert(a[i] != 0);
    }
    a[i] = 0;
    seen = 1;
  }
  return 0;
}
