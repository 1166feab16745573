// tiled_2d_safe: A 2-D VLA filled tile by tile (t by t tiles, t nondet); every cell checked.
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Safe for every N: the t-by-t tiles cover every cell (i, j) once and write i * m + j there.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "tiled_2d_safe.c", 3, "reach_error"); }
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
  int t = __VERIFIER_nondet_int();
  assume_abort_if_not(t > 0 && t <= n && t <= m);
  int a[n][m];
  for (int it = 0; it < n; it += t)
    for (int jt = 0; jt < m; jt += t)
      for (int i = it; i < it + t && i < n; i++)
        for (int j = jt; j < jt + t && j < m; j++) a[i][j] = i * m + j;
  for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) __VERIFIER_assert(a[i][j] == i * m + j);
  return 0;
}
