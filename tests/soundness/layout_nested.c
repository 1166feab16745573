// Nested structs in an array, a union and a double member: the i386 sizes (ILP32: UNSAFE);
// on x86-64 the sizes are 72, 8 and 16 (LP64: SAFE).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
struct S { char c; unsigned long long x; };
struct N { char c; struct S s; };
union U { char c[5]; long long x; };
struct D { char c; double d; };
struct N ns[3];
int main() {
  if (sizeof ns == 48 && sizeof(union U) == 8 && _Alignof(union U) == 4 && sizeof(struct D) == 12)
    reach_error();
  return 0;
}
