//! Narrowed arguments and case splits of a clause's check with divisions ([`super::divisions`]).
//!
//! Takes the bit-vector `define-fun` bodies of the interpretations and a clause's constraints
//! (SMT text); gives (1) the parameters each interpretation bounds in fewer bits than their
//! sort ([`narrowings`]), and (2) the written or read indexes `I·D + J` a division's dividend
//! may equal ([`splits`]), with the formula [`exact`] that says so. `divisions` turns them
//! into conjuncts and cases of the clause's check. Bit-blasting did not relate the program's
//! 32-bit arithmetic `i*300 + j`, `i*M + j` to the invariant's narrowed one, nor derive
//! `(300·i + j) div 300 = i` from the division lemma: the relaid transpose's clauses of the
//! write and the reads ran past 40 s each; with both steps below each case took 0.2 to 3 s of
//! CPU (load 20).
//!
//! ## Narrowed arguments
//!
//! A top-level conjunct of an interpretation's body that compares a parameter with a literal
//! (`(bvsle ((_ zero_extend 2) p0) ((_ sign_extend 24) (_ bv300 10)))`: signed comparison,
//! operands read exactly: a sign extension keeps a signed value, a zero extension by one bit
//! or more of a parameter or literal makes it the unsigned value) bounds the parameter's
//! value. Where all values the conjuncts allow for parameter `p` of `w` bits lie in
//! `[0, 2^b)` (or in `[-2^(b-1), 2^(b-1))`), `b < w`, `p`'s bits are the zero (sign)
//! extension of its low `b` bits. In a clause whose body applies the interpretation to
//! arguments `a`, every model of the body satisfies that conjunct for `a`, so it satisfies
//! `a = ext(v)` for the fresh constant `v := extract(a)` of `b` bits; and every model of the
//! body with that conjunct is one of the body. The check's answer is therefore the same; the
//! solver gets `a` as a `b`-bit value (`solve-eqs` substitutes it), so a product `i*M` of
//! the program is one of two 10-bit values like the invariant's. Only applications in the
//! body are narrowed, never the head's (negated there, its conjuncts are not implied).
//!
//! ## Case splits
//!
//! For a division of dividend `X` (`n` bits, `x` its signed value) by `D` that the check
//! defines by the lemma `0 <= m < D ∧ x = q·D + m` (`divisions`; `|x| <= 2^(n-2)`,
//! `D < 2^(n-2)`), and terms `I`, `J` of `w0 <= n` bits (signed values `ι`, `ȷ`), let
//! `P := 0 <= sext(J) < D ∧ sext(X) = sext(I)·D + sext(J)` in `2n` bits ([`exact`]). In `2n`
//! bits nothing wraps (`|ι·D| < 2^(w0-1)·2^(n-2) <= 2^(2n-3)`, `|ȷ| < D`, `|x| <= 2^(n-2)`),
//! so `P` says `x = ι·D + ȷ ∧ 0 <= ȷ < D` over the integers, and with the lemma, by the
//! uniqueness of the Euclidean quotient and remainder, `q = ι ∧ m = ȷ`, i.e. (as `n`-bit
//! values, `ι` and `ȷ` fit in `w0 <= n` bits) `q = sext(I) ∧ m = sext(J)`. The clause's
//! query `Q` (`body ∧ lemmas ∧ ¬head`) is then checked as two cases: `Q ∧ ¬P`, and `Q`
//! without that division's lemma, with `P ∧ q = sext(I) ∧ m = sext(J)`. The cases are
//! complete (`P ∨ ¬P`), and every model of `Q ∧ P` is a model of the second case (all its
//! conjuncts hold there, the equalities by the uniqueness above); so both cases unsat
//! means `Q` unsat. With several splits the cases are the combinations, the same argument
//! for each split (a model of `Q` with its choice of `P`s satisfies every case's conjuncts).
//! The split is sound for any `I`, `J`; they are chosen for speed: the dividend's constant
//! defined as an index `I*D + J` of the clause or as an `ite` with one as a branch (a read's
//! cell), or compared with (`=`) one (a constant defined by `(= c T)` among the constraints
//! read as `T`, unless `T` is an `ite`), at most [`MAX_SPLITS`] per clause.
//!
//! Tests: unit tests here (golden texts); the relaid transposes of `bench-suite/everyn`
//! proved through it, their bug twins and the adversarial twins of `tests/grid2d`
//! (`tpose_wide_*`: a row index that may reach the row length) never proved.

use crate::engines::smt::sexp::{Sexp, Value, parse_all, smt_text};
use std::collections::HashMap;

/// At most this many splits per clause (`2^k` cases).
pub const MAX_SPLITS: usize = 3;

/// Parameter `param` (of `width` bits) holds a value of `bits` bits: it is the zero (sign,
/// when `signed`) extension of its low `bits` bits wherever the interpretation holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Narrow {
    pub param: usize,
    pub width: u32,
    pub bits: u32,
    pub signed: bool,
}

impl Narrow {
    /// `(= a ((_ zero_extend k) v))`: argument `a` as the extension of the fresh `v`.
    pub fn conjunct(&self, a: &str, v: &str) -> String {
        let ext = if self.signed {
            "sign_extend"
        } else {
            "zero_extend"
        };
        format!("(= {a} ((_ {ext} {}) {v}))", self.width - self.bits)
    }

    pub fn sort(&self) -> String {
        format!("(_ BitVec {})", self.bits)
    }
}

/// The value a comparison operand reads: a literal, or parameter `p` read signed or
/// unsigned.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Operand {
    Lit(i128, u32),
    Param(usize, bool),
}

/// The parameters the top-level conjuncts of `body` bound (module doc); `binders` are the
/// definition's `(p0 (_ BitVec 32)) …`.
pub fn narrowings(binders: &[Sexp], body: &Sexp) -> Vec<Narrow> {
    let widths: HashMap<&str, (usize, u32)> = binders
        .iter()
        .enumerate()
        .filter_map(|(k, b)| match b.list()? {
            [Sexp::Atom(p), sort] => Some((p.as_str(), (k, bv_width(sort)?))),
            _ => None,
        })
        .collect();
    let conjuncts = match body.list() {
        Some([Sexp::Atom(h), xs @ ..]) if h == "and" => xs,
        _ => std::slice::from_ref(body),
    };
    // Per parameter and reading (unsigned?): the interval of its value.
    let mut iv: HashMap<(usize, bool), (i128, i128)> = HashMap::new();
    for c in conjuncts {
        if let Some((k, unsigned, lo, hi)) = bound(c, &widths) {
            let e = iv.entry((k, unsigned)).or_insert((i128::MIN, i128::MAX));
            *e = (e.0.max(lo), e.1.min(hi));
        }
    }
    let mut out: Vec<Narrow> = vec![];
    for (&(k, _), &(lo, hi)) in &iv {
        let Some(&(_, width)) = widths.values().find(|(i, _)| *i == k) else {
            continue;
        };
        let Some((bits, signed)) = fits(lo, hi) else {
            continue;
        };
        if bits >= width {
            continue;
        }
        let n = Narrow {
            param: k,
            width,
            bits,
            signed,
        };
        match out.iter_mut().find(|o| o.param == k) {
            Some(o) if o.bits > bits => *o = n,
            Some(_) => {}
            None => out.push(n),
        }
    }
    out.sort_by_key(|n| n.param);
    out
}

/// The least `b` with `[lo, hi]` in `[0, 2^b)` (`false`) or `[-2^(b-1), 2^(b-1))` (`true`).
fn fits(lo: i128, hi: i128) -> Option<(u32, bool)> {
    if lo > hi {
        return None;
    }
    if lo >= 0 {
        return (1..=120).find(|&b| hi < 1i128 << b).map(|b| (b, false));
    }
    (2..=120)
        .find(|&b| lo >= -(1i128 << (b - 1)) && hi < 1i128 << (b - 1))
        .map(|b| (b, true))
}

/// `(bvsle A B)` (and `bvslt`, `bvsge`, `bvsgt`, `=`) of a parameter and a literal: the
/// parameter, its reading and the interval the comparison allows.
fn bound(c: &Sexp, widths: &HashMap<&str, (usize, u32)>) -> Option<(usize, bool, i128, i128)> {
    let [Sexp::Atom(op), a, b] = c.list()? else {
        return None;
    };
    let (a, b) = (operand(a, widths)?, operand(b, widths)?);
    // `x <= y - k` for `x op y`: (x, y, k) and the flipped forms.
    let (x, y, k) = match op.as_str() {
        "bvsle" => (a, b, 0),
        "bvslt" => (a, b, 1),
        "bvsge" => (b, a, 0),
        "bvsgt" => (b, a, 1),
        "=" => {
            return match (a, b) {
                (Operand::Param(p, u), Operand::Lit(v, _))
                | (Operand::Lit(v, _), Operand::Param(p, u)) => Some((p, u, v, v)),
                _ => None,
            };
        }
        _ => return None,
    };
    match (x, y) {
        (Operand::Param(p, u), Operand::Lit(v, _)) => Some((p, u, i128::MIN, v.checked_sub(k)?)),
        (Operand::Lit(v, _), Operand::Param(p, u)) => Some((p, u, v.checked_add(k)?, i128::MAX)),
        _ => None,
    }
}

/// The value `s` reads in a signed comparison: a literal's, or a parameter's under sign
/// extensions (signed) or a zero extension by a bit at least (unsigned).
fn operand(s: &Sexp, widths: &HashMap<&str, (usize, u32)>) -> Option<Operand> {
    if let Some(a) = s.atom()
        && let Some(&(k, _)) = widths.get(a)
    {
        return Some(Operand::Param(k, false));
    }
    if let Some((kind, k, inner)) = extension(s) {
        let x = operand(inner, widths)?;
        return match (kind, x) {
            ("sign_extend", _) => Some(match x {
                Operand::Lit(v, w) => Operand::Lit(v, w + k),
                p => p,
            }),
            ("zero_extend", Operand::Lit(v, w)) if k >= 1 => Some(Operand::Lit(
                if v < 0 { v + (1i128 << w) } else { v },
                w + k,
            )),
            // Only the parameter itself zero-extended reads its unsigned value.
            ("zero_extend", Operand::Param(p, false)) if k >= 1 && inner.atom().is_some() => {
                Some(Operand::Param(p, true))
            }
            _ => None,
        };
    }
    match Value::parse(s)? {
        v @ Value::Bv { width, .. } if width < 120 => Some(Operand::Lit(v.signed(), width)),
        _ => None,
    }
}

/// `((_ sign_extend k) y)` or `((_ zero_extend k) y)`.
fn extension(s: &Sexp) -> Option<(&str, u32, &Sexp)> {
    let [Sexp::List(f), y] = s.list()? else {
        return None;
    };
    match f.as_slice() {
        [Sexp::Atom(u), Sexp::Atom(e), Sexp::Atom(k)]
            if u == "_" && (e == "sign_extend" || e == "zero_extend") =>
        {
            Some((e.as_str(), k.parse().ok()?, y))
        }
        _ => None,
    }
}

/// `s` without extensions around it.
fn unextended(s: &Sexp) -> &Sexp {
    match extension(s) {
        Some((_, _, y)) => unextended(y),
        None => s,
    }
}

fn bv_width(sort: &Sexp) -> Option<u32> {
    match sort.list()? {
        [Sexp::Atom(u), Sexp::Atom(b), Sexp::Atom(w)] if u == "_" && b == "BitVec" => {
            w.parse().ok()
        }
        _ => None,
    }
}

/// A split of the check on whether division `div`'s dividend is `I·D + J` (module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct Split {
    pub div: usize,
    pub i: String,
    pub j: String,
    /// The width of `I` and `J`.
    pub width: u32,
}

/// The splits of a clause with `constraints` whose divisions are `divs` (the dividend's
/// text and the divisor): the dividend's constant compared with or defined as an index
/// `I*D + J` (module doc); at most [`MAX_SPLITS`].
pub fn splits(constraints: &[String], divs: &[(String, u128)]) -> Vec<Split> {
    let items: Vec<Sexp> = constraints
        .iter()
        .filter_map(|c| parse_all(c).ok())
        .flatten()
        .collect();
    let defs: HashMap<&str, &Sexp> = items
        .iter()
        .filter_map(|s| match s.list()? {
            [Sexp::Atom(e), Sexp::Atom(c), t] if e == "=" => Some((c.as_str(), t)),
            _ => None,
        })
        .collect();
    let mut eqs = vec![];
    for s in &items {
        equalities(s, &mut eqs);
    }
    let mut out: Vec<Split> = vec![];
    for (k, (x, d)) in divs.iter().enumerate() {
        let Some(base) = parse_all(x).ok().and_then(|xs| {
            let b = unextended(xs.first()?);
            b.atom().map(String::from)
        }) else {
            continue;
        };
        // The dividend's own definition (an `ite`'s branches: a read's cell), and the terms
        // it is compared with (a constant read as its definition unless that is an `ite`).
        let mut terms: Vec<&Sexp> = defs.get(base.as_str()).map_or(vec![], |t| branches(t));
        for &(a, b) in &eqs {
            let other = match (a.atom(), b.atom()) {
                (Some(a), _) if a == base => b,
                (_, Some(b)) if b == base => a,
                _ => continue,
            };
            let t = other
                .atom()
                .and_then(|c| defs.get(c).copied())
                .unwrap_or(other);
            if branches(t).len() == 1 {
                terms.push(t);
            }
        }
        for e in terms {
            if let Some((i, j, width)) = index(unextended(e), *d) {
                let s = Split {
                    div: k,
                    i: smt_text(i),
                    j: smt_text(j),
                    width,
                };
                if !out.contains(&s) && out.len() < MAX_SPLITS {
                    out.push(s);
                }
            }
        }
    }
    out
}

/// Every `(= A B)` in `s`.
fn equalities<'a>(s: &'a Sexp, out: &mut Vec<(&'a Sexp, &'a Sexp)>) {
    let Some(l) = s.list() else { return };
    if let [Sexp::Atom(e), a, b] = l
        && e == "="
    {
        out.push((a, b));
    }
    for x in l {
        equalities(x, out);
    }
}

/// `t`, or the branches of `(ite c T1 T2)`.
fn branches(t: &Sexp) -> Vec<&Sexp> {
    match t.list() {
        Some([Sexp::Atom(h), _, a, b]) if h == "ite" => vec![a, b],
        _ => vec![t],
    }
}

/// `(bvadd (bvmul I D) J)` (operands in either order) as `I`, `J` and their width.
fn index(s: &Sexp, d: u128) -> Option<(&Sexp, &Sexp, u32)> {
    let [Sexp::Atom(h), a, b] = s.list()? else {
        return None;
    };
    if h != "bvadd" {
        return None;
    }
    [(a, b), (b, a)].into_iter().find_map(|(p, j)| {
        let [Sexp::Atom(m), u, v] = p.list()? else {
            return None;
        };
        if m != "bvmul" {
            return None;
        }
        [(u, v), (v, u)]
            .into_iter()
            .find_map(|(i, l)| match Value::parse(l)? {
                Value::Bv { bits, width } if bits == d => Some((i, j, width)),
                _ => None,
            })
    })
}

/// `P` of the module doc: `0 <= sext(J) < D ∧ sext(X) = sext(I)·D + sext(J)` in `2n` bits
/// (`X` of `n` bits, `I`, `J` of `s.width <= n`).
pub fn exact(s: &Split, x: &str, n: u32, d: u128) -> String {
    let (jn, i2, j2) = (
        sext(&s.j, n - s.width),
        sext(&s.i, 2 * n - s.width),
        sext(&s.j, 2 * n - s.width),
    );
    format!(
        "(and (bvsle (_ bv0 {n}) {jn}) (bvslt {jn} (_ bv{d} {n})) (= ((_ sign_extend {n}) {x}) \
         (bvadd (bvmul {i2} (_ bv{d} {w})) {j2})))",
        w = 2 * n
    )
}

/// `t` sign-extended by `k` bits.
pub fn sext(t: &str, k: u32) -> String {
    match k {
        0 => t.to_string(),
        k => format!("((_ sign_extend {k}) {t})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn def(text: &str) -> Vec<Narrow> {
        let s = parse_all(text).unwrap();
        let [_, _, Sexp::List(binders), _, body] = s[0].list().unwrap() else {
            panic!("a definition")
        };
        narrowings(binders, body)
    }

    #[test]
    fn comparisons_with_literals_narrow_parameters() {
        let n = def(
            "(define-fun inv_8 ((p0 (_ BitVec 32)) (p1 (_ BitVec 32)) (p2 (_ BitVec 64))) Bool \
             (and (bvsle ((_ zero_extend 2) p0) ((_ sign_extend 24) (_ bv300 10))) \
             (bvsge ((_ zero_extend 2) p0) ((_ sign_extend 33) (_ bv0 1))) \
             (bvsle ((_ sign_extend 1) p1) ((_ sign_extend 23) (_ bv300 10))) \
             (bvsge ((_ sign_extend 1) p1) ((_ sign_extend 32) (_ bv0 1))) \
             (bvslt p2 p2)))",
        );
        assert_eq!(
            n,
            [
                Narrow {
                    param: 0,
                    width: 32,
                    bits: 9,
                    signed: false
                },
                Narrow {
                    param: 1,
                    width: 32,
                    bits: 9,
                    signed: false
                }
            ]
        );
        assert_eq!(
            n[0].conjunct("N@0", "nr0"),
            "(= N@0 ((_ zero_extend 23) nr0))"
        );
    }

    #[test]
    fn a_negative_bound_narrows_signed_and_a_missing_one_not_at_all() {
        let n = def(
            "(define-fun inv_1 ((p0 (_ BitVec 32)) (p1 (_ BitVec 32))) Bool \
             (and (bvsge p0 #xfffffffd) (bvsle p0 #x00000004) (bvsle p1 #x00000004)))",
        );
        assert_eq!(
            n,
            [Narrow {
                param: 0,
                width: 32,
                bits: 4,
                signed: true
            }]
        );
    }

    #[test]
    fn a_dividend_equal_to_a_written_index_splits() {
        let cs = [
            "(= mi0 ((_ sign_extend 32) (bvadd (bvmul i@0 #x0000012c) j@0)))".to_string(),
            "(= |a#v1@1| (ite (= |a#w1@0| mi0) mv1 |a#v1@0|))".to_string(),
            "(= mj0 (ite t ((_ sign_extend 32) (bvadd j@0 (bvmul #x0000012c i@0))) |b#w1@0|))"
                .to_string(),
        ];
        let divs = [
            ("((_ sign_extend 1) |a#w1@0|)".to_string(), 300),
            ("((_ sign_extend 1) mj0)".to_string(), 300),
            ("((_ sign_extend 1) |b#w1@0|)".to_string(), 7),
        ];
        let s = splits(&cs, &divs);
        assert_eq!(
            s,
            [
                Split {
                    div: 0,
                    i: "i@0".into(),
                    j: "j@0".into(),
                    width: 32
                },
                Split {
                    div: 1,
                    i: "i@0".into(),
                    j: "j@0".into(),
                    width: 32
                }
            ]
        );
        assert_eq!(
            exact(&s[0], "X", 34, 300),
            "(and (bvsle (_ bv0 34) ((_ sign_extend 2) j@0)) (bvslt ((_ sign_extend 2) j@0) \
             (_ bv300 34)) (= ((_ sign_extend 34) X) (bvadd (bvmul ((_ sign_extend 36) i@0) \
             (_ bv300 68)) ((_ sign_extend 36) j@0))))"
        );
        assert_eq!(
            smt_text(&parse_all("(f |a#w1@0| #x01)").unwrap()[0]),
            "(f |a#w1@0| #x01)"
        );
    }
}
