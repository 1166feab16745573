// Linear search for a nondet key in a VLA of nondet size n: the position found holds
// the key plus one: unsafe whenever the key occurs.
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
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000000) return 0;
  int a[n];
  int i;
  for (i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  int key = __VERIFIER_nondet_int();
  int pos = -1;
  for (i = 0; i < n; i++) {
    if (a[i] == key) {
      pos = i;
      break;
    }
  }
  if (pos >= 0) __VERIFIER_assert(a[pos] == key + 1);
  return 0;
}
