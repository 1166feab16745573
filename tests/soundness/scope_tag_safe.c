extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "scope_tag.c", 3, "reach_error"); }
typedef int T;
struct S { int a; };
int main() {
  int r = 0;
  {
    typedef unsigned char T;
    struct S { unsigned char a; };
    T x = 300;
    struct S s = { 300 };
    r = x + s.a;   /* 88 */
  }
  T y = 300;
  struct S t = { 300 };
  r += y + t.a;   /* 688 */
  if (r != 688) reach_error();
  return 0;
}
