// expect: unsafe
// The twin of nested_safe.c, 40 x 50 inputs: the running sum must stay above k / 4 and end
// above 3000, which most random runs give.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
int main() {
  int i, j, k = 0;
  int s = 0;
  for (i = 0; i < 40; i++) {
    for (j = 0; j < 50; j++) {
      k = k + 1;
      s = s + __VERIFIER_nondet_uchar();
      assume_abort_if_not(s >= k / 4);
    }
  }
  if (s > 3000) reach_error();
  return 0;
}
