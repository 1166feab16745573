extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "procedures.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }

/* The bug twin of mccarthy91_safe.c: 91 claimed up to 102 (fails at x = 102: 92). */
int f91(int x) { if (x > 100) return x - 10; return f91(f91(x + 11)); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000000 || x > 1000000) return 0;
  int r = f91(x);
  __VERIFIER_assert(x > 102 ? r == x - 10 : r == 91);
  return 0;
}
