// expect: unsafe
// Every input is assumed to be in 0..3; the bug needs the first and the last to be 3. Plain
// random values pass all 60 assumptions almost never; redrawn ones always do.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "assume_range_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
#define N 60
int a[N];
int main() {
  int i;
  for (i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
    assume_abort_if_not(0 <= a[i] && a[i] < 4);
  }
  int s = 0;
  for (i = 0; i < N; i++) s = s + a[i];
  if (a[0] == 3 && a[N - 1] == 3 && s >= 6) reach_error();
  return 0;
}
