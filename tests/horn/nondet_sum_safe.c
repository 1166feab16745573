// Safe: n in 0..100 by assumption, the loop counts s up to n.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "horn.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

extern void __VERIFIER_assume(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= n && n <= 100);
  int i = 0;
  int s = 0;
  while (i < n) {
    if (__VERIFIER_nondet_int()) {
      s = s + 1;
    }
    i = i + 1;
  }
  __VERIFIER_assert(s <= n);
  return 0;
}
