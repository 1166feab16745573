// bubble_down_vla_unsafe: bubble sort of a VLA int a[n], n nondet in 1..100000, the outer loop
// counting down, the inner one a step short (j < i - 1); then check that a is sorted. Unsafe:
// at n = 2 with a = 2 1 no swap happens. Safe twin: bubble_down_vla_safe.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "bubble_down_vla_unsafe.c", 3, "reach_error"); }
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
  for (i = n - 1; i > 0; i--) {
    for (j = 0; j < i - 1; j++) {
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
