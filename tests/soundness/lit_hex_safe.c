// Every integer literal form has gcc's value: SAFE under both data models.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() {
  int x = 0xB, m = 0xBF;
  if (x != 11 || 0Xb != 11 || 0xBAD != 2989 || 0xbad != 2989) reach_error();
  if ((0x1ff & m) != 191 || 0xaBcD != 43981) reach_error();
  if (0b101 != 5 || 0B11 != 3 || 017 != 15 || 0 != 00 || 0x0 != 0) reach_error();
  if (10u != 10 || 10UL != 10 || 10lu != 10 || 10LLU != 10 || 10uLL != 10 || 0x10ll != 16) reach_error();
  if (0xffffffff != 4294967295u || 037777777777 != 0xffffffff) reach_error();
  return 0;
}
