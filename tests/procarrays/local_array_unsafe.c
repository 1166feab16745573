extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "local_array_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* An array local to a recursive procedure: each activation has its own buf, so the recursive
   call cannot change the caller's, and f returns 1 at every depth. */
int f(int n) {
  int buf[2];
  buf[0] = n;
  buf[1] = n + 1;
  if (n > 0) f(n - 1);
  return buf[1] - buf[0];
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n <= 10);
  __VERIFIER_assert(f(n) == 1 && n != 3);
  return 0;
}
