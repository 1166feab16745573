// expect: safe
// witness: safe
// the twin of huge_malloc_neg_int_unsafe.c: the error needs a negative n that is also >= 0
extern void abort(void);
#include <stdlib.h>
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int *a = malloc(n * sizeof(int));
  if (n < 0 && n > 5) reach_error();
  if (n > 0 && n < 100) { a[0] = 1; }
  return 0;
}
