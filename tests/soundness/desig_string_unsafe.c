extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// As desig_string_safe.c: g[1] is "xyz".
int main(void) {
  char g[2][4] = { "ab", [1] = "xyz" };
  if (g[1][2] == 'z') reach_error();
  return 0;
}
