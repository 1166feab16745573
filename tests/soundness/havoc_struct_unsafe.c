// Fresh contents for an array of structs declared in a do-while body.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
struct P { int x; unsigned char y; };
int main() {
  int i = 0;
  do {
    struct P ps[3];
    if (i == 0) ps[2].y = 7; else if (ps[2].y != 7) reach_error();
    i++;
  } while (i < 2);
  return 0;
}
