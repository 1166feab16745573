// expect: unsafe
// unwind: 18
// array of structs searched by key; the found record's value is claimed positive
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "struct_search_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 16
struct Rec {
  int key;
  int val;
};
struct Rec r[N];
int main() {
  int i;
  int found = -1;
  int k = __VERIFIER_nondet_int();
  for (i = 0; i < N; i++) {
    r[i].key = i * 3;
    r[i].val = 10 - i;
  }
  for (i = 0; i < N; i++) {
    if (r[i].key == k) {
      found = i;
    }
  }
  if (found >= 0) {
    __VERIFIER_assert(r[found].val > 0);
  }
  return 0;
}
