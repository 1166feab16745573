// expect: safe
// witness: safe
// Nested_Struct (after Table 3 of Jana et al.): an array of structs with a struct member;
// fields of the inner struct are set from the index and related in a second loop.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested_struct.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#ifndef N
#define N 100000
#endif
struct point {
  int x;
  int y;
};
struct segment {
  struct point from;
  struct point to;
  int len;
};
struct segment s[N];
int main() {
  int i;
  for (i = 0; i < N; i++) {
    s[i].from.x = i;
    s[i].from.y = 2 * i;
    s[i].to.x = s[i].from.x + 3;
    s[i].to.y = s[i].from.y + 4;
    s[i].len = (s[i].to.x - s[i].from.x) + (s[i].to.y - s[i].from.y);
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(s[i].len == 7);
    __VERIFIER_assert(s[i].to.y - s[i].to.x == s[i].from.y - s[i].from.x + 1);
  }
  return 0;
}
