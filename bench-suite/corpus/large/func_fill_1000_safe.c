// expect: safe
// a function fills 1000 elements with its argument; every element is checked
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "func_fill_1000_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
#define N 1000
int a[N];
void fill(int v) {
  int i;
  for (i = 0; i < N; i++) a[i] = v;
}
int main() {
  int v = __VERIFIER_nondet_int();
  fill(v);
  int i;
  for (i = 0; i < N; i++) __VERIFIER_assert(a[i] == v);
  return 0;
}
