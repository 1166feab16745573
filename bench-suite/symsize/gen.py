#!/usr/bin/env python3
"""Writes the symsize tasks (arrays whose size is a nondet value): `<family>_<safe|unsafe>.c`
and `.yml`. `--bound K` writes the small variants (N <= K) used to establish the expected
verdicts with plain ESBMC into a directory given as second argument (see README.md)."""
import os, sys

HEAD = """extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "%(file)s", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
"""

# family -> (comment, body with {BUG} placeholders: (safe text, unsafe text))
FAMILIES = {
"vla_init": ("A VLA of nondet size filled with its indexes, then every element checked.",
"""int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= MAXN);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = i;
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] {0});
  return 0;
}""", ("== i", "!= n - 1")),
"heap_fill_sum": ("A malloc'd array of nondet size filled with 1, summed.",
"""int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= MAXN);
  int *a = (int *) malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) a[i] = 1;
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  __VERIFIER_assert(s {0});
  free(a);
  return 0;
}""", ("== n", "< 3")),
"heap_copy": ("Nondet contents copied into a second heap array, then compared element-wise.",
"""int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= MAXN);
  int *a = malloc(n * sizeof(int));
  int *b = malloc(n * sizeof(*b));
  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) b[i] = a[i]{0};
  for (int i = 0; i < n; i++) __VERIFIER_assert(b[i] == a[i]);
  free(a); free(b);
  return 0;
}""", ("", " + (i == n / 2)")),
"heap_search": ("A linear search for a nondet key in a heap array; the found position holds it.",
"""int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= MAXN);
  int *a = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  int key = __VERIFIER_nondet_int();
  int pos = -1;
  for (int i = 0; i < n; i++) { if (a[i] == key) { pos = i; break; } }
  if (pos >= 0) __VERIFIER_assert(a[pos] {0});
  return 0;
}""", ("== key", "!= key")),
"calloc_zero": ("calloc'd memory is zero (safe); malloc'd memory is not (unsafe).",
"""int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= MAXN);
  int *a = {0};
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(k >= 0 && k < n);
  __VERIFIER_assert(a[k] == 0);
  return 0;
}""", ("calloc(n, sizeof(int))", "malloc(n * sizeof(int))")),
"func_param": ("A heap array passed to functions as `int *a` and `int a[]` with its size.",
"""void init(int *a, int n, int v) { for (int i = 0; i < n; i++) a[i] = v; }
int all_equal(int a[], int n, int v) {
  for (int i = 0; i < n; i++) if (a[i] != v) return 0;
  return 1;
}
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= MAXN);
  int *a = malloc(sizeof(int) * n);
  init(a, n, 7);
  {0}
  __VERIFIER_assert(all_equal(a, n, 7));
  return 0;
}""", ("", "a[n - 1] = 8;")),
"vla2d": ("A two-dimensional VLA filled with i + j; every element bounded.",
"""int main() {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= MAXN && m > 0 && m <= MAXN);
  int a[n][m];
  for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) a[i][j] = i + j;
  for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) __VERIFIER_assert(a[i][j] {0});
  return 0;
}""", ("<= n + m - 2", "< n + m - 2")),
"struct_heap": ("An array of structs of nondet size (calloc); one field twice the other.",
"""struct P { int x; int y; };
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= MAXN);
  struct P *ps = calloc(n, sizeof(struct P));
  for (int i = 0; i < n; i++) { ps[i].x = i; ps[i].y = 2 * i{0}; }
  for (int i = 0; i < n; i++) __VERIFIER_assert(ps[i].y == 2 * ps[i].x);
  return 0;
}""", ("", " + (i == n - 1)")),
"vla_struct": ("A VLA of structs: key/value pairs written and read back through a pointer alias.",
"""struct KV { int k; int v; };
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= MAXN);
  struct KV t[n];
  struct KV *p = t;
  for (int i = 0; i < n; i++) { p[i].k = i; p[i].v = i % 3; }
  for (int i = 0; i < n; i++) __VERIFIER_assert(t[i].v {0});
  return 0;
}""", ("< 3", "< 2")),
"heap_max": ("The maximum of a heap array of nondet values bounds every element.",
"""int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= MAXN);
  int *a = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  int max = a[0];
  for (int i = 1; i < n; i++) if (a[i] > max) max = a[i];
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] {0} max);
  return 0;
}""", ("<=", "<")),
"alias_deref": ("Writes through `*(p + i)` of an alias of a VLA, reads through the array.",
"""int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 1 && n <= MAXN);
  int a[n];
  int *p = a;
  for (int i = 0; i < n; i++) *(p + i) = 2 * i;
  *p = {0};
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] % 2 == 0);
  return 0;
}""", ("4", "5")),
}

def write(out, bound, yml):
    os.makedirs(out, exist_ok=True)
    for fam, (comment, body, (safe, unsafe)) in FAMILIES.items():
        for kind, text in (("safe", safe), ("unsafe", unsafe)):
            name = f"{fam}_{kind}"
            src = f"// {name}: {comment}\n// Size N nondet, N <= {bound}. Written for ara (issue 12); gen.py writes it.\n"
            src += HEAD % {"file": name + ".c"}
            src += body.replace("MAXN", str(bound)).replace("{0}", text) + "\n"
            open(os.path.join(out, name + ".c"), "w").write(src)
            if yml:
                open(os.path.join(out, name + ".yml"), "w").write(
                    "format_version: '2.0'\n"
                    f"input_files: '{name}.c'\n"
                    "properties:\n"
                    "  - property_file: ../properties/unreach-call.prp\n"
                    f"    expected_verdict: {'true' if kind == 'safe' else 'false'}\n"
                    "options:\n  language: C\n  data_model: ILP32\n")

if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--bound":
        write(sys.argv[3], int(sys.argv[2]), False)
    else:
        write(os.path.dirname(os.path.abspath(__file__)), 1000, True)
