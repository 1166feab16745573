// vla_struct_unsafe: A VLA of structs: key/value pairs written and read back through a pointer alias.
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Unsafe for every N in range: the check claims t[i].v != (n-1) % 3, but t[n-1].v is (n-1) % 3.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "vla_struct_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
struct KV { int k; int v; };
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  struct KV t[n];
  struct KV *p = t;
  for (int i = 0; i < n; i++) { p[i].k = i; p[i].v = i % 3; }
  for (int i = 0; i < n; i++) __VERIFIER_assert(t[i].v != (n - 1) % 3);
  return 0;
}
