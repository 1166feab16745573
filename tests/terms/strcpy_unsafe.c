// String copy between malloc'd buffers of nondet size n: src[n - 1] = 0 ends the copy
// inside the buffers; i != n - 1 fails when src has no earlier 0 (n = 1 always).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "t.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
void __VERIFIER_assert(int cond) {
  if (!cond) {
  ERROR: { reach_error(); abort(); }
  }
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000000) return 0;
  char *src = malloc(n);
  char *dst = malloc(n);
  for (int j = 0; j < n - 1; j++) src[j] = __VERIFIER_nondet_char();
  src[n - 1] = 0;
  int i = 0;
  while (src[i] != 0) {
    dst[i] = src[i];
    i++;
  }
  dst[i] = 0;
  __VERIFIER_assert(i != n - 1);
  return 0;
}
