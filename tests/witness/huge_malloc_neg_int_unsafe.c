// expect: unsafe
// malloc(n * sizeof(int)) with int n = -1: a count of 2^64 - 1 (past long long), never touched
extern void abort(void);
#include <stdlib.h>
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int *a = malloc(n * sizeof(int));
  if (n < 0) reach_error();
  if (n > 0 && n < 100) { a[0] = 1; }
  return 0;
}
