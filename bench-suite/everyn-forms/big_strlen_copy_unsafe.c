// big_strlen_copy_unsafe: an uninitialised local string s of N = 10^6 chars with s[N - 1] = 0;
// its length by a strlen loop, then the copy of len + 1 chars (with the terminator) into a
// local buffer of N - 1 chars. Unsafe: the length is N - 1 exactly when s[0..N-2] are all
// non-zero, and then the copy's last index N - 1 fails the assertion. Safe twin:
// big_strlen_copy_safe (d has N chars).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "big_strlen_copy_unsafe.c", 3, "reach_error"); }
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
  char d[N - 1];
  s[N - 1] = 0;
  int len = 0;
  while (s[len]) len++;
  for (int i = 0; i <= len; i++) {
    __VERIFIER_assert(i < N - 1);
    d[i] = s[i];
  }
  return 0;
}
