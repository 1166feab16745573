// expect: unsafe
// unwind: 9
// unsigned char counters wrap around
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "char_array_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
extern unsigned char __VERIFIER_nondet_uchar(void);
#define N 7
unsigned char c[N];
int main() {
  int i;
  for (i = 0; i < N; i++) {
    c[i] = __VERIFIER_nondet_uchar();
    c[i] = c[i] + 1;
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(c[i] != 0);
  }
  return 0;
}
