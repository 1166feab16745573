// Unsafe variant of bench-suite/examples/table1.c: the loop stops at i = 1 when a[0] != 9.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "horn.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[30];
  int i;
  a[1] = 9;
  i = 0;
  while (a[i] != 9) {
    a[i] = 2 * i;
    i = i + 1;
  }
  __VERIFIER_assert(i <= 0);
  return 0;
}
