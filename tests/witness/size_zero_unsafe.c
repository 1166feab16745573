// expect: unsafe
// a block of 0 elements (a nondet count of 0): the run goes on past it
extern void abort(void);
#include <stdlib.h>
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  int *a = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) a[i] = i;
  if (n == 0) reach_error();
  return 0;
}
