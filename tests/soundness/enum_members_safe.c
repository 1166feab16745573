extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "enum_members.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
enum dir { L = -1, S, R };
struct P { enum dir d; int v; };
int sgn(enum dir d) { return d < 0 ? -1 : d > 0; }
enum dir flip(enum dir d) { return -d; }
int main() {
  struct P p = { L, 3 };
  enum dir ds[2] = { R, L };
  int r = sgn(p.d) + sgn(flip(ds[0])) * 10 + (ds[1] >> 1) * 100;
  /* -1 + -10 + -100 = -111 */
  if (r != -111) reach_error();
  return 0;
}
