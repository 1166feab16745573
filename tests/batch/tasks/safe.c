extern void abort(void);
void reach_error() { abort(); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int a[4];
int main() {
  int x = __VERIFIER_nondet_int();
  a[1] = x;
  a[2] = x + 1;
  __VERIFIER_assert(a[2] != a[1]);
  return 0;
}
