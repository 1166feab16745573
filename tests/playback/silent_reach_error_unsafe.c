// The program's own reach_error does nothing a harness can see: the replay on the source is
// refused, the verdict stays confirmed by ara's translation.
void reach_error() {}
extern short __VERIFIER_nondet_short(void);
int main() {
  short x = __VERIFIER_nondet_short();
  if (x == -300) reach_error();
  return 0;
}
