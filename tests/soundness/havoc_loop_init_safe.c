// An initialised array declared in a loop body is initialised again in each iteration.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() {
  int i;
  for (i = 0; i < 2; i++) { int t[2] = {0}; if (i == 0) t[0] = 5; else if (t[0] != 0) reach_error(); }
  return 0;
}
