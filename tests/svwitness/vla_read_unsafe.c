// A variable-size array read before it is written: unsafe when a[1] starts at 42.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "vla_read_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 2 || n > 10) return 0;
  int a[n];
  a[0] = 1;
  if (a[1] == 42 && a[0] == 1) {
    reach_error();
  }
  return 0;
}
