extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// struct S s = t; in a nested block, a loop body and an inlined function: the copy of the
// array members (also in a nested struct) is not overwritten by default zeros.
struct S { int v[3]; int n; };
struct O { struct S in; int w[2]; };
int get(struct S t) { struct S u = t; return u.v[1]; }
int main(void) {
  struct S t = { { 1, 4, 9 }, 3 };
  struct O o = { { { 2, 5, 7 }, 1 }, { 6, 8 } };
  if (__VERIFIER_nondet_int()) {
    struct S s = t;
    if (s.v[1] != 4 || s.n != 3) reach_error();
  }
  for (int i = 0; i < 2; i++) {
    struct O p = o;
    if (p.in.v[2] != 7 || p.w[1] != 8) reach_error();
    struct S q = o.in;
    if (q.v[0] != 2) reach_error();
  }
  if (get(t) != 4) reach_error();
  return 0;
}
