// bubble_while_vla_unsafe: bubble sort of a VLA int a[n], n nondet in 1..100000, with while
// loops, the inner test j + 1 < n - i; then a check of strict order. Unsafe: two equal
// elements (n = 2, a = 5 5) stay equal. Safe twin: bubble_while_vla_safe.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "bubble_while_vla_unsafe.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) {
  if (!cond) { abort(); }
}
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 1 && n <= 100000);
  int a[n];
  int i = 0, j, t;
  while (i < n) {
    a[i] = __VERIFIER_nondet_int();
    i++;
  }
  i = 0;
  while (i < n) {
    j = 0;
    while (j + 1 < n - i) {
      if (a[j] > a[j + 1]) {
        t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
      }
      j++;
    }
    i++;
  }
  i = 0;
  while (i + 1 < n) {
    __VERIFIER_assert(a[i] < a[i + 1]);
    i++;
  }
  return 0;
}
