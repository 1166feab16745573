// Only a forward goto: the declaration runs once and keeps what was written before the jump.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() {
  int t[2];
  t[0] = 5;
  goto skip;
  t[0] = 6;
skip:
  if (t[0] != 5) reach_error();
  return 0;
}
