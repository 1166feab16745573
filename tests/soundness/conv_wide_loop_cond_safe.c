// The twin of conv_wide_loop_cond_unsafe.c: the loop runs once, so n is 1 at the test.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern long long __VERIFIER_nondet_longlong(void);
int main() {
  long long x = __VERIFIER_nondet_longlong();
  int a[4];
  int n = 0;
  while (x) { a[n & 3] = 1; n++; if (x == 4294967296LL && n > 1) reach_error(); x = 0; }
  return 0;
}
