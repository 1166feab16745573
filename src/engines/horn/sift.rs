//! The template engine's two-cell candidates sifted by observed states (issue 25).
//!
//! Takes the integer two-cell clauses' system, the arrays with their cells, the candidate
//! facts of [`super::houdini::candidates`] and states observed at the cut points by
//! [`super::observe`]; gives, per predicate, the candidates that no observed state falsifies
//! at any pair of in-range indexes of the cells (`w1`, `w2` of one array at a time, each
//! array's cells read from the state's contents; for a fact between two arrays, both
//! arrays' cells at the same pair of indexes), the start of Houdini
//! ([`super::houdini::solve_from`]).
//!
//! Why it is only an economy. Every fact of an inductive invariant of the clauses holds in
//! every reachable state at every in-range choice of the cells, and an observed state is a
//! reachable one (a run of the program by [`super::observe`]'s interpreter): so the
//! candidates dropped here are not in the invariant Houdini would keep, and a wrong
//! observation can only cost a proof. The answer is checked in bit-vectors as before
//! ([`super::certify`]): SAFE rests on that check, never on the sifting.
//!
//! Round 1 of Houdini, whose queries carry every candidate, took most of its time: a bubble
//! sort over a VLA (`int a[n]`, the inner loop `j < n - 1 - i`) starts with 6425 candidates per
//! predicate, most of them false in the first state with a few elements.

use super::encode::HornSystem;
use super::guess::{Val, eval};
use super::observe::Observation;
use crate::engines::smt::sexp::{Sexp, parse_all};
use crate::ir::{ArrId, Size, Vertex};
use std::collections::BTreeMap;
use std::time::Instant;

/// States per predicate sifted at most (spread over the runs).
const STATES: usize = 12;
/// Indexes of an array tried as each cell: all below this many elements, else the first and
/// the last half of it (where the sorts' facts change).
const INDEXES: usize = 10;

/// A candidate as the sifting reads it: implications between the *atoms* (comparisons,
/// numbered in [`Atoms`]) that every candidate of the template is made of, each true unless
/// its premise holds and its conclusion does not. The template's candidates are a fact
/// `g ⇒ c`, a fact with its mirror image `(and (=> g c) (=> g' c'))` or an atom; any other
/// term is one atom (decided as a whole).
pub(super) struct Form {
    /// `(premise atoms, conclusion atom)`; the first one's premise decides "seen".
    facts: Vec<(Vec<usize>, usize)>,
    /// The arrays (by position) whose cells it reads.
    arrays: Vec<usize>,
}

/// The distinct atoms of the candidates, each evaluated once per pair of indexes.
#[derive(Default)]
pub(super) struct Atoms {
    terms: Vec<Sexp>,
    index: BTreeMap<String, usize>,
}

impl Atoms {
    fn id(&mut self, s: &Sexp) -> usize {
        let key = s.to_string();
        if let Some(&k) = self.index.get(&key) {
            return k;
        }
        self.terms.push(s.clone());
        self.index.insert(key, self.terms.len() - 1);
        self.terms.len() - 1
    }

    /// `c` as implications between atoms.
    pub(super) fn form(&mut self, c: &Sexp) -> Form {
        let fact = |atoms: &mut Atoms, f: &Sexp| match f.list() {
            Some([Sexp::Atom(h), g, c]) if h == "=>" => {
                let premise = match g.list() {
                    Some([Sexp::Atom(a), xs @ ..]) if a == "and" => {
                        xs.iter().map(|x| atoms.id(x)).collect()
                    }
                    _ => vec![atoms.id(g)],
                };
                (premise, atoms.id(c))
            }
            _ => (vec![], atoms.id(f)),
        };
        let facts = match c.list() {
            Some([Sexp::Atom(h), xs @ ..])
                if h == "and"
                    && xs.iter().all(|x| {
                        x.list().and_then(|l| l.first()).and_then(Sexp::atom) == Some("=>")
                    }) =>
            {
                xs.iter().map(|x| fact(self, x)).collect()
            }
            _ => vec![fact(self, c)],
        };
        Form {
            facts,
            arrays: vec![],
        }
    }
}

/// For each predicate of `sys`, which of `cands` no state of `obs` at its vertex falsifies
/// and some state there satisfies with a true premise (all of them where nothing was
/// observed): an implication whose premise no state satisfied is vacuous on the data and only
/// weighs on every query, as in [`super::guess::filter`] (its guard `w1 < w2 ∧ w1 = j ∧
/// w2 < j` can never hold). `arrays` are the arrays with two cells each, in the layout's
/// order (cells `w1, v1, w2, v2` after the scalars). A candidate that does not parse stays.
pub fn sift(
    sys: &HornSystem,
    arrays: &[(ArrId, Size)],
    cands: &[String],
    obs: &[Observation],
    deadline: Instant,
) -> BTreeMap<Vertex, Vec<bool>> {
    let mut atoms = Atoms::default();
    let forms: Vec<Option<Form>> = cands
        .iter()
        .map(|c| {
            let mut v = parse_all(c).ok()?;
            (v.len() == 1).then(|| {
                let c = v.remove(0);
                let mut f = atoms.form(&c);
                f.arrays = cells_read(&c, sys.args.len());
                f
            })
        })
        .collect();
    let mut out = BTreeMap::new();
    for pred in &sys.preds {
        let mut on = vec![true; cands.len()];
        let mut seen: Vec<bool> = forms.iter().map(Option::is_none).collect();
        let here: Vec<&Observation> = obs.iter().filter(|o| o.vertex == pred.vertex).collect();
        for o in spread(&here, STATES) {
            // Only an economy: cancelled or past Houdini's deadline, the candidates left on
            // are for Houdini (which stops at once too) to refute.
            if super::guess::stopped(deadline) {
                break;
            }
            refute(sys, arrays, (&atoms, &forms), o, (&mut on, &mut seen));
        }
        if !here.is_empty() {
            on.iter_mut().zip(&seen).for_each(|(o, s)| *o &= *s);
        }
        out.insert(pred.vertex, on);
    }
    out
}

/// Turns off the candidates of `forms` (those `on` and `mine`) that `env` falsifies and marks
/// those whose (first) premise it satisfies (a fact that is no implication counts as such);
/// each atom is evaluated once, when a candidate first needs it.
pub(super) fn decide(
    (atoms, forms): (&Atoms, &[Option<Form>]),
    env: &BTreeMap<String, i128>,
    mine: &dyn Fn(&Form) -> bool,
    (on, seen): (&mut [bool], &mut [bool]),
) {
    let ks = (0..forms.len()).filter(|&k| forms[k].as_ref().is_some_and(mine));
    decide_at((atoms, forms), env, ks, (on, seen));
}

/// [`decide`] for the candidates numbered `ks` (issue 28: [`refute`] lists those of its
/// arrays once per group of cells, not per pair of indexes and candidate; the per-candidate
/// test of the arrays was most of the sifting's time in a debug build).
fn decide_at(
    (atoms, forms): (&Atoms, &[Option<Form>]),
    env: &BTreeMap<String, i128>,
    ks: impl Iterator<Item = usize>,
    (on, seen): (&mut [bool], &mut [bool]),
) {
    let mut val: Vec<Option<Option<bool>>> = vec![None; atoms.terms.len()];
    let mut atom = |a: usize| {
        *val[a].get_or_insert_with(|| match eval(&atoms.terms[a], env) {
            Some(Val::B(b)) => Some(b),
            _ => None,
        })
    };
    for k in ks {
        let Some(f) = forms[k].as_ref().filter(|_| on[k]) else {
            continue;
        };
        let mut first = None;
        for (n, (premise, conclusion)) in f.facts.iter().enumerate() {
            let holds = premise.iter().all(|&a| atom(a) == Some(true));
            if n == 0 {
                first = Some(holds);
            }
            if holds && atom(*conclusion) == Some(false) {
                on[k] = false;
                break;
            }
        }
        if on[k] && !seen[k] {
            seen[k] = first == Some(true);
        }
    }
}

/// The arrays (by position in the layout) whose cell parameters `c` names: parameter
/// `p(n + 4·j + m)` is cell `m` of array `j` (`n` scalars first).
fn cells_read(c: &Sexp, n: usize) -> Vec<usize> {
    let mut out = vec![];
    let mut walk = vec![c];
    while let Some(s) = walk.pop() {
        match s {
            Sexp::Atom(a) => {
                if let Some(k) = a.strip_prefix('p').and_then(|k| k.parse::<usize>().ok())
                    && k >= n
                    && !out.contains(&((k - n) / 4))
                {
                    out.push((k - n) / 4);
                }
            }
            Sexp::List(l) => walk.extend(l),
        }
    }
    out.sort();
    out
}

/// At most `k` of `xs`, spread over them (the first and the last included).
fn spread<'a>(xs: &[&'a Observation], k: usize) -> Vec<&'a Observation> {
    if xs.len() <= k {
        return xs.to_vec();
    }
    (0..k).map(|i| xs[i * (xs.len() - 1) / (k - 1)]).collect()
}

/// The indexes tried for a cell of an array of `len` elements.
fn indexes(len: usize) -> Vec<usize> {
    if len <= INDEXES {
        return (0..len).collect();
    }
    (0..INDEXES / 2).chain(len - INDEXES / 2..len).collect()
}

/// Turns off the candidates that `o` falsifies at some pair of in-range indexes of one
/// array's two cells (the other arrays' cells unknown: an atom that reads them is not
/// decided here, and neither is a fact with such an atom), and marks those whose (first)
/// premise holds at some pair (a fact that is no implication counts as such).
fn refute(
    sys: &HornSystem,
    arrays: &[(ArrId, Size)],
    (atoms, forms): (&Atoms, &[Option<Form>]),
    o: &Observation,
    (on, seen): (&mut [bool], &mut [bool]),
) {
    let n = sys.args.len();
    let p = |i: usize| format!("p{i}");
    let scalars: BTreeMap<String, i128> = sys
        .args
        .iter()
        .enumerate()
        .map(|(k, (v, _))| (p(k), o.scalars[v.0 as usize]))
        .collect();
    // One array's cells at a time, then two arrays' cells at the same indexes (the facts
    // between arrays, `w_a = w_b ⇒ …`): each form only in the pass of the arrays it reads.
    let singles = (0..arrays.len()).map(|j| vec![j]);
    let pairs = (0..arrays.len()).flat_map(|j| (j + 1..arrays.len()).map(move |k| vec![j, k]));
    for group in singles.chain(pairs) {
        let Some(contents) = group
            .iter()
            .map(|&j| o.arrays[arrays[j].0.0 as usize].as_ref())
            .collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        let mine = |f: &Form| {
            f.arrays.iter().all(|j| group.contains(j)) && (group.len() == 1 || f.arrays.len() == 2)
        };
        // The group's candidates still on, listed once (those turned off leave the list).
        let mut ks: Vec<usize> = (0..forms.len())
            .filter(|&k| on[k] && forms[k].as_ref().is_some_and(mine))
            .collect();
        let mut env = scalars.clone();
        let ix = indexes(contents.iter().map(|c| c.len()).min().unwrap_or(0));
        for &x in &ix {
            for &y in &ix {
                for (&j, c) in group.iter().zip(&contents) {
                    let [w1, v1, w2, v2] = [0, 1, 2, 3].map(|k| p(n + 4 * j + k));
                    env.insert(w1, x as i128);
                    env.insert(v1, c[x]);
                    env.insert(w2, y as i128);
                    env.insert(v2, c[y]);
                }
                decide_at((atoms, forms), &env, ks.iter().copied(), (on, seen));
                ks.retain(|&k| on[k]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fact_with_its_mirror_image_is_two_implications_over_shared_atoms() {
        let mut atoms = Atoms::default();
        let c = "(and (=> (and (< p1 p3) (< p1 p0)) (<= p2 p4)) \
                 (=> (and (< p3 p1) (< p3 p0)) (<= p4 p2)))";
        let f = atoms.form(&parse_all(c).unwrap()[0]);
        assert_eq!(f.facts.len(), 2);
        assert_eq!(f.facts[0].0.len(), 2);
        let g = atoms.form(&parse_all("(=> (< p1 p0) (<= p2 p4))").unwrap()[0]);
        // `(< p1 p0)` and `(<= p2 p4)` are shared; `(>= p0 0)` is a fact without premise.
        assert_eq!(atoms.terms.len(), 6);
        assert_eq!(g.facts, vec![(vec![f.facts[0].0[1]], f.facts[0].1)]);
        let h = atoms.form(&parse_all("(>= p0 0)").unwrap()[0]);
        assert!(h.facts[0].0.is_empty());
    }

    #[test]
    fn the_indexes_of_a_long_array_are_its_ends() {
        assert_eq!(indexes(3), vec![0, 1, 2]);
        let ix = indexes(40);
        assert_eq!(ix.len(), INDEXES);
        assert_eq!((ix[0], ix[INDEXES - 1]), (0, 39));
    }
}
