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
}""", ("== n", "< n")),
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
}""", ("< 3", "!= (n - 1) % 3")),
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
"heap_compare": ("Two heap arrays compared element-wise: the first difference, or none.",
"""int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= MAXN);
  int *a = malloc(n * sizeof(int));
  int *b = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) { a[i] = __VERIFIER_nondet_int(); b[i] = __VERIFIER_nondet_int(); }
  int d = 0;
  while (d < {0} && a[d] == b[d]) d++;
  if (d < n) {
    __VERIFIER_assert(a[d] != b[d]);
  } else {
    int k = __VERIFIER_nondet_int();
    assume_abort_if_not(k >= 0 && k < n);
    __VERIFIER_assert(a[k] == b[k]);
  }
  free(a); free(b);
  return 0;
}""", ("n", "n - 1")),
"tiled_fill": ("A heap array filled tile by tile (nondet tile size t): each cell holds its tile's start.",
"""int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= MAXN);
  int t = __VERIFIER_nondet_int();
  assume_abort_if_not(t > 0 && t <= n);
  int *a = malloc(sizeof(int) * n);
  for (int s = 0; s < n; s += t)
    for (int i = s{0}; i < s + t && i < n; i++) a[i] = s;
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] <= i && i - a[i] < t);
  free(a);
  return 0;
}""", ("", " + 1")),
"tiled_sum": ("Per-tile sums of a heap array of ones (nondet tile size t) add up to n.",
"""int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= MAXN);
  int t = __VERIFIER_nondet_int();
  assume_abort_if_not(t > 0 && t <= n);
  int nt = (n + t - 1) / t;
  int *a = malloc(sizeof(int) * n);
  int *s = calloc(nt, sizeof(int));
  for (int i = 0; i < n; i++) a[i] = 1;
  for (int j = 0; j < nt; j++)
    for (int i = j * t; i < j * t + t && i < n; i++) s[j] += a[i];
  int total = 0;
  for (int j = 0; j < {0}; j++) { __VERIFIER_assert(s[j] > 0 && s[j] <= t); total += s[j]; }
  __VERIFIER_assert(total == n);
  free(a); free(s);
  return 0;
}""", ("nt", "nt - 1")),
"tiled_2d": ("A 2-D VLA filled tile by tile (t by t tiles, t nondet); every cell checked.",
"""int main() {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= MAXN && m > 0 && m <= MAXN);
  int t = __VERIFIER_nondet_int();
  assume_abort_if_not(t > 0 && t <= n && t <= m);
  int a[n][m];
  for (int it = 0; it < n; it += t)
    for (int jt = 0; jt < m; jt += t)
      for (int i = it; i < it + t && i < n; i++)
        for (int j = jt; j < jt + t{0} && j < m; j++) a[i][j] = i * m + j;
  for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) __VERIFIER_assert(a[i][j] == i * m + j);
  return 0;
}""", ("", " - 1")),
"struct_func": ("A calloc'd array of structs of nondet size passed to functions that set and update it.",
"""struct Acc { int id; int bal; };
void open_all(struct Acc *as, int n) { for (int i = {0}; i < n; i++) as[i].id = i + 1; }
void credit(struct Acc as[], int k, int v) { as[k].bal = as[k].bal + v; }
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= MAXN);
  struct Acc *as = calloc(n, sizeof(struct Acc));
  open_all(as, n);
  int k = __VERIFIER_nondet_int();
  int v = __VERIFIER_nondet_int();
  assume_abort_if_not(k >= 0 && k < n && v >= 0 && v <= 100);
  credit(as, k, v);
  for (int i = 0; i < n; i++) __VERIFIER_assert(as[i].id == i + 1 && as[i].bal >= 0);
  free(as);
  return 0;
}""", ("0", "1")),
}

# family -> (why the safe twin is safe for every n, why the unsafe twin fails for every n)
WHY = {
"vla_init": ("the first loop writes a[i] = i at every index 0..n-1 before the second reads it",
             "the check claims a[i] != n - 1, but a[n-1] holds n - 1"),
"heap_fill_sum": ("n ones add up to n (no overflow at this size)",
                  "the check claims s < n, but s is n"),
"heap_copy": ("every b[i] is written from a[i] before the compare loop reads it",
              "b[n/2] is a[n/2] + 1, which differs from a[n/2]"),
"heap_search": ("pos is set only at an index where a[pos] == key",
                "the check claims a[pos] != key at the index where the search found key (a run "
                "with key == a[0] finds it)"),
"calloc_zero": ("calloc zeroes every element, so a[k] is 0",
                "malloc'd elements are arbitrary, so a[k] may be non-zero"),
"func_param": ("init writes 7 at every index, all_equal compares every index with 7",
               "a[n-1] is set to 8 after init, so all_equal returns 0"),
"vla2d": ("a[i][j] = i + j <= (n-1) + (m-1) for every cell",
          "the check claims a[i][j] < n + m - 2, but a[n-1][m-1] is n + m - 2"),
"struct_heap": ("every element gets x = i and y = 2 * i (no overflow at this size)",
                "ps[n-1].y is 2 * (n-1) + 1, not twice ps[n-1].x"),
"vla_struct": ("every element's v is i % 3 < 3, written through the alias p of t",
               "the check claims t[i].v != (n-1) % 3, but t[n-1].v is (n-1) % 3"),
"heap_max": ("max is the largest of a[0..n-1], so no element exceeds it",
             "the check claims a[i] < max, but the element max came from equals it"),
"alias_deref": ("the loop writes 2 * i through *(p + i) at every index and *p = 4 is even",
                "*p = 5 makes a[0] odd"),
"heap_compare": ("the scan stops at the first index where a and b differ, or at n when "
                 "they agree everywhere",
                 "the scan stops at n - 1 at the latest, so with a and b equal on 0..n-1 it "
                 "stops at d = n - 1 < n and the check a[d] != b[d] fails"),
"tiled_fill": ("the tiles [s, s + t) for s = 0, t, 2t, ... cover 0..n-1; cell i of the tile "
               "starting at s gets s, and s <= i < s + t",
               "each tile's inner loop starts at s + 1, so a[0] is never written and holds an "
               "arbitrary value"),
"tiled_sum": ("the nt = ceil(n / t) tiles partition 0..n-1, each holds 1..t ones, and their "
              "sums add up to n",
              "the last loop skips the last tile, which is not empty, so total < n"),
"tiled_2d": ("the t-by-t tiles cover every cell (i, j) once and write i * m + j there",
             "each tile's column loop stops one early, so column t - 1 (t <= m) is never "
             "written and a[0][t-1] holds an arbitrary value"),
"struct_func": ("open_all sets every id to i + 1 and credit adds v >= 0 to one calloc'd "
                "(zero) balance",
                "open_all starts at index 1, so as[0].id stays 0 (calloc), not 1"),
}

def write(out, bound, yml):
    """Writes every family's twins into `out`; returns the C files' paths."""
    os.makedirs(out, exist_ok=True)
    paths = []
    for fam, (comment, body, (safe, unsafe)) in FAMILIES.items():
        for kind, text in (("safe", safe), ("unsafe", unsafe)):
            name = f"{fam}_{kind}"
            why = WHY[fam][kind == "unsafe"]
            src = (f"// {name}: {comment}\n// Size N nondet, N <= {bound}. Written for ara "
                   "(issue 12); gen.py writes it.\n"
                   + (f"// Safe for every N: {why}.\n" if kind == "safe"
                      else f"// Unsafe for every N in range: {why}.\n"))
            src += HEAD % {"file": name + ".c"}
            src += body.replace("MAXN", str(bound)).replace("{0}", text) + "\n"
            open(os.path.join(out, name + ".c"), "w").write(src)
            paths.append(os.path.join(out, name + ".c"))
            if yml:
                open(os.path.join(out, name + ".yml"), "w").write(
                    "format_version: '2.0'\n"
                    f"input_files: '{name}.c'\n"
                    "properties:\n"
                    "  - property_file: ../properties/unreach-call.prp\n"
                    f"    expected_verdict: {'true' if kind == 'safe' else 'false'}\n"
                    "options:\n  language: C\n  data_model: ILP32\n")
    return paths

if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--bound":
        write(sys.argv[3], int(sys.argv[2]), False)
    else:
        write(os.path.dirname(os.path.abspath(__file__)), 1000, True)
