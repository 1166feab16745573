extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "fill_index_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }

/* A recursion's own array of K elements filled by its index at every activation. */
#define K 1000
int f(int n) {
  int buf[K];
  for (int i = 0; i < K; i++) buf[i] = i;
  int k = n % K;
  if (k < 0) k = -k;
  if (n > 0) f(n - 1);
  return buf[k] - k + 1;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  __VERIFIER_assert(f(n) == 1);
  return 0;
}
