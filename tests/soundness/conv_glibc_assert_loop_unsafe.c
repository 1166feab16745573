// glibc's assert inside a loop: the second iteration sees x == 0.
#include <assert.h>
void reach_error(void) { assert(0); }
int main() {
  long long x = 1; x <<= 32;
  for (int i = 0; i < 2; i++) { assert(x); x = x >> 40; }
  return 0;
}
