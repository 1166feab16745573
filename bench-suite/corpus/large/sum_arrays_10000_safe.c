// expect: safe
// c = a + b over 10000 unsigned elements, then c - b == a
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sum_arrays_10000_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
#define N 10000
unsigned int a[N];
unsigned int b[N];
unsigned int c[N];
int main() {
  int i;
  for (i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_uint();
    b[i] = __VERIFIER_nondet_uint();
  }
  for (i = 0; i < N; i++) c[i] = a[i] + b[i];
  for (i = 0; i < N; i++) __VERIFIER_assert(c[i] - b[i] == a[i]);
  return 0;
}
