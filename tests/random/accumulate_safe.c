// expect: safe
// A running sum of unsigned chars must stay above 300 * (i + 1): impossible (255 < 300), so
// the first assumption always aborts. Random testing that re-ran `s = s + nondet()` when the
// assumption rejected a value would let s grow across retries and wrongly reach the error.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "accumulate_safe.c", 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
int a[10];
int main() {
  int i, s = 0;
  for (i = 0; i < 10; i++) a[i] = 300;
  for (i = 0; i < 10; i++) {
    s = s + __VERIFIER_nondet_uchar();
    assume_abort_if_not(s > a[i] * (i + 1));
  }
  reach_error();
  return 0;
}
