extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// As desig_nested_safe.c: 8 initialises t.v[2], so t.w is 0.
struct T { int v[3]; int w; };
int main(void) {
  if (__VERIFIER_nondet_int()) {
    struct T t = { .v[1] = 7, 8 };
    if (t.v[2] == 8 && t.w == 0) reach_error();
  }
  return 0;
}
