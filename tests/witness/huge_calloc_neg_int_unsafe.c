// expect: unsafe
// calloc(n, sizeof(int)) with int n = -3: the block fails, the run never touches it
extern void abort(void);
#include <stdlib.h>
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int *a = calloc(n, sizeof(int));
  if (n == -3) reach_error();
  if (n > 0 && n < 100 && a[n - 1] != 0) return 1;
  return 0;
}
