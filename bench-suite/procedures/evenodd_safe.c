extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "procedures.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }

/* Mutual recursion: is_even and is_odd of a nondet n. */
int is_odd(unsigned int n);
int is_even(unsigned int n) { if (n == 0) return 1; return is_odd(n - 1); }
int is_odd(unsigned int n) { if (n == 0) return 0; return is_even(n - 1); }
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assert(is_even(n) == (n % 2 == 0));
  return 0;
}
