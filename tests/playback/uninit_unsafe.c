// Reads an uninitialised local array: the error needs a[k] == 3, which no input sets.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() {
  int a[5];
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= 5) return 0;
  if (a[k] == 3) reach_error();
  return 0;
}
