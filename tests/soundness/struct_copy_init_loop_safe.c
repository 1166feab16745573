extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// A struct-valued initialiser at a nondeterministic index in a loop body and in a helper;
// by-value arguments and the copy's own index read (s = a[s.x]) evaluated once.
struct P { int x, y; };
struct P a[4] = { {1, 1}, {2, 2}, {3, 3}, {0, 0} };
int diff(struct P p) { return p.x - p.y; }
int pick(void) { struct P q = a[__VERIFIER_nondet_int() & 3]; return q.x - q.y; }
int main(void) {
  for (int i = 0; i < 3; i++) {
    struct P s = a[__VERIFIER_nondet_int() & 3];
    if (s.x != s.y) reach_error();
    if (diff(a[__VERIFIER_nondet_int() & 3]) != 0) reach_error();
    if (pick() != 0) reach_error();
  }
  struct P b[4] = { {1, 2}, {2, 9}, {0, 0}, {0, 0} };
  struct P t = { 0, 0 };
  t = b[t.x];
  if (t.x != 1 || t.y != 2) reach_error();
  return 0;
}
