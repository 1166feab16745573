extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// Overriding: a later braced list re-initialises the whole element (x becomes 0); a later
// scalar overrides one member only (y keeps 4).
struct P { int x, y; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  struct P a[2] = { [0] = { 1, 2 }, [0] = { .y = 5 } };
  struct P b[2] = { [0].x = 1, [0].y = 4, [0] = 2 };
  int c[3] = { 1, 2, 3, [1] = n };
  if (a[0].x != 0 || a[0].y != 5) reach_error();
  if (b[0].x != 2 || b[0].y != 4) reach_error();
  if (c[1] != n || c[2] != 3) reach_error();
  return 0;
}
