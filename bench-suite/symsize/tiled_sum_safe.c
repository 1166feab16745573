// tiled_sum_safe: Per-tile sums of a heap array of ones (nondet tile size t) add up to n.
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Safe for every N: the nt = ceil(n / t) tiles partition 0..n-1, each holds 1..t ones, and their sums add up to n.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "tiled_sum_safe.c", 3, "reach_error"); }
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
  int nt = (n + t - 1) / t;
  int *a = malloc(sizeof(int) * n);
  int *s = calloc(nt, sizeof(int));
  for (int i = 0; i < n; i++) a[i] = 1;
  for (int j = 0; j < nt; j++)
    for (int i = j * t; i < j * t + t && i < n; i++) s[j] += a[i];
  int total = 0;
  for (int j = 0; j < nt; j++) { __VERIFIER_assert(s[j] > 0 && s[j] <= t); total += s[j]; }
  __VERIFIER_assert(total == n);
  free(a); free(s);
  return 0;
}
