// Fresh contents for a larger array (filled by a loop) declared in a while body.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() {
  int i = 0;
  while (i < 2) {
    int t[20];
    if (i == 0) t[17] = 5; else if (t[17] != 5) reach_error();
    i++;
  }
  return 0;
}
