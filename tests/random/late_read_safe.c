// expect: safe
// y = x + c reads the x of the previous try if the two draws were redrawn together; in the
// program x is 0 there, so y <= 255 < x + 256 and the assumption always fails.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
int main() {
  int x = 0, y;
  y = x + __VERIFIER_nondet_uchar();
  x = __VERIFIER_nondet_uchar();
  assume_abort_if_not(y >= x + 256);
  reach_error();
  return 0;
}
