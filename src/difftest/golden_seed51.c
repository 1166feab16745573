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
  x8 = __VERIFIER_nondet_uint();
  x9 = __VERIFIER_nondet_longlong();
  assume_abort_if_not((x9 >= ((long long)19)));
  sa1[0].f1 = (((_Bool)1) * g5);
  a2[(unsigned int)(((long long)((unsigned long long)x9 - (unsigned long long)a4[(unsigned int)(sizeof(struct S)) % 2u][3]))) % 3u][((g6 * ((long)(-3))) <= ((unsigned long long)0))] = __VERIFIER_nondet_ulong();
  a2[1][sizeof(unsigned short)] = sa1[(unsigned int)(g5) % 2u].f2;
  if (((x8 << 2) != ((char)1))) { reach_error(); abort(); }
  return 0;
}
