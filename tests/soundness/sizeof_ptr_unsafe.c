// The pointers' sizes are the same under both models; the conditions hold: UNSAFE.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
int main() {
  int a[4]; int x; int *p = a; int *q = &x;
  if (sizeof(p) == sizeof(int *) && sizeof(q) == sizeof(&x) && sizeof(*q) == 4 && sizeof(a + 1) < sizeof(a)) reach_error();
  return 0;
}
