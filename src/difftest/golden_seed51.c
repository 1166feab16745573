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
  unsigned int cnt12 = ((unsigned int)0);
  int i;
  long n13;
  int n14;
  char *p11 = a3;
  x8 = __VERIFIER_nondet_uint();
  __VERIFIER_assume((x8 != ((unsigned int)14)));
  n13 = __VERIFIER_nondet_long();
  assume_abort_if_not(0 <= n13 && n13 <= 3);
  for (i = 0; i < n13; i++) {
    if ((!(((long)((unsigned long)n13 - (unsigned long)a4[0][(i + 1)])) > (((long)((unsigned long)n13 * (unsigned long)((long)(-3)))) <= (i > 0 ? (la10[i][(unsigned int)(i) % 2u] / i) : la10[i][(unsigned int)(i) % 2u]))))) continue;
    if ((a3[i] < ((char)17))) {
      cnt12 += 1;
    }
  }
  __VERIFIER_assert((cnt12 <= 3));
  if ((((sa1[0].f0 + g5) == 10) && ((la10[1][(unsigned int)(((unsigned long)a3[(!((char)012))])) % 2u] & 5) < a4[(sa1[(((-2146701847) + ((char)0b1)) > (!sa1[0].f2))].f1 != 0 ? (1 / sa1[(((-2146701847) + ((char)0b1)) > (!sa1[0].f2))].f1) : 1)][(unsigned int)((a4[(unsigned int)((4 + 0)) % 2u][2] + ((char)5))) % 4u]))) {
    g6 = __VERIFIER_nondet_int();
    g5 = g5;
  }
  n14 = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= n14 && n14 <= 4);
  for (i = 0; i < n14; i++) {
    la10[(unsigned int)(i) % 3u][(unsigned int)(g6) % 2u] = a2[(unsigned int)((2 - i)) % 3u][(unsigned int)((i + 1)) % 4u];
    if ((a4[(unsigned int)(i) % 2u][(unsigned int)((i - 1)) % 4u] >= ((long)2))) {
      g5 += ((a2[0][i] | i) >= ((-2147483647) + g6));
      a2[2][1] = (3 != ((_Bool)1));
    }
  }
  i = 0;
  while (i < 1) {
    a4[i][2] = a3[(unsigned int)(((unsigned int)g6)) % 3u];
    if ((((((((unsigned char)10) != ((unsigned short)1)) * n14) < ((signed char)9)) ? (la10[(i + 1)][(unsigned int)(f7(sa1[(unsigned int)(a3[i]) % 2u].f2, ((long)0))) % 2u] >> 8) : (((_Bool)1) | la10[(unsigned int)((i - 1)) % 3u][(unsigned int)(la10[i][(unsigned int)(a3[i]) % 2u]) % 2u])) > ((unsigned long long)0))) {
      a2[i][(unsigned int)((i - 1)) % 4u] = (a2[i][(unsigned int)((i - 1)) % 4u] << ('\x80' & 63));
      sa1[i].f0 = a4[i][(unsigned int)((i - 1)) % 4u];
    }
    i++;
  }
  a3[(unsigned int)(0XD21577FD2FF2E03Bul) % 3u] = ((int)((unsigned int)(a3[2] / 6) << (((unsigned int)4294967294ULL) % 2)));
  sa1[(unsigned int)((a4[((a4[(unsigned int)(((int)g5)) % 2u][0] != 0 ? (g6 / a4[(unsigned int)(((int)g5)) % 2u][0]) : g6) != ((unsigned long)0))][(unsigned int)((x9 % 5)) % 4u] + 4)) % 2u].f2 = (((_Bool)6) > 0 ? (sa1[(unsigned int)((a4[((a4[(unsigned int)(((int)g5)) % 2u][0] != 0 ? (g6 / a4[(unsigned int)(((int)g5)) % 2u][0]) : g6) != ((unsigned long)0))][(unsigned int)((x9 % 5)) % 4u] + 4)) % 2u].f2 / ((_Bool)6)) : sa1[(unsigned int)((a4[((a4[(unsigned int)(((int)g5)) % 2u][0] != 0 ? (g6 / a4[(unsigned int)(((int)g5)) % 2u][0]) : g6) != ((unsigned long)0))][(unsigned int)((x9 % 5)) % 4u] + 4)) % 2u].f2);
  x9 = __VERIFIER_nondet_long();
  return 0;
}
