extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// As desig_row_safe.c: 6 is in m[0][2], not m[1][0].
int main(void) {
  int m[2][3] = { [0][1] = 5, 6 };
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 5) return 0;
  if (m[k / 3][k % 3] == 6) reach_error();
  return 0;
}
