// A backward goto runs the declaration again: fresh contents, for arrays and scalars alike.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() {
  int i = 0;
again:;
  int t[2];
  int s;
  if (i == 0) { t[0] = 5; s = 5; } else if (t[0] != 5) reach_error();
  i++;
  if (i < 2) goto again;
  return 0;
}
