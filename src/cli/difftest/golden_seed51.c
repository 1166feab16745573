struct S { signed char f0; unsigned long long f1; long f2; };
struct S sa1[2];
unsigned long a2[3][4];
char a3[3] = {((char)(-70)), ((char)10)};
unsigned int a4[2][4];
unsigned int g5;
unsigned int g6;
int r12(int p0);
char f7(unsigned int p0, unsigned long p1) {
  return p1;
}
int r12(int p0) {
  return ((p0 <= 0) ? 4 : ((int)((unsigned int)r12(((int)((unsigned int)p0 - (unsigned int)1))) + (unsigned int)3)));
}
int main() {
  char x8;
  unsigned int x9;
  unsigned short la10[3][2] = {{((unsigned short)8), ((unsigned short)0)}, {((unsigned short)1), ((unsigned short)3)}};
  int x13;
  int y14;
  int i;
  short n15;
  int b16[4] = {0};
  char *p11 = a3;
  x8 = __VERIFIER_nondet_char();
  __VERIFIER_assume((x8 != ((char)14)));
  x13 = __VERIFIER_nondet_int();
  __VERIFIER_assume(((x13 >= 0) && (x13 <= 3)));
  y14 = r12(x13);
  __VERIFIER_assert((y14 == ((int)((unsigned int)4 + (unsigned int)((int)((unsigned int)3 * (unsigned int)x13))))));
  x8 = 0x2;
  n15 = __VERIFIER_nondet_short();
  assume_abort_if_not(0 <= n15 && n15 <= 4);
  i = 0;
  do {
    g6 = (g6 >> (n15 & 31));
    a3[(unsigned int)(i) % 3u] *= (!((unsigned long)2787549237260252153ULL));
    i++;
  } while (i < n15);
  i = 0;
  while (i < 4) {
    b16[i] = i;
    i++;
  }
  x8 = ((int)(a3[2] + la10[1][(unsigned int)(((unsigned long)la10[(!((char)012))][(unsigned int)(a2[1][0]) % 2u])) % 2u]));
  g5 = __VERIFIER_nondet_uint();
  assume_abort_if_not((g5 == ((unsigned int)14)));
  for (i = 0; i < 4; i++) {
    __VERIFIER_assert((b16[i] == ((int)i)));
  }
  return 0;
}
