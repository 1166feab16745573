// Character constants have gcc's values and types: SAFE under both data models.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() {
  int c = L'\xff';
  if (c != 255 || '\xff' != -1 || '\377' != -1 || '\0' != 0 || '\101' != 65) reach_error();
  if (L'\xffffffff' != -1 || U'\xffffffff' != 4294967295u || u'\xffff' != 65535) reach_error();
  if (sizeof(u'a') != 2 || sizeof(U'a') != 4 || sizeof(L'a') != 4 || sizeof('a') != 4) reach_error();
  if ('ab' != 24930 || '\xff\x01' != 65281 || '\n' != 10 || 'a' != 97) reach_error();
  return 0;
}
