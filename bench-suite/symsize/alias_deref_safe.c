// alias_deref_safe: Writes through `*(p + i)` of an alias of a VLA, reads through the array.
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Safe for every N: the loop writes 2 * i through *(p + i) at every index and *p = 4 is even.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "alias_deref_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 1 && n <= 1000);
  int a[n];
  int *p = a;
  for (int i = 0; i < n; i++) *(p + i) = 2 * i;
  *p = 4;
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] % 2 == 0);
  return 0;
}
