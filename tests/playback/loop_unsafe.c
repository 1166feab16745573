// A loop bug: the sum reaches 14 for n == 7 (the author thought it never could).
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "loop_unsafe.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
int main() {
  unsigned int n = __VERIFIER_nondet_uint();
  if (n > 20) return 0;
  int s = 0;
  for (unsigned int i = 0; i < n; i++) s += 2;
  if (s == 14) reach_error();
  return 0;
}
