/* Safe, unbounded loop (nondet exit): each iteration sets y from x, so the check holds from
   any state; ESBMC's inductive step proves it (the forward condition cannot: no bound). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "safe_unbounded.c", 0, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
unsigned int ara_loc;
int main(void) {
  unsigned int x, y, n;
  ara_loc = 1; x = 0;
  ara_loc = 2; y = 0;
  ara_loc = 3; n = 0;
  while (__VERIFIER_nondet_int()) {
    ara_loc = 4; x = __VERIFIER_nondet_uint();
    ara_loc = 5; y = x + 1u;
    ara_loc = 6; n = n + 1u;
    ara_loc = 7;
    if (!(y - x == 1u)) { ara_loc = 0; reach_error(); }
  }
  return 0;
}
