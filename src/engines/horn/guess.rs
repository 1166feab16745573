//! Guessed candidates for the one-cell clauses: closed forms fitted to concrete runs.
//!
//! Takes a program, its integer cell clauses with *one* cell per array ([`super::morph`])
//! and the states of a few concrete runs at its cut points ([`super::observe`]); gives
//! candidate facts (Bool terms over the predicates' parameters `p0 … pn-1`) and, per
//! predicate, those that no observed state at its loop head falsifies and some state there
//! satisfies with a true premise (a premise never true on the data is left out: it would
//! only weigh on every query): the start of Houdini ([`super::houdini::solve_from`]).
//!
//! ## Soundness: candidates are only leads
//!
//! Nothing here decides a verdict. Houdini keeps the subset of the candidates that makes
//! every *integer* clause valid, and that answer, like Spacer's, becomes SAFE only through
//! ara's own check of every *bit-vector* clause ([`super::certify`]). A badly fitted
//! polynomial, a wrong observation (the interpreter is not C to the bit), a candidate
//! dropped for a state that is not reachable: each can cost a proof, none can make one.
//!
//! ## The candidates
//!
//! For the cell `(w, v)` of array `a` (one per array; a guarded cell, of an array of symbolic
//! size, also under `0 <= w < size`): `range(w) ⇒ fact(w, v)` with the ranges `true`,
//! `w < t`, `w <= t`, `w >= t`, `t1 <= w < t2` over the index terms `t` of
//! [`super::houdini::shape`], and the facts
//! - closed forms `d·v = p(w)` (a polynomial up to cubes with integer coefficients and
//!   denominator `d`, [`fit_prefixes`]) fitted to a prefix `a[0..m)` or a suffix `a[m..n)`
//!   (loops counting down) of an observed array (at least `deg + 2` points), and on the
//!   residue classes of `w` modulo 2 and 3 (`w mod k = r ⇒ …`) those the whole array does
//!   not have; products of `w` are fine for ara's check ([`super::certify`] computes them in
//!   a width that holds them, narrowed by the guards `0 <= w < N`);
//! - closed forms whose constant term depends on a scalar ([`shifted_facts`]:
//!   `a[w] == 5 + 2*(N-1-w)`, the constant fitted as a line in `N` across runs);
//! - the stored values `v = e[i := w]` of the writes `a[i] = e` without reads, and the
//!   comparisons `v R e[i := w]` of the program's conditions on a read `a[i]`;
//! - bounds `v >= c`, `v <= c` over the program's constants and the observed extremes;
//! - between two arrays `w = w_b ⇒ v = e[b[i] := v_b, i := w]` for the writes
//!   `a[i] = e` whose reads are at `i`, and `w = w_b ⇒ v - v_b = c` for an observed `c`.
//!
//! For the scalars `s`, `t` (and the elements of arrays of one or two elements, under
//! `w = c`): `s <= t`, `s < t`, `s >= c`, `s <= c`, fitted lines `d·s = α·t + β` and
//! polynomials up to cubes ([`scalar_polynomials`]: `x == i*i`, `2*s == i*(i+1)`), and
//! bounds `s - k·t <= m`, `s - k·t >= m`, `k·s - t <= m` with `m` the observed extremes
//! (accumulators: `sum <= i`, `s <= 2·i`, `3·c - i <= 2`).
//!
//! The facts of modular updates come from [`super::residue`], those of 2-D arrays of
//! constant row length from [`super::grid`], equalities among several scalars (also per
//! residue or comparison class) from [`super::hull`].
//!
//! ## Time
//!
//! The loops here are ara's own CPU time, which no process kill ends; a race waits for them
//! before it gives its winner's answer. They stop at the engine's end or at a race's
//! cancellation ([`stopped`]) and then give no candidate: the quadratic pairs of scalars
//! ([`scalar_candidates`], [`scalar_polynomials`]) too, which held the complete unwinding's
//! bug of 50 inlined calls (`bench-suite/tasks/swap_seq_unsafe_n100.c`) back for 50 s in a
//! debug build (`tests/time_limit.rs`).

use super::encode::HornSystem;
use super::observe::Observation;
use crate::engines::smt::sexp::{Sexp, parse_all};
use crate::ir::{ArrId, BinOp, Expr, Program, Size, StmtKind, VarId, Vertex};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

/// A polynomial `d·y = c0 + c1·x + c2·x²` (`coef[k]` the coefficient of `x^k`, `den > 0`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Poly {
    pub den: i128,
    pub coef: Vec<i128>,
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

impl Poly {
    /// `d·y` at `x` equals the polynomial's value there.
    fn holds(&self, x: i128, y: i128) -> bool {
        let mut v: i128 = 0;
        let mut pow: i128 = 1;
        for c in &self.coef {
            v = match c.checked_mul(pow).and_then(|t| v.checked_add(t)) {
                Some(v) => v,
                None => return false,
            };
            pow = match pow.checked_mul(x) {
                Some(p) => p,
                None => return false,
            };
        }
        self.den.checked_mul(y) == Some(v)
    }

    /// The fact `d·y = p(x)` over the terms `y` and `x`.
    pub fn fact(&self, y: &str, x: &str) -> String {
        let lhs = if self.den == 1 {
            y.to_string()
        } else {
            format!("(* {} {y})", self.den)
        };
        let mut terms = vec![];
        for (k, &c) in self.coef.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let pow = match k {
                0 => None,
                1 => Some(x.to_string()),
                _ => Some(format!("(* {})", vec![x; k].join(" "))),
            };
            terms.push(match (pow, c) {
                (None, c) => lit(c),
                (Some(p), 1) => p,
                (Some(p), c) => format!("(* {} {p})", lit(c)),
            });
        }
        let rhs = match terms.len() {
            0 => "0".to_string(),
            1 => terms.remove(0),
            _ => format!("(+ {})", terms.join(" ")),
        };
        format!("(= {lhs} {rhs})")
    }
}

/// An integer literal in SMT-LIB (`(- 3)` for -3).
pub(super) fn lit(c: i128) -> String {
    if c < 0 {
        format!("(- {})", -c)
    } else {
        c.to_string()
    }
}

/// The polynomial of degree at most `deg` through the first `deg + 1` points (distinct
/// `x`), if its coefficients are rational with a common denominator (Lagrange's form).
fn interpolate(pts: &[(i128, i128)], deg: usize) -> Option<Poly> {
    let pts = pts.get(..deg + 1)?;
    // Σ_j y_j Π_{m≠j} (x - x_m) / (x_j - x_m), as rationals (num coefficients, den).
    let mut num = vec![0i128; deg + 1];
    let mut den: i128 = 1;
    for (j, &(xj, yj)) in pts.iter().enumerate() {
        let mut basis = vec![1i128];
        let mut d: i128 = 1;
        for (m, &(xm, _)) in pts.iter().enumerate() {
            if m == j {
                continue;
            }
            let mut next = vec![0i128; basis.len() + 1];
            for (k, &b) in basis.iter().enumerate() {
                next[k + 1] = next[k + 1].checked_add(b)?;
                next[k] = next[k].checked_sub(b.checked_mul(xm)?)?;
            }
            basis = next;
            d = d.checked_mul(xj.checked_sub(xm)?)?;
        }
        if d == 0 {
            return None;
        }
        // num/den + yj·basis/d = (num·d + yj·basis·den) / (den·d)
        for (k, n) in num.iter_mut().enumerate() {
            let b = basis.get(k).copied().unwrap_or(0);
            *n = n
                .checked_mul(d)?
                .checked_add(yj.checked_mul(b)?.checked_mul(den)?)?;
        }
        den = den.checked_mul(d)?;
        let g = num.iter().fold(den, |g, &n| gcd(g, n));
        if g > 1 {
            num.iter_mut().for_each(|n| *n /= g);
            den /= g;
        }
    }
    if den < 0 {
        num.iter_mut().for_each(|n| *n = -*n);
        den = -den;
    }
    while num.len() > 1 && num.last() == Some(&0) {
        num.pop();
    }
    Some(Poly { den, coef: num })
}

/// The highest degree of a fitted polynomial (cubes: `c[i] == i*i*i`).
const MAX_DEG: usize = 3;

/// The polynomials of degree at most [`MAX_DEG`] that fit a prefix of `pts` of at least
/// `deg + 2` points (the longest prefix for each degree; lowest degree first).
pub fn fit_prefixes(pts: &[(i128, i128)]) -> Vec<Poly> {
    let mut out: Vec<Poly> = vec![];
    for deg in 0..=MAX_DEG {
        let Some(p) = interpolate(pts, deg) else {
            continue;
        };
        let m = pts.iter().take_while(|&&(x, y)| p.holds(x, y)).count();
        if m >= deg + 2 && !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// The polynomial of degree at most `deg` that fits every point (at least `deg + 2` with
/// distinct `x`), if any.
pub fn fit_all(pts: &[(i128, i128)], deg: usize) -> Option<Poly> {
    let mut distinct: Vec<(i128, i128)> = vec![];
    for &pt in pts {
        if !distinct.iter().any(|q| q.0 == pt.0) {
            distinct.push(pt);
        }
    }
    (0..=deg).find_map(|d| {
        let p = interpolate(&distinct, d)?;
        (distinct.len() >= d + 2 && pts.iter().all(|&(x, y)| p.holds(x, y))).then_some(p)
    })
}

/// The parameter name `p<i>`.
pub(super) fn param(i: usize) -> String {
    format!("p{i}")
}

/// Where the cell of array number `j` is among the predicates' parameters: `(w, v)`.
pub(super) fn cell(sys: &HornSystem, j: usize) -> (usize, usize) {
    let n = sys.args.len();
    (n + 2 * j, n + 2 * j + 1)
}

/// The program's facts about the cells and scalars, read off its text.
struct Text {
    /// Per array: stored values `e[i := w]` as terms (with reads at the same index of other
    /// arrays as `(b, term)` pairs kept apart: `None` when the value has none).
    stores: BTreeMap<ArrId, Vec<(Option<ArrId>, String)>>,
    /// Per array: comparisons `(R, e[i := w])` of conditions on `a[i]`.
    compares: BTreeMap<ArrId, Vec<(&'static str, String)>>,
    /// The program's integer constants (small ones).
    constants: BTreeSet<i128>,
}

/// `e` as an integer term with `i := w` (variable `i` to the term `w`), reads of `b[i]` to
/// `vb(b)`; `None` beyond `+`, `-`, `*`, constants, variables and such reads.
fn term(
    e: &Expr,
    pos: &dyn Fn(VarId) -> Option<usize>,
    idx: Option<(VarId, &str)>,
    read: &mut dyn FnMut(ArrId, &Expr) -> Option<String>,
) -> Option<String> {
    match e {
        Expr::Const(c, _) => Some(lit(*c)),
        Expr::Var(v) => match idx {
            Some((i, w)) if i == *v => Some(w.to_string()),
            _ => pos(*v).map(param),
        },
        Expr::Cast(_, x) => term(x, pos, idx, read),
        Expr::Unary(crate::ir::UnOp::Neg, x) => Some(format!("(- {})", term(x, pos, idx, read)?)),
        Expr::Read(b, i) => read(*b, i),
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b) => {
            let sym = match op {
                BinOp::Add => "+",
                BinOp::Sub => "-",
                _ => "*",
            };
            Some(format!(
                "({sym} {} {})",
                term(a, pos, idx, read)?,
                term(b, pos, idx, read)?
            ))
        }
        _ => None,
    }
}

fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Cast(_, x) => strip(x),
        _ => e,
    }
}

/// The index variable of an index expression `i` (casts aside).
fn index_var(i: &Expr) -> Option<VarId> {
    match strip(i) {
        Expr::Var(v) => Some(*v),
        _ => None,
    }
}

fn read_text(p: &Program, sys: &HornSystem, arrays: &[(ArrId, Size)]) -> Text {
    let pos = |v: VarId| sys.args.iter().position(|(x, _)| *x == v);
    let mut t = Text {
        stores: BTreeMap::new(),
        compares: BTreeMap::new(),
        constants: BTreeSet::new(),
    };
    let w_of = |a: ArrId| -> Option<String> {
        let j = arrays.iter().position(|(b, _)| *b == a)?;
        Some(param(cell(sys, j).0))
    };
    let v_of = |a: ArrId| -> Option<String> {
        let j = arrays.iter().position(|(b, _)| *b == a)?;
        Some(param(cell(sys, j).1))
    };
    p.visit_stmts(&mut |s| {
        for e in s.vertex_exprs() {
            e.visit(&mut |x| {
                if let Expr::Const(c, _) = x
                    && c.abs() <= 1 << 30
                {
                    t.constants.insert(*c);
                }
                if let Expr::Binary(op, l, r) = x
                    && let Some(rel) = relation(*op)
                {
                    for (mine, other, rel) in [(l, r, rel), (r, l, flip(rel))] {
                        if let Expr::Read(a, i) = strip(mine)
                            && let Some(iv) = index_var(i)
                            && let Some(w) = w_of(*a)
                            && let Some(rhs) = term(other, &pos, Some((iv, &w)), &mut |_, _| None)
                        {
                            t.compares.entry(*a).or_default().push((rel, rhs));
                        }
                    }
                }
            });
        }
        if let StmtKind::Store(a, i, e) = &s.kind
            && let Some(iv) = index_var(i)
            && let Some(w) = w_of(*a)
        {
            let mut other: Option<ArrId> = None;
            let mut ok = true;
            let rhs = term(e, &pos, Some((iv, &w)), &mut |b, j| {
                // A read at the same index of another array: its cell (`w = w_b`).
                if b != *a && index_var(j) == Some(iv) && other.is_none_or(|o| o == b) {
                    other = Some(b);
                    v_of(b)
                } else {
                    ok = false;
                    None
                }
            });
            if let (Some(rhs), true) = (rhs, ok) {
                t.stores.entry(*a).or_default().push((other, rhs));
            }
        }
    });
    t
}

fn relation(op: BinOp) -> Option<&'static str> {
    Some(match op {
        BinOp::Lt => "<",
        BinOp::Le => "<=",
        BinOp::Gt => ">",
        BinOp::Ge => ">=",
        BinOp::Eq => "=",
        _ => return None,
    })
}

fn flip(r: &'static str) -> &'static str {
    match r {
        "<" => ">",
        "<=" => ">=",
        ">" => "<",
        ">=" => "<=",
        _ => r,
    }
}

/// The candidates for `p` with the one-cell clauses `sys` over `arrays` (the layout's
/// order), index terms `terms` ([`super::houdini::shape`]) and observations `obs`.
pub fn candidates(
    p: &Program,
    sys: &HornSystem,
    arrays: &[(ArrId, Size)],
    terms: &[String],
    obs: &[Observation],
    until: Instant,
) -> Vec<String> {
    let text = read_text(p, sys, arrays);
    let mut out: BTreeSet<String> = BTreeSet::new();
    scalar_candidates(p, sys, arrays, obs, &text, &mut out, until);
    let moduli = super::residue::moduli(p);
    let xs = observables(p, sys, arrays);
    super::residue::scalar_candidates(&xs, obs, &moduli, &mut out, until);
    if stopped(until) {
        return vec![];
    }
    super::residue::classes(&xs, &moduli, &mut out);
    super::grid::candidates(p, sys, arrays, &mut out);
    let mut terms = terms.to_vec();
    for t in super::residue::down_terms(p, sys) {
        if !terms.contains(&t) {
            terms.push(t);
        }
    }
    scalar_polynomials(p, sys, arrays, obs, &mut out, until);
    if stopped(until) {
        return vec![];
    }
    let cols: Vec<super::hull::Column> = xs
        .iter()
        .map(|x| super::hull::Column {
            term: x.term.clone(),
            guard: x.guard.clone(),
            var: x.var.is_some(),
        })
        .collect();
    out.extend(super::hull::candidates(
        &cols,
        obs,
        &|o, k| xs[k].value(o),
        &moduli,
    ));
    for (j, &(a, size)) in arrays.iter().enumerate() {
        let (w, v) = (param(cell(sys, j).0), param(cell(sys, j).1));
        let base = match size {
            Size::Var(n) => sys
                .args
                .iter()
                .position(|(x, _)| *x == n)
                .map(|k| format!("(>= {w} 0) (< {w} {})", param(k))),
            // Cells outside the array hold the initial contents: a closed form of the
            // written elements holds only inside.
            Size::Const(n) => Some(format!("(>= {w} 0) (< {w} {n})")),
        };
        let Some(base) = base else { continue };
        let mut facts = cell_facts(sys, arrays, (j, a), obs, &text, until);
        facts.extend(super::residue::cell_facts(
            sys, arrays, j, obs, &moduli, until,
        ));
        facts.extend(shifted_facts(p, sys, arrays, (j, a), obs, until));
        for r in ranges(&w, &terms) {
            // Ranges times facts reach the hundreds of thousands (a hundred constants
            // among the terms): the engine's time and a race's cancellation bound this.
            if stopped(until) {
                return vec![];
            }
            for f in &facts {
                let g = format!("{base} {r}");
                let g = g.trim();
                out.insert(if g.is_empty() {
                    f.clone()
                } else {
                    format!("(=> (and {g}) {f})")
                });
            }
        }
        let _ = v;
    }
    out.into_iter().collect()
}

/// The ranges of a cell index `w` (atoms of a conjunction, as text).
fn ranges(w: &str, terms: &[String]) -> Vec<String> {
    let mut out = vec![String::new()];
    for t in terms {
        for r in ["<", "<=", ">=", ">"] {
            out.push(format!("({r} {w} {t})"));
        }
    }
    for lo in terms {
        for hi in terms.iter().filter(|hi| *hi != lo) {
            out.push(format!("(>= {w} {lo}) (< {w} {hi})"));
        }
    }
    out
}

/// The observations of distinct array contents, in order: what is read off the arrays of
/// one is read off every other with the same contents (a loop over an array of 1000 gave
/// 12,000 states and fitting each took 2 s, past a race's answer).
pub(super) fn distinct_contents(obs: &[Observation]) -> Vec<&Observation> {
    let mut seen = std::collections::HashSet::new();
    obs.iter().filter(|o| seen.insert(&o.arrays)).collect()
}

/// The facts about the cell of array number `j` (`a`); partial once [`stopped`].
fn cell_facts(
    sys: &HornSystem,
    arrays: &[(ArrId, Size)],
    (j, a): (usize, ArrId),
    obs: &[Observation],
    text: &Text,
    until: Instant,
) -> BTreeSet<String> {
    let (w, v) = (param(cell(sys, j).0), param(cell(sys, j).1));
    let mut facts = BTreeSet::new();
    let (mut lo, mut hi) = (BTreeSet::new(), BTreeSet::new());
    for o in distinct_contents(obs) {
        if stopped(until) {
            return facts;
        }
        let Some(c) = o.arrays[a.0 as usize].as_ref() else {
            continue;
        };
        let pts: Vec<(i128, i128)> = c.iter().enumerate().map(|(k, &y)| (k as i128, y)).collect();
        // Polynomials up to cubes (`certify` checks products of cell indexes in a width
        // that holds them), on prefixes and on suffixes (loops counting down).
        let whole = prefix_and_suffix_fits(&pts);
        for poly in &whole {
            facts.insert(poly.fact(&v, &w));
        }
        for k in [2usize, 3] {
            for r in 0..k {
                let class: Vec<(i128, i128)> = pts.iter().copied().skip(r).step_by(k).collect();
                // A class's fit that the whole array has is implied by it.
                for poly in fit_prefixes(&class)
                    .into_iter()
                    .filter(|p| !whole.contains(p))
                {
                    facts.insert(format!("(=> (= (mod {w} {k}) {r}) {})", poly.fact(&v, &w)));
                }
            }
        }
        // Differences with the other arrays at the same index.
        for (k, &(b, _)) in arrays.iter().enumerate() {
            let Some(d) = o.arrays[b.0 as usize].as_ref().filter(|_| b != a) else {
                continue;
            };
            let diffs: BTreeSet<i128> = c.iter().zip(d).map(|(x, y)| x - y).collect();
            if diffs.len() == 1 && c.len().min(d.len()) >= 2 {
                let (wb, vb) = (param(cell(sys, k).0), param(cell(sys, k).1));
                let diff = diffs.into_iter().next().unwrap_or(0);
                facts.insert(format!("(=> (= {w} {wb}) (= {v} (+ {vb} {})))", lit(diff)));
            }
        }
    }
    for v in obs.iter().map(|o| o.vertex).collect::<BTreeSet<_>>() {
        let runs = by_run(obs, v, |o| {
            o.arrays[a.0 as usize].clone().filter(|c| !c.is_empty())
        });
        lo.extend(steady(&runs, |c| c.iter().copied().min().unwrap_or(0)).0);
        hi.extend(steady(&runs, |c| c.iter().copied().max().unwrap_or(0)).1);
    }
    for c in text.constants.iter().chain(lo.iter().take(3)) {
        facts.insert(format!("(>= {v} {})", lit(*c)));
    }
    for c in text.constants.iter().chain(hi.iter().rev().take(3)) {
        facts.insert(format!("(<= {v} {})", lit(*c)));
    }
    for (other, e) in text.stores.get(&a).into_iter().flatten() {
        match other.and_then(|b| arrays.iter().position(|(x, _)| *x == b)) {
            Some(k) => {
                let wb = param(cell(sys, k).0);
                facts.insert(format!("(=> (= {w} {wb}) (= {v} {e}))"));
            }
            None if other.is_none() => {
                facts.insert(format!("(= {v} {e})"));
            }
            None => {}
        }
    }
    for (r, e) in text.compares.get(&a).into_iter().flatten() {
        facts.insert(format!("({r} {v} {e})"));
    }
    facts
}

/// A scalar observable: its term, the guard it needs (an element of a small array), and
/// how to read it off an observation.
pub(super) struct Observable {
    pub(super) term: String,
    guard: Option<String>,
    pub(super) var: Option<VarId>,
    elem: Option<(ArrId, usize)>,
}

impl Observable {
    pub(super) fn value(&self, o: &Observation) -> Option<i128> {
        match (self.var, self.elem) {
            (Some(v), _) => o.scalars.get(v.0 as usize).copied(),
            (None, Some((a, k))) => o.arrays[a.0 as usize].as_ref()?.get(k).copied(),
            _ => None,
        }
    }
}

/// The scalars of the candidates: the user's variables, and of ara's own those that size an
/// array or that an assertion reads (the row length `M` a relaid grid's access guards
/// compare with, `abstraction::relayout`: a copy of the program's bound, `a__size = M`).
fn observables(p: &Program, sys: &HornSystem, arrays: &[(ArrId, Size)]) -> Vec<Observable> {
    let asserted = asserted_vars(p);
    let mut out: Vec<Observable> = sys
        .args
        .iter()
        .enumerate()
        .filter(|(_, (v, _))| {
            !p.var(*v).synthetic || !p.arrays_sized_by(*v).is_empty() || asserted.contains(v)
        })
        .map(|(k, (v, _))| Observable {
            term: param(k),
            guard: None,
            var: Some(*v),
            elem: None,
        })
        .collect();
    for (j, &(a, size)) in arrays.iter().enumerate() {
        if let Size::Const(n @ 1..=2) = size {
            for k in 0..n as usize {
                out.push(Observable {
                    term: param(cell(sys, j).1),
                    guard: Some(format!("(= {} {k})", param(cell(sys, j).0))),
                    var: None,
                    elem: Some((a, k)),
                });
            }
        }
    }
    out
}

/// The variables that some assertion of `p` reads.
fn asserted_vars(p: &Program) -> BTreeSet<VarId> {
    let mut out = BTreeSet::new();
    p.visit_stmts(&mut |s| {
        if let StmtKind::Assert(e) = &s.kind {
            out.extend(e.vars());
        }
    });
    out
}

/// The facts between two scalars (and a scalar and a constant) that the observations fit,
/// into `out`. Pairs of scalars times cut points: quadratic in the scalars, tens of seconds
/// of ara's own time for the 100 scalars of 50 inlined calls in a debug build, which no
/// process kill ends: it stops at `until` or at a race's cancellation ([`stopped`]; the
/// caller then gives no candidate at all).
fn scalar_candidates(
    p: &Program,
    sys: &HornSystem,
    arrays: &[(ArrId, Size)],
    obs: &[Observation],
    text: &Text,
    out: &mut BTreeSet<String>,
    until: Instant,
) {
    let xs = observables(p, sys, arrays);
    let mut put = |guard: &Option<String>, fact: String| {
        out.insert(match guard {
            Some(g) => format!("(=> {g} {fact})"),
            None => fact,
        });
    };
    let vertices: BTreeSet<Vertex> = obs.iter().map(|o| o.vertex).collect();
    for s in &xs {
        for c in &text.constants {
            put(&s.guard, format!("(>= {} {})", s.term, lit(*c)));
            put(&s.guard, format!("(<= {} {})", s.term, lit(*c)));
        }
        for t in xs.iter().filter(|t| t.var.is_some() && t.term != s.term) {
            if stopped(until) {
                return;
            }
            put(&s.guard, format!("(<= {} {})", s.term, t.term));
            put(&s.guard, format!("(< {} {})", s.term, t.term));
            for &v in &vertices {
                let pts: Vec<(i128, i128)> = obs
                    .iter()
                    .filter(|o| o.vertex == v)
                    .filter_map(|o| Some((t.value(o)?, s.value(o)?)))
                    .collect();
                if let Some(poly) = fit_all(&pts, 1) {
                    put(&s.guard, poly.fact(&s.term, &t.term));
                }
                let runs: Vec<Vec<(i128, i128)>> =
                    by_run(obs, v, |o| Some((t.value(o)?, s.value(o)?)));
                for k in 1..=3i128 {
                    let forms = [
                        (format!("(- {} (* {k} {}))", s.term, t.term), k, 1),
                        (format!("(- (* {k} {}) {})", s.term, t.term), 1, k),
                    ];
                    for (f, kt, ks) in forms.iter().take(if k == 1 { 1 } else { 2 }) {
                        let (mn, mx) = steady(&runs, |&(x, y)| ks * y - kt * x);
                        if let Some(mx) = mx {
                            put(&s.guard, format!("(<= {f} {})", lit(mx)));
                        }
                        if let Some(mn) = mn {
                            put(&s.guard, format!("(>= {f} {})", lit(mn)));
                        }
                    }
                }
            }
        }
    }
}

/// The fits of [`fit_prefixes`] on `pts` and on `pts` reversed (a suffix `a[m..n)`, which a
/// loop counting down fills first).
fn prefix_and_suffix_fits(pts: &[(i128, i128)]) -> Vec<Poly> {
    let rev: Vec<(i128, i128)> = pts.iter().rev().copied().collect();
    let mut out = fit_prefixes(pts);
    for p in fit_prefixes(&rev) {
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// A fitted polynomial without its constant term: the denominator and the coefficients of
/// `w`, `w²`, ….
type Shape = (i128, Vec<i128>);

/// Closed forms of the cell of array number `j` (`a`) whose constant term depends on a
/// scalar: the fits of [`prefix_and_suffix_fits`] over the observations, grouped by their
/// other coefficients (`d·v = c0 + c1·w + …`), and `c0 = α·s + β` fitted over the groups'
/// observations for each scalar `s` (`a[w] == 5 + 2*(N-1-w)` of a loop counting down from
/// `N - 1`: `c0 = 2·N + 3` across runs of different `N`).
fn shifted_facts(
    p: &Program,
    sys: &HornSystem,
    arrays: &[(ArrId, Size)],
    (j, a): (usize, ArrId),
    obs: &[Observation],
    until: Instant,
) -> BTreeSet<String> {
    let (w, v) = (param(cell(sys, j).0), param(cell(sys, j).1));
    // Shape (den, coefficients but the constant) -> (observation, constant term).
    let mut groups: BTreeMap<Shape, Vec<(usize, i128)>> = BTreeMap::new();
    // The fits of each contents once (every observation counts, for its scalars).
    let mut fits: std::collections::HashMap<&Vec<i128>, Vec<Poly>> = Default::default();
    for (k, o) in obs.iter().enumerate() {
        if stopped(until) {
            return BTreeSet::new();
        }
        let Some(c) = o.arrays[a.0 as usize].as_ref() else {
            continue;
        };
        let polys = fits.entry(c).or_insert_with(|| {
            let pts: Vec<(i128, i128)> =
                c.iter().enumerate().map(|(x, &y)| (x as i128, y)).collect();
            prefix_and_suffix_fits(&pts)
        });
        for poly in polys.iter() {
            if poly.coef.len() >= 2 {
                let key = (poly.den, poly.coef[1..].to_vec());
                groups.entry(key).or_default().push((k, poly.coef[0]));
            }
        }
    }
    let xs = observables(p, sys, arrays);
    let mut facts = BTreeSet::new();
    for ((den, rest), found) in groups {
        let consts: BTreeSet<i128> = found.iter().map(|f| f.1).collect();
        if consts.len() < 2 {
            continue; // one constant term: the plain fit has it
        }
        for s in xs.iter().filter(|s| s.var.is_some()) {
            let pts: Vec<(i128, i128)> = found
                .iter()
                .filter_map(|&(k, c0)| Some((s.value(&obs[k])?, c0)))
                .collect();
            let Some(line) = fit_all(&pts, 1).filter(|l| l.den == 1 && l.coef.len() == 2) else {
                continue;
            };
            let mut coef = vec![0];
            coef.extend(rest.iter().copied());
            let cell_part = Poly { den, coef }.fact(&v, &w);
            // `(= lhs rhs)` with `α·s + β` added to `rhs`.
            let shift = line.fact("0", &s.term);
            let Some(rhs) = shift
                .strip_prefix("(= 0 ")
                .and_then(|r| r.strip_suffix(')'))
            else {
                continue;
            };
            if let Some((l, r)) = sides(&cell_part) {
                facts.insert(format!("(= {l} (+ {rhs} {r}))"));
            }
        }
    }
    facts
}

/// The two sides of an equation `(= l r)`.
fn sides(fact: &str) -> Option<(String, String)> {
    let s = parse_all(fact).ok()?.pop()?;
    match s.list()? {
        [Sexp::Atom(eq), l, r] if eq == "=" => Some((l.to_string(), r.to_string())),
        _ => None,
    }
}

/// Quadratic and cubic closed forms between scalars: `d·s = p(t)` over every state at a
/// cut point (`x == i*i` of `x = x + 2*i + 1`; `2*s == i*(i+1)`), `t` a variable. Stops
/// at `until` or a race's cancellation, as [`scalar_candidates`].
fn scalar_polynomials(
    p: &Program,
    sys: &HornSystem,
    arrays: &[(ArrId, Size)],
    obs: &[Observation],
    out: &mut BTreeSet<String>,
    until: Instant,
) {
    let xs = observables(p, sys, arrays);
    let vertices: BTreeSet<Vertex> = obs.iter().map(|o| o.vertex).collect();
    for s in &xs {
        for t in xs.iter().filter(|t| t.var.is_some() && t.term != s.term) {
            if stopped(until) {
                return;
            }
            for &v in &vertices {
                let pts: Vec<(i128, i128)> = obs
                    .iter()
                    .filter(|o| o.vertex == v)
                    .filter_map(|o| Some((t.value(o)?, s.value(o)?)))
                    .collect();
                if let Some(poly) = fit_all(&pts, MAX_DEG).filter(|q| q.coef.len() > 2) {
                    let fact = poly.fact(&s.term, &t.term);
                    out.insert(match &s.guard {
                        Some(g) => format!("(=> {g} {fact})"),
                        None => fact,
                    });
                }
            }
        }
    }
}

/// Per run, the values `f` reads off the observations at `v`.
pub(super) fn by_run<T>(
    obs: &[Observation],
    v: Vertex,
    f: impl Fn(&Observation) -> Option<T>,
) -> Vec<Vec<T>> {
    let mut out: Vec<Vec<T>> = vec![];
    for o in obs.iter().filter(|o| o.vertex == v) {
        if out.len() <= o.run {
            out.resize_with(o.run + 1, Vec::new);
        }
        if let Some(x) = f(o) {
            out[o.run].push(x);
        }
    }
    out.retain(|r| !r.is_empty());
    out
}

/// The least and the greatest value of `f` over each run, when every run (two at least)
/// has the same: a bound that does not grow with the sizes drawn.
pub(super) fn steady<T>(runs: &[Vec<T>], f: impl Fn(&T) -> i128) -> (Option<i128>, Option<i128>) {
    let ext: Vec<(i128, i128)> = runs
        .iter()
        .filter_map(|r| {
            let vs = r.iter().map(&f);
            Some((vs.clone().min()?, vs.max()?))
        })
        .collect();
    let same = |g: fn(&(i128, i128)) -> i128| {
        let first = g(ext.first()?);
        (ext.len() >= 2 && ext.iter().all(|e| g(e) == first)).then_some(first)
    };
    (same(|e| e.0), same(|e| e.1))
}

/// For each predicate of `sys`, which of `cands` no observation at its vertex falsifies and
/// some observation there satisfies with a true premise (every candidate where nothing was
/// observed).
pub fn filter(
    sys: &HornSystem,
    arrays: &[(ArrId, Size)],
    cands: &[String],
    obs: &[Observation],
    until: Instant,
) -> Option<BTreeMap<Vertex, Vec<bool>>> {
    // Each candidate as implications between atoms, each atom evaluated once per state
    // and index ([`super::sift::decide`]): evaluating every candidate's whole term was most
    // of ara's own time on a bubble sort (`perf`: `eval` 19% of all samples of a run).
    let mut atoms = super::sift::Atoms::default();
    let parsed: Vec<Option<super::sift::Form>> = cands
        .iter()
        .map(|c| {
            let c = parse_all(c).ok().and_then(|mut v| v.pop())?;
            Some(atoms.form(&c))
        })
        .collect();
    let mut out = BTreeMap::new();
    for pred in &sys.preds {
        let mut on = vec![true; cands.len()];
        let mut seen = vec![false; cands.len()];
        let here = spread(obs.iter().filter(|o| o.vertex == pred.vertex).collect(), 16);
        for o in &here {
            if stopped(until) {
                return None;
            }
            refute(sys, arrays, (&atoms, &parsed), o, (&mut on, &mut seen));
        }
        // An implication whose premise no state satisfied is vacuous on the data: it would
        // only weigh on every query (thousands of them in loop sequences).
        if !here.is_empty() {
            on.iter_mut().zip(&seen).for_each(|(o, s)| *o &= *s);
        }
        out.insert(pred.vertex, on);
    }
    Some(out)
}

/// Whether the guessing must stop: past `until`, or cancelled (another engine answered,
/// the command's end). Its loops are ara's own CPU time, which no process kill ends: a race
/// waits for them before it gives its winner's answer.
pub fn stopped(until: Instant) -> bool {
    super::observe::stopped(until)
}

/// At most `k` of `xs`, spread over them (the first and the last included).
fn spread<T: Copy>(xs: Vec<T>, k: usize) -> Vec<T> {
    if xs.len() <= k {
        return xs;
    }
    (0..k).map(|i| xs[i * (xs.len() - 1) / (k - 1)]).collect()
}

/// Turns off the candidates that `o` falsifies, at every in-range index (each array's cell
/// at the same index `w`; an array shorter than `w` leaves its cell unknown).
fn refute(
    sys: &HornSystem,
    arrays: &[(ArrId, Size)],
    forms: (&super::sift::Atoms, &[Option<super::sift::Form>]),
    o: &Observation,
    (on, seen): (&mut [bool], &mut [bool]),
) {
    let mut env: BTreeMap<String, i128> = sys
        .args
        .iter()
        .enumerate()
        .map(|(k, (v, _))| (param(k), o.scalars[v.0 as usize]))
        .collect();
    let longest = arrays
        .iter()
        .filter_map(|(a, _)| o.arrays[a.0 as usize].as_ref().map(|c| c.len()))
        .max()
        .unwrap_or(0);
    for w in 0..longest.max(1) {
        for (j, (a, _)) in arrays.iter().enumerate() {
            let (pw, pv) = cell(sys, j);
            match o.arrays[a.0 as usize].as_ref().and_then(|c| c.get(w)) {
                Some(&x) => {
                    env.insert(param(pw), w as i128);
                    env.insert(param(pv), x);
                }
                None => {
                    env.remove(&param(pw));
                    env.remove(&param(pv));
                }
            }
        }
        super::sift::decide(forms, &env, &|_| true, (&mut *on, &mut *seen));
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Val {
    I(i128),
    B(bool),
}

/// The value of a candidate's term under `env` (`None`: a parameter unknown, an overflow,
/// an operator not known here).
pub(super) fn eval(s: &Sexp, env: &BTreeMap<String, i128>) -> Option<Val> {
    let l = match s {
        Sexp::Atom(a) => {
            return match a.as_str() {
                "true" => Some(Val::B(true)),
                "false" => Some(Val::B(false)),
                _ => a.parse().ok().or_else(|| env.get(a).copied()).map(Val::I),
            };
        }
        Sexp::List(l) => l,
    };
    let h = l.first()?.atom()?;
    let args = &l[1..];
    let int = |x: &Sexp| match eval(x, env)? {
        Val::I(v) => Some(v),
        Val::B(_) => None,
    };
    let boolean = |x: &Sexp| match eval(x, env)? {
        Val::B(v) => Some(v),
        Val::I(_) => None,
    };
    Some(match h {
        "and" => {
            // False if any conjunct is false, even with others unknown.
            let vs: Vec<Option<bool>> = args.iter().map(boolean).collect();
            if vs.contains(&Some(false)) {
                Val::B(false)
            } else {
                Val::B(
                    vs.into_iter()
                        .collect::<Option<Vec<_>>>()?
                        .into_iter()
                        .all(|b| b),
                )
            }
        }
        "=>" => match boolean(&args[0]) {
            Some(false) => Val::B(true),
            _ => Val::B(boolean(args.get(1)?)?),
        },
        "not" => Val::B(!boolean(args.first()?)?),
        "-" if args.len() == 1 => Val::I(int(&args[0])?.checked_neg()?),
        "+" | "-" | "*" => {
            let mut acc = int(args.first()?)?;
            for x in &args[1..] {
                let y = int(x)?;
                acc = match h {
                    "+" => acc.checked_add(y)?,
                    "-" => acc.checked_sub(y)?,
                    _ => acc.checked_mul(y)?,
                };
            }
            Val::I(acc)
        }
        "mod" => Val::I(int(&args[0])?.checked_rem_euclid(int(args.get(1)?)?)?),
        // SMT-LIB's `div` is Euclidean like its `mod` (the grid's row `w div K`).
        "div" => Val::I(int(&args[0])?.checked_div_euclid(int(args.get(1)?)?)?),
        "<" | "<=" | ">" | ">=" | "=" => {
            let (x, y) = (int(args.first()?)?, int(args.get(1)?)?);
            Val::B(match h {
                "<" => x < y,
                "<=" => x <= y,
                ">" => x > y,
                ">=" => x >= y,
                _ => x == y,
            })
        }
        _ => return None,
    })
}

/// Whether the guessed candidates may matter for `p`: it has a loop and an array.
pub fn applies(p: &Program) -> bool {
    let mut loops = false;
    p.visit_stmts(&mut |s| {
        loops |= matches!(s.kind, StmtKind::While { .. } | StmtKind::DoWhile { .. })
    });
    loops && !p.arrays.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pts(ys: &[i128]) -> Vec<(i128, i128)> {
        ys.iter()
            .enumerate()
            .map(|(k, &y)| (k as i128, y))
            .collect()
    }

    #[test]
    fn a_quadratic_is_fitted_with_integer_coefficients() {
        // b[i] = i*i + i + 1
        let p = fit_prefixes(&pts(&[1, 3, 7, 13, 21]));
        assert_eq!(
            p.last().map(|p| p.fact("v", "w")).as_deref(),
            Some("(= v (+ 1 w (* w w)))")
        );
        // Triangular numbers: 2·v = w + w².
        let t = fit_prefixes(&pts(&[0, 1, 3, 6, 10]));
        assert_eq!(
            t.last().map(|p| p.fact("v", "w")).as_deref(),
            Some("(= (* 2 v) (+ w (* w w)))")
        );
    }

    #[test]
    fn a_line_fits_a_prefix_only_with_enough_points() {
        // 3i + 5 then garbage: the line fits the prefix of 3.
        let p = fit_prefixes(&pts(&[5, 8, 11, 0, 42]));
        assert!(
            p.iter().any(|p| p.fact("v", "w") == "(= v (+ 5 (* 3 w)))"),
            "{p:?}"
        );
        // Two points are not evidence of a line.
        assert!(fit_prefixes(&pts(&[5, 8])).iter().all(|p| p.coef.len() < 2));
        assert_eq!(
            fit_all(&[(0, 0), (3, 6), (5, 10), (3, 6)], 1)
                .map(|p| p.fact("s", "i"))
                .as_deref(),
            Some("(= s (* 2 i))")
        );
        assert_eq!(fit_all(&[(0, 0), (3, 6), (5, 11)], 1), None);
    }

    #[test]
    fn candidates_are_evaluated_on_states() {
        let env: BTreeMap<String, i128> = [("p0".to_string(), 4), ("p1".to_string(), 2)].into();
        let c = |s: &str| eval(&parse_all(s).unwrap()[0], &env);
        assert_eq!(
            c("(=> (and (>= p1 0) (< p1 p0)) (= (mod p1 2) 0))"),
            Some(Val::B(true))
        );
        assert_eq!(c("(<= (- p0 (* 2 p1)) (- 1))"), Some(Val::B(false)));
        // An unknown parameter leaves a fact unknown, not false.
        assert_eq!(c("(= p7 1)"), None);
        assert_eq!(c("(and (= p7 1) (= p0 5))"), Some(Val::B(false)));
        // `div` is Euclidean like `mod` (a grid's row `w div K`): 4 = 2·2, -7 = 2·(-4) + 1.
        assert_eq!(c("(= (div p0 2) p1)"), Some(Val::B(true)));
        assert_eq!(c("(div (- 7) 2)"), Some(Val::I(-4)));
    }

    #[test]
    fn the_row_length_a_relaid_grids_guards_compare_with_is_asserted() {
        let src = "extern unsigned int __VERIFIER_nondet_uint(void);\n\
            extern void abort(void);\n\
            void assume_abort_if_not(int c) { if (!c) { abort(); } }\n\
            int main() { unsigned int N = __VERIFIER_nondet_uint();\n\
            unsigned int M = __VERIFIER_nondet_uint();\n\
            assume_abort_if_not(N <= 300 && M <= 300);\n\
            int a[N][M];\n\
            for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) a[i][j] = 1;\n\
            return 0; }";
        let opts = crate::frontend::FrontendOptions::default();
        let p = crate::frontend::parse_source(src, "t.c", &opts).unwrap();
        let names = |q: &Program| -> Vec<String> {
            asserted_vars(q)
                .into_iter()
                .map(|v| q.var(v).name.clone())
                .collect()
        };
        // The program asserts nothing; its relaid form guards each access.
        assert!(names(&p).is_empty());
        let r = crate::abstraction::relayout::relayout(&p).expect("a grid of row length M");
        let got = names(&r.program);
        assert!(got.iter().any(|n| n.starts_with("a__size")), "{got:?}");
        assert!(got.contains(&"j".to_string()), "{got:?}");
    }

    /// A loop over 100 elements: 200 states of the array to fit (at 1000, 2000 states took 2 s
    /// in the optimised build).
    const LONG_FILL: &str = "void reach_error(void);\nint a[100];\nint main(void) {\n  int i;\n  \
        for (i = 0; i < 100; i++) { a[i] = 2 * i; }\n  if (a[5] != 10) reach_error();\n}\n";

    #[test]
    fn the_facts_of_the_cells_stop_at_a_race_s_cancellation() {
        use crate::engines::horn::morph::{CellLayout, encode};
        let opts = crate::frontend::FrontendOptions::default();
        let p = crate::frontend::parse_source(LONG_FILL, "t.c", &opts).unwrap();
        let one = CellLayout::of(&p, 1).unwrap();
        let sys = encode(&p, &one, crate::engines::horn::Theory::Lia, false).unwrap();
        let cuts: BTreeSet<Vertex> = sys.preds.iter().map(|p| p.vertex).collect();
        let obs = super::super::observe::observe(
            &p,
            &cuts,
            2,
            Instant::now() + std::time::Duration::from_secs(3600),
        );
        assert!(distinct_contents(&obs).len() < obs.len());
        let (a, text) = (one.arrays[0].0, read_text(&p, &sys, &one.arrays));
        let later = Instant::now() + std::time::Duration::from_secs(600);
        let facts = cell_facts(&sys, &one.arrays, (0, a), &obs, &text, later);
        assert!(facts.iter().any(|f| f.contains("(* 2 ")), "{facts:?}");
        // Cancelled (another engine answered): nothing is fitted, nothing is guessed.
        let flag = crate::base::tools::CancelFlag::default();
        flag.cancel();
        crate::base::tools::watch_cancel(Some(flag));
        let cut = cell_facts(&sys, &one.arrays, (0, a), &obs, &text, later);
        let ks = BTreeSet::from([3]);
        let residue = super::super::residue::cell_facts(&sys, &one.arrays, 0, &obs, &ks, later);
        let shifted = shifted_facts(&p, &sys, &one.arrays, (0, a), &obs, later);
        let all = candidates(&p, &sys, &one.arrays, &[], &obs, later);
        crate::base::tools::watch_cancel(None);
        assert!(cut.len() < facts.len(), "{cut:?}");
        assert!(cut.iter().all(|f| !f.contains("(* 2 ")), "{cut:?}");
        assert!(residue.is_empty() && shifted.is_empty() && all.is_empty());
    }
}
