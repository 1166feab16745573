// Safe twin of char_unsafe.c: the loop leaves with c == -128.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "horn.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  char c = 0;
  while (c >= 0) {
    c = c + 1;
  }
  __VERIFIER_assert(c == -128);
  return 0;
}
