// bubble_for_malloc_unsafe: bubble sort of a malloc'd int array of n elements, n nondet in
// 1..100000, swapping when a[j] < a[j + 1] (descending order); then check ascending order.
// Unsafe: at n = 2 with a = 1 2 the swap gives 2 1. Safe twin: bubble_for_malloc_safe.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "bubble_for_malloc_unsafe.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
void assume_abort_if_not(int cond) {
  if (!cond) { abort(); }
}
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 1 && n <= 100000);
  int *a = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < n - 1; i++) {
    for (int j = 0; j < n - i - 1; j++) {
      if (a[j] < a[j + 1]) {
        int t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
      }
    }
  }
  for (int k = 0; k < n - 1; k++) __VERIFIER_assert(a[k] <= a[k + 1]);
  return 0;
}
