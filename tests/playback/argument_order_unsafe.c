// Two nondet calls as the arguments of one call: C leaves their order unspecified. ara's front
// end reads them left to right (a = 1st input, b = 2nd); gcc on x86-64 evaluates them right to
// left. ara's translation reaches the error on inputs (1, 2); the user's file compiled by gcc
// reads them the other way round and does not. Both orders are runs of the program (C11
// 6.5.2.2), so it is UNSAFE: the harness does not claim to order them, and ara keeps the
// replay of its translation.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void check(int a, int b) {
  if (a == 1 && b == 2) reach_error();
}
int main() {
  check(__VERIFIER_nondet_int(), __VERIFIER_nondet_int());
  return 0;
}
