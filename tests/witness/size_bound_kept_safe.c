// expect: safe
// witness: safe
// a block of n ints, every element set and checked: the bound w < n still holds where n > 0
extern void abort(void);
#include <stdlib.h>
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000) return 0;
  int *a = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) a[i] = 5;
  for (int i = 0; i < n; i++) if (a[i] != 5) reach_error();
  return 0;
}
