// glibc's failing assert: the error for the default error functions (UNSAFE), an abort with
// --error-function my_err (SAFE).
#include <assert.h>
void my_err(void) {}
int main() { int x = 1; assert(x == 2); my_err(); return 0; }
