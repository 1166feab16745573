extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// As struct_copy_index_safe.c with one element whose members differ.
struct P { int x, y; };
int main(void) {
  struct P a[4] = { {1, 1}, {2, 2}, {3, 30}, {4, 4} };
  struct P s;
  s = a[__VERIFIER_nondet_int() & 3];
  if (s.x != s.y) reach_error();
  return 0;
}
