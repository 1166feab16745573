extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sv_struct_array.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void assume_abort_if_not(int cond) { if(!cond) {abort();} }

#define N 50
struct point { int x; int y; };
struct point pts[N];

int sum_x(struct point p[], unsigned int n) {
  int s = 0;
  unsigned int k;
  for (k = 0; k < n; k++)
    s += p[k].x;
  return s;
}

int main() {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n <= N);
  for (unsigned int i = 0; i < n; i++) {
    pts[i].x = 1;
    pts[i].y = __VERIFIER_nondet_int();
  }
  int s = sum_x(pts, n);
  __VERIFIER_assert(s == (int) n);
  return 0;
}
