// expect: unsafe
// witness: unsafe
// a local array with an initialiser list; one element differs
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "init_list_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#ifndef N
#define N 10
#endif
int main() {
  int v[6] = {1, 1, 1, 0, 1, 1};
  int i;
  for (i = 0; i < 6; i++) {
    __VERIFIER_assert(v[i] == 1);
  }
  return 0;
}
