// expect: safe
// unwind: 10
// do-while fill and count
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "dowhile_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 8
int a[N];
int main() {
  int i = 0;
  int count = 0;
  do {
    a[i] = 3;
    i = i + 1;
  } while (i < N);
  i = 0;
  do {
    if (a[i] == 3) {
      count = count + 1;
    }
    i = i + 1;
  } while (i < N);
  __VERIFIER_assert(count == N);
  return 0;
}
