// expect: unsafe
// A read at index k = 0 outside the loops, and an assertion inside a loop that fails at
// i = 5: the witness index must stay free (aligning it with k would check element 0 only).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "t.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 1000
int a[N];
int main() {
  int i;
  int k = 0;
  a[5] = 1;
  int t = a[k];
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(a[i] == t);
  }
  return 0;
}
