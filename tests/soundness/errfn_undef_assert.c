// An undefined __VERIFIER_assert (prototype only) that fails: the error by default (UNSAFE); with
// --error-function my_err its meaning is undefined, and ara refuses the program (unsupported).
extern void __VERIFIER_assert(int);
void my_err(void) {}
int main() { int x = 0; __VERIFIER_assert(x); my_err(); return 0; }
