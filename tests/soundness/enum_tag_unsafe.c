extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "enum_tag.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
/* An enum with a negative enumerator is `int` wherever its tag is used (gcc): `d` is -1,
   not 4294967295. */
enum dir { LEFT = -1, STAY, RIGHT };
int a[5];
int main() {
  enum dir d = LEFT;
  int x = __VERIFIER_nondet_int();
  if (x > 0) d = RIGHT;
  int pos = 2;
  for (int i = 0; i < 2; i++) { pos += d; a[pos] = i + 1; }
  if (d < 0 && x <= 0) reach_error();
  return 0;
}
