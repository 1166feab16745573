// expect: safe
// witness: safe
// Relation_Mem (after Table 3 of Jana et al.): records with a key read from the input and
// members computed from it; a second loop checks the relation between the members, a third
// reads them through a flag array written only at some indexes.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "relation_mem.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#ifndef N
#define N 100000
#endif
struct rec {
  int key;
  int lo;
  int hi;
};
struct rec r[N];
int mark[N];
int main() {
  int i;
  for (i = 0; i < N; i++) {
    int k = __VERIFIER_nondet_int();
    if (k < -1000 || k > 1000) {
      k = 0;
    }
    r[i].key = k;
    r[i].lo = k - 1;
    r[i].hi = k + 1;
  }
  for (i = 0; i < N; i++) {
    if (r[i].key > 0) {
      mark[i] = 1;
    }
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(r[i].lo < r[i].key && r[i].key < r[i].hi);
    __VERIFIER_assert(r[i].hi - r[i].lo == 2);
    if (mark[i] == 1) {
      __VERIFIER_assert(r[i].lo >= 0);
    }
  }
  return 0;
}
