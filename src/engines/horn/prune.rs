//! Implied facts left out of a template invariant before ara's bit-vector check.
//!
//! Takes candidate facts (Bool terms, as Houdini's templates write them: `(=> g f)` with `g`
//! an atom or an `and` of atoms, possibly nested, `(=> g1 (=> g2 f))`) and which of them an
//! answer keeps; gives the kept ones without those another kept one implies *syntactically*:
//! `g ⇒ f` is implied by `g' ⇒ f` (the same conclusion `f`) when every atom of `g'` is an
//! atom of `g` (also `f` alone, `g'` empty, implies every guarded `g ⇒ f`). Identical facts
//! keep their first copy.
//!
//! ## Soundness
//!
//! A fact left out is implied by one that stays (`g ⊇ g'` as sets of conjuncts, so `g`
//! implies `g'`, which implies `f`), so the conjunction is logically the same formula: it
//! makes exactly the same clauses valid, in integers and in bit-vectors. The check of
//! [`super::certify`] then decides as it would on the whole conjunction; it is only
//! smaller. Why it matters: the guessed candidates put each closed form under every range of
//! the cell index, and an invariant that kept all of them (72 facts about one array in
//! `rec_sq`, each instantiated at every cell of a clause) made the bit-blasted check of one
//! clause take 30 s where the pruned one needs a few.

use crate::engines::smt::sexp::{Sexp, parse_all};
use std::collections::BTreeSet;

/// The premise atoms and the conclusion of a fact (`(=> (and a b) (=> c f))`: `{a, b, c}`,
/// `f`).
fn split(s: &Sexp) -> (BTreeSet<String>, String) {
    let mut atoms = BTreeSet::new();
    let mut cur = s;
    while let Some([Sexp::Atom(h), g, f]) = cur.list() {
        if h != "=>" {
            break;
        }
        match g.list() {
            Some([Sexp::Atom(a), xs @ ..]) if a == "and" => {
                atoms.extend(xs.iter().map(|x| x.to_string()));
            }
            _ => {
                atoms.insert(g.to_string());
            }
        }
        cur = f;
    }
    (atoms, cur.to_string())
}

/// `on` without the facts another kept fact implies (module doc).
pub fn implied_out(cands: &[String], on: &[bool]) -> Vec<bool> {
    let parts: Vec<Option<(BTreeSet<String>, String)>> = cands
        .iter()
        .zip(on)
        .map(|(c, &o)| {
            o.then(|| parse_all(c).ok().and_then(|mut v| v.pop()))
                .flatten()
                .map(|s| split(&s))
        })
        .collect();
    let mut out = on.to_vec();
    for (k, pk) in parts.iter().enumerate() {
        let Some((gk, fk)) = pk else { continue };
        // Implied by a kept fact with fewer atoms, or an identical one earlier.
        let implied = parts.iter().enumerate().any(|(j, pj)| {
            j != k
                && out[j]
                && pj.as_ref().is_some_and(|(gj, fj)| {
                    fj == fk && gj.is_subset(gk) && (gj.len() < gk.len() || j < k)
                })
        });
        if implied {
            out[k] = false;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(cands: &[&str]) -> Vec<String> {
        let cands: Vec<String> = cands.iter().map(|c| c.to_string()).collect();
        let on = implied_out(&cands, &vec![true; cands.len()]);
        cands
            .into_iter()
            .zip(on)
            .filter(|(_, o)| *o)
            .map(|(c, _)| c)
            .collect()
    }

    #[test]
    fn a_fact_under_a_wider_range_implies_it_under_narrower_ones() {
        let out = kept(&[
            "(=> (and (>= p6 0) (< p6 p3) (< p6 p2)) (= p7 (+ 2 (* 2 p6))))",
            "(=> (and (>= p6 0) (< p6 p3)) (= p7 (+ 2 (* 2 p6))))",
            "(=> (and (>= p6 0) (< p6 p3)) (=> (= (mod p6 2) 0) (= p7 (+ 2 (* 2 p6)))))",
            "(=> (and (>= p6 0) (< p6 p3) (< p6 p2)) (>= p7 1))",
            "(<= p0 1000)",
            "(<= p0 1000)",
        ]);
        assert_eq!(
            out,
            [
                "(=> (and (>= p6 0) (< p6 p3)) (= p7 (+ 2 (* 2 p6))))",
                "(=> (and (>= p6 0) (< p6 p3) (< p6 p2)) (>= p7 1))",
                "(<= p0 1000)",
            ]
        );
    }

    #[test]
    fn facts_left_out_by_the_answer_imply_nothing() {
        let cands = ["(= p1 0)".to_string(), "(=> (< p0 3) (= p1 0))".to_string()];
        assert_eq!(implied_out(&cands, &[false, true]), [false, true]);
    }
}
