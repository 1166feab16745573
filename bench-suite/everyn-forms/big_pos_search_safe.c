// big_pos_search_safe: N = 10^6 nondet ints with the sentinel a[N - 1] = 0; a search for the
// first element <= 0. Safe: the sentinel stops the search at N - 1 at the latest.
// Bug twin: big_pos_search_unsafe (no sentinel).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "big_pos_search_safe.c", 3, "reach_error"); }
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
  a[N - 1] = 0;
  i = 0;
  while (i < N && a[i] > 0) i++;
  __VERIFIER_assert(i < N);
  return 0;
}
