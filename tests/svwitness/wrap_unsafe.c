// expect: unsafe, with x = 7 (line 8)
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  int a[4] = {0, 0, 0, 0};
  int x = __VERIFIER_nondet_int();
  if (x == 7 && a[1] == 0) reach_error();
  return 0;
}
