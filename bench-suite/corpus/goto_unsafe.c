// expect: unsafe
// unwind: 12
// goto loop that jumps over one element
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "goto_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 10
int a[N];
int main() {
  int i = 0;
loop:
  if (i >= N) {
    goto done;
  }
  if (i == 6) {
    i++;
    goto loop;
  }
  a[i] = 5;
  i++;
  goto loop;
done:
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(a[i] == 5);
  }
  return 0;
}
