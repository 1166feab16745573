/* Safe, constant loop bounds: complete unwinding proves it. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "safe_bounded.c", 0, "reach_error"); }
unsigned int ara_loc;
int a[10];
int main(void) {
  int i;
  ara_loc = 1; i = 0;
  while (i < 10) {
    ara_loc = 2; a[i] = i;
    ara_loc = 3; i = i + 1;
  }
  ara_loc = 4;
  if (!(a[9] == 9)) { ara_loc = 0; reach_error(); }
  return 0;
}
