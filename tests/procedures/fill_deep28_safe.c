extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "fill_deep28_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }

/* A recursion 29 activations deep that fills an array with an arithmetic sequence.
   Safe: fill(i, v) writes a[j] = v + 2 * (j - i) for j in i..N-1. */
#define N 28
int a[N];
int fill(int i, int v) {
  if (i >= N) return v;
  a[i] = v;
  return fill(i + 1, v + 2);
}
int main(void) {
  int s = __VERIFIER_nondet_int();
  if (s < 0 || s > 100) return 0;
  fill(0, s);
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= N) return 0;
  __VERIFIER_assert(a[k] == s + 2 * k);
  return 0;
}
