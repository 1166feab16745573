/* __VERIFIER_assert only declared: SV-COMP's reading (and ara's) makes a false argument the
   error; ESBMC 8.4 ignores the call and says VERIFICATION SUCCESSFUL. Unsafe: fib(6) is 8. */
extern void __VERIFIER_assert(int);
int fib(int n) { if (n < 2) return n; return fib(n - 1) + fib(n - 2); }
int main(void) { __VERIFIER_assert(fib(6) == 9); return 0; }
