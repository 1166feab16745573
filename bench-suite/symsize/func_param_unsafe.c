// func_param_unsafe: A heap array passed to functions as `int *a` and `int a[]` with its size.
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Unsafe for every N in range: a[n-1] is set to 8 after init, so all_equal returns 0.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "func_param_unsafe.c", 3, "reach_error"); }
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
  a[n - 1] = 8;
  __VERIFIER_assert(all_equal(a, n, 7));
  return 0;
}
