// expect: unsafe
// a constant block of 2^64 - 1 chars (past long long): the allocation fails, the run goes on
extern void abort(void);
#include <stdlib.h>
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char *c = malloc((unsigned long)-1);
  int x = __VERIFIER_nondet_int();
  if (x == 5) reach_error();
  return 0;
}
