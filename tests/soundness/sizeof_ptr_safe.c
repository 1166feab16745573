// sizeof of pointer expressions is never an array's size; sizeof of a real array is: SAFE
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
// under both data models.
int main() {
  int a[4]; int x; int *p = a; int *q = &x;
  if (sizeof(p) == 16 || sizeof(q) != sizeof(int *) || sizeof(&x) != sizeof(p)) reach_error();
  if (sizeof(p + 1) != sizeof(int *) || sizeof(a + 1) != sizeof(int *) || sizeof(*p) != 4) reach_error();
  if (sizeof(a) != 16 || sizeof a != 16 || sizeof(0, a) != sizeof(int *) || sizeof(q[0]) != 4) reach_error();
  return 0;
}
