// glibc's assert tests e != 0 on the long long itself (no conversion to int), also inside a loop.
#include <assert.h>
void reach_error(void) { assert(0); }
int main() {
  long long x = 1; x <<= 32;
  for (int i = 0; i < 2; i++) { assert(x); x = x << 1; }
  return 0;
}
