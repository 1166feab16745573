//! Trace formulas solved by the real Z3 (`ARA_TOOLS_DIR` or `ARA_Z3` must find it).

mod smt_common;

use ara::base::tools::Limits;
use ara::engines::smt::{
    ConjunctKind, ExprEncoder, Query, SolverAnswer, Theory, encode_path, forced_value,
    forced_value_before, solve, solve_prefix,
};
use ara::ir::cfg::Cfg;
use ara::ir::{BinOp, IntType, Program, Vertex};
use smt_common::*;
use std::time::Duration;

fn limits() -> Limits {
    Limits {
        timeout: Some(Duration::from_secs(20)),
        memory_mb: None,
    }
}

fn query(p: &Program, path: &[Vertex], th: Theory) -> Query {
    encode_path(p, &Cfg::build(p), path, th).unwrap()
}

fn answer(p: &Program, path: &[Vertex], th: Theory) -> (Query, SolverAnswer) {
    let q = query(p, path, th);
    let a = solve(&q, &limits()).unwrap();
    (q, a)
}

fn is_unsat(p: &Program, path: &[Vertex], th: Theory) -> bool {
    match answer(p, path, th).1 {
        SolverAnswer::Unsat { .. } => true,
        SolverAnswer::Sat(_) => false,
        SolverAnswer::Unknown(r) => panic!("unknown: {r}"),
    }
}

const LOOP_TWICE: &[Vertex] = &[1, 2, 3, 4, 5, 3, 4, 5, 3, 6, 0];

#[test]
fn paper_example_loop_twice_is_infeasible_because_of_a1() {
    let (p, a, i) = paper(true);
    for th in [Theory::BitVector, Theory::Lia] {
        let (q, ans) = answer(&p, LOOP_TWICE, th);
        let SolverAnswer::Unsat { core } = ans else {
            panic!("{th:?}: {ans:?}\n{}", q.text)
        };
        // The store a[1] = 9 is needed.
        assert!(
            core.iter()
                .any(|n| q.conjunct(n).unwrap().vertex == Some(1)),
            "{core:?}"
        );
        // So is the second loop test, reading a[i] with i forced to 1 by what comes before.
        let g = core
            .iter()
            .map(|n| q.conjunct(n).unwrap())
            .find(|c| c.vertex == Some(3) && c.step == 5)
            .unwrap_or_else(|| panic!("{core:?}\n{}", q.text));
        assert_eq!(g.reads.len(), 1);
        assert_eq!((g.reads[0].array, &g.reads[0].index_expr), (a, &v(i)));
        let term = &g.reads[0].index_term;
        let forced = forced_value_before(&q, &core, g.step, term, &limits()).unwrap();
        assert_eq!(forced, Some(1), "{th:?}");
        // The whole core is unsat, so it forces nothing.
        assert_eq!(forced_value(&q, &core, term, &limits()).unwrap(), None);
        // Without the assignments to i, i is not forced.
        let store_only: Vec<String> = core
            .iter()
            .filter(|n| q.conjunct(n).unwrap().kind == ConjunctKind::Store)
            .cloned()
            .collect();
        assert_eq!(
            forced_value(&q, &store_only, term, &limits()).unwrap(),
            None
        );
    }
}

#[test]
fn paper_example_no_iteration_is_infeasible() {
    let (p, _, i) = paper(true);
    let (q, ans) = answer(&p, &[1, 2, 3, 6, 0], Theory::BitVector);
    let SolverAnswer::Unsat { core } = ans else {
        panic!("{ans:?}")
    };
    // i = 0 and the failing assert(i <= 1) contradict each other.
    let kinds: Vec<ConjunctKind> = core.iter().map(|n| q.conjunct(n).unwrap().kind).collect();
    assert!(kinds.contains(&ConjunctKind::NegatedAssert), "{kinds:?}");
    assert!(
        core.iter()
            .any(|n| q.conjunct(n).unwrap().kind == ConjunctKind::Assign
                && q.conjunct(n).unwrap().vars == vec![i]),
        "{core:?}"
    );
    // The prefix up to the assertion is feasible.
    assert!(matches!(
        solve_prefix(&q, 3, &limits()).unwrap(),
        SolverAnswer::Sat(_)
    ));
}

#[test]
fn without_the_store_the_loop_runs_twice_and_the_model_shows_a() {
    let (p, a, _) = paper(false);
    // 1: i=0; 2: while; 3: a[i]=2*i; 4: i=i+1; 5: assert(i<=1).
    let path = [1, 2, 3, 4, 2, 3, 4, 2, 5, 0];
    for th in [Theory::BitVector, Theory::Lia] {
        let (q, ans) = answer(&p, &path, th);
        let SolverAnswer::Sat(m) = ans else {
            panic!("{th:?}: {ans:?}\n{}", q.text)
        };
        let mut cells: Vec<(i128, i128)> = m
            .arrays
            .iter()
            .map(|x| {
                assert_eq!(x.array, a);
                (x.index, x.value)
            })
            .collect();
        cells.sort();
        assert_eq!(cells.iter().map(|c| c.0).collect::<Vec<_>>(), vec![0, 1, 2]);
        assert_ne!(cells[0].1, 9);
        assert_ne!(cells[1].1, 9);
        assert_eq!(cells[2].1, 9);
    }
}

#[test]
fn model_gives_nondet_inputs() {
    // 1: x = nondet_int(); 2: if (x > 5) { 3: y = x * 2; 4: assert(y != 14); }
    let mut b = B::new();
    let x = b.local("x", IntType::Int);
    let y = b.local("y", IntType::Int);
    let body = vec![
        assign(1, x, nondet(IntType::Int)),
        if_(
            2,
            bin(BinOp::Gt, v(x), int(5)),
            vec![
                assign(3, y, bin(BinOp::Mul, v(x), int(2))),
                assert_(4, bin(BinOp::Ne, v(y), int(14))),
            ],
            vec![],
        ),
    ];
    let p = b.finish(body);
    for th in [Theory::BitVector, Theory::Lia] {
        let (_, ans) = answer(&p, &[1, 2, 3, 4, 0], th);
        let SolverAnswer::Sat(m) = ans else {
            panic!("{ans:?}")
        };
        assert_eq!(m.nondets.len(), 1);
        assert_eq!((m.nondets[0].nondet.vertex, m.nondets[0].value), (1, 7));
    }
    // With x <= 5 required up front, the same path is infeasible.
    let mut p2 = p.clone();
    p2.body.insert(1, assume(5, bin(BinOp::Le, v(x), int(5))));
    p2.num_vertices += 1;
    assert!(is_unsat(&p2, &[1, 5, 2, 3, 4, 0], Theory::BitVector));
}

#[test]
fn model_values_follow_c_types() {
    let mut b = B::new();
    let x = b.local("x", IntType::Int);
    let u = b.local("u", IntType::UInt);
    let c = b.local("c", IntType::Char);
    let l = b.local("l", IntType::ULong);
    let f = b.local("f", IntType::Bool);
    let body = vec![
        assign(1, x, nondet(IntType::Int)),
        assign(2, u, nondet(IntType::UInt)),
        assign(3, c, nondet(IntType::Char)),
        assign(4, l, nondet(IntType::ULong)),
        assign(5, f, nondet(IntType::Bool)),
        assume(
            6,
            and(bin(BinOp::Lt, v(x), int(-5)), bin(BinOp::Gt, v(x), int(-7))),
        ),
        assume(7, eq(v(u), k(4000000001, IntType::UInt))),
        assume(
            8,
            and(
                bin(BinOp::Lt, v(c), int(-100)),
                bin(BinOp::Gt, v(c), int(-102)),
            ),
        ),
        assume(9, eq(v(l), k(18446744073709551615, IntType::ULong))),
        assume(10, v(f)),
        assert_(11, int(0)),
    ];
    let p = b.finish(body);
    let path: Vec<Vertex> = (1..=11).chain([0]).collect();
    let (_, ans) = answer(&p, &path, Theory::BitVector);
    let SolverAnswer::Sat(m) = ans else {
        panic!("{ans:?}")
    };
    let vals: Vec<(IntType, i128)> = m.nondets.iter().map(|n| (n.nondet.ty, n.value)).collect();
    assert_eq!(
        vals,
        vec![
            (IntType::Int, -6),
            (IntType::UInt, 4000000001),
            (IntType::Char, -101),
            (IntType::ULong, 18446744073709551615),
            (IntType::Bool, 1),
        ]
    );
}

#[test]
fn free_local_scalars_are_in_the_model() {
    // `int x;` read uninitialised: 1: assume(x > 100); 2: assert(x != 101).
    let mut b = B::new();
    let x = b.local("x", IntType::Short);
    let body = vec![
        assume(1, bin(BinOp::Gt, v(x), int(100))),
        assert_(2, bin(BinOp::Ne, v(x), int(101))),
    ];
    let p = b.finish(body);
    let (_, ans) = answer(&p, &[1, 2, 0], Theory::BitVector);
    let SolverAnswer::Sat(m) = ans else {
        panic!("{ans:?}")
    };
    assert_eq!(m.vars.len(), 1);
    assert_eq!((m.vars[0].var, m.vars[0].value), (x, 101));
    // A global starts at zero: the same path is infeasible.
    let mut b = B::new();
    let g = b.global("g", IntType::Short);
    let p = b.finish(vec![
        assume(1, bin(BinOp::Gt, v(g), int(100))),
        assert_(2, bin(BinOp::Ne, v(g), int(101))),
    ]);
    assert!(is_unsat(&p, &[1, 2, 0], Theory::BitVector));
}

// ---- C semantics in the bit-vector theory: `holds` = the path to the error is infeasible.

fn holds(b: B, assigns: Vec<(ara::ir::VarId, ara::ir::Expr)>, cond: ara::ir::Expr) -> bool {
    let (p, path) = straight(b, assigns, cond);
    is_unsat(&p, &path, Theory::BitVector)
}

#[test]
fn unsigned_wrap_around() {
    let mut b = B::new();
    let x = b.local("x", IntType::UInt);
    let a = vec![(x, k(0, IntType::UInt)), (x, bin(BinOp::Sub, v(x), int(1)))];
    assert!(holds(b, a.clone(), bin(BinOp::Gt, v(x), int(0))));
    let mut b = B::new();
    b.local("x", IntType::UInt);
    assert!(holds(b, a, eq(v(x), k(4294967295, IntType::UInt))));
    // In LIA (no wrap-around) x is -1 and the assertion fails.
    let mut b = B::new();
    let x = b.local("x", IntType::UInt);
    let (p, path) = straight(
        b,
        vec![(x, k(0, IntType::UInt)), (x, bin(BinOp::Sub, v(x), int(1)))],
        bin(BinOp::Gt, v(x), int(0)),
    );
    assert!(!is_unsat(&p, &path, Theory::Lia));
}

#[test]
fn signed_unsigned_comparison() {
    // int r = (-1 < 1u); assert(r == 0) holds: -1 converts to UINT_MAX.
    let mut b = B::new();
    let r = b.local("r", IntType::Int);
    let lt = bin(BinOp::Lt, neg(int(1)), k(1, IntType::UInt));
    assert!(holds(b, vec![(r, lt)], eq(v(r), int(0))));
    let mut b = B::new();
    let r = b.local("r", IntType::Int);
    let lt = bin(BinOp::Lt, neg(int(1)), int(1));
    assert!(holds(b, vec![(r, lt)], eq(v(r), int(1))));
    // unsigned x = 1; int y = -1; assert(y < x) fails.
    let mut b = B::new();
    let x = b.local("x", IntType::UInt);
    let y = b.local("y", IntType::Int);
    assert!(!holds(
        b,
        vec![(x, k(1, IntType::UInt)), (y, int(-1))],
        bin(BinOp::Lt, v(y), v(x))
    ));
    // long vs unsigned int: the unsigned converts to long (LP64), so -1l < 1u.
    let mut b = B::new();
    let y = b.local("y", IntType::Long);
    assert!(holds(
        b,
        vec![(y, k(-1, IntType::Long))],
        bin(BinOp::Lt, v(y), k(1, IntType::UInt))
    ));
}

#[test]
fn division_truncates() {
    for th in [Theory::BitVector, Theory::Lia] {
        let mut b = B::new();
        let x = b.local("x", IntType::Int);
        let y = b.local("y", IntType::Int);
        let div = |a, b| bin(BinOp::Div, a, b);
        let rem = |a, b| bin(BinOp::Rem, a, b);
        let cond = and(
            and(
                eq(div(v(x), int(2)), int(-3)),
                eq(rem(v(x), int(2)), int(-1)),
            ),
            and(
                and(eq(div(v(x), v(y)), int(3)), eq(rem(v(x), v(y)), int(-1))),
                and(
                    eq(div(neg(v(x)), v(y)), int(-3)),
                    eq(rem(neg(v(x)), v(y)), int(1)),
                ),
            ),
        );
        let (p, path) = straight(b, vec![(x, int(-7)), (y, int(-2))], cond);
        assert!(is_unsat(&p, &path, th), "{th:?}");
    }
    // Not floor division.
    let mut b = B::new();
    let x = b.local("x", IntType::Int);
    assert!(!holds(
        b,
        vec![(x, int(-7))],
        bin(BinOp::Ne, bin(BinOp::Div, v(x), int(2)), int(-3))
    ));
    // Unsigned division: (unsigned)-7 / 2 == 2147483644.
    let mut b = B::new();
    let u = b.local("u", IntType::UInt);
    assert!(holds(
        b,
        vec![(u, cast(IntType::UInt, int(-7)))],
        and(
            eq(bin(BinOp::Div, v(u), int(2)), k(2147483644, IntType::UInt)),
            eq(bin(BinOp::Rem, v(u), int(2)), k(1, IntType::UInt))
        )
    ));
}

#[test]
fn char_wrap_and_promotion() {
    let mut b = B::new();
    let c = b.local("c", IntType::Char);
    let uc = b.local("uc", IntType::UChar);
    let cond = and(
        eq(v(c), int(-128)),
        and(
            eq(v(uc), int(0)),
            eq(bin(BinOp::Add, v(c), int(128)), int(0)),
        ),
    );
    assert!(holds(
        b,
        vec![
            (c, int(127)),
            (c, bin(BinOp::Add, v(c), int(1))),
            (uc, int(255)),
            (uc, bin(BinOp::Add, v(uc), int(1))),
        ],
        cond
    ));
    // char + 1 is computed in int: no wrap.
    let mut b = B::new();
    let c = b.local("c", IntType::Char);
    assert!(holds(
        b,
        vec![(c, int(127))],
        eq(bin(BinOp::Add, v(c), int(1)), int(128))
    ));
}

#[test]
fn casts() {
    let mut b = B::new();
    let x = b.local("x", IntType::Int);
    let m = b.local("m", IntType::Int);
    let f = b.local("f", IntType::Bool);
    let cond = and(
        and(
            eq(cast(IntType::UChar, v(x)), int(44)),
            eq(cast(IntType::Bool, v(x)), int(1)),
        ),
        and(
            and(
                eq(cast(IntType::Long, v(m)), k(-1, IntType::Long)),
                eq(
                    cast(IntType::ULong, v(m)),
                    k(18446744073709551615, IntType::ULong),
                ),
            ),
            and(
                eq(
                    cast(IntType::ULong, cast(IntType::UInt, v(m))),
                    k(4294967295, IntType::ULong),
                ),
                eq(v(f), int(1)),
            ),
        ),
    );
    // f = x: 300 converted to _Bool is 1 (not 300 mod 256 = 44).
    assert!(holds(b, vec![(x, int(300)), (m, int(-1)), (f, v(x))], cond));
}

#[test]
fn shifts() {
    let mut b = B::new();
    let x = b.local("x", IntType::Int);
    let u = b.local("u", IntType::UInt);
    let c = b.local("c", IntType::Char);
    let cond = and(
        and(
            eq(bin(BinOp::Shr, v(x), int(1)), int(-4)),
            eq(bin(BinOp::Shr, v(u), int(31)), k(1, IntType::UInt)),
        ),
        and(
            and(
                eq(bin(BinOp::Shl, int(1), v(c)), int(16)),
                eq(
                    bin(BinOp::Shr, cast(IntType::UInt, v(x)), int(1)),
                    k(0x7ffffffc, IntType::UInt),
                ),
            ),
            // A long shift amount with an int left operand: type int.
            eq(bin(BinOp::Shl, int(3), k(2, IntType::Long)), int(12)),
        ),
    );
    assert!(holds(
        b,
        vec![(x, int(-8)), (u, k(0x80000000, IntType::UInt)), (c, int(4))],
        cond
    ));
    // The arithmetic shift really is arithmetic: -8 >> 1 != 0x7ffffffc.
    let mut b = B::new();
    let x = b.local("x", IntType::Int);
    assert!(!holds(
        b,
        vec![(x, int(-8))],
        bin(BinOp::Ne, bin(BinOp::Shr, v(x), int(1)), int(-4))
    ));
}

#[test]
fn logical_operators_and_conditional() {
    let mut b = B::new();
    let x = b.local("x", IntType::Int);
    let cond = and(
        and(
            eq(ara::ir::Expr::not(v(x)), int(0)),
            eq(bin(BinOp::LogOr, v(x), int(0)), int(1)),
        ),
        and(
            eq(bin(BinOp::LogAnd, v(x), int(0)), int(0)),
            // 1 ? -1 : 0u has type unsigned int: UINT_MAX > 0.
            bin(
                BinOp::Gt,
                ara::ir::Expr::cond(int(1), neg(int(1)), k(0, IntType::UInt)),
                int(0),
            ),
        ),
    );
    assert!(holds(b, vec![(x, int(5))], cond));
}

#[test]
fn array_initialisers() {
    // int g[4] = {1, 2}; (global) assert(g[1] == 2 && g[3] == 0) holds; a free local does not.
    use ara::ir::{ArrayInit, Storage};
    let mut b = B::new();
    let g = b.array(
        "g",
        IntType::Int,
        4,
        Storage::Global,
        ArrayInit::List(vec![1, 2]),
    );
    let z = b.array("z", IntType::UChar, 4, Storage::Global, ArrayInit::Zero);
    let i = b.local("i", IntType::Long);
    let cond = and(
        and(eq(rd(g, v(i)), int(2)), eq(rd(g, int(3)), int(0))),
        eq(rd(z, v(i)), int(0)),
    );
    assert!(holds(b, vec![(i, k(1, IntType::Long))], cond));
    let mut b = B::new();
    let f = b.array("f", IntType::Int, 4, Storage::Local, ArrayInit::Nondet);
    let (p, path) = straight(b, vec![], eq(rd(f, int(3)), int(0)));
    let (_, ans) = answer(&p, &path, Theory::BitVector);
    let SolverAnswer::Sat(m) = ans else {
        panic!("{ans:?}")
    };
    assert_eq!(m.arrays.len(), 1);
    assert_eq!(m.arrays[0].index, 3);
    assert_ne!(m.arrays[0].value, 0);
}

#[test]
fn timeout_is_unknown() {
    // A hard non-linear bit-vector problem with a tiny time limit.
    let mut b = B::new();
    let x = b.local("x", IntType::ULongLong);
    let y = b.local("y", IntType::ULongLong);
    let (p, path) = straight(
        b,
        vec![
            (x, nondet(IntType::ULongLong)),
            (y, nondet(IntType::ULongLong)),
        ],
        bin(
            BinOp::Ne,
            bin(BinOp::Mul, v(x), v(y)),
            k(0xfffffffb00000005, IntType::ULongLong),
        ),
    );
    let q = query(&p, &path, Theory::BitVector);
    let lim = Limits {
        timeout: Some(Duration::from_millis(1)),
        memory_mb: None,
    };
    match solve(&q, &lim).unwrap() {
        SolverAnswer::Unknown(r) => assert_eq!(r, "timeout"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn prefix_models_leave_later_nondets_out() {
    let mut b = B::new();
    let x = b.local("x", IntType::Int);
    let y = b.local("y", IntType::Int);
    let (p, path) = straight(
        b,
        vec![(x, nondet(IntType::Int)), (y, nondet(IntType::Int))],
        bin(BinOp::Ne, v(x), v(y)),
    );
    let q = query(&p, &path, Theory::BitVector);
    let SolverAnswer::Sat(m) = solve_prefix(&q, 1, &limits()).unwrap() else {
        panic!()
    };
    assert_eq!(m.nondets.len(), 1);
    assert_eq!(m.nondets[0].nondet.name, "nd0");
}

#[test]
fn lia_approximates_bitwise_operators() {
    // x = 6 & 3; assert(x == 2): exact in bit-vectors, unconstrained in LIA.
    let mut b = B::new();
    let x = b.local("x", IntType::Int);
    let (p, path) = straight(
        b,
        vec![(x, bin(BinOp::BitAnd, int(6), int(3)))],
        eq(v(x), int(2)),
    );
    assert!(is_unsat(&p, &path, Theory::BitVector));
    let q = query(&p, &path, Theory::Lia);
    assert_eq!(q.approximations.len(), 1, "{:?}", q.approximations);
    assert!(
        q.text.contains("; approximation: vertex 1: bitwise `&`"),
        "{}",
        q.text
    );
    assert!(!is_unsat(&p, &path, Theory::Lia));
}

#[test]
fn a_rejected_script_is_a_tool_failure() {
    let (p, _, _) = paper(true);
    let mut q = query(&p, &[1, 2, 3, 6, 0], Theory::BitVector);
    q.conjuncts[0].term = "(bvadd i@1)".into();
    let e = solve(&q, &limits()).unwrap_err();
    assert_eq!(e.kind(), "tool-failed", "{e}");
    assert!(e.to_string().contains("rejected the script"), "{e}");
}

#[test]
fn ilp32_long_is_32_bits() {
    // long l = LONG_MAX (ILP32); l = l + 1; assert(l < 0) holds (wraps); a[l] indexes 32-bit.
    let mut b = B::new();
    b.p.data_model = ara::ir::DataModel::Ilp32;
    let l = b.local("l", IntType::Long);
    let a = b.array(
        "a",
        IntType::Int,
        4,
        ara::ir::Storage::Global,
        ara::ir::ArrayInit::Zero,
    );
    let (p, path) = straight(
        b,
        vec![
            (l, k(2147483647, IntType::Long)),
            (l, bin(BinOp::Add, v(l), int(1))),
        ],
        and(bin(BinOp::Lt, v(l), int(0)), eq(rd(a, v(l)), int(0))),
    );
    let q = query(&p, &path, Theory::BitVector);
    assert!(
        q.text.contains("(Array (_ BitVec 32) (_ BitVec 32))"),
        "{}",
        q.text
    );
    assert!(is_unsat(&p, &path, Theory::BitVector));
}

/// How often a formula holds: for every value of its variables, some, none.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Holds {
    Always,
    Sometimes,
    Never,
}

/// `script` answered by the real Z3: `sat` or `unsat`.
fn z3_answer(script: &str) -> String {
    use std::io::Write as _;
    let z3 = ara::base::tools::find_tool(ara::base::tools::Tool::Z3, None).expect("z3");
    let mut c = std::process::Command::new(z3)
        .args(["-in", "-T:20"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    c.stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let o = c.wait_with_output().unwrap();
    String::from_utf8_lossy(&o.stdout).trim().to_string()
}

/// A witness's contract is ACSL, read over the mathematical integers
/// (`ExprEncoder::integer_reading`, computed in wide bit-vectors; conversions of constant
/// expressions kept, `cexpr::parse_acsl`). For each expression over
/// small types, Z3 shows: where the reading is defined, its truth is the integers' truth
/// (LIA: mathematical for these operators); how often it is defined; and how often true where
/// defined (C's truth differs on most rows). The rows' classes: wrapping sums, differences and
/// products, conversions of negative values to unsigned, `-` and `~` of unsigned values,
/// narrowing casts, division by zero, shifts, `&&`, `||`, `?:` guarding an operand, and
/// values past the bounds of the exact width.
#[test]
fn contracts_are_read_over_the_integers() {
    use Holds::*;
    use ara::strategy::svwitness::cexpr::{self, Scope};
    let decls = "signed char a; unsigned char b; short s; unsigned short w; unsigned int u; unsigned long L;\n";
    let tiny = ara::frontend::parse_source(
        &format!("{decls}int main(void) {{ return 0; }}\n"),
        "integer",
        &Default::default(),
    )
    .unwrap();
    // (expression, how often defined, how often true where defined)
    let table = [
        ("u + 1 > u", Always, Always),
        ("u + 1u == 0", Always, Never),
        ("4294967295u + 1 == 4294967296", Always, Always),
        ("u <= -1", Always, Never),
        ("u > a", Always, Sometimes),
        ("-u <= 0", Always, Always),
        ("~u < 0", Always, Always),
        ("u - 5 < u", Always, Always),
        ("w * w * w >= 0", Always, Always),
        ("u * 2u / 2u == u", Always, Always),
        ("-2147483647 - 1 < 0", Always, Always),
        ("(long)(2147483647 + 1) > 0", Always, Always),
        ("(unsigned long)(0u - 1) > 0", Never, Never),
        ("(unsigned char)a == a", Sometimes, Always),
        ("(signed char)(s + 1) > s", Sometimes, Always),
        ("s / a == s / a", Sometimes, Always),
        ("a % 0 == 1", Never, Never),
        ("b != 0 && 100 / b > 1", Always, Sometimes),
        (
            "b > 127 ? b - 256 < 0 : (signed char)b >= 0",
            Always,
            Always,
        ),
        ("b < 128 || (signed char)b < 0", Sometimes, Always),
        ("b > 127 || (signed char)b >= 0", Always, Always),
        ("s << 20 > s", Always, Sometimes),
        ("b << 70 >= 0", Never, Never),
        ("a >> 1 <= a", Always, Sometimes),
        // Bounds past 2^126: the guarded reading at 132 bits.
        ("L << 63 >= 0", Sometimes, Always),
    ];
    let env = |suffix: &str| -> Vec<String> {
        (tiny.vars.iter())
            .map(|v| format!("{}_{suffix}", v.display))
            .collect()
    };
    let (bv_env, int_env) = (env("bv"), env("i"));
    let mut decl = String::new();
    for (k, v) in tiny.vars.iter().enumerate() {
        let bits = v.ty.bits(tiny.data_model);
        let (x, i) = (&bv_env[k], &int_env[k]);
        let unsigned = format!("(bv2int {x})");
        let value = if v.ty.is_signed() {
            format!(
                "(ite (bvslt {x} (_ bv0 {bits})) (- {unsigned} {}) {unsigned})",
                1u64 << bits
            )
        } else {
            unsigned
        };
        decl += &format!(
            "(declare-const {x} (_ BitVec {bits}))\n(declare-const {i} Int)\n(assert (= {i} {value}))\n"
        );
    }
    let ask = |goal: &str| z3_answer(&format!("{decl}(assert {goal})\n(check-sat)\n"));
    let how_often =
        |text: &str, f: &str| match (ask(f).as_str(), ask(&format!("(not {f})")).as_str()) {
            ("sat", "unsat") => Always,
            ("sat", "sat") => Sometimes,
            ("unsat", "sat") => Never,
            other => panic!("{text}: {other:?}"),
        };
    for (text, expected_defined, true_where_defined) in table {
        let e = cexpr::parse_acsl(&tiny, &Scope::of(&tiny), text).unwrap();
        let mut bv = ExprEncoder::new(&tiny, Theory::BitVector);
        let (defined, truth) = bv.integer_reading(&e, &bv_env, 0).unwrap();
        let mut lia = ExprEncoder::new(&tiny, Theory::Lia);
        let m = lia.truth(&e, &int_env, 0).unwrap();
        assert!(lia.approximations().is_empty(), "{text}");
        // Where the reading is defined, its truth is the integers' (not asked of a division
        // by a variable: non-linear integer arithmetic, seconds of Z3 for each).
        if !lia.nonlinear() {
            let differ = format!("(and {defined} (not (= {truth} {m})))");
            assert_eq!(ask(&differ), "unsat", "{text}: {defined} {truth}");
        }
        assert_eq!(
            how_often(text, &defined),
            expected_defined,
            "{text}: {defined}"
        );
        if expected_defined != Never {
            let only = |t: &str| ask(&format!("(and {defined} {t})"));
            let got = match (
                only(&truth).as_str(),
                only(&format!("(not {truth})")).as_str(),
            ) {
                ("sat", "unsat") => Always,
                ("sat", "sat") => Sometimes,
                ("unsat", "sat") => Never,
                other => panic!("{text}: {other:?}"),
            };
            assert_eq!(got, true_where_defined, "{text}: {truth}");
        }
    }
}
