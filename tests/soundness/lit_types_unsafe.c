// Literal types (C11 6.4.4.1): 0xffffffff is unsigned int (-1 converts to it), 4294967296
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
// is a long (LP64) or long long (ILP32), not truncated; -2147483648 is negative (a long or a
// long long, not an unsigned int). Each condition holds: UNSAFE under both data models.
int main() {
  if (-1 == 0xffffffff && sizeof(0xffffffff) == 4 && (long long)4294967296 == 4294967296LL
      && sizeof(4294967296) == 8 && -2147483648 < 0 && sizeof(-2147483648) == 8
      && -0x80000000 > 0 && sizeof(2147483648) == 8)
    reach_error();
  return 0;
}
