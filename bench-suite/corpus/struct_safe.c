// expect: safe
// unwind: 12
// array of structs: q is twice p in every element
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "struct_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 10
struct S {
  int p;
  int q;
};
struct S a[N];
int main() {
  int i;
  for (i = 0; i < N; i++) {
    a[i].p = i;
    a[i].q = 2 * i;
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(a[i].q == 2 * a[i].p);
  }
  return 0;
}
