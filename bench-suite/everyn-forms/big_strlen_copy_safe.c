// big_strlen_copy_safe: an uninitialised local string s of N = 10^6 chars with s[N - 1] = 0;
// its length by a strlen loop, then the copy of len + 1 chars into a local buffer of N
// chars. Safe: the strlen loop stops at the first zero, at the latest at N - 1, so the copy's
// indexes are at most N - 1 < N. Bug twin: big_strlen_copy_unsafe (d has N - 1 chars).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "big_strlen_copy_safe.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
#ifndef N
#define N 1000000
#endif
int main() {
  char s[N];
  char d[N];
  s[N - 1] = 0;
  int len = 0;
  while (s[len]) len++;
  for (int i = 0; i <= len; i++) {
    __VERIFIER_assert(i < N);
    d[i] = s[i];
  }
  return 0;
}
