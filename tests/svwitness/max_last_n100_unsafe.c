// expect: unsafe
// The maximum of 100 nondet elements skips the last one: the bug needs a[N-1] above all the
// others, which random values almost never give and an extreme value at input N-1 does.
// (tests/cli/max_last_unsafe.c at N = 100: the witness test of tests/svwitness.rs in the suite;
// N = 10000 is its benchmark, scripts/bench-sorts. Truth: plain ESBMC `--unwind 101` fails.)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "max_last_n100_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
#define N 100
int a[N];
int main() {
  int i;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  int m = a[0];
  for (i = 1; i < N - 1; i++)
    if (a[i] > m) m = a[i];
  for (i = 0; i < N; i++) __VERIFIER_assert(a[i] <= m);
  return 0;
}
