// expect: safe
// An element incremented in place by an input: t[i] + c for an unsigned char c starts at 0
// and cannot exceed 255, so the assumption t[i] > 300 always fails. Redrawing the store
// t[i] = t[i] + c would add the inputs of every rejected try.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
#define N 8
int t[N];
int main() {
  int i;
  for (i = 0; i < N; i++) {
    t[i] = t[i] + __VERIFIER_nondet_uchar();
    assume_abort_if_not(t[i] > 300);
  }
  reach_error();
  return 0;
}
