// A variable-size array read before it is written, the statement after its declaration on the
// declaration's line (no column for a waypoint there): unsafe when a[1] starts non-negative.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "vla_zero_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 2 || n > 10) return 0;
  int a[n]; a[0] = 1;
  if (a[1] >= 0 && a[0] == 1) {
    reach_error();
  }
  return 0;
}
