// Unsafe: every n from 6 to 99 reaches the error, and random testing, which favours small
// values, draws one at once. The loop's bound is an input: no unwinding is complete.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 5 && n < 100) reach_error();
  int i = 0;
  while (i < n) i++;
  return 0;
}
