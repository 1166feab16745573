// The twin of layout_nested.c: the x86-64 sizes (LP64: UNSAFE, ILP32: SAFE).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
struct S { char c; unsigned long long x; };
struct N { char c; struct S s; };
union U { char c[5]; long long x; };
struct D { char c; double d; };
struct N ns[3];
int main() {
  if (sizeof ns == 72 && sizeof(union U) == 8 && _Alignof(union U) == 8 && sizeof(struct D) == 16)
    reach_error();
  return 0;
}
