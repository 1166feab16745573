extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// As struct_copy_init_loop_safe.c; the by-value argument sees a[3] = {0, 5}.
struct P { int x, y; };
struct P a[4] = { {1, 1}, {2, 2}, {3, 3}, {0, 5} };
int diff(struct P p) { return p.x - p.y; }
int main(void) {
  for (int i = 0; i < 3; i++) {
    if (diff(a[__VERIFIER_nondet_int() & 3]) != 0) reach_error();
  }
  return 0;
}
