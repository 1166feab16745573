// func_param_safe: A heap array passed to functions as `int *a` and `int a[]` with its size.
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Safe for every N: init writes 7 at every index, all_equal compares every index with 7.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "func_param_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void init(int *a, int n, int v) { for (int i = 0; i < n; i++) a[i] = v; }
int all_equal(int a[], int n, int v) {
  for (int i = 0; i < n; i++) if (a[i] != v) return 0;
  return 1;
}
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  int *a = malloc(sizeof(int) * n);
  init(a, n, 7);
  
  __VERIFIER_assert(all_equal(a, n, 7));
  return 0;
}
