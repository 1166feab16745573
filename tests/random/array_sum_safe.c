// expect: safe
// Prefix sums kept in an array: b[i] = b[i-1] + an unsigned char is at most 255 * (i + 1),
// so the assumption b[0] > 300 fails at once. (The store reads the array it writes, so
// random testing does not redraw it, although here b[i - 1] is not what a retry rewrites.)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
#define N 10
int b[N];
int main() {
  int i;
  b[0] = __VERIFIER_nondet_uchar();
  assume_abort_if_not(b[0] > 300);
  for (i = 1; i < N; i++) {
    b[i] = b[i - 1] + __VERIFIER_nondet_uchar();
    assume_abort_if_not(b[i] > 300 * (i + 1));
  }
  reach_error();
  return 0;
}
