// Safe: the loop writes a[0..4] only, so a[5] keeps 7. Too many elements for a search on
// every element; the abstraction tracking a[5] has the invariant i <= 5 && a[5] == 7.
extern void abort(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); } }
int main(void) {
  int a[100000];
  int i;
  a[5] = 7;
  i = 0;
  while (i < 5) {
    a[i] = i;
    i++;
  }
  __VERIFIER_assert(a[5] == 7);
  return 0;
}
