extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "many_inputs.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
// 20,000 inputs: a and b of 10,000 elements each (many_inputs.c: 200,000).
int a[10000], b[10000], c[10000];
int main(void) {
  for (int i = 0; i < 10000; i++) { a[i] = __VERIFIER_nondet_int(); b[i] = __VERIFIER_nondet_int(); }
  for (int i = 0; i < 10000; i++) c[i] = a[i] + b[i];
  if (c[9999] == 7) reach_error();
  return 0;
}
