// struct_heap_safe: An array of structs of nondet size (calloc); one field twice the other.
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Safe for every N: every element gets x = i and y = 2 * i (no overflow at this size).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "struct_heap_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
struct P { int x; int y; };
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  struct P *ps = calloc(n, sizeof(struct P));
  for (int i = 0; i < n; i++) { ps[i].x = i; ps[i].y = 2 * i; }
  for (int i = 0; i < n; i++) __VERIFIER_assert(ps[i].y == 2 * ps[i].x);
  return 0;
}
