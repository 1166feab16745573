extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// String literals for char arrays in an initialiser list, with a designator, braced, and
// as a struct member; the rest is zero.
struct N { char s[4]; int k; };
int main(void) {
  char g[2][4] = { "ab", [1] = "xyz" };
  char h[5] = { "hi" };
  struct N n = { "q", 7 };
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 3) return 0;
  char w1[4] = { 'x', 'y', 'z', 0 };
  char wh[4] = { 'h', 'i', 0, 0 };
  if (g[0][2] != 0 || g[1][i] != w1[i] || h[i] != wh[i] || h[4] != 0) reach_error();
  if (n.s[0] != 'q' || n.s[1] != 0 || n.k != 7) reach_error();
  return 0;
}
