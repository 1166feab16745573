// Safe: s is twice i at the loop head, and i ends at n (n <= 1000, no wrap-around).
// A correctness witness needs s == 2 * i && i <= n at the loop (line 11).
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); } }
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int i = 0, s = 0;
  if (n > 1000) return 0;
  while (i < n) {
    i = i + 1;
    s = s + 2;
  }
  __VERIFIER_assert(s == 2 * n);
  return 0;
}
