#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);

int count[10];

int main(void)
{
  int k;
  int i = 0;
  while (i < 10) {
    k = __VERIFIER_nondet_int();
    if (k < 0 || k >= 10)
      continue;
    count[k]++;
    i++;
  }
  printf("done %d\n", i);
  assert(i == 10);
  if (count[0] > 10) {
    fprintf(stderr, "impossible\n");
    abort();
  }
  return 0;
}
