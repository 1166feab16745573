/* reach_error defined with a body that only aborts: SV-COMP's reading (and ara's) makes its
   call the error; ESBMC 8.4 passes such a call by (VERIFICATION SUCCESSFUL). Unsafe: fib(6)
   is 8, and the run calls reach_error (gcc: exit by abort). */
extern void abort(void);
void reach_error() { abort(); }
int fib(int n) { if (n < 2) return n; return fib(n - 1) + fib(n - 2); }
int main(void) { if (fib(6) != 9) reach_error(); return 0; }
