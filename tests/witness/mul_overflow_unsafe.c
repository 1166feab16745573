// expect: unsafe
// n * sizeof(int) wraps to 4 for n = 2^62 + 1: a block of one int, its element 0 is valid
extern void abort(void);
#include <stdlib.h>
void reach_error(void) { abort(); }
extern unsigned long __VERIFIER_nondet_ulong(void);
int main(void) {
  unsigned long n = __VERIFIER_nondet_ulong();
  if (n <= 1000) return 0;
  int *a = malloc(n * sizeof(int));
  a[0] = 7;
  if (a[0] == 7) reach_error();
  return 0;
}
