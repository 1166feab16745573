// expect: unsafe
// unwind: 10
// do-while that writes one element too few
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "dowhile_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 8
int a[N];
int main() {
  int i = 0;
  do {
    a[i] = 3;
    i = i + 1;
  } while (i < N - 1);
  i = 0;
  do {
    __VERIFIER_assert(a[i] == 3);
    i = i + 1;
  } while (i < N);
  return 0;
}
