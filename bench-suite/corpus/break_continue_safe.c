// expect: safe
// unwind: 22
// continue skips odd indexes, break stops at a sentinel
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "break_continue_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 20
int a[N];
int main() {
  int i;
  int evens = 0;
  for (i = 0; i < N; i++) {
    a[i] = i;
  }
  a[15] = -1;
  for (i = 0; i < N; i++) {
    if (a[i] == -1) {
      break;
    }
    if (a[i] % 2 != 0) {
      continue;
    }
    evens = evens + 1;
  }
  __VERIFIER_assert(i == 15);
  __VERIFIER_assert(evens == 8);
  return 0;
}
