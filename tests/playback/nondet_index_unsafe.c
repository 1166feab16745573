extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nondet_index_unsafe.c", 2, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern long __VERIFIER_nondet_long(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: {reach_error();} } }
int main() {
  int a[10];
  unsigned char c = __VERIFIER_nondet_uchar();
  long l = __VERIFIER_nondet_long();
  for (int i = 0; i < 10; i++) a[i] = i;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= 10) return 0;
  if (c == 200 && l == -7000000000L)
    __VERIFIER_assert(a[k] != 7);
  return 0;
}
