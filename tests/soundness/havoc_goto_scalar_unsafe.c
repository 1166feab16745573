// A backward goto runs a scalar declaration again: s is indeterminate the second time.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() {
  int i = 0;
again:;
  int s;
  if (i == 0) s = 5; else if (s != 5) reach_error();
  i++;
  if (i < 2) goto again;
  return 0;
}
