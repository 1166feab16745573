// expect: safe
// unwind: 32
// the Table 1 program of Armando, Benerecetti, Mantovani (TACAS 2007)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "table1_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int a[30];
int i;
int main() {
  a[1] = 9;
  i = 0;
  while (a[i] != 9) {
    a[i] = 2 * i;
    i = i + 1;
  }
  __VERIFIER_assert(i <= 1);
  return 0;
}
