// The negations of lit_types_unsafe.c's conditions, one by one: SAFE under both models.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() {
  if (-1 != 0xffffffff || sizeof(0xffffffff) != 4 || (int)4294967296 != 0) reach_error();
  if (-2147483648 > 0 || sizeof(2147483648) != 8 || -0x80000000 < 0) reach_error();
  if (-1 > 4294967295 || 2147483647 + 0 < 0) reach_error();
  return 0;
}
