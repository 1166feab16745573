// vla_init_safe: A VLA of nondet size filled with its indexes, then every element checked.
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Safe for every N: the first loop writes a[i] = i at every index 0..n-1 before the second reads it.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "vla_init_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = i;
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] == i);
  return 0;
}
