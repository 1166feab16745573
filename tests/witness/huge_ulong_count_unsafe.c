// expect: unsafe
// an unsigned long count of 2^63 or more: the allocation fails, the run goes on
extern void abort(void);
#include <stdlib.h>
void reach_error(void) { abort(); }
extern unsigned long __VERIFIER_nondet_ulong(void);
int main(void) {
  unsigned long n = __VERIFIER_nondet_ulong();
  char *c = malloc(n);
  if (n >= 9223372036854775808UL) reach_error();
  if (n > 0 && n < 100) { c[0] = 1; }
  return 0;
}
