//! Trace formulas: shape of the script and of the conjuncts (no solver needed).

mod smt_common;

use ara::engines::smt::{ConjunctKind, Theory, encode_path};
use ara::ir::cfg::Cfg;
use ara::ir::{BinOp, IntType};
use smt_common::*;

const LOOP_TWICE: &[u32] = &[1, 2, 3, 4, 5, 3, 4, 5, 3, 6, 0];

#[test]
fn paper_example_script_is_readable_and_named() {
    let (p, a, i) = paper(true);
    let cfg = Cfg::build(&p);
    let q = encode_path(&p, &cfg, LOOP_TWICE, Theory::BitVector).unwrap();
    let t = &q.text;
    assert!(t.contains("(set-logic QF_ABV)"), "{t}");
    assert!(t.contains("(set-option :produce-unsat-cores true)"), "{t}");
    assert!(t.contains("; vertex 4 (line 4): a[i] = 2 * i;"), "{t}");
    assert!(
        t.contains("; vertex 3 (line 3): while (a[i] != 9) [false]"),
        "{t}"
    );
    assert!(
        t.contains("; vertex 6 (line 6): assert(i <= 1); fails"),
        "{t}"
    );
    assert!(
        t.contains("(declare-const a@0 (Array (_ BitVec 64) (_ BitVec 32)))"),
        "{t}"
    );
    assert!(
        t.contains("(assert (! (= a@1 (store a@0 #x0000000000000001 #x00000009)) :named c0))"),
        "{t}"
    );
    assert!(t.trim_end().ends_with("(check-sat)"), "{t}");
    // One assertion per line, every one named after its conjunct.
    let asserts: Vec<&str> = t.lines().filter(|l| l.starts_with("(assert")).collect();
    assert_eq!(asserts.len(), q.conjuncts.len());
    for (l, c) in asserts.iter().zip(&q.conjuncts) {
        assert!(l.ends_with(&format!(":named {}))", c.name)), "{l}");
    }
    // Conjuncts: store, assign, (guard, store, assign) x2, guard false, negated assert.
    let kinds: Vec<ConjunctKind> = q.conjuncts.iter().map(|c| c.kind).collect();
    use ConjunctKind::*;
    assert_eq!(
        kinds,
        vec![
            Store,
            Assign,
            Guard { taken: true },
            Store,
            Assign,
            Guard { taken: true },
            Store,
            Assign,
            Guard { taken: false },
            NegatedAssert
        ]
    );
    let g = &q.conjuncts[5];
    assert_eq!((g.vertex, g.step), (Some(3), 5));
    assert_eq!(g.vars, vec![i]);
    assert_eq!(g.reads.len(), 1);
    assert_eq!(g.reads[0].array, a);
    assert_eq!(g.reads[0].index_term, "((_ sign_extend 32) i@2)");
    assert_eq!(g.reads[0].index_expr, v(i));
    assert_eq!(q.conjuncts[0].writes[0].index_term, "#x0000000000000001");
    // `a` is a local array: its initial content is free.
    assert_eq!(q.free_arrays.len(), 1);
    assert!(q.free_vars.is_empty(), "i is written before it is read");
}

#[test]
fn global_initial_values_and_lia() {
    let mut b = B::new();
    let g = b.global("g", IntType::Int);
    let h = b.var_with("h", IntType::Int, ara::ir::Storage::Global, Some(-4));
    let (p, path) = straight(b, vec![(g, bin(BinOp::Add, v(g), v(h)))], eq(v(g), int(-4)));
    let cfg = Cfg::build(&p);
    let q = encode_path(&p, &cfg, &path, Theory::Lia).unwrap();
    assert!(q.text.contains("(set-logic QF_AUFLIA)"), "{}", q.text);
    assert!(q.text.contains("(= g@0 0)"), "{}", q.text);
    assert!(q.text.contains("(= h@0 (- 4))"), "{}", q.text);
    assert_eq!(q.conjuncts[0].kind, ConjunctKind::Init);
    assert_eq!(q.conjuncts[0].vertex, None);
    let bv = encode_path(&p, &cfg, &path, Theory::BitVector).unwrap();
    assert!(bv.text.contains("(= h@0 #xfffffffc)"), "{}", bv.text);
}

#[test]
fn nondets_are_recorded_in_order() {
    let mut b = B::new();
    let x = b.local("x", IntType::Int);
    let y = b.local("y", IntType::UChar);
    let (p, path) = straight(
        b,
        vec![(x, nondet(IntType::Int)), (y, nondet(IntType::UChar))],
        bin(BinOp::Lt, v(x), v(y)),
    );
    let q = encode_path(&p, &Cfg::build(&p), &path, Theory::BitVector).unwrap();
    let n: Vec<(u32, IntType, &str)> = q
        .nondets
        .iter()
        .map(|n| (n.vertex, n.ty, n.name.as_str()))
        .collect();
    assert_eq!(
        n,
        vec![(1, IntType::Int, "nd0"), (2, IntType::UChar, "nd1")]
    );
    // y is promoted (zero-extended) to int for the comparison.
    assert!(
        q.text.contains("(bvslt x@1 ((_ zero_extend 24) y@1))"),
        "{}",
        q.text
    );
}

#[test]
fn rejects_bad_paths() {
    let (p, _, _) = paper(true);
    let cfg = Cfg::build(&p);
    for bad in [&[][..], &[1, 2, 4, 0], &[1, 2, 3, 6, 7], &[2, 3, 6, 0]] {
        let e = encode_path(&p, &cfg, bad, Theory::BitVector).unwrap_err();
        assert_eq!(e.kind(), "internal", "{bad:?}: {e}");
    }
}

#[test]
fn parallel_assignment_reads_old_values() {
    let mut b = B::new();
    let x = b.local("x", IntType::Int);
    let y = b.local("y", IntType::Int);
    let body = vec![
        assign(1, x, int(1)),
        assign(2, y, int(2)),
        st(3, ara::ir::StmtKind::ParAssign(vec![(x, v(y)), (y, v(x))])),
        assert_(4, int(0)),
    ];
    let p = b.finish(body);
    let q = encode_path(&p, &Cfg::build(&p), &[1, 2, 3, 4, 0], Theory::BitVector).unwrap();
    assert!(q.text.contains("(= x@2 y@1)"), "{}", q.text);
    assert!(q.text.contains("(= y@2 x@1)"), "{}", q.text);
}

#[test]
fn promotions_truncation_and_bool_conversion() {
    let mut b = B::new();
    let c = b.local("c", IntType::Char);
    let f = b.local("f", IntType::Bool);
    let (p, path) = straight(
        b,
        vec![(c, bin(BinOp::Add, v(c), int(1))), (f, v(c))],
        and(
            eq(v(f), int(1)),
            bin(BinOp::Shr, cast(IntType::UInt, v(c)), v(f)),
        ),
    );
    let q = encode_path(&p, &Cfg::build(&p), &path, Theory::BitVector).unwrap();
    let t = &q.text;
    assert!(
        t.contains("(= c@1 ((_ extract 7 0) (bvadd ((_ sign_extend 24) c@0) #x00000001)))"),
        "{t}"
    );
    assert!(t.contains("(= f@1 (ite (= c@1 #x00) #x00 #x01))"), "{t}");
    assert!(
        t.contains("(bvlshr ((_ sign_extend 24) c@1) ((_ zero_extend 24) f@1))"),
        "{t}"
    );
    assert_eq!(q.free_vars.len(), 1);
    assert_eq!(
        (q.free_vars[0].var, q.free_vars[0].name.as_str()),
        (c, "c@0")
    );
    let q = encode_path(&p, &Cfg::build(&p), &path, Theory::Lia).unwrap();
    assert!(q.text.contains("(= c@1 (+ c@0 1))"), "{}", q.text);
    assert_eq!(q.approximations.len(), 1, "the shift by f");
}

/// A read C may skip carries the condition under which C evaluates it
/// (`EnvRead::evaluated`, used by the summary engine's frames without their offset): the
/// right operand of `&&` under the left, of `||` under its negation, the arms of `?:` under
/// the condition and its negation, nested ones under both; a read C always evaluates has none.
#[test]
fn reads_under_short_circuits_carry_their_evaluation_condition() {
    use ara::ir::Expr;
    let (p, a, i) = paper(false);
    let env: Vec<String> = (0..p.vars.len()).map(|k| format!("x{k}")).collect();
    let x = &env[i.0 as usize];
    let lt5 = || bin(BinOp::Lt, v(i), int(5));
    let cases: Vec<(Expr, Vec<Option<String>>)> = vec![
        (rd(a, v(i)), vec![None]),
        (
            bin(BinOp::LogAnd, lt5(), rd(a, v(i))),
            vec![Some(format!("(< {x} 5)"))],
        ),
        (
            bin(BinOp::LogOr, rd(a, int(0)), rd(a, v(i))),
            vec![None, Some("(not (not (= rd0 0)))".to_string())],
        ),
        (
            Expr::Cond(Box::new(lt5()), Box::new(rd(a, v(i))), Box::new(int(0))),
            vec![Some(format!("(< {x} 5)"))],
        ),
        (
            bin(
                BinOp::LogAnd,
                lt5(),
                Expr::Cond(
                    Box::new(rd(a, int(1))),
                    Box::new(int(1)),
                    Box::new(rd(a, v(i))),
                ),
            ),
            vec![
                Some(format!("(< {x} 5)")),
                Some(format!("(and (< {x} 5) (not (not (= rd0 0))))")),
            ],
        ),
    ];
    for (e, want) in cases {
        let mut enc = ara::engines::smt::ExprEncoder::new(&p, Theory::Lia);
        enc.allow_reads();
        enc.truth(&e, &env, 1).unwrap();
        let got: Vec<Option<String>> = enc.take_reads().into_iter().map(|r| r.evaluated).collect();
        assert_eq!(got, want, "{e:?}");
    }
}
