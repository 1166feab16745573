//! Front end on small programs: the CFG / IR each C feature lowers to, and the errors (with
//! positions and exit codes) for what is outside the subset.

use ara::base::error::AraError;
use ara::frontend::{FrontendOptions, parse_source};
use ara::ir::cfg::Cfg;
use ara::ir::{ArrayInit, IntType, Program, Stmt, StmtKind, Storage};

fn prog(src: &str) -> Program {
    parse_source(src, "t.c", &FrontendOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// The CFG text without the `[line N]` suffixes.
fn cfg(src: &str) -> String {
    let p = prog(src);
    let text = Cfg::build(&p).to_text(&p);
    text.lines()
        .map(|l| l.split("  [line").next().unwrap_or(l).trim().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

fn err(src: &str) -> AraError {
    match parse_source(src, "t.c", &FrontendOptions::default()) {
        Ok(p) => panic!("expected an error, got\n{}", Cfg::build(&p).to_text(&p)),
        Err(e) => e,
    }
}

fn assert_cfg(src: &str, expected: &str) {
    let got = cfg(src);
    let exp: Vec<&str> = expected
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(got, exp.join("\n"), "\n--- got ---\n{got}\n");
}

const SV_HEADER: &str = r#"extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "x.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
"#;

#[test]
fn paper_example_with_reach_error() {
    let src = "extern void reach_error(void);\nint main(void) { int a[30]; int i; a[1] = 9; i = 0; while (a[i] != 9) { a[i] = 2*i; i = i + 1; } if (!(i <= 1)) reach_error(); return 0; }\n";
    let p = prog(src);
    let text = Cfg::build(&p).to_text(&p);
    assert_eq!(
        text,
        "   0: ERROR -> []
   1: a[1] = 9; -> [2]  [line 2]
   2: i = 0; -> [3]  [line 2]
   3: while (a[i] != 9) -> [T:4, F:6]  [line 2]
   4: a[i] = 2 * i; -> [5]  [line 2]
   5: i = i + 1; -> [3]  [line 2]
   6: if (!(i <= 1)) -> [T:7, F:8]  [line 2]
   7: reach_error(); -> [0]  [line 2]
   8: exit; -> [9]  [line 2]
   9: EXIT -> []
"
    );
    assert_eq!(p.num_vertices, 10);
    let a = p.array_by_name("a").unwrap();
    assert_eq!(p.array(a).size.as_const().unwrap(), 30);
    assert_eq!(p.array(a).init, ArrayInit::Nondet);
    assert_eq!(p.array(a).storage, Storage::Local);
}

#[test]
fn paper_example_with_verifier_assert() {
    let src = format!(
        "{SV_HEADER}int main(void) {{\n int a[30]; int i;\n a[1] = 9;\n i = 0;\n while (a[i] != 9) {{ a[i] = 2*i; i = i + 1; }}\n __VERIFIER_assert(i <= 1);\n return 0;\n}}\n"
    );
    assert_cfg(
        &src,
        "0: ERROR -> []
         1: a[1] = 9; -> [2]
         2: i = 0; -> [3]
         3: while (a[i] != 9) -> [T:4, F:6]
         4: a[i] = 2 * i; -> [5]
         5: i = i + 1; -> [3]
         6: assert(i <= 1); -> [T:7, F:0]
         7: exit; -> [8]
         8: EXIT -> []",
    );
    // Spans are the original lines (the header has 6 lines).
    let p = prog(&src);
    let mut lines = vec![];
    p.visit_stmts(&mut |s: &Stmt| lines.push((s.id, s.span.line)));
    assert!(
        lines.contains(&(1, 9)) && lines.contains(&(6, 12)),
        "{lines:?}"
    );
}

#[test]
fn declarations_in_main_and_nested_blocks() {
    assert_cfg(
        "int main() { int x; int y = 2; { int x = 3; int z; x++; } while (y) { int w; y = w; } return x; }",
        "0: ERROR -> []
         1: y = 2; -> [2]
         2: x_1 = 3; -> [3]
         3: z = __VERIFIER_nondet_int(); -> [4]
         4: x_1 = x_1 + 1; -> [5]
         5: while (y) -> [T:6, F:8]
         6: w = __VERIFIER_nondet_int(); -> [7]
         7: y = w; -> [5]
         8: exit; -> [9]
         9: EXIT -> []",
    );
    let p = prog("int main() { int x; { int x = 1; } return 0; }");
    let shadow = p.vars.iter().find(|v| v.name == "x_1").unwrap();
    assert_eq!(shadow.display, "x");
}

#[test]
fn globals_and_initialisers() {
    let p = prog(
        "int g = 5; unsigned char c = 300; int z; int a[4]; int b[] = {1, 2, 3}; int zero[8] = {0};\n\
         struct S { int p; int q; } s = {7}; int m[2][3] = {{1, 2, 3}, {4}};\n int main() { return g; }",
    );
    let var = |n: &str| p.var(p.var_by_name(n).unwrap()).clone();
    let arr = |n: &str| p.array(p.array_by_name(n).unwrap()).clone();
    assert_eq!(var("g").init, Some(5));
    assert_eq!(var("g").storage, Storage::Global);
    assert_eq!(var("c").init, Some(44));
    assert_eq!(var("c").ty, IntType::UChar);
    assert_eq!(var("z").init, None);
    assert_eq!(var("s.p").init, Some(7));
    assert_eq!(var("s__q").display, "s.q");
    assert_eq!(arr("a").init, ArrayInit::Zero);
    assert_eq!(arr("a").size.as_const().unwrap(), 4);
    assert_eq!(arr("b").size.as_const().unwrap(), 3);
    assert_eq!(arr("b").init, ArrayInit::List(vec![1, 2, 3]));
    assert_eq!(arr("zero").init, ArrayInit::Zero);
    assert_eq!(arr("m").size.as_const().unwrap(), 6);
    assert_eq!(
        arr("m").dims,
        vec![ara::ir::Size::Const(2), ara::ir::Size::Const(3)]
    );
    assert_eq!(arr("m").init, ArrayInit::List(vec![1, 2, 3, 4]));
}

#[test]
fn local_array_initialisers() {
    let p = prog(
        "int f(void) { int t[3] = {5}; return t[0]; }\n\
         int main() { int n = 9; int a[4] = {1, n, 3}; int b[] = {4, 5}; char s[] = \"hi\"; return f(); }",
    );
    let arr = |n: &str| p.array(p.array_by_name(n).unwrap()).clone();
    assert_eq!(arr("a").init, ArrayInit::List(vec![1, 0, 3]));
    assert_eq!(arr("b").size.as_const().unwrap(), 2);
    assert_eq!(arr("s").init, ArrayInit::List(vec![104, 105]));
    assert_eq!(arr("s").size.as_const().unwrap(), 3);
    // Inlined function: the array is set by statements each time the body runs.
    assert_eq!(arr("f__t").init, ArrayInit::Nondet);
    let text = Cfg::build(&p).to_text(&p);
    assert!(text.contains("a[1] = n;"), "{text}");
    assert!(
        text.contains("f__t[0] = 0;") && text.contains("f__t[0] = 5;"),
        "{text}"
    );
}

#[test]
fn multidimensional_arrays_are_flattened() {
    assert_cfg(
        "int m[3][4]; int main() { int i = 1, j = 2; m[i][j] = m[2][3]; return 0; }",
        "0: ERROR -> []
         1: i = 1; -> [2]
         2: j = 2; -> [3]
         3: m[i * 4 + j] = m[11]; -> [4]
         4: exit; -> [5]
         5: EXIT -> []",
    );
}

#[test]
fn structs_and_arrays_of_structs() {
    let src = "struct P { int x; unsigned char y; struct { int z; } in; int v[2]; };\n\
        struct P ps[10];\n\
        int main() { struct P s, t; int i = 3; s.x = 1; s.in.z = 2; t = s; ps[i].x = t.x; ps[1] = ps[2]; ps[i].v[1] = 4; return 0; }";
    let p = prog(src);
    let arr = |n: &str| p.array(p.array_by_name(n).unwrap()).clone();
    assert_eq!(arr("ps__x").display, "ps[].x");
    assert_eq!(arr("ps__in__z").display, "ps[].in.z");
    assert_eq!(arr("ps__v").size.as_const().unwrap(), 20);
    assert_eq!(
        arr("ps__v").dims,
        vec![ara::ir::Size::Const(10), ara::ir::Size::Const(2)]
    );
    assert_eq!(arr("ps__y").elem, IntType::UChar);
    assert_eq!(p.var(p.var_by_name("s__in__z").unwrap()).display, "s.in.z");
    let text = cfg(src);
    for needle in [
        "s__x = 1;",
        "s__in__z = 2;",
        "t__x = s__x;",
        "t__y = s__y;",
        "t__in__z = s__in__z;",
        "t__v[0] = s__v[0];",
        "t__v[1] = s__v[1];",
        "ps__x[i] = t__x;",
        "ps__x[1] = ps__x[2];",
        "ps__v[2] = ps__v[4];",
        "ps__v[3] = ps__v[5];",
        "ps__v[i * 2 + 1] = 4;",
    ] {
        assert!(text.contains(needle), "missing {needle} in\n{text}");
    }
}

#[test]
fn functions_are_inlined() {
    assert_cfg(
        "int add(int a, int b) { return a + b; }\n\
         int max(int a, int b) { if (a > b) return a; return b; }\n\
         int main() { int x = add(1, 2) + max(3, 4); return x; }",
        "0: ERROR -> []
         1: add__a = 1; -> [2]
         2: add__b = 2; -> [3]
         3: add__ret = add__a + add__b; -> [4]
         4: max__a = 3; -> [5]
         5: max__b = 4; -> [6]
         6: if (max__a > max__b) -> [T:7, F:9]
         7: max__ret = max__a; -> [8]
         8: goto max__end; -> [10]
         9: max__ret = max__b; -> [10]
         10: x = add__ret + max__ret; -> [11]
         11: exit; -> [12]
         12: EXIT -> []",
    );
    let p = prog("int id(int a) { return a; } int main() { return id(1) + id(2); }");
    let names: Vec<_> = p
        .vars
        .iter()
        .map(|v| (v.name.as_str(), v.display.as_str()))
        .collect();
    assert!(
        names.contains(&("id__a", "id::a")) && names.contains(&("id__a_1", "id::a")),
        "{names:?}"
    );
}

#[test]
fn arrays_passed_by_name_and_by_address() {
    assert_cfg(
        "void fill(int a[], int n) { for (int i = 0; i < n; i++) a[i] = 0; }\n\
         void set(int *p) { *p = 5; }\n\
         int b[4]; int main() { int x; fill(b, 4); set(&x); set(&b[2]); return x; }",
        "0: ERROR -> []
         1: fill__n = 4; -> [2]
         2: fill__i = 0; -> [3]
         3: while (fill__i < fill__n) -> [T:4, F:6]
         4: b[fill__i] = 0; -> [5]
         5: fill__i = fill__i + 1; -> [3]
         6: x = 5; -> [7]
         7: b[2] = 5; -> [8]
         8: exit; -> [9]
         9: EXIT -> []",
    );
}

#[test]
fn side_effects_are_hoisted() {
    assert_cfg(
        "int main() { int i = 0, x, a[5]; x = a[i++]; x += ++i; a[i--] = x = 3; return 0; }",
        "0: ERROR -> []
         1: i = 0; -> [2]
         2: ara_t = i; -> [3]
         3: i = i + 1; -> [4]
         4: x = a[ara_t]; -> [5]
         5: i = i + 1; -> [6]
         6: x = x + i; -> [7]
         7: ara_t_1 = i; -> [8]
         8: i = i - 1; -> [9]
         9: x = 3; -> [10]
         10: a[ara_t_1] = x; -> [11]
         11: exit; -> [12]
         12: EXIT -> []",
    );
}

#[test]
fn conditional_side_effects_use_if() {
    assert_cfg(
        "int main() { int x = 0, y = 1; if (x > 0 && (y = 7)) y++; x = y ? x++ : 0; return 0; }",
        "0: ERROR -> []
         1: x = 0; -> [2]
         2: y = 1; -> [3]
         3: if (x > 0) -> [T:4, F:6]
         4: y = 7; -> [5]
         5: ara_t = y != 0; -> [7]
         6: ara_t = 0; -> [7]
         7: if (ara_t) -> [T:8, F:9]
         8: y = y + 1; -> [9]
         9: if (y) -> [T:10, F:13]
         10: ara_t_1 = x; -> [11]
         11: x = x + 1; -> [12]
         12: ara_t_2 = ara_t_1; -> [14]
         13: ara_t_2 = 0; -> [14]
         14: x = ara_t_2; -> [15]
         15: exit; -> [16]
         16: EXIT -> []",
    );
}

#[test]
fn loop_conditions_with_side_effects() {
    assert_cfg(
        "int main() { int n = 3; while (n-- > 0) { } do { } while (__VERIFIER_nondet_int() && n++ < 5); return 0; }",
        "0: ERROR -> []
         1: n = 3; -> [2]
         2: while (1) -> [T:3, F:7]
         3: ara_t = n; -> [4]
         4: n = n - 1; -> [5]
         5: if (!(ara_t > 0)) -> [T:6, F:2]
         6: break; -> [7]
         7: while (1) -> [T:8, F:15]
         8: if (__VERIFIER_nondet_int()) -> [T:9, F:12]
         9: ara_t_1 = n; -> [10]
         10: n = n + 1; -> [11]
         11: ara_t_2 = ara_t_1 < 5; -> [13]
         12: ara_t_2 = 0; -> [13]
         13: if (!ara_t_2) -> [T:14, F:7]
         14: break; -> [15]
         15: exit; -> [16]
         16: EXIT -> []",
    );
}

#[test]
fn for_loops_break_continue() {
    assert_cfg(
        "int main() { int s = 0; for (int i = 0; i < 10; i++) { if (i == 5) continue; if (s > 20) break; s += i; } for (;;) break; return s; }",
        "0: ERROR -> []
         1: s = 0; -> [2]
         2: i = 0; -> [3]
         3: while (i < 10) -> [T:4, F:10]
         4: if (i == 5) -> [T:5, F:6]
         5: continue; -> [9]
         6: if (s > 20) -> [T:7, F:8]
         7: break; -> [10]
         8: s = s + i; -> [9]
         9: i = i + 1; -> [3]
         10: while (1) -> [T:11, F:12]
         11: break; -> [12]
         12: exit; -> [13]
         13: EXIT -> []",
    );
}

#[test]
fn switch_with_fallthrough_loops_and_default() {
    assert_cfg(
        "int main() { int x = __VERIFIER_nondet_int(), y = 0;\n\
         while (y < 3) { switch (x) { case 1: y = 1; case 2: y++; break; case 3: while (1) { break; } continue; default: y = 9; } y++; }\n\
         return 0; }",
        "0: ERROR -> []
         1: x = __VERIFIER_nondet_int(); -> [2]
         2: y = 0; -> [3]
         3: while (y < 3) -> [T:4, F:19]
         4: if (x == 1) -> [T:5, F:6]
         5: goto ara_case; -> [11]
         6: if (x == 2) -> [T:7, F:8]
         7: goto ara_case_1; -> [12]
         8: if (x == 3) -> [T:9, F:10]
         9: goto ara_case_2; -> [14]
         10: goto ara_case_3; -> [17]
         11: y = 1; -> [12]
         12: y = y + 1; -> [13]
         13: goto ara_switch_end; -> [18]
         14: while (1) -> [T:15, F:16]
         15: break; -> [16]
         16: continue; -> [3]
         17: y = 9; -> [18]
         18: y = y + 1; -> [3]
         19: exit; -> [20]
         20: EXIT -> []",
    );
}

#[test]
fn goto_and_labels() {
    let p = prog(
        "int main() { int x = 0; again: x++; if (x < 3) goto again; goto end; x = 7; end: return x; }",
    );
    assert!(p.labels.contains(&"again".to_string()) && p.labels.contains(&"end".to_string()));
    assert_cfg(
        "int main() { int x = 0; again: x++; if (x < 3) goto again; goto end; x = 7; end: return x; }",
        "0: ERROR -> []
         1: x = 0; -> [2]
         2: x = x + 1; -> [3]
         3: if (x < 3) -> [T:4, F:5]
         4: goto again; -> [2]
         5: goto end; -> [7]
         6: x = 7; -> [7]
         7: exit; -> [8]
         8: EXIT -> []",
    );
}

#[test]
fn verifier_environment() {
    let src = format!(
        "{SV_HEADER}extern unsigned char __VERIFIER_nondet_uchar(void); extern void __VERIFIER_error(void);\n\
         #include_not_needed\n"
    );
    let _ = src;
    assert_cfg(
        &format!(
            "{SV_HEADER}extern unsigned char __VERIFIER_nondet_uchar(void); extern void __VERIFIER_error(void); int printf(const char *, ...);\n\
             int main() {{ unsigned char c = __VERIFIER_nondet_uchar(); assume_abort_if_not(c < 10); __VERIFIER_assume(c > 1);\n\
             printf(\"%d\", c); if (c == 5) __VERIFIER_error(); if (c == 6) abort(); if (c == 7) exit(1); __VERIFIER_assert(c != 8); return 0; }}"
        ),
        "0: ERROR -> []
         1: c = __VERIFIER_nondet_uchar(); -> [2]
         2: assume(c < 10); -> [T:3]
         3: assume(c > 1); -> [T:4]
         4: ; -> [5]
         5: if (c == 5) -> [T:6, F:7]
         6: reach_error(); -> [0]
         7: if (c == 6) -> [T:8, F:9]
         8: exit; -> [13]
         9: if (c == 7) -> [T:10, F:11]
         10: exit; -> [13]
         11: assert(c != 8); -> [T:12, F:0]
         12: exit; -> [13]
         13: EXIT -> []",
    );
}

#[test]
fn glibc_assert_expansions_become_asserts() {
    // Both forms glibc's <assert.h> expands `assert(x == 1)` to.
    let a = "extern void __assert_fail (const char *__assertion, const char *__file, unsigned int __line, const char *__function);\n\
             int main() { int x = 1;\n\
             ((void) sizeof ((x == 1) ? 1 : 0), __extension__ ({ if (x == 1) ; else __assert_fail (\"x == 1\", \"f.c\", 5, __extension__ __PRETTY_FUNCTION__); }));\n\
             ((x > 0) ? (void) (0) : __assert_fail (\"x > 0\", \"f.c\", 6, __PRETTY_FUNCTION__));\n\
             return 0; }";
    assert_cfg(
        a,
        "0: ERROR -> []
         1: x = 1; -> [2]
         2: assert(x == 1); -> [T:3, F:0]
         3: assert(x > 0); -> [T:4, F:0]
         4: exit; -> [5]
         5: EXIT -> []",
    );
}

#[test]
fn integer_types_and_literals() {
    let p = prog(
        "typedef unsigned int u32; typedef unsigned long size_t; enum E { A, B = 5, C };\n\
         int main() { u32 u = 0xFFFFFFFF; long l = 4294967296; size_t s = sizeof(int[3]); char ch = '\\n'; _Bool b = 5; int e = C;\n\
         unsigned long long x = 1ULL; short sh = -1; signed char sc = 200; const volatile int k = 1; return 0; }",
    );
    let text = Cfg::build(&p).to_text(&p);
    for needle in [
        "u = 4294967295u;",
        "l = 4294967296l;",
        "s = 12ul;",
        "ch = ((char) 10);",
        "b = ((_Bool) 1);",
        "e = 6;",
        "x = 1ull;",
        "sh = ((short) -1);",
        "sc = ((signed char) -56);",
        "k = 1;",
    ] {
        assert!(text.contains(needle), "missing {needle} in\n{text}");
    }
    let ty = |n: &str| p.var(p.var_by_name(n).unwrap()).ty;
    assert_eq!(ty("u"), IntType::UInt);
    assert_eq!(ty("s"), IntType::ULong);
    assert_eq!(ty("x"), IntType::ULongLong);
    assert_eq!(ty("b"), IntType::Bool);
    // `_Bool` assignment from an int converts with != 0; other narrowing gets a cast.
    let t = cfg("int main() { int v = 3; _Bool b; char c; b = v; c = v; return 0; }");
    assert!(
        t.contains("b = (_Bool) (v != 0);") && t.contains("c = (char) v;"),
        "{t}"
    );
}

#[test]
fn ilp32_changes_long() {
    let opts = FrontendOptions {
        data_model: ara::ir::DataModel::Ilp32,
        ..Default::default()
    };
    let p = parse_source(
        "int main() { long l = 4294967295; return sizeof(long); }",
        "t.c",
        &opts,
    )
    .unwrap();
    assert_eq!(p.var(p.var_by_name("l").unwrap()).ty, IntType::Long);
    let text = Cfg::build(&p).to_text(&p);
    assert!(
        text.contains("l = (long) 4294967295ll;") || text.contains("l = -1l;"),
        "{text}"
    );
}

#[test]
fn implicit_int_definitions() {
    assert_cfg(
        "int g;\nfoo(int x) {\n  return x + 1;\n}\nmain()\n{\n  g = foo(2);\n}\n",
        "0: ERROR -> []
         1: foo__x = 2; -> [2]
         2: foo__ret = foo__x + 1; -> [3]
         3: g = foo__ret; -> [4]
         4: EXIT -> []",
    );
    let p = prog("int g;\nmain()\n{\n  g = 1;\n}\n");
    let mut line = 0;
    p.visit_stmts(&mut |s: &Stmt| line = s.span.line);
    assert_eq!(line, 4);
}

#[test]
fn unused_header_declarations_are_fine() {
    prog(
        "typedef struct _IO_FILE FILE; extern FILE *stdin; typedef float _Float32; extern double sqrt(double);\n\
         struct node { struct node *next; float f; }; typedef int (*cmp_t)(const void *, const void *);\n\
         extern char *strcpy(char *, const char *); union U { int a; float b; };\n\
         static inline int unused(int *p) { return *p + (int) 1.5; }\n\
         int main() { return 0; }",
    );
}

fn unsupported(src: &str, what: &str, line: u32) {
    let e = err(src);
    assert_eq!(e.exit_code(), 3, "{e}");
    match &e {
        AraError::Unsupported {
            line: l, what: w, ..
        } => {
            assert!(w.contains(what), "{e} does not mention {what}");
            assert_eq!(*l, line, "{e}");
        }
        other => panic!("expected unsupported, got {other}"),
    }
}

/// Recursion is its own error (`ara check` answers it on the source), with the same text.
#[test]
fn recursion_is_its_own_error() {
    let e = err("int f(int n) { return n ? f(n - 1) : 0; }\nint main() {\n return f(3); }");
    assert_eq!(e.exit_code(), 3, "{e}");
    assert!(
        matches!(&e, AraError::Recursion { line: 1, function, .. } if function == "f"),
        "{e}"
    );
    assert!(
        e.to_string()
            .ends_with("t.c:1:27: unsupported: recursion (function f)"),
        "{e}"
    );
}

#[test]
fn unsupported_constructs() {
    unsupported(
        "int main() {\n int *p;\n return *p; }",
        "pointer `p` used before it is assigned an array",
        3,
    );
    unsupported("int main() {\n int x;\n return &x == 0; }", "address-of", 3);
    unsupported(
        "int main() {\n float f = 1;\n return 0; }",
        "floating-point",
        2,
    );
    unsupported(
        "int main() {\n int x = 1.5;\n return x; }",
        "floating-point constant",
        2,
    );
    unsupported(
        "int main() {\n int n = 4;\n for (int k = 0; k < n; k++) {\n int a[n];\n a[k] = 0; }\n return 0; }",
        "variable-length array declared in a loop",
        4,
    );
    unsupported(
        "int main() {\n foo(1);\n return 0; }",
        "call to undefined function foo",
        2,
    );
    unsupported(
        "void *malloc(unsigned long);\nint main() {\n malloc(4);\n return 0; }",
        "malloc whose result is not assigned to a pointer variable",
        3,
    );
    unsupported(
        "int main() {\n double d = __VERIFIER_nondet_double();\n return 0; }",
        "floating-point",
        2,
    );
    unsupported(
        "int main() {\n return __VERIFIER_nondet_float() > 0; }",
        "nondeterministic values of type float",
        2,
    );
    unsupported(
        "int g(void); int main() {\n int (*fp)(void) = g;\n return 0; }",
        "pointer",
        2,
    );
    unsupported(
        "int main(int argc, char **argv) {\n return argc; }",
        "parameters of main",
        2,
    );
    unsupported(
        "int main() {\n union U { int a; } u;\n return 0; }",
        "union",
        2,
    );
    unsupported(
        "int a[4];\nint main() {\n return *(a - 1); }",
        "pointer arithmetic",
        3,
    );
    // main's unused parameters are fine.
    prog("int main(int argc, char **argv) { return 0; }");
}

#[test]
fn syntax_errors_have_original_positions() {
    let e = err("# 1 \"prog.c\"\nint main() {\n  int x = ;\n}\n");
    assert_eq!(e.exit_code(), 2);
    match e {
        AraError::Syntax {
            file, line, col, ..
        } => {
            assert_eq!((file.as_str(), line, col), ("prog.c", 2, 11));
        }
        other => panic!("{other}"),
    }
    let e = err("int main() { break; }");
    assert_eq!(e.exit_code(), 2, "{e}");
    let e = err("int main() { return y; }");
    assert!(e.to_string().contains("undeclared identifier `y`"), "{e}");
    let e = err("int f(void) { return 0; }");
    assert!(e.to_string().contains("no function main"), "{e}");
}

#[test]
fn garbage_never_panics() {
    let inputs = [
        "",
        "}}}}",
        "int main() { ((((((((((((((((((((((((((1)))))))))))))))))))))))))); }",
        "\u{1F600} int main",
        "int main() { int a[3] = {1,2,3,4,5}; return a[7]; }",
        "int main() { switch (1) { case 1: case 1: ; } }",
        "int main() { struct S s; return s.x; }",
        "int main() { int x; return x.y; }",
        "int main() { int a[2]; a = 1; return 0; }",
        "int main() { goto nowhere; }",
        "int main() { int x = 1 / 0; return x << 99; }",
        "int main() { return 99999999999999999999999999999999999; }",
        "int main() { return 'ab'; }",
        "int main() { char s[] = \"\\xZZ\"; return 0; }",
        "int main() { int a[1 << 40]; return 0; }",
        "int main() { continue; }",
        "int main() { case 1: return 0; }",
        "int f(int x); int main() { return f(1); }",
        "int f(int x) { return x; } int main() { return f(1, 2); }",
        "typedef int T; int main() { T = 3; return 0; }",
    ];
    for src in inputs {
        // Ok or a proper error: the point is that nothing panics.
        let _ = parse_source(src, "g.c", &FrontendOptions::default());
    }
    let mut deep = String::from("int main() { return ");
    deep.push_str(&"(".repeat(3000));
    deep.push('1');
    deep.push_str(&")".repeat(3000));
    deep.push_str("; }");
    let _ = parse_source(&deep, "g.c", &FrontendOptions::default());
    let bytes: Vec<u8> = (0..4000u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 24) as u8)
        .collect();
    let _ = parse_source(
        &String::from_utf8_lossy(&bytes),
        "g.c",
        &FrontendOptions::default(),
    );
}

#[test]
fn ids_are_in_program_order() {
    let p = prog(
        "int main() { int i = 0; do { i++; } while (i < 3); if (i) { i = 1; } else { i = 2; } return 0; }",
    );
    let mut ids = vec![];
    p.visit_stmts(&mut |s: &Stmt| {
        if !matches!(s.kind, StmtKind::Label(_) | StmtKind::Block(_)) {
            ids.push(s.id)
        }
    });
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(sorted, (1..p.num_vertices - 1).collect::<Vec<_>>());
    assert_eq!(
        cfg("int main() { int i = 0; do { i++; } while (i < 3); return 0; }"),
        "0: ERROR -> []\n1: i = 0; -> [2]\n2: i = i + 1; -> [3]\n3: do-while (i < 3) -> [T:2, F:4]\n4: exit; -> [5]\n5: EXIT -> []"
    );
}

#[test]
fn custom_error_functions() {
    let opts = FrontendOptions {
        error_functions: vec!["fail".into()],
        ..Default::default()
    };
    let p = parse_source(
        "void fail(void); int main() { fail(); return 0; }",
        "t.c",
        &opts,
    )
    .unwrap();
    assert!(
        Cfg::build(&p)
            .to_text(&p)
            .contains("1: reach_error(); -> [0]")
    );
}

#[test]
fn static_locals_are_shared_globals() {
    let p = prog(
        "int next(void) { static int c = 10; c++; return c; }\nint main() { int a = next(); int b = next(); return a + b; }",
    );
    let statics: Vec<_> = p.vars.iter().filter(|v| v.display == "next::c").collect();
    assert_eq!(statics.len(), 1);
    assert_eq!(
        (statics[0].storage, statics[0].init),
        (Storage::Global, Some(10))
    );
    let t = cfg(
        "int next(void) { static int c = 10; c++; return c; }\nint main() { int a = next(); int b = next(); return a + b; }",
    );
    assert_eq!(t.matches("next__c = next__c + 1;").count(), 2, "{t}");
}

#[test]
fn const_variables_as_array_sizes() {
    let p = prog(
        "const int N = 5; int g[N]; int main() { const unsigned M = N * 2; int a[M]; a[M - 1] = 1; return 0; }",
    );
    assert_eq!(
        p.array(p.array_by_name("g").unwrap())
            .size
            .as_const()
            .unwrap(),
        5
    );
    assert_eq!(
        p.array(p.array_by_name("a").unwrap())
            .size
            .as_const()
            .unwrap(),
        10
    );
}

#[test]
fn struct_pointers_and_statement_expressions() {
    assert_cfg(
        "struct S { int a; int b; }; struct S arr[3];\n\
         void inc(struct S *s) { s->b++; }\n\
         int main() { struct S t; inc(&t); inc(&arr[1]); int y = ({ int q = 3; q + 1; }); return y; }",
        "0: ERROR -> []
         1: t__b = t__b + 1; -> [2]
         2: arr__b[1] = arr__b[1] + 1; -> [3]
         3: q = 3; -> [4]
         4: y = q + 1; -> [5]
         5: exit; -> [6]
         6: EXIT -> []",
    );
}
