extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// As desig_override_safe.c: a[0].x is 0 after the second braced list.
struct P { int x, y; };
int main(void) {
  struct P a[2] = { [0] = { 1, 2 }, [0] = { .y = 5 } };
  if (a[0].x == 0) reach_error();
  return 0;
}
