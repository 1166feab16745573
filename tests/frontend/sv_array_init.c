extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sv_array_init.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define SIZE 100000

int main( ) {
  int a[SIZE];
  int i;
  for (i = 0; i < SIZE; i++) {
    a[i] = 42;
  }
  for (i = 0; i < SIZE; i++) {
    __VERIFIER_assert(a[i] == 42);
  }
  return 0;
}
