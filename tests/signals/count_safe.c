// Safe: s is twice i at every step, so twice N at the end. The Horn engine proves it on the
// first abstraction within a second or two.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  int N = __VERIFIER_nondet_int();
  if (N < 0 || N > 1000000) return 0;
  int i = 0, s = 0;
  while (i < N) { i++; s += 2; }
  if (s != 2 * N) reach_error();
  return 0;
}
