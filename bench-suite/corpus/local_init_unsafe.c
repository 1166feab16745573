// expect: unsafe
// unwind: 8
// local array with a partial initialiser list; the tail is zero
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "local_init_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main() {
  int a[6] = {1, 2, 3};
  int i;
  int s = 0;
  for (i = 0; i < 6; i++) {
    s = s + a[i];
  }
  __VERIFIER_assert(s == 6);
  __VERIFIER_assert(a[4] == 5);
  return 0;
}
