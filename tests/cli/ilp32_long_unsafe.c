// expect: unsafe with --data-model ilp32, safe with lp64
// The bug needs a 32-bit `unsigned long`: the increment wraps to 0 only in ILP32. The replay
// must run the program with ILP32's widths although the machine compiles 64-bit.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "ilp32_long_unsafe.c", 3, "reach_error"); }
extern unsigned long __VERIFIER_nondet_ulong(void);
unsigned long a[4];
int main() {
  unsigned long x = __VERIFIER_nondet_ulong();
  a[2] = x + 1;
  if (x == 4294967295UL && a[2] == 0) reach_error();
  return 0;
}
