// expect: unsafe
// with N > INT_MAX the iteration i = INT_MAX runs (before the step that would overflow) and
// reaches the error: the unsigned view keeps every non-negative iteration
extern void abort(void);
void reach_error(void) { abort(); }
extern unsigned int __VERIFIER_nondet_uint(void);
int main() {
  unsigned int N = __VERIFIER_nondet_uint();
  int i;
  for (i = 0; i < N; i++) {
    if (i == 2147483647) reach_error();
  }
  return 0;
}
