// The twin of havoc_goto_init_safe.c: after the goto t[0] is 1 again, not 7.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() {
  int i = 0;
again:;
  int t[2] = {1, 2};
  if (i == 1 && t[0] != 7) reach_error();
  t[0] = 7;
  i++;
  if (i < 2) goto again;
  return 0;
}
