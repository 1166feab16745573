// A nondeterministic unsigned long below 1000 and above 0 stays nonzero as an int.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern unsigned long __VERIFIER_nondet_ulong(void);
int main() {
  unsigned long y = __VERIFIER_nondet_ulong();
  assume_abort_if_not(y > 0 && y < 1000);
  __VERIFIER_assert(y);
  return 0;
}
