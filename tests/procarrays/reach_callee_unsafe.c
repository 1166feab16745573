extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "reach_callee_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* A procedure that writes one array and calls another that writes a second one: outer's
   summary must carry b's cell too (it reaches b through setb), or b would seem unchanged.
   outer(n) leaves a[0..n) 1 and b[0..n) 2. */
#define N 10
int a[N];
int b[N];
void setb(int n) {
  if (n <= 0) return;
  b[n - 1] = 2;
  setb(n - 1);
}
void outer(int n) {
  if (n <= 0) return;
  a[n - 1] = 1;
  setb(n);
  outer(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 1 && n <= N);
  outer(n);
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] == 1);
  __VERIFIER_assert(b[0] == 0);
  return 0;
}
