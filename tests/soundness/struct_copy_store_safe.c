extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// A store of a struct into an array element at a nondeterministic index: one element
// receives both members (every element keeps x == y).
struct P { int x, y; };
int main(void) {
  struct P b[4] = { 0 };
  struct P s = { 5, 5 };
  b[__VERIFIER_nondet_int() & 3] = s;
  b[__VERIFIER_nondet_int() & 3] = b[__VERIFIER_nondet_int() & 3];
  for (int k = 0; k < 4; k++)
    if (b[k].x != b[k].y) reach_error();
  return 0;
}
