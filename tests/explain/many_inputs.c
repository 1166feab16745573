extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "many_inputs.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
// 200,000 inputs: a and b of 100,000 elements each.
int a[100000], b[100000], c[100000];
int main(void) {
  for (int i = 0; i < 100000; i++) { a[i] = __VERIFIER_nondet_int(); b[i] = __VERIFIER_nondet_int(); }
  for (int i = 0; i < 100000; i++) c[i] = a[i] + b[i];
  if (c[99999] == 7) reach_error();
  return 0;
}
