extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// As struct_copy_store_safe.c: some element gets s, and its x is 5.
struct P { int x, y; };
int main(void) {
  struct P b[4] = { 0 };
  struct P s = { 5, 5 };
  b[__VERIFIER_nondet_int() & 3] = s;
  int found = 0;
  for (int k = 0; k < 4; k++)
    if (b[k].x == 5 && b[k].y == 5) found = 1;
  if (found) reach_error();
  return 0;
}
