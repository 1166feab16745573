// A term's variable changes after the write: a[k - 1] is the element written, so the
// assertion holds for every k.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "t.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
void __VERIFIER_assert(int cond) {
  if (!cond) {
  ERROR: { reach_error(); abort(); }
  }
}
int a[10];
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 8) return 0;
  a[k] = 1;
  k = k + 1;
  __VERIFIER_assert(a[k - 1] == 1);
  return 0;
}
