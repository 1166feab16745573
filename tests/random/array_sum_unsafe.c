// expect: unsafe
// The twin of array_sum_safe.c over 1000 elements: prefix sums that stay above i / 4 and
// end above 2000 (the first assumption after a few zero inputs may stop a run; most pass).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
#define N 1000
int b[N];
int main() {
  int i;
  b[0] = __VERIFIER_nondet_uchar();
  for (i = 1; i < N; i++) {
    b[i] = b[i - 1] + __VERIFIER_nondet_uchar();
    assume_abort_if_not(b[i] >= i / 4);
  }
  if (b[N - 1] > 2000) reach_error();
  return 0;
}
