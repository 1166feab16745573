// expect: unsafe
// The twin of accumulate_safe.c over 1000 inputs: the running sum must stay at least
// a[i] * i / 4 (a[i] = 1) and end above 2000, which most random runs give.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
#define N 1000
int a[N];
int main() {
  int i, s = 0;
  for (i = 0; i < N; i++) a[i] = 1;
  for (i = 0; i < N; i++) {
    s = s + __VERIFIER_nondet_uchar();
    assume_abort_if_not(s >= a[i] * i / 4);
  }
  if (s > 2000) reach_error();
  return 0;
}
