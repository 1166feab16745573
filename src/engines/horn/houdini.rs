//! Houdini: template invariants for the cell clauses of two cells per array.
//!
//! Takes the integer cell-morphing clauses ([`super::morph`], two cells per array) and the
//! program they came from; gives an interpretation of every predicate (a conjunction of
//! candidate facts) that makes every integer clause valid, or `None`. The answer is only a
//! lead: like Spacer's, it becomes a proof only through ara's own check of the bit-vector
//! clauses ([`super::certify`]), so the choice of candidates and every shortcut here can cost
//! proofs, never soundness.
//!
//! ## Why a template engine
//!
//! Spacer (every configuration of the portfolio, lean and full atoms, even a hand-written
//! ordered-cells system) found no invariant of selection or bubble sort with two cells in
//! 60 s, although one exists in ara's own encoding: for selection sort (cells range over the
//! capacity, not over `N`, and are unordered, so the guards need up to three atoms)
//! `w1 < w2 ∧ w1 < i ∧ w2 < N ⇒ v1 <= v2` at the outer loop and
//! `w1 = mn ∧ i <= w2 ∧ w2 < j ⇒ v1 <= v2` in the inner one, with their mirror images and
//! scalar facts such as `j <= N`, `N <= 100000`. These are implications between a few
//! comparisons of the cells with the program's index terms and one comparison of the cell
//! values: a finite template. Houdini (Flanagan and Leino, FME 2001) keeps the greatest
//! subset of the candidates that is inductive: start with all of them at every predicate; for
//! each clause ask Z3 for a model of `body ∧ ¬head` with the current conjunctions and drop
//! the head's candidates that are false in it; repeat until no clause has such a model.
//!
//! ## The candidates
//!
//! - *Index terms* `T`: the variables of array writes' indexes, closed under assignments
//!   between scalars (`mn = j`), the variables compared with them in conditions (`i < N`),
//!   and the compound sides of those comparisons with their successors (`N - 1 - i` and
//!   `N - i`), and the successor of a term a loop counts down (`i + 1`: the part done
//!   lies above it).
//! - *Scalar facts* over the variables of `T` and of the reads' indexes: `x <= y`, `x < y`,
//!   `x >= 0`, `x >= 1`, `x <= c` for each constant array size `c`.
//! - *Cell facts* per array with cells `(w1, v1)`, `(w2, v2)`: `g ⇒ c` with `c` one of
//!   `v1 <= v2`, `v2 <= v1`, `v1 = v2`, and the guard `g` `w1 = w2` or a conjunction of at
//!   most one *range* per cell, a range being an atom `w R t` (`R` one of `<`, `=`, `>=`,
//!   `t ∈ T`) or an interval `t1 <= w < t2`, with three atoms at most, and those of at most
//!   two also with `w1 < w2`. A fact and its mirror image (the cells exchanged) are one
//!   candidate, their conjunction: the clauses treat both cells alike.
//! - *Facts between arrays* (`cross_candidates`): for two arrays, `w_a = w_b ∧ r(w_a) ⇒
//!   v_a R v_b` (`R` one of `<=`, `>=`, `=`; `r` nothing, `w_a < t` or `w_a >= t`), the
//!   four images under the exchanges of each array's cells as one candidate. A prefix
//!   maximum needs `m[w] >= a[w]` beside `w1 < w2 < i ⇒ m[w1] <= m[w2]` (proved at nondet N,
//!   `tests/everyn/prefmax_*`).
//!
//! ## The smaller invariant
//!
//! The greatest inductive subset holds thousands of facts (1718 for selection sort), and
//! ara's bit-vector check of it took 9 s (selection) and 62 s (bubble sort). So the answer
//! is first cut to what the error clauses need (`Queries::needed`: unsat cores, clause by
//! clause back from the error, until nothing more is needed; scalar facts all stay, since
//! the integer clauses need no bounds against wrapping but the bit-vector ones do: without
//! them the check of the cut invariant failed). The cut invariant is checked first, then
//! the whole one. Selection sort's cut invariant at the inner loop reads
//! `w1 < i ∧ w1 < w2 < j ⇒ a[w1] <= a[w2]`, `w1 < i ∧ w1 < w2 < N ⇒ …`,
//! `w1 = mn ∧ i <= w2 < j ⇒ a[w1] <= a[w2]` (and mirror images) with `i <= mn < j <= N`.
//! The cut is sought for half of the time left before the deadline at most
//! ([`minimising_deadline`]): the cores of a transposed grid's invariant ran past 140 s and
//! left no time to check the whole invariant, which is an answer too (the caller checks the
//! cut one with half of the time left, the whole one with the rest). An invariant with
//! divisions of at most [`WHOLE_WITH_DIVISIONS`] facts is checked whole at once: the relaid
//! transpose's (228 facts) checks in 6.4 s of CPU (`certify::cases`), while its cores ran
//! past 40 s (at load 26 they took the stage's time before the check could start).
//!
//! ## What was measured (release build, idle machine, `--engine horn-cells --timeout 120`)
//!
//! | task (nondet N <= 100000) | candidates | Houdini | check | total |
//! |---|---|---|---|---|
//! | selection sort | 1599 per predicate | 19 s, 6 rounds | 1.6 s | 23 s |
//! | bubble sort | 2743 per predicate | 34 s, 6 rounds | 5.2 s | 43 s |
//!
//! Most of the time is the first round, whose bodies carry every candidate (one Z3 run per
//! query, 0.1 to 0.4 s each). Before the ranges (three arbitrary atoms per guard and both
//! cell orders: 6439 candidates) selection sort took 106 s; a Python prototype of the same
//! algorithm 167 s. Mirror pairs cut the candidates by half again.
//!
//! Each query is a script with the candidates as `define-fun`s, run within the time left;
//! all of a run's queries go to one Z3 process ([`crate::base::tools::Session`], reset after each
//! query), which saves a process start per query.
//!
//! ## Division lemmas
//!
//! When a candidate divides (a grid's row `w div C` and column `w mod C`), each query also
//! asserts, for every flattened index `x*C + y` of the clause's body (a constant `C >= 2`),
//! `0 <= y < C ⇒ (x*C + y) div C = x ∧ (x*C + y) mod C = y` ([`division_hints`]). This is
//! a theorem of integer arithmetic: SMT-LIB's `div` and `mod` by `C > 0` are the unique `q`,
//! `r` with `t = C·q + r`, `0 <= r < C`, and `q = x`, `r = y` are such a pair. So a query
//! has the same models with the lemmas as without, and the answers are the clauses' own.
//! Z3 proves the lemma's conclusion at once when asked, but does not derive it by itself
//! where the row meets a product: a transpose's cell `b[j*C + i]` stores `a[i*C + j]`,
//! whose fact `a[w] = (w div C)·M + w mod C` gives `(i*C + j) div C · M`, and the
//! transpose's `b[w] = (w mod C)·M + w div C` needs `(j*C + i) mod C · M`: without the
//! lemmas the query ran past 20 s, with them 0.1 s. The answer stays a lead either way
//! (ara's bit-vector check decides).

use super::certify::Interp;
use super::encode::{Clause, HornSystem, and};
use crate::base::tools::Session;
use crate::engines::smt::sexp::{Sexp, parse_all, smt_text};
use crate::ir::{ArrId, BinOp, Expr, Program, Size, StmtKind, VarId, Vertex};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

/// The parameters the template speaks of (indexes into the predicates' parameters).
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    /// Scalar parameters that scalar facts compare.
    pub scalars: Vec<usize>,
    /// Index terms the cells are compared with (integer terms over `p0 … pn-1`).
    pub terms: Vec<String>,
    /// Per array with two cells: the parameters `(w1, v1, w2, v2)`.
    pub cells: Vec<[usize; 4]>,
    /// Constant array sizes.
    pub sizes: Vec<u64>,
    /// Per array with two cells: for *guarded* cells (an array of symbolic size, `morph`'s
    /// module doc: a cell is the element only for `0 <= w < size`), the size's parameter;
    /// every cell fact of that array is then premised on both cells in range.
    pub guarded: Vec<Option<usize>>,
}

fn param(i: usize) -> String {
    format!("p{i}")
}

/// The shape of `p`'s template for clauses `sys` with two cells per array of `arrays` (in
/// the layout's order).
pub fn shape(p: &Program, sys: &HornSystem, arrays: &[(ArrId, Size)]) -> Shape {
    let pos = |v: VarId| sys.args.iter().position(|(x, _)| *x == v);
    let (writes, reads, moves, compares) = index_uses(p);
    // The write indexes' variables, closed under moves between scalars.
    let mut seed: BTreeSet<VarId> = writes.iter().flat_map(|e| e.vars()).collect();
    loop {
        let before = seed.len();
        for (x, ys) in &moves {
            if seed.contains(x) || ys.iter().any(|y| seed.contains(y)) {
                seed.insert(*x);
                seed.extend(ys.iter().copied());
            }
        }
        if seed.len() == before {
            break;
        }
    }
    // Variables compared with a write index (`i < N`), or with a read index (`k + 1 < N`:
    // the size the assertion speaks of), are terms; the variables of a compound side
    // (`N - 1 - i`) only through it (bubble sort's `i` alone nearly doubled the candidates
    // and helped nothing).
    let read_vars: BTreeSet<VarId> = reads.iter().flat_map(|e| e.vars()).collect();
    let mut vars = seed.clone();
    let mut facts = seed.clone();
    facts.extend(read_vars.iter().copied());
    let mut compound: Vec<Expr> = vec![];
    for (a, b) in &compares {
        for (mine, other) in [(a, b), (b, a)] {
            let near = |set: &BTreeSet<VarId>| mine.vars().iter().any(|v| set.contains(v));
            match other {
                Expr::Var(v) if near(&seed) || near(&read_vars) => {
                    vars.insert(*v);
                    facts.insert(*v);
                }
                Expr::Var(_) | Expr::Const(..) => {}
                _ if near(&seed) => {
                    facts.extend(other.vars());
                    compound.push(other.clone());
                    compound.push(Expr::bin(BinOp::Add, other.clone(), Expr::int(1)));
                }
                _ => {}
            }
        }
    }
    // A term a loop counts down (`i = i - 1`) bounds the part done from below: its
    // successor is a term too (`w >= i + 1`: bubble sort with `i` from `n - 1` down to 1
    // has its sorted suffix above `i`).
    for v in counted_down(p) {
        if vars.contains(&v) {
            compound.push(Expr::bin(BinOp::Add, Expr::Var(v), Expr::int(1)));
        }
    }
    // The size variables of guarded cells (`a__size` of `int a[n]`): their facts relate them
    // to the loops' bounds (`n <= a__size`).
    let sized: Vec<Option<VarId>> = arrays
        .iter()
        .map(|(_, s)| match s {
            Size::Var(v) => Some(*v),
            Size::Const(_) => None,
        })
        .collect();
    facts.extend(sized.iter().flatten().copied());
    let mut terms: Vec<String> = vars.iter().filter_map(|v| pos(*v)).map(param).collect();
    for e in &compound {
        if let Some(t) = lia_term(e, &pos)
            && !terms.contains(&t)
        {
            terms.push(t);
        }
    }
    let n = sys.args.len();
    Shape {
        scalars: facts.iter().filter_map(|v| pos(*v)).collect(),
        terms,
        cells: (0..arrays.len())
            .map(|j| {
                let b = n + 4 * j;
                [b, b + 1, b + 2, b + 3]
            })
            .collect(),
        sizes: arrays.iter().filter_map(|(_, s)| s.as_const()).collect(),
        guarded: sized.iter().map(|v| v.and_then(pos)).collect(),
    }
}

/// The variables `p` decrements by one (`v = v - 1`).
fn counted_down(p: &Program) -> BTreeSet<VarId> {
    let mut down = BTreeSet::new();
    p.visit_stmts(&mut |s| {
        if let StmtKind::Assign(v, Expr::Binary(BinOp::Sub, a, b)) = &s.kind
            && matches!(&**a, Expr::Var(x) if x == v)
            && matches!(&**b, Expr::Const(1, _))
        {
            down.insert(*v);
        }
    });
    down
}

/// Whether the template can matter for `p`: its cell facts relate two elements of one
/// array, so some expression of the program reads one array twice (`a[k] <= a[k + 1]`,
/// `a[j] < a[mn]`). Elsewhere (a copy, a search) the engine would only spend its share.
pub fn applies(p: &Program) -> bool {
    let mut twice = false;
    p.visit_stmts(&mut |s| {
        for e in s.vertex_exprs() {
            let mut seen: Vec<ArrId> = vec![];
            e.visit(&mut |x| {
                if let Expr::Read(a, _) = x {
                    twice |= seen.contains(a);
                    seen.push(*a);
                }
            });
        }
    });
    twice
}

/// The program's array index expressions (of writes, of reads), its assignments between
/// scalars (`x := e` without reads: `x` and `e`'s variables) and its comparisons.
#[allow(clippy::type_complexity)]
fn index_uses(
    p: &Program,
) -> (
    Vec<Expr>,
    Vec<Expr>,
    Vec<(VarId, Vec<VarId>)>,
    Vec<(Expr, Expr)>,
) {
    let (mut writes, mut reads, mut moves, mut compares) = (vec![], vec![], vec![], vec![]);
    p.visit_stmts(&mut |s| {
        if let StmtKind::Store(_, i, _) = &s.kind {
            writes.push(i.clone());
        }
        if let StmtKind::Assign(x, e) = &s.kind
            && !has_read(e)
        {
            moves.push((*x, e.vars()));
        }
        for e in s.vertex_exprs() {
            e.visit(&mut |x| match x {
                Expr::Read(_, i) => reads.push((**i).clone()),
                Expr::Binary(op, a, b)
                    if matches!(
                        op,
                        BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Ne
                    ) && !has_read(a)
                        && !has_read(b) =>
                {
                    compares.push((strip(a).clone(), strip(b).clone()))
                }
                _ => {}
            });
        }
    });
    (writes, reads, moves, compares)
}

fn has_read(e: &Expr) -> bool {
    let mut found = false;
    e.visit(&mut |x| found |= matches!(x, Expr::Read(..)));
    found
}

/// `e` without casts on top.
fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Cast(_, x) => strip(x),
        _ => e,
    }
}

/// `e` as an integer term over the parameters (casts ignored: a candidate need not be
/// exact), or `None` beyond `+`, `-`, multiplication by constants.
pub(super) fn lia_term(e: &Expr, pos: &dyn Fn(VarId) -> Option<usize>) -> Option<String> {
    match e {
        Expr::Const(c, _) if *c >= 0 => Some(c.to_string()),
        Expr::Const(c, _) => Some(format!("(- {})", -c)),
        Expr::Var(v) => pos(*v).map(param),
        Expr::Cast(_, x) => lia_term(x, pos),
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b) => {
            let constant = |x: &Expr| matches!(strip(x), Expr::Const(..));
            if *op == BinOp::Mul && !constant(a) && !constant(b) {
                return None;
            }
            let sym = match op {
                BinOp::Add => "+",
                BinOp::Sub => "-",
                _ => "*",
            };
            Some(format!(
                "({sym} {} {})",
                lia_term(a, pos)?,
                lia_term(b, pos)?
            ))
        }
        _ => None,
    }
}

/// The candidate facts of `shape` (Bool terms over `p0 … pn-1`).
pub fn candidates(shape: &Shape) -> Vec<String> {
    let mut out = vec![];
    for (a, &x) in shape.scalars.iter().enumerate() {
        let x = param(x);
        out.push(format!("(>= {x} 0)"));
        out.push(format!("(>= {x} 1)"));
        for c in &shape.sizes {
            out.push(format!("(<= {x} {c})"));
        }
        // Compound terms (`N - 1 - i`) bound scalars too (`j <= N - 1 - i`).
        for t in shape.terms.iter().filter(|t| t.starts_with('(')) {
            out.push(format!("(<= {x} {t})"));
            out.push(format!("(< {x} {t})"));
            out.push(format!("(>= {x} {t})"));
        }
        for (b, &y) in shape.scalars.iter().enumerate() {
            if a != b {
                out.push(format!("(<= {x} {})", param(y)));
                out.push(format!("(< {x} {})", param(y)));
            }
        }
    }
    for (j, cells) in shape.cells.iter().enumerate() {
        let mut seen = BTreeSet::new();
        let in_range = shape.guarded.get(j).copied().flatten().map(|n| {
            let [w1, _, w2, _] = cells.map(param);
            let n = param(n);
            format!("(<= 0 {w1}) (< {w1} {n}) (<= 0 {w2}) (< {w2} {n})")
        });
        for g in guards(shape, cells) {
            // One conjunction (so that `canonical` orders all of its atoms).
            let g = match &in_range {
                Some(r) if g == "true" => format!("(and {r})"),
                Some(r) => match g.strip_prefix("(and ").and_then(|x| x.strip_suffix(')')) {
                    Some(atoms) => format!("(and {r} {atoms})"),
                    None => format!("(and {r} {g})"),
                },
                None => g,
            };
            for c in conclusions(cells) {
                let fact = format!("(=> {g} {c})");
                let fact = match parse_all(&fact) {
                    Ok(v) if v.len() == 1 => canonical(&v[0]).to_string(),
                    _ => fact,
                };
                let image = mirror(&fact, cells);
                // A fact and its mirror image are one candidate: the clauses treat the two
                // cells alike, so Houdini would keep both or neither.
                if seen.insert(fact.clone().min(image.clone())) {
                    seen.insert(fact.clone().max(image.clone()));
                    out.push(if image == fact {
                        fact
                    } else {
                        format!("(and {fact} {image})")
                    });
                }
            }
        }
    }
    out.extend(cross_candidates(shape));
    out
}

/// The facts between two arrays at one index (`m[w] >= a[w]` of a prefix maximum): for
/// arrays `j < k`, `w_j = w_k ∧ r(w_j) ⇒ v_j R v_k` with `R` one of `<=`, `>=`, `=` and the
/// range `r` nothing, `w_j < t` or `w_j >= t` (`t ∈ T`), both cells in range where guarded.
/// One candidate is the conjunction of the four images of a fact under the exchanges of
/// each array's two cells (the clauses treat them alike).
fn cross_candidates(shape: &Shape) -> Vec<String> {
    let mut ranges = vec![None];
    for t in &shape.terms {
        ranges.extend(["<", ">="].map(|r| Some((r, t))));
    }
    let cell = |j: usize, c: usize| {
        let [w1, v1, w2, v2] = shape.cells[j].map(param);
        let bound = shape.guarded.get(j).copied().flatten().map(param);
        let ((w, v), n) = (if c == 0 { (w1, v1) } else { (w2, v2) }, bound);
        let guard = n.map(|n| format!("(<= 0 {w}) (< {w} {n})"));
        (w, v, guard)
    };
    let mut out = vec![];
    for j in 0..shape.cells.len() {
        for k in j + 1..shape.cells.len() {
            for r in &ranges {
                for rel in ["<=", ">=", "="] {
                    let mut images = vec![];
                    for (cj, ck) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                        let (wj, vj, gj) = cell(j, cj);
                        let (wk, vk, gk) = cell(k, ck);
                        let mut atoms: Vec<String> = gj.into_iter().chain(gk).collect();
                        atoms.push(format!("(= {wj} {wk})"));
                        if let Some((r, t)) = r {
                            atoms.push(format!("({r} {wj} {t})"));
                        }
                        images.push(format!("(=> {} ({rel} {vj} {vk}))", and(&atoms)));
                    }
                    out.push(format!("(and {})", images.join(" ")));
                }
            }
        }
    }
    out
}

/// `fact` with the two cells exchanged.
fn mirror(fact: &str, &[w1, v1, w2, v2]: &[usize; 4]) -> String {
    let swap: std::collections::HashMap<String, String> = [(w1, w2), (v1, v2), (w2, w1), (v2, v1)]
        .into_iter()
        .map(|(a, b)| (param(a), param(b)))
        .collect();
    match parse_all(fact) {
        Ok(v) if v.len() == 1 => {
            canonical(&crate::engines::smt::sexp::rename(&v[0], &swap)).to_string()
        }
        _ => fact.to_string(),
    }
}

/// `g ⇒ c` with the atoms of a conjunction `g` in text order (so a fact's mirror image is
/// found among the facts generated with the cells' atoms in the other order).
fn canonical(s: &Sexp) -> Sexp {
    match s.list() {
        Some([Sexp::Atom(imp), Sexp::List(g), c])
            if imp == "=>" && g.first().and_then(Sexp::atom) == Some("and") =>
        {
            let mut atoms = g[1..].to_vec();
            atoms.sort_by_key(|a| a.to_string());
            let mut guard = vec![Sexp::Atom("and".into())];
            guard.extend(atoms);
            Sexp::List(vec![Sexp::Atom(imp.clone()), Sexp::List(guard), c.clone()])
        }
        _ => s.clone(),
    }
}

fn conclusions(&[_, v1, _, v2]: &[usize; 4]) -> [String; 3] {
    let (v1, v2) = (param(v1), param(v2));
    [
        format!("(<= {v1} {v2})"),
        format!("(<= {v2} {v1})"),
        format!("(= {v1} {v2})"),
    ]
}

/// The guards of the cell facts of one array: `w1 = w2`, and conjunctions of at most one
/// *range* per cell, a range being one atom `w R t` (`R` one of `<`, `=`, `>=`) or an
/// interval `t1 <= w < t2`; at most three atoms in all, each guard of at most two also with
/// `w1 < w2` (the mirror images give `w1 > w2`).
fn guards(shape: &Shape, &[w1, _, w2, _]: &[usize; 4]) -> Vec<String> {
    let ranges = |w: usize| -> Vec<Vec<String>> {
        let w = param(w);
        let mut out = vec![vec![]];
        for t in &shape.terms {
            for r in ["<", "=", ">="] {
                out.push(vec![format!("({r} {w} {t})")]);
            }
        }
        for lo in &shape.terms {
            for hi in shape.terms.iter().filter(|hi| *hi != lo) {
                out.push(vec![format!("(>= {w} {lo})"), format!("(< {w} {hi})")]);
            }
        }
        out
    };
    let (r1, r2) = (ranges(w1), ranges(w2));
    let (w1, w2) = (param(w1), param(w2));
    let mut out = vec![format!("(= {w1} {w2})")];
    for a in &r1 {
        for b in &r2 {
            let atoms = [a.clone(), b.clone()].concat();
            if atoms.len() <= 2 {
                out.push(and(
                    &[vec![format!("(< {w1} {w2})")], atoms.clone()].concat()
                ));
            }
            if atoms.len() <= 3 {
                out.push(and(&atoms));
            }
        }
    }
    out
}

/// Why Houdini gave no invariant.
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// The greatest inductive subset does not exclude the error.
    TooWeak,
    /// The time ran out.
    Timeout,
    /// Z3 answered something else (its words).
    Solver(String),
}

/// Houdini over `sys` (integer clauses) with `cands`, until `deadline`: interpretations of
/// the predicates that make every clause valid, the smallest first (the part of the greatest
/// inductive subset that the error clauses need, [`Queries::needed`]), then the whole.
pub fn solve(
    sys: &HornSystem,
    cands: &[String],
    z3: &Path,
    deadline: Instant,
) -> Result<Vec<Vec<Interp>>, Failure> {
    let active: BTreeMap<Vertex, Vec<bool>> = sys
        .preds
        .iter()
        .map(|p| (p.vertex, vec![true; cands.len()]))
        .collect();
    solve_from(sys, cands, active, z3, deadline)
}

/// [`solve`] from the candidates `active` of each predicate (those of `cands` it starts
/// with; the others are never tried there).
pub fn solve_from(
    sys: &HornSystem,
    cands: &[String],
    mut active: BTreeMap<Vertex, Vec<bool>>,
    z3: &Path,
    deadline: Instant,
) -> Result<Vec<Vec<Interp>>, Failure> {
    let q = Queries {
        sys,
        cands,
        z3: RefCell::new(Session::new(z3, &["-in".into(), "-smt2".into()])),
        divides: cands
            .iter()
            .any(|c| c.contains("(div ") || c.contains("(mod ")),
    };
    let mut changed = true;
    let mut round = 0;
    while changed {
        changed = false;
        round += 1;
        crate::base::tools::trace_event(&format!(
            "houdini: round {round}, {} candidates kept",
            active.values().flatten().filter(|&&o| o).count()
        ));
        for c in sys.clauses.iter().filter(|c| c.to.is_some()) {
            while let Some(drop) = q.falsified(c, &active, deadline)? {
                let head = active.get_mut(&c.to.unwrap_or(0)).expect("a predicate");
                if drop.is_empty() {
                    return Err(Failure::Solver("a model falsifies no candidate".into()));
                }
                drop.into_iter().for_each(|k| head[k] = false);
                changed = true;
            }
        }
    }
    for c in sys.clauses.iter().filter(|c| c.to.is_none()) {
        if q.falsified(c, &active, deadline)?.is_some() {
            trace_active("houdini: too weak", cands, &active);
            return Err(Failure::TooWeak);
        }
    }
    // The smaller invariant is quicker to check in bit-vectors (bubble sort: 62 s for the
    // whole one); the whole one after it. Not sought for a small invariant with divisions
    // (module doc).
    let mut answers = vec![];
    let kept = active.values().flatten().filter(|&&o| o).count();
    if !(q.divides && kept <= WHOLE_WITH_DIVISIONS) {
        match q.needed(&active, minimising_deadline(Instant::now(), deadline)) {
            Ok(need) => answers.push(need),
            Err(why) => {
                crate::base::tools::trace_event(&format!("houdini: no smaller invariant: {why:?}"))
            }
        }
    }
    answers.push(active);
    Ok(answers
        .iter()
        .map(|kept| {
            sys.preds
                .iter()
                .map(|p| Interp {
                    vertex: p.vertex,
                    body: conjunction(cands, &super::prune::implied_out(cands, &kept[&p.vertex])),
                })
                .collect()
        })
        .collect())
}

/// An invariant with divisions of at most this many facts (over all predicates) is checked
/// whole, without seeking the smaller one (module doc).
const WHOLE_WITH_DIVISIONS: usize = 400;

/// Until when the smaller invariant is sought ([`Queries::needed`]) from `now`: half of the
/// time left before `deadline`, the other half for the checks (the transposed grid's cores
/// took past 140 s: without a budget they left no time to check the whole invariant, which
/// is always an answer too).
fn minimising_deadline(now: Instant, deadline: Instant) -> Instant {
    now + deadline.saturating_duration_since(now) / 2
}

/// Traces (`ARA_DEBUG_RUNS`) the candidates kept at each predicate, after `tag`.
pub(crate) fn trace_active(tag: &str, cands: &[String], active: &BTreeMap<Vertex, Vec<bool>>) {
    for (v, on) in active {
        let kept: Vec<&str> = cands
            .iter()
            .zip(on)
            .filter(|(_, o)| **o)
            .map(|(c, _)| c.as_str())
            .collect();
        crate::base::tools::trace_event(&format!("{tag} at {v}: {}", kept.join(" ")));
    }
}

fn conjunction(cands: &[String], on: &[bool]) -> Sexp {
    let kept: Vec<String> = cands
        .iter()
        .zip(on)
        .filter(|(_, o)| **o)
        .map(|(c, _)| c.clone())
        .collect();
    parse_all(&and(&kept))
        .ok()
        .and_then(|mut v| v.pop())
        .unwrap_or_else(|| Sexp::Atom("true".into()))
}

/// The queries of one Houdini run, all in one Z3 process ([`Session`]).
struct Queries<'a> {
    sys: &'a HornSystem,
    cands: &'a [String],
    z3: RefCell<Session>,
    /// Some candidate divides (`div`, `mod`): the queries get [`division_hints`].
    divides: bool,
}

impl Queries<'_> {
    /// The part of the inductive invariant `kept` that the clauses need: starting from the
    /// error clauses, the candidates of a clause's body in an unsat core of the body with
    /// the needed part of its head denied, until no clause needs more. Inductive and safe:
    /// every clause into a predicate was asked again after its needed part last grew, and its
    /// core holds only needed candidates of its body.
    fn needed(
        &self,
        kept: &BTreeMap<Vertex, Vec<bool>>,
        deadline: Instant,
    ) -> Result<BTreeMap<Vertex, Vec<bool>>, Failure> {
        // Scalar facts stay: the integer clauses may not need the bounds (`i <= 100000`)
        // that keep the bit-vector clauses from wrapping (measured: without them the check
        // of selection sort's smaller invariant failed).
        let scalar = |k: usize| !self.cands[k].contains("(=>");
        let mut need: BTreeMap<Vertex, Vec<bool>> = kept
            .iter()
            .map(|(v, on)| (*v, (0..on.len()).map(|k| on[k] && scalar(k)).collect()))
            .collect();
        let mut work: Vec<&Clause> = self.sys.clauses.iter().filter(|c| c.to.is_none()).collect();
        while let Some(c) = work.pop() {
            let Some(from) = c.from else { continue };
            let head: Vec<usize> = match c.to {
                Some(v) => (0..self.cands.len()).filter(|&k| need[&v][k]).collect(),
                None => vec![],
            };
            if c.to.is_some() && head.is_empty() {
                continue;
            }
            let core = self.core(c, &kept[&from], &head, deadline)?;
            let grew = core.iter().any(|&k| !need[&from][k]);
            core.into_iter()
                .for_each(|k| need.get_mut(&from).expect("a predicate")[k] = true);
            if grew {
                for d in self.sys.clauses.iter().filter(|d| d.to == Some(from)) {
                    if !work.contains(&d) {
                        work.push(d);
                    }
                }
            }
        }
        Ok(need)
    }

    /// The candidates of `c`'s body predicate (of `kept`) in an unsat core of its body with
    /// the candidates `head` of its head denied.
    fn core(
        &self,
        c: &Clause,
        kept: &[bool],
        head: &[usize],
        deadline: Instant,
    ) -> Result<Vec<usize>, Failure> {
        let (params, names) = self.params();
        let on: Vec<usize> = (0..self.cands.len()).filter(|&k| kept[k]).collect();
        let mut s = String::from(
            "(set-option :produce-unsat-cores true)\n(set-option :smt.core.minimize true)\n",
        );
        let defined: BTreeSet<usize> = on.iter().chain(head).copied().collect();
        self.define(&mut s, defined, &params);
        for &k in &on {
            let _ = writeln!(s, "(declare-const b{k} Bool)");
        }
        let guarded: Vec<String> = on
            .iter()
            .map(|k| format!("(=> b{k} (c{k} {}))", names.join(" ")))
            .collect();
        let name = &self
            .sys
            .pred(c.from.unwrap_or(0))
            .expect("a predicate")
            .name;
        let _ = writeln!(s, "(define-fun {name} ({params}) Bool {})", and(&guarded));
        self.assert_body(&mut s, c);
        if !head.is_empty() {
            let post = c.post.join(" ");
            let facts: Vec<String> = head.iter().map(|k| format!("(c{k} {post})")).collect();
            let _ = writeln!(s, "(assert (not {}))", and(&facts));
        }
        let all: Vec<String> = on.iter().map(|k| format!("b{k}")).collect();
        let _ = writeln!(
            s,
            "(check-sat-assuming ({}))\n(get-unsat-core)",
            all.join(" ")
        );
        let out = self.run(&s, deadline)?;
        let items = parse_all(&out).map_err(Failure::Solver)?;
        match (
            items.first().and_then(Sexp::atom),
            items.get(1).and_then(Sexp::list),
        ) {
            (Some("unsat"), Some(core)) => Ok(core
                .iter()
                .filter_map(|b| b.atom()?.strip_prefix('b')?.parse().ok())
                .collect()),
            _ => Err(Failure::Solver(out.lines().next().unwrap_or("").into())),
        }
    }

    /// The definitions `c<k>` of the candidates `ks` over the parameters `params`.
    fn define(&self, s: &mut String, ks: impl IntoIterator<Item = usize>, params: &str) {
        for k in ks {
            let _ = writeln!(s, "(define-fun c{k} ({params}) Bool {})", self.cands[k]);
        }
    }

    /// `c`'s constants declared and its body asserted.
    fn assert_body(&self, s: &mut String, c: &Clause) {
        for (x, sort) in &c.consts {
            let _ = writeln!(s, "(declare-const {x} {sort})");
        }
        let body = self.sys.body(c);
        let _ = writeln!(s, "(assert {body})");
        if self.divides {
            for h in division_hints(&body) {
                let _ = writeln!(s, "(assert {h})");
            }
        }
    }

    /// The predicates' parameters declared (`(p0 Int) …`) and their names.
    fn params(&self) -> (String, Vec<String>) {
        let sorts = self.sys.param_sorts();
        let decl: Vec<String> = sorts
            .iter()
            .enumerate()
            .map(|(i, s)| format!("({} {s})", param(i)))
            .collect();
        (decl.join(" "), (0..sorts.len()).map(param).collect())
    }

    /// Z3 on `script` until `deadline`: its standard output.
    fn run(&self, script: &str, deadline: Instant) -> Result<String, Failure> {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.as_millis() < 50 || crate::base::tools::cancelled() {
            return Err(Failure::Timeout);
        }
        let mut z3 = self.z3.borrow_mut();
        match z3.ask(script, deadline) {
            Ok(Some(out)) => Ok(out),
            Ok(None) => Err(Failure::Timeout),
            Err(e) => Err(Failure::Solver(e.to_string())),
        }
    }

    /// For a model of `c`'s body with the current conjunctions and its head false: the
    /// head's candidates false in it (`None`: no such model). For a clause into the error,
    /// `Some` of nothing when its body is satisfiable.
    fn falsified(
        &self,
        c: &Clause,
        active: &BTreeMap<Vertex, Vec<bool>>,
        deadline: Instant,
    ) -> Result<Option<Vec<usize>>, Failure> {
        let head: Vec<usize> = match c.to {
            Some(v) => (0..self.cands.len()).filter(|&k| active[&v][k]).collect(),
            None => vec![],
        };
        let out = self.run(&self.script(c, active, &head), deadline)?;
        read_answer(&out, &head)
    }

    /// The query's script: the candidates and the predicates as definitions, the clause's
    /// body asserted, its head denied; then the head's candidates' values.
    fn script(&self, c: &Clause, active: &BTreeMap<Vertex, Vec<bool>>, head: &[usize]) -> String {
        let (params, names) = self.params();
        let call = |k: usize| format!("(c{k} {})", names.join(" "));
        let preds: BTreeSet<Vertex> = c.from.iter().chain(c.to.iter()).copied().collect();
        let used: BTreeSet<usize> = preds
            .iter()
            .flat_map(|v| (0..self.cands.len()).filter(|&k| active[v][k]))
            .collect();
        let mut s = String::from("(set-option :produce-models true)\n");
        self.define(&mut s, used, &params);
        for v in &preds {
            let body: Vec<String> = (0..self.cands.len())
                .filter(|&k| active[v][k])
                .map(call)
                .collect();
            let name = &self.sys.pred(*v).expect("a predicate").name;
            let _ = writeln!(s, "(define-fun {name} ({params}) Bool {})", and(&body));
        }
        self.assert_body(&mut s, c);
        if c.to.is_some() {
            let _ = writeln!(s, "(assert (not {}))", self.sys.atom(c.to, &c.post));
        }
        s.push_str("(check-sat)\n");
        if !head.is_empty() {
            let vals: Vec<String> = head
                .iter()
                .map(|k| format!("(c{k} {})", c.post.join(" ")))
                .collect();
            let _ = writeln!(s, "(get-value ({}))", vals.join(" "));
        }
        s
    }
}

/// The division lemmas of the flattened indexes `x*C + y` (a constant `C >= 2`, either order
/// of the sum and the product) in a clause's `body`:
/// `0 <= y < C ⇒ (x*C + y) div C = x ∧ (x*C + y) mod C = y` (module doc, "Division lemmas";
/// at most [`MAX_HINTS`]).
fn division_hints(body: &str) -> Vec<String> {
    let Ok(items) = parse_all(body) else {
        return vec![];
    };
    let mut out: Vec<String> = vec![];
    let mut visit = |t: &Sexp| {
        if let Some((x, k, y)) = flat_index(t) {
            let t = smt_text(t);
            let h = format!(
                "(=> (and (<= 0 {y}) (< {y} {k})) (and (= (div {t} {k}) {x}) (= (mod {t} {k}) {y})))"
            );
            if out.len() < MAX_HINTS && !out.contains(&h) {
                out.push(h);
            }
        }
    };
    for it in &items {
        walk(it, &mut visit);
    }
    out
}

/// The most division lemmas one query gets.
const MAX_HINTS: usize = 16;

fn walk(s: &Sexp, f: &mut dyn FnMut(&Sexp)) {
    f(s);
    for x in s.list().unwrap_or(&[]) {
        walk(x, f);
    }
}

/// `(+ (* x C) y)` (either order of each) as `(x, C, y)` in SMT-LIB text.
fn flat_index(s: &Sexp) -> Option<(String, i128, String)> {
    let [op, a, b] = s.list()? else { return None };
    if op.atom() != Some("+") {
        return None;
    }
    for (prod, y) in [(a, b), (b, a)] {
        let Some([mul, u, v]) = prod.list() else {
            continue;
        };
        if mul.atom() != Some("*") {
            continue;
        }
        for (x, k) in [(u, v), (v, u)] {
            if let Some(k) = k.atom().and_then(|k| k.parse::<i128>().ok())
                && k >= 2
            {
                return Some((smt_text(x), k, smt_text(y)));
            }
        }
    }
    None
}

/// Z3's answer to a query: `unsat` is `None`; `sat` with the values of `head`'s candidates
/// gives those that are `false`.
pub(super) fn read_answer(stdout: &str, head: &[usize]) -> Result<Option<Vec<usize>>, Failure> {
    let items = parse_all(stdout).map_err(Failure::Solver)?;
    match items.first().and_then(Sexp::atom) {
        Some("unsat") => return Ok(None),
        Some("sat") => {}
        _ => return Err(Failure::Solver(stdout.lines().next().unwrap_or("").into())),
    }
    if head.is_empty() {
        return Ok(Some(vec![]));
    }
    let pairs = items
        .get(1)
        .and_then(Sexp::list)
        .filter(|l| l.len() == head.len())
        .ok_or_else(|| Failure::Solver("no values in the model".into()))?;
    Ok(Some(
        head.iter()
            .zip(pairs)
            .filter(|(_, pair)| {
                pair.list()
                    .and_then(|l| l.get(1))
                    .and_then(Sexp::atom)
                    .is_some_and(|v| v == "false")
            })
            .map(|(k, _)| *k)
            .collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape_of(src: &str) -> (Shape, HornSystem) {
        use crate::frontend::{FrontendOptions, parse_source};
        let p = parse_source(src, "t.c", &FrontendOptions::default()).expect("parses");
        let layout = super::super::morph::CellLayout::of(&p, 2).expect("layout");
        let sys = super::super::morph::encode(&p, &layout, crate::engines::smt::Theory::Lia, false)
            .expect("encodes");
        (shape(&p, &sys, &layout.arrays), sys)
    }

    const BUBBLE: &str = "int a[8]; int main(void) { int n = __VERIFIER_nondet_int(); \
        if (n < 1 || n > 8) return 0; \
        for (int i = 0; i < n; i++) for (int j = 0; j < n - 1 - i; j++) \
        if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; } \
        return 0; }";

    #[test]
    fn bubble_sorts_terms_are_its_write_index_and_bounds() {
        let (s, sys) = shape_of(BUBBLE);
        let name = |t: &str| {
            let k: usize = t[1..].parse().unwrap_or(usize::MAX);
            sys.args
                .get(k)
                .map(|(v, _)| v.0.to_string())
                .unwrap_or_else(|| t.to_string())
        };
        // j, and what j is compared with: n - 1 - i, n - i (not i alone: only through them;
        // nor n: no index is compared with it here).
        assert_eq!(
            s.terms.len(),
            3,
            "{:?}",
            s.terms.iter().map(|t| name(t)).collect::<Vec<_>>()
        );
        assert!(
            s.terms.iter().any(|t| t.starts_with("(+ (- (- ")),
            "{:?}",
            s.terms
        );
        assert_eq!(s.sizes, vec![8]);
        assert_eq!(s.cells.len(), 1);
    }

    /// Bubble sort with its outer counter running down (`everyn-forms/bubble_down_vla`): the
    /// counter's successor is a term (the sorted suffix is `w >= i + 1`).
    #[test]
    fn a_counter_running_down_gives_its_successor() {
        let down = "int a[8]; int main(void) { int n = __VERIFIER_nondet_int(); \
            if (n < 1 || n > 8) return 0; for (int k = 0; k < n; k++) a[k] = k; \
            for (int i = n - 1; i > 0; i--) for (int j = 0; j < i; j++) \
            if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; } \
            return 0; }";
        let (s, _) = shape_of(down);
        assert!(
            s.terms
                .iter()
                .any(|t| t.starts_with("(+ p") && t.ends_with(" 1)")),
            "{:?}",
            s.terms
        );
        // Counting up, no successor of a counter (bubble sort above: 3 terms).
        let (up, _) = shape_of(BUBBLE);
        assert!(
            !up.terms.iter().any(|t| t.starts_with("(+ p")),
            "{:?}",
            up.terms
        );
    }

    #[test]
    fn guards_have_at_most_three_atoms_and_name_both_cells_when_three() {
        let shape = Shape {
            scalars: vec![0],
            terms: vec!["p0".into()],
            cells: vec![[1, 2, 3, 4]],
            sizes: vec![],
            guarded: vec![],
        };
        let g = guards(&shape, &shape.cells[0]);
        // w1 = w2; then per cell nothing or one of 3 atoms (no interval: one term), each
        // pair of ranges (4 × 4) alone or with `w1 < w2`.
        assert_eq!(g.len(), 1 + 2 * 16, "{g:?}");
        assert!(
            g.contains(&"(and (< p1 p3) (< p1 p0) (>= p3 p0))".to_string()),
            "{g:?}"
        );
        let two = Shape {
            terms: vec!["p0".into(), "p5".into()],
            ..shape
        };
        let g = guards(&two, &two.cells[0]);
        // Intervals on one cell with an atom on the other: three atoms, no order.
        assert!(
            g.contains(&"(and (= p1 p0) (>= p3 p0) (< p3 p5))".to_string()),
            "{g:?}"
        );
        assert!(
            !g.iter()
                .any(|x| x.starts_with("(and (< p1 p3) (>= p1 p0) (< p1 p5) ")),
            "{g:?}"
        );
    }

    #[test]
    fn the_template_applies_where_one_array_is_read_twice() {
        use crate::frontend::{FrontendOptions, parse_source};
        let p = |src: &str| parse_source(src, "t.c", &FrontendOptions::default()).unwrap();
        assert!(applies(&p(BUBBLE)));
        let copy = "int a[4]; int b[4]; int main(void) { for (int i = 0; i < 4; i++) \
            b[i] = a[i]; if (b[2] != a[2]) return 1; return 0; }";
        assert!(!applies(&p(copy)));
    }

    #[test]
    fn the_cut_is_sought_for_half_of_the_time_left() {
        let now = Instant::now();
        let deadline = now + std::time::Duration::from_secs(10);
        assert_eq!(
            minimising_deadline(now, deadline),
            now + std::time::Duration::from_secs(5)
        );
        // Past the deadline: no time at all.
        assert_eq!(minimising_deadline(deadline, now), deadline);
    }

    #[test]
    fn flattened_indexes_get_their_division_lemmas() {
        let body = "(and (= mj0 (+ (* i@0 300) j@0)) (= |b#w1@1| (+ k (* 4 (- n 1)))) (+ x y))";
        assert_eq!(
            division_hints(body),
            [
                "(=> (and (<= 0 j@0) (< j@0 300)) (and (= (div (+ (* i@0 300) j@0) 300) i@0) \
                 (= (mod (+ (* i@0 300) j@0) 300) j@0)))",
                "(=> (and (<= 0 k) (< k 4)) (and (= (div (+ k (* 4 (- n 1))) 4) (- n 1)) \
                 (= (mod (+ k (* 4 (- n 1))) 4) k)))",
            ]
        );
        assert_eq!(smt_text(&Sexp::Atom("a#w1@0".into())), "|a#w1@0|");
        assert!(division_hints("(+ (* x 1) y)").is_empty());
    }

    #[test]
    fn an_answer_gives_the_false_candidates() {
        let out = "sat\n(((c3 x) false) ((c5 x) true) ((c9 x) false))\n";
        assert_eq!(read_answer(out, &[3, 5, 9]), Ok(Some(vec![3, 9])));
        assert_eq!(read_answer("unsat\n", &[3]), Ok(None));
        assert!(read_answer("unknown\n", &[3]).is_err());
    }
}
