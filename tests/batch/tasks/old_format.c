extern void __VERIFIER_error(void);
extern int __VERIFIER_nondet_int(void);
int a[5];
int main() {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 5) return 0;
  a[i] = 3;
  if (a[i] != 3) __VERIFIER_error();
  return 0;
}
