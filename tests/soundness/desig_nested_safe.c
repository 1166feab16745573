extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// Nested designators (.v[1] then the next element), arrays of structs ([1].x, then y and the
// next element), in a loop body and in a helper.
struct T { int v[3]; int w; };
struct P { int x, y; };
int helper(void) {
  struct P e[3] = { [1].x = 3, 9, 10 };
  return e[1].y * 100 + e[2].x * 10 + e[2].y + e[0].x;
}
int main(void) {
  for (int i = 0; i < 2; i++) {
    struct T t = { .v[1] = 7, 8 };
    if (t.v[0] != 0 || t.v[1] != 7 || t.v[2] != 8 || t.w != 0) reach_error();
    struct T u = { .v[2] = 1, 2, .v = { 4 } };
    if (u.w != 2 || u.v[0] != 4 || u.v[2] != 0) reach_error();
  }
  if (helper() != 1000) reach_error();
  return 0;
}
