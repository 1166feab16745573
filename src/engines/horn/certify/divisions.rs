//! Divisions by constants taken out of a certificate check (`certify`), exactly.
//!
//! Takes the bit-vector [`HornSystem`] and the `define-fun`s of the interpretations; gives,
//! when an interpretation divides by a constant, the check script with each such division
//! replaced by a fresh quotient and remainder and the *division lemma* that defines them.
//! Bit-blasting a 65-bit divider per occurrence made the check of a grid's invariant
//! (`v == w div 300 + w mod 300` over a 64-bit cell index, ten clauses) take 27 s of CPU
//! (load 12); a multiplication by a constant is a few adders.
//!
//! ## The rewriting
//!
//! In an interpretation `inv(p)`, each distinct term `(bvsmod X D)` (width `n`) with `D` a
//! literal, `0 < D < 2^(n-2)`, and `X = ((_ sign_extend k) Y)`, `k >= 1` (so
//! `|X| <= 2^(n-2)`), becomes a new parameter `m`, and a term
//! `(bvsdiv (bvsub A B) D')` whose `A` is `X` and `B` that `bvsmod` (each possibly
//! sign-extended) and `D'` the same value becomes a new parameter `q` (sign-extended to the
//! term's width). Each application `inv(a)` in a clause gets constants `m', q'` and the
//! clause's assertion the conjunct `lemma(X(a), m', q')`:
//! `0 <= m' < D` and `sext(X(a)) = sext(q')·sext(D) + sext(m')` in `2n` bits. Applications
//! whose dividends `X(a)` are the same term share the constants (the same value: the
//! lemma below defines them from it).
//!
//! ## Why the check means the same
//!
//! For `x` the value of `X(a)` (`|x| <= 2^(n-2)`): in `2n` bits the lemma's arithmetic cannot
//! wrap (`|q'·D| < 2^(2n-2)`), so it says `x = q'·D + m'` over the integers with
//! `0 <= m' < D`: its only solution is `q' = floor(x / D)`, `m' = x mod D` (Euclidean). And
//! those are the terms' values: `bvsmod` with a positive divisor is the Euclidean remainder;
//! `x - m' = D·q'` lies in `[-2^(n-1), 2^(n-1))` (`x >= -2^(n-2)`, `m' < D < 2^(n-2)`), so
//! the subtraction does not wrap at width `n` or wider and the (exact) `bvsdiv` gives `q'`.
//! The fresh constants are functions of the clause's other constants, defined by a
//! conjunct at the top level, so `body ∧ ¬head ∧ lemmas` is satisfiable exactly when
//! `body ∧ ¬head` is: every answer of the check is the one the plain script would give.
//!
//! The quotient's width: `certify::translate` takes a quotient's low bits in the width its
//! bound `|x|/D + 1` needs (`((_ extract k 0) (bvsdiv …))`, argued in `certify`'s module
//! doc); the rewriting replaces the `bvsdiv` inside, so the narrowed term reads the same low
//! bits of `q'`, which equals the exact quotient. The lemma itself stays in `2n` bits: a
//! product by the constant `D` is a few adders. The translation sign-extends every dividend
//! by a bit at least, so each of its divisions by a constant `D < 2^(n-2)` is taken out.
//!
//! Each clause's check also narrows arguments and splits cases ([`cases`], its own soundness
//! argument): the text of a clause may hold several `check-sat`s, all `unsat` when it holds.
//!
//! Tests: unit tests of the rewriting (golden text); the bug twins of `tests/relayout.rs`
//! (never proved through it); the every-N grids (`bench-suite/everyn/grid_*`) proved
//! through it.

use super::cases;
use crate::engines::horn::encode::{Clause, HornSystem, and};
use crate::engines::smt::sexp::{Sexp, parse_all, rename};
use std::collections::HashMap;
use std::fmt::Write as _;

/// One interpretation with its divisions taken out.
struct Def {
    name: String,
    binders: Vec<Sexp>,
    body: Sexp,
    /// Per division: the remainder term's width `n`, `X` and `D`.
    divs: Vec<Div>,
    /// The parameters the body bounds in fewer bits ([`cases::narrowings`]).
    narrow: Vec<cases::Narrow>,
}

#[derive(Clone, Debug, PartialEq)]
struct Div {
    width: u32,
    x: Sexp,
    d: u128,
    /// The `bvsmod` term itself.
    rem: Sexp,
}

/// The check script with the divisions taken out (module doc), or `None` when no
/// interpretation has one this rewriting takes (the caller's plain script is then the same).
pub fn script(bv: &HornSystem, defs: &str, check: &str) -> Option<(String, Vec<usize>)> {
    // Quoted symbols lose their bars in `parse_all`: leave such definitions alone.
    if defs.contains('|') {
        return None;
    }
    let defs: Vec<Def> = parse_all(defs)
        .ok()?
        .iter()
        .map(definition)
        .collect::<Option<_>>()?;
    if defs.iter().all(|d| d.divs.is_empty()) {
        return None;
    }
    let mut s = String::from("(set-option :produce-models false)\n");
    for d in &defs {
        s.push_str(&d.text());
    }
    let mut counts = vec![];
    for c in &bv.clauses {
        let (text, n) = clause(bv, &defs, c, check);
        s.push_str(&text);
        counts.push(n);
    }
    Some((s, counts))
}

/// `(define-fun NAME (BINDERS) Bool BODY)` with its divisions taken out.
fn definition(item: &Sexp) -> Option<Def> {
    let [
        Sexp::Atom(kw),
        Sexp::Atom(name),
        Sexp::List(binders),
        Sexp::Atom(sort),
        body,
    ] = item.list()?
    else {
        return None;
    };
    if kw != "define-fun" || sort != "Bool" {
        return None;
    }
    let mut divs = vec![];
    collect(body, &mut divs);
    let narrow = cases::narrowings(binders, body);
    let body = replace(body, &divs);
    Some(Def {
        name: name.clone(),
        binders: binders.clone(),
        body,
        divs,
        narrow,
    })
}

/// The literal `(_ bvK n)` as `(K, n)`.
fn literal(s: &Sexp) -> Option<(u128, u32)> {
    match s.list()? {
        [Sexp::Atom(u), Sexp::Atom(v), Sexp::Atom(n)] if u == "_" => {
            Some((v.strip_prefix("bv")?.parse().ok()?, n.parse().ok()?))
        }
        _ => None,
    }
}

/// `((_ sign_extend k) Y)` as `(k, Y)`.
fn sign_extended(s: &Sexp) -> Option<(u32, &Sexp)> {
    match s.list()? {
        [Sexp::List(f), y] => match f.as_slice() {
            [Sexp::Atom(u), Sexp::Atom(se), Sexp::Atom(k)] if u == "_" && se == "sign_extend" => {
                Some((k.parse().ok()?, y))
            }
            _ => None,
        },
        _ => None,
    }
}

/// `s` without sign extensions around it.
fn unextended(s: &Sexp) -> &Sexp {
    match sign_extended(s) {
        Some((_, y)) => unextended(y),
        None => s,
    }
}

/// The remainder terms of `s` the rewriting takes (module doc), distinct, in order.
fn collect(s: &Sexp, out: &mut Vec<Div>) {
    let Some(l) = s.list() else { return };
    if let Some(div) = remainder(s)
        && !out.contains(&div)
    {
        out.push(div);
        return;
    }
    for x in l {
        collect(x, out);
    }
}

fn remainder(s: &Sexp) -> Option<Div> {
    let [Sexp::Atom(h), x, d] = s.list()? else {
        return None;
    };
    let (d, width) = literal(d)?;
    let (k, _) = sign_extended(x)?;
    let ok = h == "bvsmod" && k >= 1 && d > 0 && width >= 3 && d < 1u128 << (width - 2);
    ok.then(|| Div {
        width,
        x: x.clone(),
        d,
        rem: s.clone(),
    })
}

/// `s` with each division of `divs` replaced by its parameter.
fn replace(s: &Sexp, divs: &[Div]) -> Sexp {
    if let Some(j) = divs.iter().position(|d| d.rem == *s) {
        return Sexp::Atom(rem_param(j));
    }
    if let Some((j, width)) = quotient(s, divs) {
        let q = Sexp::Atom(quot_param(j));
        return match width - divs[j].width {
            0 => q,
            k => Sexp::List(vec![
                Sexp::List(vec![
                    Sexp::Atom("_".into()),
                    Sexp::Atom("sign_extend".into()),
                    Sexp::Atom(k.to_string()),
                ]),
                q,
            ]),
        };
    }
    match s {
        Sexp::Atom(_) => s.clone(),
        Sexp::List(l) => Sexp::List(l.iter().map(|x| replace(x, divs)).collect()),
    }
}

/// `(bvsdiv (bvsub X' R') D')` of division `j` (`X'`, `R'` its dividend and remainder,
/// possibly sign-extended; `D'` its divisor at the term's width): `j` and that width.
fn quotient(s: &Sexp, divs: &[Div]) -> Option<(usize, u32)> {
    let [Sexp::Atom(h), diff, d] = s.list()? else {
        return None;
    };
    let [Sexp::Atom(sub), a, b] = diff.list()? else {
        return None;
    };
    let (d, width) = literal(d)?;
    if h != "bvsdiv" || sub != "bvsub" {
        return None;
    }
    let j = divs.iter().position(|v| {
        v.d == d && *unextended(b) == v.rem && strip_to(a, &v.x) && width >= v.width
    })?;
    Some((j, width))
}

/// Whether `a` is `x` with sign extensions around it.
fn strip_to(a: &Sexp, x: &Sexp) -> bool {
    a == x || sign_extended(a).is_some_and(|(_, y)| strip_to(y, x))
}

fn rem_param(j: usize) -> String {
    format!("dm{j}")
}

fn quot_param(j: usize) -> String {
    format!("dq{j}")
}

impl Def {
    fn extra_binders(&self) -> Vec<String> {
        self.divs
            .iter()
            .enumerate()
            .flat_map(|(j, d)| {
                let sort = format!("(_ BitVec {})", d.width);
                [
                    format!("({} {sort})", rem_param(j)),
                    format!("({} {sort})", quot_param(j)),
                ]
            })
            .collect()
    }

    /// The rewritten definition.
    fn text(&self) -> String {
        let mut binders: Vec<String> = self.binders.iter().map(|b| b.to_string()).collect();
        binders.extend(self.extra_binders());
        format!(
            "(define-fun {} ({}) Bool {})\n",
            self.name,
            binders.join(" "),
            self.body
        )
    }

    /// Division `j`'s dividend with the parameters replaced by `args`.
    fn dividend(&self, j: usize, args: &[String]) -> String {
        let map: HashMap<String, String> = self
            .binders
            .iter()
            .filter_map(|b| b.list()?.first()?.atom().map(String::from))
            .zip(args.iter().cloned())
            .collect();
        rename(&self.divs[j].x, &map).to_string()
    }
}

/// `0 <= m < D` and `sext(x) = sext(q)·sext(D) + sext(m)` in twice the width.
fn lemma(d: &Div, x: &str, m: &str, q: &str) -> String {
    let n = d.width;
    let ext = |t: &str| format!("((_ sign_extend {n}) {t})");
    format!(
        "(and (bvsle (_ bv0 {n}) {m}) (bvslt {m} (_ bv{k} {n})) (= {} (bvadd (bvmul {} \
         (_ bv{k} {w})) {})))",
        ext(x),
        ext(q),
        ext(m),
        k = d.d,
        w = 2 * n,
    )
}

/// A division the check of a clause defines: its dividend's text, divisor and width, its
/// remainder and quotient constants (its lemma has its index among the clause's lemmas).
struct Fresh {
    x: String,
    d: u128,
    width: u32,
    m: String,
    q: String,
}

/// The checks of clause `c` with the applications of rewritten interpretations extended by
/// fresh constants and their lemmas, the body's arguments narrowed and the cases of the
/// splits ([`cases`]): the text and the number of `check-sat`s (all `unsat` exactly when the
/// clause holds).
fn clause(bv: &HornSystem, defs: &[Def], c: &Clause, check: &str) -> (String, usize) {
    let mut consts = c.consts.clone();
    let mut lemmas: Vec<String> = vec![];
    let mut divs: Vec<Fresh> = vec![];
    let mut narrowed: Vec<String> = vec![];
    // One quotient and remainder per dividend and divisor of the clause: the applications
    // at one cell share them (and the solver sees they are equal).
    let mut fresh: HashMap<(String, u128), (String, String)> = HashMap::new();
    let mut short: HashMap<String, String> = HashMap::new();
    let mut apply = |v: Option<crate::ir::Vertex>, args: &[String], body: bool| -> String {
        let plain = bv.atom(v, args);
        let Some(def) = v
            .and_then(|v| bv.pred(v))
            .and_then(|p| defs.iter().find(|d| d.name == p.name))
        else {
            return plain;
        };
        if body {
            // `cases`: an argument the interpretation bounds, as its low bits extended.
            for n in &def.narrow {
                let Some(a) = args.get(n.param) else { continue };
                if !short.contains_key(a) {
                    let f = format!("nr_{}", short.len());
                    consts.push((f.clone(), n.sort()));
                    narrowed.push(n.conjunct(a, &f));
                    short.insert(a.clone(), f);
                }
            }
        }
        if def.divs.is_empty() {
            return plain;
        }
        let mut all = args.to_vec();
        for (j, d) in def.divs.iter().enumerate() {
            let x = def.dividend(j, args);
            let n = fresh.len();
            let (m, q) = fresh
                .entry((x.clone(), d.d))
                .or_insert_with(|| {
                    let (m, q) = (format!("dm_{n}"), format!("dq_{n}"));
                    let sort = format!("(_ BitVec {})", d.width);
                    consts.push((m.clone(), sort.clone()));
                    consts.push((q.clone(), sort));
                    lemmas.push(lemma(d, &x, &m, &q));
                    divs.push(Fresh {
                        x: x.clone(),
                        d: d.d,
                        width: d.width,
                        m: m.clone(),
                        q: q.clone(),
                    });
                    (m, q)
                })
                .clone();
            all.push(m);
            all.push(q);
        }
        format!("({} {})", def.name, all.join(" "))
    };
    let mut parts = vec![];
    if c.from.is_some() {
        if c.pre_atom {
            parts.push(apply(c.from, &c.pre, true));
        }
        for a in &c.atoms {
            parts.push(apply(c.from, a, true));
        }
    }
    parts.extend(c.constraints.iter().cloned());
    let head = apply(c.to, &c.post, false);
    parts.push(format!("(not {head})"));
    let dividends: Vec<(String, u128)> = divs.iter().map(|f| (f.x.clone(), f.d)).collect();
    let splits: Vec<cases::Split> = cases::splits(&c.constraints, &dividends)
        .into_iter()
        .filter(|s| s.width <= divs[s.div].width)
        .collect();
    let mut s = format!(
        "; {}\n(push 1)\n",
        crate::engines::horn::encode::clause_title(c)
    );
    for (n, sort) in &consts {
        let _ = writeln!(s, "(declare-const {n} {sort})");
    }
    let cases = 1usize << splits.len();
    for case in 0..cases {
        let on = |k: usize| case >> k & 1 == 1;
        let mut all: Vec<String> = lemmas
            .iter()
            .enumerate()
            .filter(|(l, _)| {
                !splits
                    .iter()
                    .enumerate()
                    .any(|(k, sp)| on(k) && sp.div == *l)
            })
            .map(|(_, l)| l.clone())
            .collect();
        for (k, sp) in splits.iter().enumerate() {
            let f = &divs[sp.div];
            let p = cases::exact(sp, &f.x, f.width, f.d);
            if on(k) {
                let ext = f.width - sp.width;
                all.push(p);
                all.push(format!("(= {} {})", f.q, cases::sext(&sp.i, ext)));
                all.push(format!("(= {} {})", f.m, cases::sext(&sp.j, ext)));
            } else {
                all.push(format!("(not {p})"));
            }
        }
        all.extend(narrowed.iter().cloned());
        all.extend(parts.iter().cloned());
        if cases > 1 {
            let _ = writeln!(s, "; case {case}");
        }
        let _ = writeln!(s, "(push 1)\n(assert {})\n{check}\n(pop 1)", and(&all));
    }
    s.push_str("(pop 1)\n");
    (s, cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(def: &str) -> String {
        let items = parse_all(def).expect("parses");
        definition(&items[0]).expect("a definition").text()
    }

    #[test]
    fn a_remainder_and_its_quotient_become_parameters_defined_by_a_lemma() {
        let def = "(define-fun inv_6 ((p0 (_ BitVec 32)) (p4 (_ BitVec 64))) Bool \
            (= ((_ sign_extend 33) p0) (bvadd (bvsdiv (bvsub ((_ sign_extend 1) p4) \
            (bvsmod ((_ sign_extend 1) p4) (_ bv300 65))) (_ bv300 65)) \
            (bvsmod ((_ sign_extend 1) p4) (_ bv300 65)))))";
        assert_eq!(
            rewritten(def),
            "(define-fun inv_6 ((p0 (_ BitVec 32)) (p4 (_ BitVec 64)) (dm0 (_ BitVec 65)) \
             (dq0 (_ BitVec 65))) Bool (= ((_ sign_extend 33) p0) (bvadd dq0 dm0)))\n"
        );
        let def = definition(&parse_all(def).unwrap()[0]).unwrap();
        let x = def.dividend(0, &["a".into(), "w".into()]);
        assert_eq!(
            lemma(&def.divs[0], &x, "m", "q"),
            "(and (bvsle (_ bv0 65) m) (bvslt m (_ bv300 65)) (= ((_ sign_extend 65) \
             ((_ sign_extend 1) w)) (bvadd (bvmul ((_ sign_extend 65) q) (_ bv300 130)) \
             ((_ sign_extend 65) m))))"
        );
    }

    #[test]
    fn a_dividend_that_may_reach_the_widths_edge_is_left_alone() {
        // Not sign-extended: `x - x mod D` may wrap at width 8.
        let def = "(define-fun inv_1 ((p0 (_ BitVec 8))) Bool \
            (= (bvsmod p0 (_ bv3 8)) (_ bv0 8)))";
        assert!(
            definition(&parse_all(def).unwrap()[0])
                .unwrap()
                .divs
                .is_empty()
        );
    }
}
