// big_nonzero_count_unsafe: an uninitialised local array of N = 10^6 unsigned chars; c counts
// its non-zero elements. Unsafe: the claim c < N fails exactly when all N are non-zero.
// Safe twin: big_nonzero_count_safe (c <= N).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "big_nonzero_count_unsafe.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
#ifndef N
#define N 1000000
#endif
int main() {
  unsigned char a[N];
  int c = 0;
  for (int i = 0; i < N; i++)
    if (a[i] != 0) c++;
  __VERIFIER_assert(c < N);
  return 0;
}
