// expect: safe
// witness: safe
// motivatingExample (Jana et al., Section 2): an array of N structs; the first loop sets
// p = i and q = i * i, the second asserts q == p * p for every element. Unsigned fields, so
// that the squares wrap around as C defines (the same way on both sides).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "motivating_example.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#ifndef N
#define N 100000
#endif
struct S {
  unsigned int p;
  unsigned int q;
};
struct S a[N];
int main() {
  unsigned int i;
  for (i = 0; i < N; i++) {
    a[i].p = i;
    a[i].q = i * i;
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(a[i].q == a[i].p * a[i].p);
  }
  return 0;
}
