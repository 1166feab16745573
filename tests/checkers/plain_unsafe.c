/* A user file without markers: the bug needs nondet x == 42. */
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x * 2;
  assert(y != 84);
  return 0;
}
