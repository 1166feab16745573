// expect: safe
// unwind: 52
// linear search for a nondet key; when found, the element equals the key
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "find_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 50
int a[N];
int main() {
  int i;
  int key = __VERIFIER_nondet_int();
  int pos = -1;
  for (i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  for (i = 0; i < N; i++) {
    if (a[i] == key) {
      pos = i;
      break;
    }
  }
  if (pos != -1) {
    __VERIFIER_assert(a[pos] == key);
  }
  return 0;
}
