// big_strcpy_unsafe: a string of N - 1 nondet chars (N = 10^6) and its terminator, copied
// into a buffer of N - 1 chars: one too small for the terminator of a string of length N - 1.
// Unsafe: the assertion (room for the terminator) fails exactly when all N - 1 chars are
// non-zero (the copied length is then N - 1). Safe twin: big_strcpy_safe (d has N chars).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "big_strcpy_unsafe.c", 3, "reach_error"); }
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
char d[N - 1];
int main() {
  int i;
  for (i = 0; i < N - 1; i++) s[i] = __VERIFIER_nondet_char();
  s[N - 1] = 0;
  i = 0;
  while (s[i] != 0) {
    d[i] = s[i];
    i++;
  }
  __VERIFIER_assert(i < N - 1);
  d[i] = 0;
  return 0;
}
