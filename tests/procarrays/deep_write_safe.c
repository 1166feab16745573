extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "deep_write_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* A recursion writes main's array through its parameter only two or more activations deep: la[0] is 1 after f(la, x) for every x >= 2. */
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
  __VERIFIER_assert(la[0] == 1);
  return 0;
}
