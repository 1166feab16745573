// tiled_fill_safe: A heap array filled tile by tile (nondet tile size t): each cell holds its tile's start.
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Safe for every N: the tiles [s, s + t) for s = 0, t, 2t, ... cover 0..n-1; cell i of the tile starting at s gets s, and s <= i < s + t.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "tiled_fill_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  int t = __VERIFIER_nondet_int();
  assume_abort_if_not(t > 0 && t <= n);
  int *a = malloc(sizeof(int) * n);
  for (int s = 0; s < n; s += t)
    for (int i = s; i < s + t && i < n; i++) a[i] = s;
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] <= i && i - a[i] < t);
  free(a);
  return 0;
}
