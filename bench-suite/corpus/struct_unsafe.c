// expect: unsafe
// unwind: 10
// array of structs: the bound on q fails for the last element
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "struct_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 8
struct S {
  int p;
  int q;
};
struct S a[N];
int main() {
  int i;
  for (i = 0; i < N; i++) {
    a[i].p = i;
    a[i].q = a[i].p + i;
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(a[i].q < 2 * N - 2);
  }
  return 0;
}
