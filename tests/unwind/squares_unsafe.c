// The sum of the first 300 squares, checked exactly: the loop has a constant bound (300), the
// sum is non-linear in the counter (no linear invariant proves it, and the loop is too long for
// k-induction up to 32), so only the complete unwinding of the original proves it.
// Truth: 0^2 + ... + 299^2 = 299 * 300 * 599 / 6 = 8955050; gcc and plain ESBMC with
// --unwind 301 (unwinding assertions on by default) agree (UNSAFE: the sum is exactly 8955050).
extern void abort(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int a[300];
int main() {
  int i, s = 0;
  for (i = 0; i < 300; i++) {
    a[i] = i * i;
  }
  for (i = 0; i < 300; i++) {
    s = s + a[i];
  }
  __VERIFIER_assert(s != 8955050);
  return 0;
}
