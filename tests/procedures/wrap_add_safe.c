/* A recursive add of unsigned values (k <= 10 deep): C wraps the sum, ACSL does not.
   Safe: add(x, k) is (x + k) mod 2^32, so r - x == k (ESBMC --unwind 12 with its unwinding
   assertions). The contract `\result == n + k` is false in ACSL (n = 4294967295, k = 1: 0,
   not 2^32) and true in wrapping C: a validator reading C must not confirm it. */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
unsigned int add(unsigned int n, unsigned int k) {
  if (k == 0) return n;
  return add(n, k - 1) + 1;
}
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int k = __VERIFIER_nondet_uint();
  if (k > 10) return 0;
  unsigned int r = add(x, k);
  if (r - x != k) reach_error();
  return 0;
}
