/* Unsafe after three iterations of an unbounded loop; nondet input decides the exit. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "unsafe_loop.c", 0, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
unsigned int ara_loc;
int main(void) {
  int i;
  ara_loc = 1; i = 0;
  while (__VERIFIER_nondet_int()) {
    ara_loc = 2; i = i + 1;
  }
  ara_loc = 3;
  if (i == 3) { ara_loc = 0; reach_error(); }
  return 0;
}
