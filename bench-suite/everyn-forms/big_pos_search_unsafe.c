// big_pos_search_unsafe: N = 10^6 nondet ints; a search for the first element <= 0 that
// expects to find one. Unsafe: the search runs off the end exactly when all N elements are
// positive. Safe twin: big_pos_search_safe (a sentinel a[N - 1] = 0).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "big_pos_search_unsafe.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
extern int __VERIFIER_nondet_int(void);
#ifndef N
#define N 1000000
#endif
int a[N];
int main() {
  int i;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  i = 0;
  while (i < N && a[i] > 0) i++;
  __VERIFIER_assert(i < N);
  return 0;
}
