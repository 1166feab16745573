// Safe: s is three times i at the loop head and the loop runs 20 times; complete unwinding
// (a constant bound) proves it, and s == 3 * i && i <= 20 is an inductive invariant.
extern void abort(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); } }
int main(void) {
  unsigned int i = 0, s = 0;
  while (i < 20) {
    i = i + 1;
    s = s + 3;
  }
  __VERIFIER_assert(s == 60);
  return 0;
}
