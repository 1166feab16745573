// expect: unsafe
// a variable-length array of a nondet size, then an error past it
extern void abort(void);
#include <stdlib.h>
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  a[n - 1] = 3;
  if (n == 1000 && a[999] == 3) reach_error();
  return 0;
}
