// A differential-tester program (reduced): UNSAFE (c10[0] == 0, (unsigned char) a2[0] == 162).
// ESBMC 8.4 proved its first abstraction safe by k-induction's inductive step (k = 2): a wrong
// proof, so ara no longer trusts that step.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "gen.c", 3, "reach_error"); }
extern _Bool __VERIFIER_nondet_bool(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
long a1[5];
int a2[5] = {1867333282, 8, 10};
unsigned char a3[5];
unsigned int f4(char p0, unsigned int p1) {
  p1 = ((((int)a3[1]) >= 2) ? (((sizeof(unsigned int) < ((long)8)) && ((((unsigned int)1) + p0) >= (p0 & a1[(unsigned int)((((!((9 << 9) >= a1[3])) <= ((long)((unsigned long)a1[(unsigned int)(a3[(unsigned int)((p0 | a2[((a3[3] - p0) > ((a2[1] | 2) != ((unsigned int)386519156)))])) % 5u]) % 5u] - (unsigned long)a1[(unsigned int)((-9)) % 5u]))) ? a1[3] : a3[((((long)9) >= ((_Bool)1)) == ((unsigned char)254))])) % 5u]))) ? ((char)4) : a2[(unsigned int)(((int)p0)) % 5u]) : 9);
  p0 = a1[((char)4)];
  return (a1[(unsigned int)((a3[(a3[1] != (-2))] * a3[(unsigned int)((((_Bool)1) | p0)) % 5u])) % 5u] >= 8);
}
int main() {
  long x5 = ((long)(-2));
  _Bool x6 = ((_Bool)1);
  int la7[3];
  int i;
  int c8[5] = {0};
  short n9;
  unsigned char c10[5] = {((unsigned char)0)};
  long n11;
  for (i = 0; i < 0; i++) {
    if ((x5 < x6)) break;
    x6 = __VERIFIER_nondet_bool();
  }
  i = 0;
  while (i < 5) {
    i++;
  }
  for (i = 0; i < 5; i++) {
    __VERIFIER_assert((c10[i] == ((unsigned char)a2[i])));
  }
  return 0;
}
