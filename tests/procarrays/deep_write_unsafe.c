extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "deep_write_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* Bug twin: la[0] is 1 after f(la, x) for x >= 2 (written by the activation with p == 1), so the check fails. A recursion writes main's array through its parameter only two or more activations deep. */
int f(int *q0, int p) {
  if (p == 1) q0[0] = 1;
  if (p > 1) p = f(q0, p - 1);
  return p;
}
int main(void) {
  int la[1] = {0};
  int x = __VERIFIER_nondet_int();
  assume_abort_if_not(x >= 2 && x <= 10000);
  f(la, x);
  __VERIFIER_assert(la[0] == 0);
  return 0;
}
