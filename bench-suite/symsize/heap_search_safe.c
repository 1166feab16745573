// heap_search_safe: A linear search for a nondet key in a heap array; the found position holds it.
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Safe for every N: pos is set only at an index where a[pos] == key.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "heap_search_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  int *a = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  int key = __VERIFIER_nondet_int();
  int pos = -1;
  for (int i = 0; i < n; i++) { if (a[i] == key) { pos = i; break; } }
  if (pos >= 0) __VERIFIER_assert(a[pos] == key);
  return 0;
}
