extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "f.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { ERROR: {reach_error(); abort();} } }

int a[8] = {1, 3, 5, 7, 9, 11, 13, 15};
int find(int lo, int hi, int x) { if (lo > hi) return -1; int m = (lo + hi) / 2;
  if (a[m] == x) return m; if (a[m] < x) return find(m + 1, hi, x); return find(lo, m - 1, x); }
int main(void) { int x = __VERIFIER_nondet_int(); if (x < 0 || x > 16) return 0;
  int r = find(0, 7, x); __VERIFIER_assert(r == -1 || a[r] == x); __VERIFIER_assert((r >= 0) == (x % 2 == 1)); return 0; }
