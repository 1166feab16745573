extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "firstiter.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int b[5];
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < 5; i++) {
    b[i] = n + i;
    if (b[i] > 10) reach_error();
  }
  return 0;
}
