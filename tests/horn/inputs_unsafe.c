// Array-free and unsafe only for x == 7 and y == 12345 (read in that order): the Horn engine's
// counterexample carries these input values, and their replay on the program reaches the
// error (gcc: `echo` the two values into a harness; plain ESBMC --unwind 10: violated).
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
int main() {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int i = 0;
  if (x > 100) return 0;
  while (i < x) {
    i = i + 1;
  }
  if (y == 12345 && i == 7) {
    reach_error();
  }
  return 0;
}
