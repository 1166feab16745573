// big_strcpy_safe: a string of N - 1 nondet chars (N = 10^6) and its terminator s[N - 1] = 0,
// copied into a buffer of N chars. Safe: the copy loop stops at the first zero, at the
// latest at N - 1, so i <= N - 1 < N. Bug twin: big_strcpy_unsafe (d has N - 1 chars).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "big_strcpy_safe.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
extern char __VERIFIER_nondet_char(void);
#ifndef N
#define N 1000000
#endif
char s[N];
char d[N];
int main() {
  int i;
  for (i = 0; i < N - 1; i++) s[i] = __VERIFIER_nondet_char();
  s[N - 1] = 0;
  i = 0;
  while (s[i] != 0) {
    d[i] = s[i];
    i++;
  }
  __VERIFIER_assert(i < N);
  d[i] = 0;
  return 0;
}
