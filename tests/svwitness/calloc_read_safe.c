// A calloc'd block is zero: safe (the twin of heap_read_unsafe.c, line for line).
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "calloc_read_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *calloc(unsigned long, unsigned long);
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 10) return 0;
  int *p = calloc(n, sizeof(int));
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= n) return 0;
  if (p[k] == 7) {
    reach_error();
  }
  return 0;
}
