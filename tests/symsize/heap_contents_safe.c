// Random contents of two malloc'd arrays of nondet size: at most n elements count (safe twin), more than 20 of them can (unsafe twin: n > 20 and enough b[i] && a[i] > 0).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main() {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n <= 100000);
  int *a = malloc(n * sizeof(int));
  _Bool *b = malloc(n * sizeof(_Bool));
  int s = 0;
  for (int i = 0; i < n; i++) if (b[i]) s += a[i] > 0;
  if (s > n) reach_error();
  return 0;
}
