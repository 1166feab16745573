// A malloc'd block read before it is written: unsafe when p[k] starts at 7.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "heap_read_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 10) return 0;
  int *p = malloc(n * sizeof(int));
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= n) return 0;
  if (p[k] == 7) {
    reach_error();
  }
  return 0;
}
