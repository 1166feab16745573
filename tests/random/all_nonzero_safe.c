// all_nonzero_safe: the twin of all_nonzero_unsafe.c with a buffer of N chars: the copy stops
// at the first zero, at the latest at s[N - 1] = 0, so i <= N - 1 < N. Safe whatever the chars.
extern void abort(void);
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
#define N 2000
char s[N];
char d[N];
int main() {
  int i;
  for (i = 0; i < N - 1; i++) s[i] = __VERIFIER_nondet_char();
  s[N - 1] = 0;
  i = 0;
  while (s[i] != 0) {
    d[i] = s[i];
    i++;
  }
  __VERIFIER_assert(i < N);
  d[i] = 0;
  return 0;
}
