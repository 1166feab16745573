// guard, safe, N = nondet in [1, 6]: absolute values of inputs in [-100, 100], each checked
// by `if (a[k] < 0) reach_error();` (a test whose one branch is the error); a[k] is never negative
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "guard_safe_nondet.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
#define CAP 6
int a[CAP];

int main(void) {
  int i, k, v;
  int N = __VERIFIER_nondet_int();
  if (N < 1 || N > CAP) {
    return 0;
  }
  for (i = 0; i < N; i++) {
    v = __VERIFIER_nondet_int();
    if (v < -100 || v > 100) {
      return 0;
    }
    if (v < 0) {
      v = -v;
    }
    a[i] = v;
  }
  for (k = 0; k < N; k++) {
    if (a[k] < 0) {
      reach_error();
    }
  }
  return 0;
}
