extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// As struct_copy_member_array_safe.c; the copy in the loop body holds w[1] == 8.
struct S { int v[3]; int n; };
struct O { struct S in; int w[2]; };
int main(void) {
  struct O o = { { { 2, 5, 7 }, 1 }, { 6, 8 } };
  for (int i = 0; i < 2; i++) {
    struct O p = o;
    if (p.w[1] == 8) reach_error();
  }
  return 0;
}
