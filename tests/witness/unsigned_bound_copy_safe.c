// expect: safe
// witness: safe
// `i < N` with `int i` and `unsigned N`: compared as unsigned, a counting loop from 0
extern void abort(void);
void reach_error(void) { abort(); }
extern unsigned int __VERIFIER_nondet_uint(void);
void assume_abort_if_not(int c) { if (!c) abort(); }
int main() {
  unsigned int N = __VERIFIER_nondet_uint();
  assume_abort_if_not(N >= 1 && N <= 100000);
  int a[N];
  int b[N];
  int i;
  for (i = 0; i < N; i++) a[i] = 7;
  for (i = 0; i < N; i++) b[i] = a[i] + 1;
  for (i = 0; i < N; i++) if (b[i] != 8) reach_error();
  return 0;
}
