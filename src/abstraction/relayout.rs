//! Relayout: flattened 2-D arrays of a symbolic row length laid out with a constant one.
//!
//! Takes a [`Program`]; gives, when it applies, a program `P'` in which every access
//! `a[q*M + r]` of an array `a` (a `malloc`'d or VLA grid of row length `M`, a program
//! variable) becomes `a[q*K + r]` for a constant `K` (the bound of `M` the program assumes),
//! each access guarded by an added assertion
//! `0 <= q && q <= Q && 0 <= r && 1 <= M && M <= K && r < M` (`Q`: the largest bound the
//! program assumes, with `(Q + 1)·K <= 2^31`), and `a` gets the constant size `(Q + 1)·K`. The index is then linear, and the
//! engines that prove grids of constant row length (the two-index candidates of
//! `engines::horn::grid`) apply. `P'` serves proofs only: its added assertions are errors
//! `P` does not have, so a counterexample of `P'` says nothing about `P`.
//!
//! ## Why SAFE of `P'` is SAFE of `P`
//!
//! Conditions checked here: the program has no `goto`; `M` is assigned at most once, by a
//! statement at the top level of `main` (not in a loop or branch), and every access of `a`
//! lies in a later top-level statement, so `M` has one value `M0` at every access; an array
//! of symbolic size is allocated at the top level too (once); `a` starts zeroed or
//! nondeterministic (no initialiser list); every access's `q` and `r` are built from
//! variables, constants, `+`, `-`, `*` and casts (no reads, no division: evaluating them in
//! the assertion can neither fault nor read out of bounds); no access is in a `do-while`
//! test. An index without the shape `q*M + r` is taken as `0*M + r`.
//!
//! Take an execution of `P` that reaches the error, every access in bounds (ara's model,
//! ARCHITECTURE.md "Out of bounds"). Run `P'` on the same inputs. Claim: until `P` reaches the
//! error, either `P'` has reached an added assertion that fails (so `P'` reaches the error),
//! or both have the same scalars and for every `(q, r)` with `0 <= r < M0`:
//! `a'[q*K + r] = a[q*M0 + r]` (read on both sides as the arrays at that point).
//! - At the start (and at an allocation): define `a'` from `a` by `a'[x] = a[q*M0 + r]` for the
//!   unique `q, r` with `x = q*K + r`, `0 <= r < K`: zero when `a` is zero, a choice of `P'`'s
//!   nondeterministic contents otherwise; `P` touches `a` before its allocation nowhere.
//! - At an access, the assertion is evaluated first on the same scalars. If it fails, `P'`
//!   errs. If it holds, `q ∈ [0, Q]`, `M0 ∈ [1, K]`, `r ∈ [0, M0)` as integers (the
//!   comparisons are C's, and with `1 <= M` and `0 <= r` established each conversion of a
//!   non-negative value to the other operand's type keeps it), so `q*M0 + r < 2^31` and C
//!   computes `P`'s index exactly in any type of at least 32 bits (casts in the shape are
//!   only to such types), likewise `q*K + r`. `P`'s access is in bounds of its size `S`, and
//!   `q <= q*M0 + r < S`; `P'`'s index is below `(Q + 1)·K`: in bounds too, so the engines,
//!   which consider in-bounds executions, see this one. Reads: equal by the claim. Writes at
//!   `(q, r)`: `q2*M0 + r2 = q*M0 + r` iff `(q2, r2) = (q, r)` for `r, r2 ∈ [0, M0)`, and
//!   `q2*K + r2 = q*K + r` iff the same, so the claim holds after the write.
//! - Every other statement is the same in both.
//!
//! So `P'` reaches the error (its own copy of `P`'s failing assertion, or an added one), and
//! a proof that `P'` cannot is a proof for `P`. The twins: `tests/grid2d/*`, whose truth a gcc
//! run established (`tests/relayout.rs`).

use crate::ir::procs::number;
use crate::ir::visit_all;
use crate::ir::{ArrId, BinOp, Expr, IntType, Program, Size, Stmt, StmtKind, VarId};
use std::collections::BTreeMap;

/// Every index of the relaid program stays below 2^31: `q <= Q` with `(Q + 1)·K <= 2^31`.
const INDEX_LIMIT: i128 = 1 << 31;

/// The largest row length taken as a constant one.
const MAX_ROW: i128 = 1 << 16;

/// An array of `P` laid out anew in `P'`.
#[derive(Clone, Debug, PartialEq)]
pub struct RelaidArray {
    pub array: ArrId,
    /// The row length `M` (a variable of `P`; `P'` numbers its variables anew).
    pub row: VarId,
    /// The constant row length `K` of `P'`.
    pub len: i128,
    /// The largest row `Q` of `P'` (its size is `(Q + 1)·K`).
    pub rows: i128,
}

/// The program `P'` (module doc) and what it changed.
#[derive(Clone, Debug)]
pub struct Relaid {
    pub program: Program,
    pub arrays: Vec<RelaidArray>,
}

/// An access index as `q*M + r`.
#[derive(Clone, Debug, PartialEq)]
struct Split {
    q: Expr,
    row: Option<VarId>,
    r: Expr,
}

/// `P'` of `p` (module doc), when some array qualifies.
pub fn relayout(p: &Program) -> Option<Relaid> {
    if has_goto(&p.body) {
        return None;
    }
    let arrays: Vec<RelaidArray> = (0..p.arrays.len() as u32)
        .map(ArrId)
        .filter_map(|a| qualifies(p, a))
        .collect();
    if arrays.is_empty() {
        return None;
    }
    let mut q = p.clone();
    for ra in &arrays {
        let arr = &mut q.arrays[ra.array.0 as usize];
        arr.size = Size::Const(((ra.rows + 1) * ra.len) as u64);
        arr.dims = vec![
            Size::Const((ra.rows + 1) as u64),
            Size::Const(ra.len as u64),
        ];
    }
    let table: Table = arrays
        .iter()
        .map(|r| (r.array, (r.row, r.len, r.rows)))
        .collect();
    q.body = rewrite_stmts(&p.body, &table);
    let mut next = 1;
    number(&mut q.body, &mut next);
    q.num_vertices = next + 1;
    // The size variables of relaid arrays may now be dead (`n = N * M`: a product the
    // integer clauses would carry for nothing).
    let q = crate::ir::dead::remove_dead_vars(&q);
    Some(Relaid { program: q, arrays })
}

/// The row length and its constant when every access of `a` has one row length `M` that
/// the module doc's conditions hold for.
fn qualifies(p: &Program, a: ArrId) -> Option<RelaidArray> {
    let arr = p.array(a);
    if matches!(arr.init, crate::ir::ArrayInit::List(_)) {
        return None;
    }
    let accesses = top_level_accesses(p, a)?;
    let first = *accesses.iter().map(|(t, _)| t).min()?;
    let mut row = None;
    for (_, idx) in &accesses {
        let s = split(idx)?;
        if !plain(&s.q) || !plain(&s.r) {
            return None;
        }
        match (row, s.row) {
            (_, None) => {}
            (None, Some(m)) => row = Some(m),
            (Some(m0), Some(m)) if m0 == m => {}
            _ => return None,
        }
    }
    let row = row?;
    if !assigned_before(p, row, first) {
        return None;
    }
    if let Size::Var(n) = arr.size
        && !assigned_before(p, n, first)
    {
        return None;
    }
    let len = row_bound(p, row)?;
    Some(RelaidArray {
        array: a,
        row,
        len,
        rows: rows_bound(p, len),
    })
}

/// Whether `v` is assigned at most once, by a top-level statement before statement `first`,
/// and nowhere else.
fn assigned_before(p: &Program, v: VarId, first: usize) -> bool {
    let mut count = 0;
    visit_all(&p.body, &mut |s| {
        if assigns(s, v) {
            count += 1;
        }
    });
    match count {
        0 => true,
        1 => p.body[..first].iter().any(|s| assigns(s, v)),
        _ => false,
    }
}

fn assigns(s: &Stmt, v: VarId) -> bool {
    match &s.kind {
        StmtKind::Assign(x, _) => *x == v,
        StmtKind::ParAssign(xs) => xs.iter().any(|(x, _)| *x == v),
        _ => false,
    }
}

/// The indexes of `a`'s accesses with the top-level statement holding each, or `None` when
/// one is in a `do-while` test.
fn top_level_accesses(p: &Program, a: ArrId) -> Option<Vec<(usize, Expr)>> {
    let mut out = vec![];
    let mut in_do_test = false;
    for (t, top) in p.body.iter().enumerate() {
        visit_all(std::slice::from_ref(top), &mut |s| {
            let found = indexes_in_stmt(s, a);
            if matches!(s.kind, StmtKind::DoWhile { .. }) && !found.is_empty() {
                in_do_test = true;
            }
            out.extend(found.into_iter().map(|i| (t, i)));
        });
    }
    (!in_do_test).then_some(out)
}

/// The indexes of `a` accessed at `s`'s own vertex.
fn indexes_in_stmt(s: &Stmt, a: ArrId) -> Vec<Expr> {
    let mut out = vec![];
    if let StmtKind::Store(b, i, _) = &s.kind
        && *b == a
    {
        out.push(i.clone());
    }
    for e in s.vertex_exprs() {
        e.visit(&mut |x| {
            if let Expr::Read(b, i) = x
                && *b == a
            {
                out.push((**i).clone());
            }
        });
    }
    out
}

fn has_goto(ss: &[Stmt]) -> bool {
    let mut found = false;
    visit_all(ss, &mut |s| {
        // A label alone is harmless (`ERROR:` of `__VERIFIER_assert`); a jump back is not.
        found |= matches!(s.kind, StmtKind::Goto(_) | StmtKind::Call(_))
    });
    found
}

/// Casts to types of at least 32 bits keep every value in `[0, 2^31)`.
fn wide_casts(e: &Expr) -> &Expr {
    match e {
        Expr::Cast(t, x) if wide(*t) => wide_casts(x),
        _ => e,
    }
}

/// Types of at least 32 bits in every data model ara reads (`int` and wider).
fn wide(t: IntType) -> bool {
    t.bits(crate::ir::DataModel::Ilp32) >= 32
}

/// `idx` as `q*M + r` (either order of the sum and the product), else `0*M + idx`.
fn split(idx: &Expr) -> Option<Split> {
    let whole = Split {
        q: Expr::int(0),
        row: None,
        r: idx.clone(),
    };
    let Expr::Binary(BinOp::Add, x, y) = wide_casts(idx) else {
        return Some(whole);
    };
    for (prod, r) in [(x, y), (y, x)] {
        let Expr::Binary(BinOp::Mul, u, k) = wide_casts(prod) else {
            continue;
        };
        for (q, m) in [(u, k), (k, u)] {
            if let Expr::Var(m) = wide_casts(m) {
                return Some(Split {
                    q: (**q).clone(),
                    row: Some(*m),
                    r: (**r).clone(),
                });
            }
        }
    }
    Some(whole)
}

/// Variables, constants, `+`, `-`, `*`, unary minus and casts only.
fn plain(e: &Expr) -> bool {
    match e {
        Expr::Const(..) | Expr::Var(_) => true,
        Expr::Cast(_, x) | Expr::Unary(crate::ir::UnOp::Neg, x) => plain(x),
        Expr::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, x, y) => plain(x) && plain(y),
        _ => false,
    }
}

/// The constant row length for `m`: the least `c` of an assumption `m <= c` (or `m < c + 1`)
/// at the top level, or of the variable `m` was copied from; at least 2, at most
/// [`MAX_ROW`].
fn row_bound(p: &Program, m: VarId) -> Option<i128> {
    let mut best: Option<i128> = None;
    let mut sources = vec![m];
    for s in &p.body {
        if let StmtKind::Assign(x, e) = &s.kind
            && *x == m
            && let Expr::Var(y) = wide_casts(e)
        {
            sources.push(*y);
        }
    }
    for s in &p.body {
        let StmtKind::Assume(e) = &s.kind else {
            continue;
        };
        for c in conjuncts(e) {
            if let Some(b) = upper_bound(c, &sources) {
                best = Some(best.map_or(b, |x| x.min(b)));
            }
        }
    }
    best.filter(|&k| k <= MAX_ROW).map(|k| k.max(2))
}

/// The largest row `Q`: the largest bound any top-level assumption puts on a variable (the
/// rows of these programs are counted by one), at least `K`, at most what keeps every index
/// below 2^31. Any `Q` is sound (the guards assert `q <= Q`); a small one keeps the
/// certificate's bit-vectors narrow.
fn rows_bound(p: &Program, len: i128) -> i128 {
    let most = INDEX_LIMIT / len - 1;
    let vars: Vec<VarId> = (0..p.vars.len() as u32).map(VarId).collect();
    let assumed = p.body.iter().filter_map(|s| match &s.kind {
        StmtKind::Assume(e) => Some(e),
        _ => None,
    });
    assumed
        .flat_map(conjuncts)
        .filter_map(|c| upper_bound(c, &vars))
        .fold(len, i128::max)
        .min(most)
}

fn conjuncts(e: &Expr) -> Vec<&Expr> {
    match e {
        Expr::Binary(BinOp::LogAnd, x, y) => {
            let mut v = conjuncts(x);
            v.extend(conjuncts(y));
            v
        }
        _ => vec![e],
    }
}

/// `c` when `e` says `v <= c` for one of `vs`.
fn upper_bound(e: &Expr, vs: &[VarId]) -> Option<i128> {
    let Expr::Binary(op, x, y) = e else {
        return None;
    };
    let is_v = |e: &Expr| matches!(wide_casts(e), Expr::Var(v) if vs.contains(v));
    let konst = |e: &Expr| match wide_casts(e) {
        Expr::Const(c, _) => Some(*c),
        _ => None,
    };
    match op {
        BinOp::Le if is_v(x) => konst(y),
        BinOp::Lt if is_v(x) => konst(y).map(|c| c - 1),
        BinOp::Ge if is_v(y) => konst(x),
        BinOp::Gt if is_v(y) => konst(x).map(|c| c - 1),
        _ => None,
    }
}

/// Each relaid array's row length `M`, constant `K` and largest row `Q`.
type Table = BTreeMap<ArrId, (VarId, i128, i128)>;

fn rewrite_stmts(ss: &[Stmt], t: &Table) -> Vec<Stmt> {
    let mut out = vec![];
    for s in ss {
        let guard = guard_of(s, t);
        let mut s2 = s.clone();
        s2.kind = match &s.kind {
            StmtKind::If(c, th, el) => {
                StmtKind::If(index(c, t), rewrite_stmts(th, t), rewrite_stmts(el, t))
            }
            StmtKind::While { cond, body, step } => {
                let mut step = rewrite_stmts(step, t);
                step.extend(guard.clone().map(|g| assert_stmt(g, s)));
                StmtKind::While {
                    cond: index(cond, t),
                    body: rewrite_stmts(body, t),
                    step,
                }
            }
            StmtKind::DoWhile { body, cond } => StmtKind::DoWhile {
                body: rewrite_stmts(body, t),
                cond: cond.clone(),
            },
            StmtKind::Block(b) => StmtKind::Block(rewrite_stmts(b, t)),
            StmtKind::Assign(x, e) => StmtKind::Assign(*x, index(e, t)),
            StmtKind::Store(a, i, e) => StmtKind::Store(*a, store_index(*a, i, t), index(e, t)),
            StmtKind::Assert(e) => StmtKind::Assert(index(e, t)),
            StmtKind::Assume(e) => StmtKind::Assume(index(e, t)),
            StmtKind::ParAssign(xs) => {
                StmtKind::ParAssign(xs.iter().map(|(x, e)| (*x, index(e, t))).collect())
            }
            other => other.clone(),
        };
        out.extend(guard.map(|g| assert_stmt(g, s)));
        out.push(s2);
    }
    out
}

fn assert_stmt(g: Expr, at: &Stmt) -> Stmt {
    Stmt {
        kind: StmtKind::Assert(g),
        span: at.span,
        id: 0,
    }
}

/// The added assertion of the relaid accesses at `s`'s own vertex (module doc).
fn guard_of(s: &Stmt, t: &Table) -> Option<Expr> {
    let mut parts: Vec<Expr> = vec![];
    for (&a, &(m, k, rows)) in t {
        for idx in indexes_in_stmt(s, a) {
            let g = access_guard(&split(&idx)?, m, k, rows);
            if !parts.contains(&g) {
                parts.push(g);
            }
        }
    }
    parts
        .into_iter()
        .reduce(|x, y| Expr::bin(BinOp::LogAnd, x, y))
}

/// `0 <= q && q <= Q && 0 <= r && 1 <= M && M <= K && r < M`.
fn access_guard(s: &Split, m: VarId, k: i128, q_max: i128) -> Expr {
    let c = |v: i128| Expr::Const(v, IntType::LongLong);
    let mv = Expr::Var(m);
    [
        Expr::bin(BinOp::Le, c(0), s.q.clone()),
        Expr::bin(BinOp::Le, s.q.clone(), c(q_max)),
        Expr::bin(BinOp::Le, c(0), s.r.clone()),
        Expr::bin(BinOp::Le, c(1), mv.clone()),
        Expr::bin(BinOp::Le, mv.clone(), c(k)),
        Expr::bin(BinOp::Lt, s.r.clone(), mv),
    ]
    .into_iter()
    .reduce(|x, y| Expr::bin(BinOp::LogAnd, x, y))
    .expect("six conjuncts")
}

/// `q*K + r` in `int` for a relaid array's index: below 2^31 wherever the access's guard
/// held (its assertion comes first), and a narrow index keeps the certificate's bit-vector
/// check cheap (its divisions by `K` are as wide as the cell index).
fn relaid_index(s: &Split, k: i128) -> Expr {
    let int = |e: Expr| Expr::Cast(IntType::Int, Box::new(e));
    Expr::bin(
        BinOp::Add,
        Expr::bin(BinOp::Mul, int(s.q.clone()), Expr::int(k)),
        int(s.r.clone()),
    )
}

fn store_index(a: ArrId, i: &Expr, t: &Table) -> Expr {
    match (t.get(&a), split(i)) {
        (Some(&(_, k, _)), Some(s)) => relaid_index(&s, k),
        _ => index(i, t),
    }
}

/// `e` with every read of a relaid array at its relaid index.
fn index(e: &Expr, t: &Table) -> Expr {
    let rec = |x: &Expr| Box::new(index(x, t));
    match e {
        Expr::Read(a, i) => match (t.get(a), split(i)) {
            (Some(&(_, k, _)), Some(s)) => Expr::Read(*a, Box::new(relaid_index(&s, k))),
            _ => Expr::Read(*a, rec(i)),
        },
        Expr::Unary(op, x) => Expr::Unary(*op, rec(x)),
        Expr::Cast(ty, x) => Expr::Cast(*ty, rec(x)),
        Expr::Binary(op, x, y) => Expr::Binary(*op, rec(x), rec(y)),
        Expr::Cond(c, x, y) => Expr::Cond(rec(c), rec(x), rec(y)),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "extern unsigned int __VERIFIER_nondet_uint(void);\n\
        extern void abort(void);\n\
        extern void reach_error(void);\n\
        void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }\n\
        void assume_abort_if_not(int c) { if (!c) { abort(); } }\n";

    fn relaid(body: &str) -> Option<String> {
        let src = format!("{HEAD}int main() {{\n{body}\n}}\n");
        let opts = crate::frontend::FrontendOptions::default();
        let p = crate::frontend::parse_source(&src, "t.c", &opts).expect("parses");
        let r = relayout(&p)?;
        Some(crate::ir::cfg::Cfg::build(&r.program).to_text(&r.program))
    }

    const GRID: &str = "unsigned int N = __VERIFIER_nondet_uint();\n\
        unsigned int M = __VERIFIER_nondet_uint();\n\
        assume_abort_if_not(N <= 300 && M <= 300);\n\
        int a[N * M];\n\
        for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) a[i * M + j] = i;\n\
        for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) __VERIFIER_assert(a[i * M + j] == i);\n\
        return 0;";

    #[test]
    fn a_symbolic_row_length_becomes_the_assumed_bound_with_a_guard_per_access() {
        let text = relaid(GRID).expect("applies");
        assert!(
            text.contains(
                "assert(0ll <= i && i <= 300ll && 0ll <= j && 1ll <= M && M <= 300ll && j < M)"
            ),
            "{text}"
        );
        assert!(text.contains("a[(int) i * 300 + (int) j] = i;"), "{text}");
    }

    #[test]
    fn a_row_length_assigned_twice_or_unbounded_is_left_alone() {
        let twice = GRID.replace("int a[N * M];", "int a[N * M]; M = M + 0;");
        assert_eq!(relaid(&twice), None);
        let unbounded = GRID.replace("&& M <= 300", "");
        assert_eq!(relaid(&unbounded), None);
    }

    #[test]
    fn an_index_with_a_read_is_left_alone() {
        let read = GRID.replace("a[i * M + j] = i;", "a[i * M + a[j]] = i;");
        assert_eq!(relaid(&read), None);
    }
}
