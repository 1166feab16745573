// expect: safe
// A running sum over two nested loops, assumed above 300 per input read: at most 255 per
// input, so the first assumption fails.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
int main() {
  int i, j, k = 0;
  int s = 0;
  for (i = 0; i < 3; i++) {
    for (j = 0; j < 4; j++) {
      k = k + 1;
      s = s + __VERIFIER_nondet_uchar();
      assume_abort_if_not(s > 300 * k);
    }
  }
  reach_error();
  return 0;
}
