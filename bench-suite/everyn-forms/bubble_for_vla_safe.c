// bubble_for_vla_safe: bubble sort of a VLA int a[n], n nondet in 1..100000, as a new user
// writes it: for loops, the inner one j < n - 1 - i; then check that a is sorted.
// Safe for every n: after pass i the last i + 1 elements are the largest, in order, so after
// the n - 1 passes every a[k] <= a[k + 1]. Bug twin: bubble_for_vla_unsafe.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "bubble_for_vla_safe.c", 3, "reach_error"); }
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
  int i, j, t;
  for (i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < n - 1; i++) {
    for (j = 0; j < n - 1 - i; j++) {
      if (a[j] > a[j + 1]) {
        t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
      }
    }
  }
  for (i = 0; i < n - 1; i++) __VERIFIER_assert(a[i] <= a[i + 1]);
  return 0;
}
