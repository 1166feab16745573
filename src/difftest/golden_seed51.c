struct S { signed char f0; unsigned long long f1; long f2; };
struct S sa1[2];
unsigned long a2[3][4];
char a3[3] = {((char)(-70)), ((char)10)};
unsigned int a4[2][4];
unsigned int g5;
unsigned int g6;
char f7(unsigned int p0, unsigned long p1) {
  return p1;
}
int main() {
  unsigned int x8;
  long long x9 = ((long long)0);
  unsigned short la10[3][2] = {{((unsigned short)8), ((unsigned short)0)}, {((unsigned short)1), ((unsigned short)3)}};
  int cnt12 = 0;
  int i;
  long n13;
  int v14;
  short n15;
  char *p11 = a3;
  x8 = __VERIFIER_nondet_uint();
  __VERIFIER_assume((x8 != ((unsigned int)14)));
  n13 = __VERIFIER_nondet_long();
  __VERIFIER_assume(0 <= n13 && n13 <= 3);
  for (i = 0; i < n13; i++) {
    if ((a3[i] <= ((char)0))) {
      cnt12 = ((int)((unsigned int)cnt12 + (unsigned int)1));
    }
  }
  __VERIFIER_assert((cnt12 <= 3));
  i = 0;
  do {
    v14 = __VERIFIER_nondet_int();
    __VERIFIER_assume((v14 >= 1));
    a3[i] = v14;
    i++;
  } while (i < 3);
  n15 = __VERIFIER_nondet_short();
  assume_abort_if_not(0 <= n15 && n15 <= 3);
  i = 0;
  do {
    __VERIFIER_assert((a3[i] > 1));
    i++;
  } while (i < n15);
  a4[(unsigned int)(f7(((long)(-3)), a3[(unsigned int)(sizeof(struct S)) % 3u])) % 2u][(unsigned int)(((int)((unsigned int)3208423394ULL))) % 4u] = sa1[(unsigned int)(n15) % 2u].f2;
  x9 = __VERIFIER_nondet_ulong();
  __VERIFIER_assume((x9 < ((long long)15)));
  a3[(unsigned int)(2147483647) % 3u] = (la10[1][0] != 0 ? (((unsigned long)a3[(!((char)012))]) / la10[1][0]) : ((unsigned long)a3[(!((char)012))]));
  g5 = __VERIFIER_nondet_uint();
  assume_abort_if_not((g5 == ((unsigned int)14)));
  return 0;
}
