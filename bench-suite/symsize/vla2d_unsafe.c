// vla2d_unsafe: A two-dimensional VLA filled with i + j; every element bounded.
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Unsafe for every N in range: the check claims a[i][j] < n + m - 2, but a[n-1][m-1] is n + m - 2.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "vla2d_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main() {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000 && m > 0 && m <= 1000);
  int a[n][m];
  for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) a[i][j] = i + j;
  for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) __VERIFIER_assert(a[i][j] < n + m - 2);
  return 0;
}
