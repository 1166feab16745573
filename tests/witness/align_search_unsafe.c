// expect: unsafe
// Unsafe twin of align_search_safe.c: the mark is set before the key test.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "t.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 100000
struct rec { int key; int seen; };
struct rec s[N];
int main() {
  int i;
  for (i = 0; i < N; i++) s[i].key = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  for (i = 0; i < N; i++) {
    s[i].seen = 1;
    if (s[i].key == x) break;
  }
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= k && k < N);
  if (s[k].seen == 1) __VERIFIER_assert(s[k].key != x);
  return 0;
}
