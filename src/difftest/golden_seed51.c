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
  char mx12;
  unsigned char i;
  long v13;
  unsigned long n14;
  unsigned short b15[3];
  unsigned int cnt16 = ((unsigned int)0);
  char *p11 = a3;
  x8 = __VERIFIER_nondet_uint();
  __VERIFIER_assume((x8 != ((unsigned int)14)));
  mx12 = a3[0];
  for (i = 0; i < 3; i++) {
    if ((a3[i] > mx12)) {
      mx12 = a3[i];
    }
  }
  i = 0;
  do {
    __VERIFIER_assert((a3[i] <= mx12));
    i++;
  } while (i < 3);
  n14 = __VERIFIER_nondet_ulong();
  i = 0;
  do {
    v13 = __VERIFIER_nondet_long();
    __VERIFIER_assume((v13 <= 1));
    a3[i] = v13;
    i++;
  } while (i < n14 && i < 3);
  i = 0;
  while (i < 3) {
    __VERIFIER_assert((a3[i] <= 1));
    i++;
  }
  i = 0;
  while (i < 3) {
    if (((la10[(unsigned int)((i - 1)) % 3u][(unsigned int)((-(-3))) % 2u] & a4[(unsigned int)(i) % 2u][(3 - i)]) < ((long long)0))) { i++; continue; }
    if ((b15[i] <= ((unsigned short)65535))) {
      cnt16 += 1;
    }
    i++;
  }
  __VERIFIER_assert((cnt16 < 3));
  return 0;
}
