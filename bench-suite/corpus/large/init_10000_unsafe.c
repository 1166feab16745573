// expect: unsafe
// zero 10000 elements but the last, check one at a nondet index
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "init_10000_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
#define N 10000
int a[N];
int main() {
  int i;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < N - 1; i++) a[i] = 0;
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= k && k < N);
  __VERIFIER_assert(a[k] == 0);
  return 0;
}
