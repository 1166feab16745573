//! Modular and offset candidates for the guessed one-cell clauses ([`super::guess`]).
//!
//! Takes the program, its one-cell integer clauses, the arrays with cells and the observed
//! states ([`super::observe`]); adds to the guessed candidates (Bool terms over the
//! predicates' parameters `p0 … pn-1`) the facts of conditional and modular updates:
//! - per modulus `k` of the program (`e % k` with a constant `2 <= k <= 8`), for a scalar `s`
//!   and a variable `t`: `t mod k = r ⇒ d·s = α·t + β`, a line fitted to the states at one
//!   loop head whose `t` is in that class (`s` flips with the parity of `i`:
//!   `i mod 2 = 0 ⇒ s = 0`), and the bounds `m1 <= k·s - t <= m2` with `m1`, `m2` the
//!   observed extremes when every run has the same (a count of the multiples of `k` below
//!   `i`: `0 <= 4·cnt - i <= 3`);
//! - per cell `(w, v)`: lines fitted to the residue classes of `w` modulo the program's moduli
//!   beyond 2 and 3 (those [`super::guess`] fits already), and lines (on the residue classes
//!   too) fitted from index 1 or 2 on where the prefix from 0 does not fit, with that start
//!   in the fact: `w >= 1 ∧ w mod 2 = 0 ⇒ v = 7` (a loop `for (i = 1; i < N - 1; i++)`
//!   leaves `b[0]` unwritten);
//! - per variable `t` and modulus `k`: `t mod k = r` (a loop with step 2 keeps `i` even);
//! - for the cells' ranges, the index terms of loops that count down ([`down_terms`]):
//!   `x + 1` for a write index `x` that is decremented, and the compound values `x` is
//!   assigned (`x = N - 2`: `N - 2` and `N - 1`), so that `x < w < N - 1` is a range.
//!
//! ## Soundness: candidates are only leads
//!
//! As for every guessed candidate: Houdini keeps the subset that makes every integer clause
//! valid and only ara's own check of every bit-vector clause ([`super::certify`]) makes an
//! answer SAFE. `mod` by a positive constant is exact in that check's translation. A wrong
//! or useless candidate costs time, never a verdict.

use super::encode::HornSystem;
use super::guess::{
    Observable, Poly, by_run, cell, distinct_contents, fit_all, fit_prefixes, lit, param, steady,
    stopped,
};
use super::observe::Observation;
use crate::ir::{ArrId, BinOp, Expr, Program, Size, StmtKind, VarId, Vertex};
use std::collections::BTreeSet;
use std::time::Instant;

/// Largest modulus taken from the program.
const MAX_MODULUS: i128 = 8;

/// Cell moduli [`super::guess`] fits on its own.
const GUESS_MODULI: [i128; 2] = [2, 3];

/// The moduli of `p`: constants `k` of its `e % k`, `2 <= k <= MAX_MODULUS`.
pub(super) fn moduli(p: &Program) -> BTreeSet<i128> {
    let mut out = BTreeSet::new();
    p.visit_stmts(&mut |s| {
        for e in s.vertex_exprs() {
            e.visit(&mut |x| {
                if let Expr::Binary(BinOp::Rem, _, k) = x
                    && let Expr::Const(k, _) = strip(k)
                    && (2..=MAX_MODULUS).contains(k)
                {
                    out.insert(*k);
                }
            });
        }
    });
    out
}

fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Cast(_, x) => strip(x),
        _ => e,
    }
}

/// The scalar candidates over the observables `xs`: lines on residue classes and bounds of
/// `k·s - t`, for the moduli `ks`. Pairs of scalars: it stops at `until` or a race's
/// cancellation, as `guess::scalar_candidates` ([`stopped`]).
pub(super) fn scalar_candidates(
    xs: &[Observable],
    obs: &[Observation],
    ks: &BTreeSet<i128>,
    out: &mut BTreeSet<String>,
    until: Instant,
) {
    let vertices: BTreeSet<Vertex> = obs.iter().map(|o| o.vertex).collect();
    for s in xs.iter().filter(|s| s.var.is_some()) {
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
                if fit_all(&pts, 1).is_some() {
                    // One line for every class: the plain candidate says it already.
                    continue;
                }
                for &k in ks {
                    class_lines(&pts, k, &s.term, &t.term, out);
                    let runs = by_run(obs, v, |o| Some((t.value(o)?, s.value(o)?)));
                    let f = format!("(- (* {k} {}) {})", s.term, t.term);
                    let (mn, mx) = steady(&runs, |&(x, y)| k * y - x);
                    if let (Some(mn), Some(mx)) = (mn, mx) {
                        out.insert(format!("(<= {f} {})", lit(mx)));
                        out.insert(format!("(>= {f} {})", lit(mn)));
                    }
                }
            }
        }
    }
}

/// The residue classes `t mod k = r` of each variable `t` among `xs` for the moduli `ks`
/// (a step-2 loop keeps `i` even).
pub(super) fn classes(xs: &[Observable], ks: &BTreeSet<i128>, out: &mut BTreeSet<String>) {
    for t in xs.iter().filter(|t| t.var.is_some()) {
        for &k in ks {
            for r in 0..k {
                out.insert(format!("(= (mod {} {k}) {r})", t.term));
            }
        }
    }
}

/// Index terms of loops that count down: for a variable `x` that indexes a write and is
/// decremented (`x := x - c`), `x + 1` (the part written so far is `w >= x + 1`) and the
/// compound values it is assigned with their successors (`x := N - 2`: `N - 2`, `N - 1`).
pub(super) fn down_terms(p: &Program, sys: &HornSystem) -> Vec<String> {
    let pos = |v: VarId| sys.args.iter().position(|(x, _)| *x == v);
    let mut indexes: BTreeSet<VarId> = BTreeSet::new();
    let mut assigns: Vec<(VarId, Expr)> = vec![];
    p.visit_stmts(&mut |s| match &s.kind {
        StmtKind::Store(_, i, _) => {
            if let Expr::Var(v) = strip(i) {
                indexes.insert(*v);
            }
        }
        StmtKind::Assign(x, e) => assigns.push((*x, e.clone())),
        _ => {}
    });
    let down = |x: VarId, e: &Expr| {
        matches!(strip(e), Expr::Binary(BinOp::Sub, a, c)
            if matches!(strip(a), Expr::Var(y) if *y == x) && matches!(strip(c), Expr::Const(1.., _)))
    };
    let mut out: Vec<String> = vec![];
    for x in indexes
        .iter()
        .filter(|x| assigns.iter().any(|(y, e)| y == *x && down(**x, e)))
    {
        let mut push = |t: String| {
            if !out.contains(&t) {
                out.push(t);
            }
        };
        if let Some(px) = pos(*x) {
            push(format!("(+ {} 1)", param(px)));
        }
        for (_, e) in assigns.iter().filter(|(y, e)| y == x && !down(*x, e)) {
            if matches!(strip(e), Expr::Binary(..))
                && let Some(t) = super::houdini::lia_term(e, &pos)
            {
                push(format!("(+ {t} 1)"));
                push(t);
            }
        }
    }
    out
}

/// `t mod k = r ⇒ fact` for each class `r` whose points (x = t, y = s) one line fits.
fn class_lines(pts: &[(i128, i128)], k: i128, s: &str, t: &str, out: &mut BTreeSet<String>) {
    for r in 0..k {
        let class: Vec<(i128, i128)> = pts
            .iter()
            .copied()
            .filter(|&(x, _)| x.rem_euclid(k) == r)
            .collect();
        if let Some(poly) = fit_all(&class, 1) {
            out.insert(format!("(=> (= (mod {t} {k}) {r}) {})", poly.fact(s, t)));
        }
    }
}

/// The cell facts of array number `j` (`a`) of `arrays`: lines on the residue classes of
/// the moduli `ks` beyond [`GUESS_MODULI`], and lines from a start of 1 or 2; partial once
/// [`stopped`].
pub(super) fn cell_facts(
    sys: &HornSystem,
    arrays: &[(ArrId, Size)],
    j: usize,
    obs: &[Observation],
    ks: &BTreeSet<i128>,
    until: Instant,
) -> BTreeSet<String> {
    let a = arrays[j].0;
    let (w, v) = (param(cell(sys, j).0), param(cell(sys, j).1));
    let mut facts = BTreeSet::new();
    let classes: Vec<i128> = std::iter::once(1).chain(ks.iter().copied()).collect();
    for o in distinct_contents(obs) {
        if stopped(until) {
            return facts;
        }
        let Some(c) = o.arrays[a.0 as usize].as_ref() else {
            continue;
        };
        let pts: Vec<(i128, i128)> = c.iter().enumerate().map(|(k, &y)| (k as i128, y)).collect();
        for &k in &classes {
            for r in 0..k {
                let class: Vec<(i128, i128)> = pts
                    .iter()
                    .copied()
                    .filter(|p| p.0.rem_euclid(k) == r)
                    .collect();
                let cond = (k > 1).then(|| format!("(= (mod {w} {k}) {r})"));
                if k > 1 && !GUESS_MODULI.contains(&k) {
                    for poly in lines(&class) {
                        facts.insert(guarded(cond.iter(), &poly.fact(&v, &w)));
                    }
                }
                let from0 = lines(&class);
                for start in 1..=2i128 {
                    let rest: Vec<(i128, i128)> =
                        class.iter().copied().filter(|p| p.0 >= start).collect();
                    for poly in lines(&rest).into_iter().filter(|p| !from0.contains(p)) {
                        let lo = format!("(>= {w} {start})");
                        facts.insert(guarded(
                            std::iter::once(&lo).chain(cond.iter()),
                            &poly.fact(&v, &w),
                        ));
                    }
                }
            }
        }
    }
    facts
}

/// The lines fitted to a prefix of `pts` (the 128-bit check takes no `w * w`).
fn lines(pts: &[(i128, i128)]) -> Vec<Poly> {
    fit_prefixes(pts)
        .into_iter()
        .filter(|p| p.coef.len() <= 2)
        .collect()
}

/// `fact` under the conjunction of `conds` (itself when there are none).
fn guarded<'a>(conds: impl Iterator<Item = &'a String>, fact: &str) -> String {
    let conds: Vec<&String> = conds.collect();
    match conds.as_slice() {
        [] => fact.to_string(),
        [c] => format!("(=> {c} {fact})"),
        _ => format!(
            "(=> (and {}) {fact})",
            conds
                .iter()
                .map(|c| c.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_on_residue_classes_of_a_scalar() {
        // s flips with the parity of i: 0 at even i, 1 at odd i.
        let pts: Vec<(i128, i128)> = (0..8).map(|i| (i, i % 2)).collect();
        let mut out = BTreeSet::new();
        class_lines(&pts, 2, "s", "i", &mut out);
        let got: Vec<&str> = out.iter().map(|s| s.as_str()).collect();
        assert_eq!(
            got,
            vec![
                "(=> (= (mod i 2) 0) (= s 0))",
                "(=> (= (mod i 2) 1) (= s 1))"
            ]
        );
    }

    #[test]
    fn a_fact_under_its_conditions() {
        let lo = "(>= w 1)".to_string();
        let m = "(= (mod w 2) 0)".to_string();
        assert_eq!(guarded([].iter(), "(= v 7)"), "(= v 7)");
        assert_eq!(
            guarded([lo.clone(), m].iter(), "(= v 7)"),
            "(=> (and (>= w 1) (= (mod w 2) 0)) (= v 7))"
        );
        assert_eq!(guarded([lo].iter(), "(= v 7)"), "(=> (>= w 1) (= v 7))");
    }

    #[test]
    fn a_line_from_index_one() {
        // b[0] unwritten (0), then 7 at even and 5 at odd indexes.
        let ys = [0, 5, 7, 5, 7, 5, 7];
        let even: Vec<(i128, i128)> = ys
            .iter()
            .enumerate()
            .map(|(k, &y)| (k as i128, y))
            .filter(|p| p.0 % 2 == 0)
            .collect();
        assert!(lines(&even).iter().all(|p| p.fact("v", "w") != "(= v 7)"));
        let rest: Vec<(i128, i128)> = even.into_iter().filter(|p| p.0 >= 1).collect();
        assert_eq!(
            lines(&rest).first().map(|p| p.fact("v", "w")).as_deref(),
            Some("(= v 7)")
        );
    }
}
