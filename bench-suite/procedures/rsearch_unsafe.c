extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "procarrays.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }

/* The bug twin of rsearch_safe.c: "not found" returns 0 instead of -1, and a[0] need not
   hold the key (n = 1, a[0] != key reaches the error). */
#define N 1000
int a[N];
int find(int n, int key) {
  if (n <= 0) return 0;
  if (a[n - 1] == key) return n - 1;
  return find(n - 1, key);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > N) return 0;
  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  int key = __VERIFIER_nondet_int();
  int r = find(n, key);
  __VERIFIER_assert(r == -1 || (0 <= r && r < n && a[r] == key));
  return 0;
}
