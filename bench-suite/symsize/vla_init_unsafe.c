// vla_init_unsafe: A VLA of nondet size filled with its indexes, then every element checked.
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Unsafe for every N in range: the check claims a[i] != n - 1, but a[n-1] holds n - 1.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "vla_init_unsafe.c", 3, "reach_error"); }
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
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] != n - 1);
  return 0;
}
