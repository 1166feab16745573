extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// C11 6.7.9: after a designator the next positional value initialises the next subobject
// (m[0][2]); brace elision in a nested array; a designator jumping back.
int g[2][3] = { [0][1] = 5, 6 };
int main(void) {
  int m[2][3] = { [0][1] = 5, 6 };
  int e[2][2] = { 1, 2, 3 };
  int c[3] = { [2] = 1, [0] = 2, 3 };
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 5) return 0;
  int want[6] = { 0, 5, 6, 0, 0, 0 };
  if (m[k / 3][k % 3] != want[k] || g[k / 3][k % 3] != want[k]) reach_error();
  if (e[1][0] != 3 || e[1][1] != 0) reach_error();
  if (c[0] != 2 || c[1] != 3 || c[2] != 1) reach_error();
  return 0;
}
