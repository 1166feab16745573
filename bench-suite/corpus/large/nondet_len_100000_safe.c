// expect: safe
// a prefix of nondet length n <= 100000 is set to its index and checked
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nondet_len_100000_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
#define N 100000
int a[N];
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(0 < n && n <= N);
  int i;
  for (i = 0; i < n; i++) a[i] = i;
  for (i = 0; i < n; i++) __VERIFIER_assert(a[i] == i);
  return 0;
}
