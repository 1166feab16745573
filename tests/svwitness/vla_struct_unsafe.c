// A variable-size array of structs (split into one array per field by ara's front end), one
// field written, the other read before it is written: unsafe when s[n-1].q starts at p + 1.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "vla_struct_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
struct pair { int p; int q; };
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 5) return 0;
  struct pair s[n];
  s[0].p = 3;
  if (s[n - 1].q == s[0].p + 1) {
    reach_error();
  }
  return 0;
}
