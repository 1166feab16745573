// all_nonzero_unsafe: a string of N - 1 = 1999 nondet chars and its terminator, copied into a
// buffer one too small for the terminator of a string of length N - 1: the assertion fails
// exactly when all 1999 chars are non-zero (issue 25). Independent draws of the plain mix
// give a zero with probability >= 1/10 each: all 1999 non-zero below 10^-91. Ground truth:
// the gcc run with every char 'a' reaches the error (tests/random_testing.rs); ESBMC at N = 6
// (bench-suite/everyn-forms/big_strcpy_unsafe.c is this program at N = 10^6).
extern void abort(void);
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
#define N 2000
char s[N];
char d[N - 1];
int main() {
  int i;
  for (i = 0; i < N - 1; i++) s[i] = __VERIFIER_nondet_char();
  s[N - 1] = 0;
  i = 0;
  while (s[i] != 0) {
    d[i] = s[i];
    i++;
  }
  __VERIFIER_assert(i < N - 1);
  d[i] = 0;
  return 0;
}
