// expect: unsafe
// a signed iterator from -3 compared with an unsigned bound: (unsigned)-3 < N only for
// N > 4294967293, and then the loop runs i = -3, -2 and the error is reached (no overflow)
extern void abort(void);
void reach_error(void) { abort(); }
extern unsigned int __VERIFIER_nondet_uint(void);
int main() {
  unsigned int N = __VERIFIER_nondet_uint();
  int i;
  for (i = -3; i < N; i++) {
    if (i == -2) reach_error();
  }
  return 0;
}
