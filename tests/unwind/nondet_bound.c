// The same sum up to a nondet bound n <= 300: no constant bound, so no complete unwinding.
// Safe: s is the sum of the first n squares, at most 8955050.
extern void abort(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
extern int __VERIFIER_nondet_int(void);
int main() {
  int i, s = 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 300) return 0;
  for (i = 0; i < n; i++) {
    s = s + i * i;
  }
  __VERIFIER_assert(s <= 8955050);
  return 0;
}
