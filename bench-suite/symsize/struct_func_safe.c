// struct_func_safe: A calloc'd array of structs of nondet size passed to functions that set and update it.
// Size N nondet, N <= 1000. Written for ara (issue 12); gen.py writes it.
// Safe for every N: open_all sets every id to i + 1 and credit adds v >= 0 to one calloc'd (zero) balance.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "struct_func_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
struct Acc { int id; int bal; };
void open_all(struct Acc *as, int n) { for (int i = 0; i < n; i++) as[i].id = i + 1; }
void credit(struct Acc as[], int k, int v) { as[k].bal = as[k].bal + v; }
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  struct Acc *as = calloc(n, sizeof(struct Acc));
  open_all(as, n);
  int k = __VERIFIER_nondet_int();
  int v = __VERIFIER_nondet_int();
  assume_abort_if_not(k >= 0 && k < n && v >= 0 && v <= 100);
  credit(as, k, v);
  for (int i = 0; i < n; i++) __VERIFIER_assert(as[i].id == i + 1 && as[i].bal >= 0);
  free(as);
  return 0;
}
