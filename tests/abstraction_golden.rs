//! Index-set abstraction on hand-built IR: golden CFG texts, emitted C, parsing of V and R.

#[path = "emit_util.rs"]
mod emit_util;

use ara::abstraction::{IndexSets, Tracked, VarSet, abstract_program};
use ara::ir::cfg::Cfg;
use ara::ir::emit::{EmitOptions, emit_c};
use ara::ir::*;
use emit_util::*;
use std::collections::BTreeSet;

fn cfg_text(p: &Program) -> String {
    Cfg::build(p)
        .to_text(p)
        .lines()
        .map(norm)
        .collect::<Vec<_>>()
        .join("\n")
}

fn golden(actual: &str, expected: &str) {
    let e: Vec<String> = expected.trim().lines().map(norm).collect();
    assert_eq!(actual, e.join("\n"), "\n--- actual ---\n{actual}");
}

fn track(p: &Program, entries: &[&str]) -> IndexSets {
    IndexSets::parse_track(p, entries).unwrap()
}

/// The abstraction keeps ids, spans and edges: traces of it are paths of the original CFG.
fn assert_same_cfg_shape(orig: &Program, abs: &Program) {
    assert!(abs.arrays.is_empty());
    assert_eq!(abs.num_vertices, orig.num_vertices);
    let (a, b) = (Cfg::build(orig), Cfg::build(abs));
    for (x, y) in a.nodes.iter().zip(&b.nodes) {
        assert_eq!(x.succs, y.succs, "vertex {}", x.id);
        assert_eq!(x.span, y.span, "vertex {}", x.id);
    }
    let mut ids = vec![];
    orig.visit_stmts(&mut |s| ids.push((s.id, s.span)));
    let mut ids2 = vec![];
    abs.visit_stmts(&mut |s| ids2.push((s.id, s.span)));
    assert_eq!(ids, ids2);
}

fn emit_checked(p: &Program) -> String {
    let src = emit_c(p, &EmitOptions::default());
    assert_compiles(&src);
    assert_compiles(&emit_c(
        p,
        &EmitOptions {
            markers: true,
            ..Default::default()
        },
    ));
    src
}

#[test]
fn table1_p0_no_indexes() {
    let p = table1();
    let abs = abstract_program(&p, &VarSet::All, &IndexSets::empty());
    assert_same_cfg_shape(&p, &abs.program);
    assert!(abs.element_vars.is_empty());
    golden(
        &cfg_text(&abs.program),
        r#"
   0: ERROR -> []
   1: ; -> [2]  [line 3]
   2: i = 0; -> [3]  [line 4]
   3: while (__VERIFIER_nondet_int() != 9) -> [T:4, F:6]  [line 5]
   4: ; -> [5]  [line 6]
   5: i = i + 1; -> [3]  [line 7]
   6: assert(i <= 1); -> [T:7, F:0]  [line 9]
   7: EXIT -> []
"#,
    );
    let src = emit_checked(&abs.program);
    assert!(norm(&src).contains(&norm(
        "while (__VERIFIER_nondet_int() != 9) { /* line 5 */ ; /* line 6 */ i = i + 1; /* line 7 */ }"
    )), "{src}");
    assert!(src.contains("extern int __VERIFIER_nondet_int(void);"));
    assert!(!src.contains("a["), "array-free: {src}");
}

#[test]
fn table1_p1_index_one() {
    let p = table1();
    let r = track(&p, &["a=1"]);
    let abs = abstract_program(&p, &VarSet::All, &r);
    assert_same_cfg_shape(&p, &abs.program);
    let a1 = abs.element_vars[&(ArrId(0), 1)];
    let var = abs.program.var(a1);
    assert_eq!((var.name.as_str(), var.display.as_str()), ("a__1", "a[1]"));
    assert_eq!(
        (var.ty, var.storage, var.init),
        (IntType::Int, Storage::Global, Some(0))
    );
    golden(
        &cfg_text(&abs.program),
        r#"
   0: ERROR -> []
   1: a__1 = 9; -> [2]  [line 3]
   2: i = 0; -> [3]  [line 4]
   3: while ((i == 1 ? a__1 : __VERIFIER_nondet_int()) != 9) -> [T:4, F:6]  [line 5]
   4: a__1 = i == 1 ? 2 * i : a__1; -> [5]  [line 6]
   5: i = i + 1; -> [3]  [line 7]
   6: assert(i <= 1); -> [T:7, F:0]  [line 9]
   7: EXIT -> []
"#,
    );
    let src = emit_checked(&abs.program);
    let expected_main = r#"
int i;
int a__1 = 0; /* a[1] */
int main(void)
{
    a__1 = 9; /* line 3 */
    i = 0; /* line 4 */
    while ((i == 1 ? a__1 : __VERIFIER_nondet_int()) != 9) { /* line 5 */
        a__1 = i == 1 ? 2 * i : a__1; /* line 6 */
        i = i + 1; /* line 7 */
    }
    if (!(i <= 1)) reach_error(); /* line 9 */
    return 0;
}"#;
    assert!(norm(&src).ends_with(&norm(expected_main)), "{src}");
}

#[test]
fn table1_no_variables() {
    let p = table1();
    let r = track(&p, &["a=1"]);
    let abs = abstract_program(&p, &VarSet::none(), &r);
    assert_same_cfg_shape(&p, &abs.program);
    golden(
        &cfg_text(&abs.program),
        r#"
   0: ERROR -> []
   1: a__1 = 9; -> [2]  [line 3]
   2: ; -> [3]  [line 4]
   3: while (__VERIFIER_nondet_int() != 9) -> [T:4, F:6]  [line 5]
   4: a__1 = __VERIFIER_nondet_int() == 1 ? 2 * __VERIFIER_nondet_int() : a__1; -> [5]  [line 6]
   5: ; -> [3]  [line 7]
   6: assert(__VERIFIER_nondet_int() <= 1); -> [T:7, F:0]  [line 9]
   7: EXIT -> []
"#,
    );
    emit_checked(&abs.program);
    // Names stay stable: `i` is still declared, with its original id.
    assert_eq!(abs.program.var(VarId(0)).name, "i");
}

#[test]
fn constant_indexes_read_and_write_the_element_directly() {
    let mut b = B::new("k.c");
    let a = b.array("a", 10);
    let x = b.local("x");
    let p = b.finish(vec![
        store(1, a, c(1), c(4)),
        store(2, a, c(2), c(5)),
        assign(3, x, add(rd(a, c(1)), rd(a, c(2)))),
        assert_(4, eq(rd(a, add(c(0), c(1))), c(4))),
    ]);
    let abs = abstract_program(&p, &VarSet::All, &track(&p, &["a=1,3"]));
    golden(
        &cfg_text(&abs.program),
        r#"
   0: ERROR -> []
   1: a__1 = 4; -> [2]  [line 1]
   2: ; -> [3]  [line 2]
   3: x = a__1 + __VERIFIER_nondet_int(); -> [4]  [line 3]
   4: assert((0 + 1 == 1 ? a__1 : 0 + 1 == 3 ? a__3 : __VERIFIER_nondet_int()) == 4); -> [T:5, F:0]  [line 4]
   5: EXIT -> []
"#,
    );
    emit_checked(&abs.program);
}

#[test]
fn struct_field_arrays_and_two_dimensional_arrays() {
    // struct S { int p; unsigned char q; } s[4]; int m[3][4] (flattened); local, nondet.
    let mut b = B::new("s.c");
    let sp = b.array_full(
        "s__p",
        "s[].p",
        IntType::Int,
        4,
        Storage::Global,
        ArrayInit::Zero,
    );
    let sq = b.array_full(
        "s__q",
        "s[].q",
        IntType::UChar,
        4,
        Storage::Local,
        ArrayInit::List(vec![7]),
    );
    let m = b.array_full(
        "m",
        "m",
        IntType::Int,
        12,
        Storage::Local,
        ArrayInit::Nondet,
    );
    b.p.arrays[m.0 as usize].dims = vec![ara::ir::Size::Const(3), ara::ir::Size::Const(4)];
    let i = b.local("i");
    let p = b.finish(vec![
        assign(1, i, nd()),
        store(2, sp, v(i), rd(sq, v(i))),
        store(3, m, add(mul(v(i), c(4)), c(2)), rd(sp, c(0))),
        assert_(4, ne(rd(m, c(6)), c(7))),
    ]);
    let r = track(&p, &["s[].p=0,1", "s__q=0", "m=6"]);
    let abs = abstract_program(&p, &VarSet::All, &r);
    assert_same_cfg_shape(&p, &abs.program);
    let names: Vec<(String, String, Option<i128>, Storage)> = abs
        .element_vars
        .values()
        .map(|&x| {
            let var = abs.program.var(x);
            (var.name.clone(), var.display.clone(), var.init, var.storage)
        })
        .collect();
    assert_eq!(
        names,
        vec![
            ("s__p__0".into(), "s[0].p".into(), Some(0), Storage::Global),
            ("s__p__1".into(), "s[1].p".into(), Some(0), Storage::Global),
            ("s__q__0".into(), "s[0].q".into(), Some(7), Storage::Local),
            ("m__6".into(), "m[1][2]".into(), None, Storage::Local),
        ]
    );
    golden(
        &cfg_text(&abs.program),
        r#"
   0: ERROR -> []
   1: i = __VERIFIER_nondet_int(); -> [2]  [line 1]
   2: s__p__0, s__p__1 = i == 0 ? (i == 0 ? s__q__0 : __VERIFIER_nondet_uchar()) : s__p__0, i == 1 ? (i == 0 ? s__q__0 : __VERIFIER_nondet_uchar()) : s__p__1; -> [3]  [line 2]
   3: m__6 = i * 4 + 2 == 6 ? s__p__0 : m__6; -> [4]  [line 3]
   4: assert(m__6 != 7); -> [T:5, F:0]  [line 4]
   5: EXIT -> []
"#,
    );
    let src = emit_checked(&abs.program);
    assert!(
        src.contains("unsigned char s__q__0 = ((unsigned char) 7); /* s[0].q */"),
        "{src}"
    );
    assert!(src.contains("int m__6; /* m[1][2] */"), "{src}");
    assert!(src.contains("extern unsigned char __VERIFIER_nondet_uchar(void);"));
}

#[test]
fn parallel_semantics_of_array_writes() {
    // a[1] = 1; a[5] = 4; a[a[1]] = a[5] + 1; assert(a[5] == 4); assert(a[1] == 5);
    // Sequential updates would test the *new* a[1] (= 5) for the a[5] update and break it.
    let mut b = B::new("par.c");
    let a = b.array("a", 8);
    let p = b.finish(vec![
        store(1, a, c(1), c(1)),
        store(2, a, c(5), c(4)),
        store(3, a, rd(a, c(1)), add(rd(a, c(5)), c(1))),
        assert_(4, eq(rd(a, c(5)), c(4))),
        assert_(5, eq(rd(a, c(1)), c(5))),
    ]);
    let abs = abstract_program(&p, &VarSet::All, &track(&p, &["a=1,5"]));
    let text = cfg_text(&abs.program);
    assert!(text.contains(&norm(
        "3: a__1, a__5 = a__1 == 1 ? a__5 + 1 : a__1, a__1 == 5 ? a__5 + 1 : a__5; -> [4] [line 3]"
    )), "{text}");
    let src = emit_checked(&abs.program);
    assert!(norm(&src).contains(&norm(
        "{ int ara_t0 = a__1 == 1 ? a__5 + 1 : a__1; int ara_t1 = a__1 == 5 ? a__5 + 1 : a__5; a__1 = ara_t0; a__5 = ara_t1; }"
    )), "{src}");
    // Run it: no assertion fails, the marker path is the straight line.
    assert_eq!(check_marker_paths(&abs.program, 1), 0);
    assert_eq!(check_marker_paths(&p, 1), 0);

    // The paper's `a[a[1]] = a[5]`: the update of a[5] is a no-op and disappears.
    let mut b = B::new("par2.c");
    let a = b.array("a", 8);
    let p = b.finish(vec![store(1, a, rd(a, c(1)), rd(a, c(5)))]);
    let abs = abstract_program(&p, &VarSet::All, &track(&p, &["a=1,5"]));
    assert!(cfg_text(&abs.program).contains("1: a__1 = a__1 == 1 ? a__5 : a__1; -> [2]"));
}

#[test]
fn untracked_arrays_and_dropped_writes() {
    let mut b = B::new("m.c");
    let a = b.array("a", 5);
    let bb = b.array("b", 5);
    let x = b.global("x");
    let p = b.finish(vec![
        store(1, a, v(x), c(1)),
        store(2, bb, v(x), rd(a, v(x))),
        assign(3, x, rd(bb, c(2))),
    ]);
    let abs = abstract_program(&p, &VarSet::All, &track(&p, &["b=2"]));
    golden(
        &cfg_text(&abs.program),
        r#"
   0: ERROR -> []
   1: ; -> [2]  [line 1]
   2: b__2 = x == 2 ? __VERIFIER_nondet_int() : b__2; -> [3]  [line 2]
   3: x = b__2; -> [4]  [line 3]
   4: EXIT -> []
"#,
    );
    emit_checked(&abs.program);
}

#[test]
fn all_indexes_and_all_variables_preserve_every_run() {
    // With V = all and R = all the abstract program behaves exactly like the original: the
    // harness (same seeds, so the same nondet values) logs the same marker sequences.
    let p = kitchen_sink();
    let abs = abstract_program(&p, &VarSet::All, &IndexSets::all(&p));
    assert_same_cfg_shape(&p, &abs.program);
    let opts = EmitOptions {
        markers: true,
        ..Default::default()
    };
    let (s1, s2) = (emit_c(&p, &opts), emit_c(&abs.program, &opts));
    assert_compiles(&s2);
    let (d1, d2) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (e1, e2) = (build_harness(&s1, d1.path()), build_harness(&s2, d2.path()));
    let mut errors = 0;
    for seed in 0..200 {
        let (r1, r2) = (run_harness(&e1, seed), run_harness(&e2, seed));
        assert_eq!(r1, r2, "seed {seed}");
        errors += (r1.1 == RunEnd::Error) as usize;
    }
    assert!(errors > 0);
}

#[test]
fn parsing_variable_and_index_sets() {
    let p = kitchen_sink();
    let r = IndexSets::parse_track(&p, &["a=1,5", "t=0", "s[].p=all", "a=2"]).unwrap();
    let a = p.array_by_name("a").unwrap();
    assert_eq!(r.0[&a], Tracked::Only(BTreeSet::from([1, 2, 5])));
    assert_eq!(r.0[&p.array_by_name("s__p").unwrap()], Tracked::All);
    assert_eq!(
        r.indexes(&p, p.array_by_name("s__p").unwrap()),
        vec![0, 1, 2, 3]
    );
    assert!(r.contains(a, 5) && !r.contains(a, 3));
    for (bad, msg) in [
        (vec!["zz=1"], "unknown array `zz`"),
        (
            vec!["a=10"],
            "index 10 is out of range for array `a` of size 10",
        ),
        (vec!["a=x"], "bad index `x`"),
        (vec!["a"], "expected ARRAY=INDEX"),
    ] {
        let e = IndexSets::parse_track(&p, &bad).unwrap_err();
        assert_eq!(e.exit_code(), ara::base::error::exit::USAGE);
        assert!(e.to_string().contains(msg), "{e}");
    }
    assert_eq!(VarSet::parse(&p, "all").unwrap(), VarSet::All);
    assert_eq!(VarSet::parse(&p, "none").unwrap(), VarSet::none());
    let n = p.var_by_name("n").unwrap();
    let s = p.var_by_name("s").unwrap();
    assert_eq!(
        VarSet::parse(&p, "n, s").unwrap(),
        VarSet::Only(BTreeSet::from([n, s]))
    );
    let e = VarSet::parse(&p, "n,nope").unwrap_err();
    assert!(e.to_string().contains("unknown variable `nope`"), "{e}");
    assert_eq!(e.exit_code(), ara::base::error::exit::USAGE);
}

#[test]
fn nested_reads_stay_exact_and_undefined_indexes_read_u() {
    let mut b = B::new("n.c");
    let a = b.array("a", 3);
    let i = b.global("i");
    let x = b.global("x");
    let p = b.finish(vec![assign(1, x, rd(a, rd(a, v(i))))]);
    let abs = abstract_program(&p, &VarSet::All, &IndexSets::all(&p));
    let inner = "(i == 0 ? a__0 : i == 1 ? a__1 : i == 2 ? a__2 : __VERIFIER_nondet_int())";
    let expected = format!(
        "1: x = {inner} == 0 ? a__0 : {inner} == 1 ? a__1 : {inner} == 2 ? a__2 : __VERIFIER_nondet_int(); -> [2] [line 1]"
    );
    assert!(
        cfg_text(&abs.program).contains(&expected),
        "{}",
        cfg_text(&abs.program)
    );
    // i outside V: the index is undefined, the read is u.
    let only_x = VarSet::Only(BTreeSet::from([x]));
    let abs = abstract_program(&p, &only_x, &IndexSets::all(&p));
    assert!(cfg_text(&abs.program).contains("1: x = __VERIFIER_nondet_int(); -> [2]"));
    emit_checked(&abs.program);
}

/// For the refinement loop, an array with every index tracked stays an array (exact, and one
/// read instead of a chain of conditionals); with fewer indexes it becomes scalars as usual.
#[test]
fn fully_tracked_arrays_can_stay_arrays() {
    use ara::abstraction::abstract_program_with;
    let p = table1();
    let all = track(&p, &["a=all"]);
    let kept = abstract_program_with(&p, &VarSet::All, &all, true);
    assert_eq!(kept.program.arrays.len(), 1);
    assert!(kept.element_vars.is_empty());
    let src = emit_checked(&kept.program);
    assert!(src.contains("a[i] != 9"), "{src}");
    assert!(src.contains("a[i] = 2 * i;"), "{src}");
    // Without `keep`, or with some indexes only, the usual array-free abstraction.
    let expanded = abstract_program_with(&p, &VarSet::All, &all, false);
    assert!(expanded.program.arrays.is_empty());
    assert_eq!(expanded.element_vars.len(), 30);
    let some = abstract_program_with(&p, &VarSet::All, &track(&p, &["a=1"]), true);
    assert_same_cfg_shape(&p, &some.program);
    // Variables outside V still read as undefined values inside the kept array's indexes.
    let none = abstract_program_with(&p, &VarSet::none(), &all, true);
    let src = emit_checked(&none.program);
    assert!(!src.contains("a[i]"), "{src}");
}
