// A function's local array, the function called in a loop: fresh contents at each call.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int get(int i) { int t[2]; if (i == 0) { t[1] = 5; return 5; } return t[1]; }
int main() {
  int i, r = 0;
  for (i = 0; i < 2; i++) r = get(i);
  if (r != 5) reach_error();
  return 0;
}
