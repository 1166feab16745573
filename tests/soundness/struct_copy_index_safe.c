extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// Assignment from an array-of-structs element at a nondeterministic index: the index is
// drawn once, so both members come from the same element (all have x == y).
struct P { int x, y; };
int main(void) {
  struct P a[4] = { {1, 1}, {2, 2}, {3, 3}, {4, 4} };
  struct P s;
  s = a[__VERIFIER_nondet_int() & 3];
  if (s.x != s.y) reach_error();
  return 0;
}
