extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "scope_signature.c", 3, "reach_error"); }
typedef int T;
struct S { int a; };
int f(T x, struct S s) { return x + s.a; }
struct S;
int main() {
  struct S g = { 300 };
  struct S *q;
  typedef unsigned char T;
  struct S { unsigned char a; };
  struct S l = { 300 };
  int r = f(300, g) + l.a;   /* 600 + 44 */
  if (r == 644) reach_error();
  return 0;
}
