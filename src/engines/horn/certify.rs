//! ara's own check of a Horn solver's certificate, in bit-vectors with C semantics.
//!
//! Takes the bit-vector [`HornSystem`] of the program and the certificate Z3 printed (an
//! interpretation of each predicate, over bit-vectors or over integers); gives the
//! invariants as [`Interp`]s, or why they are not a proof. The check is one Z3 run that asks,
//! for every clause of the bit-vector system with the predicates replaced by their
//! interpretations, whether `body ∧ ¬head` is satisfiable: the entry clauses are the
//! initiation, the clauses between cut points the consecution, the clauses into the error
//! the safety. All of them `unsat` (and nothing else) means the interpretations are an
//! inductive invariant of the program's C semantics that excludes the error.
//!
//! An integer certificate is translated into two's-complement bit-vector arithmetic: each
//! argument is the C value of its variable (sign- or zero-extended by its type), and every
//! term gets a bound on its magnitude (a variable: the largest magnitude of its C type; a
//! literal: itself; `+`, `-`: the sum of the operands' bounds; `*`: their product; `ite`: the
//! larger; `mod d`: `d`; `div d`: the dividend's over `d`, plus one) and a width `n` with
//! `bound < 2^(n-1)`, at least its operands' widths ([`width_for`]). Each operation sign-extends
//! its operands to its width and computes there: the operands' values are exact (induction),
//! and the exact result lies in the width's range, so the wrap-around result is the exact
//! one. A term that would need more than 512 bits, a division by anything but a positive
//! constant, or an operator ara does not know makes the translation fail. So the translated
//! formula means over the C values exactly what the integer formula means over the same
//! integers. The bounds are computed in `f64`, whose rounding (a relative error of 2^-53 per
//! operation) the 6 % margin of [`width_for`] covers. A product of two 64-bit cell indexes
//! `w * w` (up to 2^126) is computed in 128 bits, a linear fact over 32-bit variables in
//! about 34; before, every term was in 128 bits and products of 64-bit values were refused.
//!
//! ## Contexts
//!
//! A parameter's width comes from its C type unless the term's *context* bounds it: the
//! comparisons of parameters and literals (`p0 <= 1000`, `p8 < p4`) among a top-level
//! conjunction's conjuncts (for the other conjuncts; those comparisons themselves are
//! translated without a context) and among an implication's premise (for its conclusion),
//! turned into intervals by propagation from the types' ranges. In an interval that fits `k`
//! bits the parameter is its low `k` bits (`extract`), which there *is* its value. Sound:
//! a conjunct or conclusion matters only where its context holds (a conjunction is false
//! where a comparison among it is false; an implication is true where its premise is false),
//! and there the narrowed translation means the same as the exact one. So `w * w` under
//! `0 <= w < N`, `N <= 1000` is a product of 12-bit values.
//!
//! A comparison whose sides are compound terms narrows too: an interval of each side by
//! interval arithmetic over the context (literals, parameters, `+`, `-`, `*`, `div` and `mod`
//! by a positive literal: `[lo/d, hi/d]` rounded down and `[0, d-1]`; no interval where an
//! end leaves `i128`), and a side that is a parameter `p` or a quotient `p div C` (`C > 0`)
//! bounded by the other side's interval (`lo <= p div C <= hi` exactly when
//! `C·lo <= p <= C·hi + C - 1`, the Euclidean quotient of `p` being `q` exactly for
//! `C·q <= p < C·q + C`). So a grid's `0 <= w < 300·i` under `i <= 300`, or
//! `w div 300 < M` under `M <= 300`, reads `w` in 18 bits instead of 65. The argument is the
//! one above: each interval holds wherever the comparisons hold. A comparison that narrows
//! is itself translated outside the context it makes: an implication's premise in the
//! implication's context, a conjunction's compound comparisons in the context of its
//! comparisons of parameters and literals only, its other conjuncts in that of all of them.
//!
//! A quotient `x div d` is bounded by `|x| / d + 1` (rounded down before the `+ 1`; for
//! `d > 0`, `|floor(x/d)| <= |x|/d + 1`), not by `|x| + 1`: its exact value, computed in the
//! dividend's width, is taken as its low bits in the width that bound needs (`extract`),
//! which are its two's complement there. The dividend of a `div` or `mod` is sign-extended
//! by one bit at least, the form [`divisions`] takes out of the check (a narrowed dividend
//! `((_ extract 17 0) p4)` left in place was bit-blasted as a divider, and a grid's check
//! that took 8 s timed out). A product of a grid's row `w div 300` and a row
//! length `M <= 300` is then one of 10-bit values, not of 65-bit ones. A remainder `x mod d`
//! (`0 <= m < d`) is likewise taken as its low bits in the width `d` needs, so
//! `(w mod 300)·M` (a transpose's value) is a product of 10-bit values too.
//!
//! What the widths cost (release build, the loaded machine, 2 cores shared by about 9
//! sessions; `bench-suite/everyn/rec_sq_for_vla_safe.c`, `b[w] == w*w + w + 1`): the
//! consecution of its `b` loop under a small hand-written invariant took 3.7 s with the
//! product in 128 bits and 41 s in 256 bits; the whole check of the guessed invariant (7
//! clauses) with every term in 128 or 256 bits timed out (over 60 s), with per-term widths
//! 41 s, with contexts too 1.7 s wall (0.7 s of CPU; the whole `--engine horn-cells` run
//! 7.5 s). For comparison, the linear certificate of `rec_lin_for_vla_safe.c` (5 clauses):
//! 0.6 s wall (0.3 s of CPU).

pub mod cases;
pub mod divisions;

use super::encode::{Clause, HornSystem, and, binders, clause_title};
use crate::base::tools::{Ending, Limits, run};
use crate::engines::smt::Theory;
use crate::engines::smt::sexp::{Sexp, parse_all, rename};
use crate::ir::{IntType, Program, Vertex};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::Path;

/// The interpretation of one predicate: a formula over its parameters `p0 … pn-1` (the
/// program's variables in order), in the theory of the clauses it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Interp {
    pub vertex: Vertex,
    pub body: Sexp,
}

/// Expands every `(let ((x t) …) body)` (Z3 prints shared subterms that way).
pub fn expand_lets(s: &Sexp) -> Sexp {
    expand(s, &HashMap::new())
}

fn expand(s: &Sexp, env: &HashMap<String, Sexp>) -> Sexp {
    match s {
        Sexp::Atom(a) => env.get(a).cloned().unwrap_or_else(|| s.clone()),
        Sexp::List(l) => match l.as_slice() {
            [Sexp::Atom(h), Sexp::List(bs), body] if h == "let" => {
                let mut inner = env.clone();
                for b in bs {
                    if let Some([Sexp::Atom(x), t]) = b.list() {
                        // Bindings of one `let` are parallel: over the outer scope.
                        inner.insert(x.clone(), expand(t, env));
                    }
                }
                expand(body, &inner)
            }
            // Quantifiers bind their variables: they shadow outer `let` names.
            [Sexp::Atom(h), Sexp::List(bs), body] if h == "forall" || h == "exists" => {
                let mut inner = env.clone();
                for b in bs {
                    if let Some([Sexp::Atom(x), _]) = b.list() {
                        inner.remove(x);
                    }
                }
                Sexp::List(vec![l[0].clone(), l[1].clone(), expand(body, &inner)])
            }
            _ => Sexp::List(l.iter().map(|x| expand(x, env)).collect()),
        },
    }
}

/// The interpretations in Z3's certificate (`(forall (…) (= (inv_3 A B) φ))`, possibly in an
/// `and`, with `let`s). A predicate the certificate does not mention is interpreted as
/// `true` (the check decides whether that is enough).
pub fn parse_certificate(sys: &HornSystem, items: &[Sexp]) -> Result<Vec<Interp>, String> {
    let mut found = interpretations(sys, items)?;
    Ok(sys
        .preds
        .iter()
        .map(|p| Interp {
            vertex: p.vertex,
            body: found
                .remove(&p.vertex)
                .unwrap_or_else(|| Sexp::Atom("true".into())),
        })
        .collect())
}

/// The predicates the certificate leaves out (none when it cannot be read). Z3 drops the
/// predicates its preprocessing inlined (`fp.xform.inline_eager`) from the certificate, and
/// `true` in their place is rarely inductive: [`eliminate`] checks without them instead.
pub fn omitted(sys: &HornSystem, items: &[Sexp]) -> Vec<Vertex> {
    let Ok(found) = interpretations(sys, items) else {
        return vec![];
    };
    sys.preds
        .iter()
        .map(|p| p.vertex)
        .filter(|v| !found.contains_key(v))
        .collect()
}

/// The interpretation of each predicate the certificate names.
fn interpretations(sys: &HornSystem, items: &[Sexp]) -> Result<BTreeMap<Vertex, Sexp>, String> {
    let mut found = BTreeMap::new();
    for it in items {
        collect(sys, &expand_lets(it), &mut found)?;
    }
    Ok(found)
}

/// `bv` without the predicates `gone` where they can be resolved away: every clause into such
/// a predicate joined with every clause out of it (Z3's own inlining). Gives the system and
/// the predicates it eliminated.
///
/// Why checking the result is enough: let `I` make every clause of the result valid and
/// define `I(P)` as the states one clause into `P` reaches from `I` of its start (from the
/// entry: its initial states). The clauses into `P` then hold by definition, and a clause
/// out of `P` holds because each of its pre-states comes from some clause into `P`, and the
/// two joined are a clause of the result. So every clause of `bv` holds for `I` extended by
/// these sets, which is all the safety argument needs (the sets need not be written down).
/// Not done for a predicate with a clause from itself to itself (no finite join) or with a
/// clause of several body atoms or without its start's atom (cell morphing: the argument
/// above is for linear clauses; `true` stays then).
pub fn eliminate(bv: &HornSystem, gone: &[Vertex]) -> (HornSystem, Vec<Vertex>) {
    let mut sys = bv.clone();
    let mut done = vec![];
    for &v in gone {
        let touches = |c: &Clause| c.from == Some(v) || c.to == Some(v);
        let blocked = sys
            .clauses
            .iter()
            .any(|c| touches(c) && (!c.atoms.is_empty() || !c.pre_atom || c.from == c.to));
        if blocked {
            continue;
        }
        let (ins, rest): (Vec<Clause>, Vec<Clause>) =
            sys.clauses.into_iter().partition(|c| c.to == Some(v));
        let (outs, mut rest): (Vec<Clause>, Vec<Clause>) =
            rest.into_iter().partition(|c| c.from == Some(v));
        let mut k = 0;
        for c1 in &ins {
            for c2 in &outs {
                k += 1;
                rest.push(join(c1, c2, &format!("!j{}_{k}", v)));
            }
        }
        sys.clauses = rest;
        sys.preds.retain(|p| p.vertex != v);
        done.push(v);
    }
    (sys, done)
}

/// The clause `c1` then `c2` (`c1`'s head is `c2`'s start): `c2`'s constants get `suffix`.
fn join(c1: &Clause, c2: &Clause, suffix: &str) -> Clause {
    let map: HashMap<String, String> = c2
        .consts
        .iter()
        .map(|(n, _)| (n.clone(), format!("{n}{suffix}")))
        .collect();
    let re = |t: &String| -> String {
        match parse_all(t) {
            Ok(items) if items.len() == 1 => rename(&items[0], &map).to_string(),
            _ => map.get(t).cloned().unwrap_or_else(|| t.clone()),
        }
    };
    let mut consts = c1.consts.clone();
    consts.extend(c2.consts.iter().map(|(n, s)| (map[n].clone(), s.clone())));
    let mut constraints = c1.constraints.clone();
    constraints.extend(
        c1.post
            .iter()
            .zip(&c2.pre)
            .map(|(a, b)| format!("(= {a} {})", re(b))),
    );
    constraints.extend(c2.constraints.iter().map(re));
    let mut edges = c1.edges.clone();
    edges.extend(c2.edges.iter().map(|(u, w, t)| (*u, *w, re(t))));
    Clause {
        from: c1.from,
        to: c2.to,
        consts,
        pre: c1.pre.clone(),
        constraints,
        post: c2.post.iter().map(re).collect(),
        edges,
        atoms: vec![],
        pre_atom: true,
    }
}

fn collect(sys: &HornSystem, s: &Sexp, out: &mut BTreeMap<Vertex, Sexp>) -> Result<(), String> {
    let Some(l) = s.list() else {
        return match s.atom() {
            Some("true") => Ok(()),
            Some(a) => define(sys, a, &[], Sexp::Atom("true".into()), out),
            None => Ok(()),
        };
    };
    match l {
        [Sexp::Atom(h), rest @ ..] if h == "and" => {
            for x in rest {
                collect(sys, x, out)?;
            }
            Ok(())
        }
        [Sexp::Atom(h), _, body] if h == "forall" => collect(sys, body, out),
        [Sexp::Atom(h), body, ..] if h == "!" => collect(sys, body, out),
        [Sexp::Atom(h), lhs, rhs] if h == "=" => {
            let (name, args) = application(lhs).ok_or_else(|| format!("cannot read {s}"))?;
            define(sys, name, args, rhs.clone(), out)
        }
        [Sexp::Atom(h), atom] if h == "not" => {
            let (name, args) = application(atom).ok_or_else(|| format!("cannot read {s}"))?;
            define(sys, name, args, Sexp::Atom("false".into()), out)
        }
        _ => {
            let (name, args) = application(s).ok_or_else(|| format!("cannot read {s}"))?;
            define(sys, name, args, Sexp::Atom("true".into()), out)
        }
    }
}

fn application(s: &Sexp) -> Option<(&str, &[Sexp])> {
    match s {
        Sexp::Atom(a) => Some((a, &[])),
        Sexp::List(l) => match l.as_slice() {
            [Sexp::Atom(h), args @ ..] => Some((h, args)),
            _ => None,
        },
    }
}

/// Records `name(args) = body` with the arguments renamed to `p0 …`.
fn define(
    sys: &HornSystem,
    name: &str,
    args: &[Sexp],
    body: Sexp,
    out: &mut BTreeMap<Vertex, Sexp>,
) -> Result<(), String> {
    if name == super::encode::ERROR_REL {
        // Without inlining Z3 also prints `(= ara_error false)`; the check proves the error
        // clauses by themselves.
        return Ok(());
    }
    let Some(pred) = sys.preds.iter().find(|p| p.name == name) else {
        return Err(format!("interpretation of an unknown predicate {name}"));
    };
    let arity = sys.args.len() + sys.cells.len();
    if args.len() != arity {
        return Err(format!("{name} has {} arguments, not {arity}", args.len()));
    }
    let mut map = HashMap::new();
    for (i, a) in args.iter().enumerate() {
        let a = a
            .atom()
            .ok_or_else(|| format!("{name}: argument {a} is not a variable"))?;
        if map.insert(a.to_string(), param(i)).is_some() {
            return Err(format!("{name}: argument {a} repeated"));
        }
    }
    out.insert(pred.vertex, rename(&body, &map));
    Ok(())
}

fn param(i: usize) -> String {
    format!("p{i}")
}

/// The bit-vector `define-fun` of each interpretation (translated when it is over integers).
pub fn bv_definitions(
    p: &Program,
    bv: &HornSystem,
    interps: &[Interp],
    theory: Theory,
) -> Result<String, String> {
    let params: Vec<(String, String)> = bv
        .param_sorts()
        .iter()
        .enumerate()
        .map(|(i, s)| (param(i), s.to_string()))
        .collect();
    let mut s = String::new();
    for it in interps {
        let pred = bv
            .pred(it.vertex)
            .ok_or_else(|| format!("no predicate at vertex {}", it.vertex))?;
        let body = match theory {
            Theory::BitVector => it.body.to_string(),
            Theory::Lia => translate(p, bv, &it.body)?,
        };
        let _ = writeln!(
            s,
            "(define-fun {} ({}) Bool {body})",
            pred.name,
            binders(&params)
        );
    }
    Ok(s)
}

/// The script that checks the interpretations `defs` against every clause of `bv`.
pub fn check_script(bv: &HornSystem, defs: &str) -> String {
    script(bv, defs).0
}

/// The check script and the number of its `check-sat`s per clause (more than one where
/// [`cases`] splits a clause).
fn script(bv: &HornSystem, defs: &str) -> (String, Vec<usize>) {
    let mut s = String::from("(set-option :produce-models false)\n");
    let check = if bv.cells.is_empty() {
        "(check-sat)"
    } else {
        CELL_CHECK
    };
    // Divisions by constants out of the interpretations, exactly (`divisions`).
    if let Some(found) = divisions::script(bv, defs, check) {
        return found;
    }
    s.push_str(defs);
    for c in &bv.clauses {
        let _ = writeln!(s, "; {}", clause_title(c));
        s.push_str("(push 1)\n");
        for (n, sort) in &c.consts {
            let _ = writeln!(s, "(declare-const {n} {sort})");
        }
        let mut parts = vec![bv.body(c)];
        parts.push(format!("(not {})", bv.atom(c.to, &c.post)));
        let _ = writeln!(s, "(assert {})", and(&parts));
        let _ = writeln!(s, "{check}\n(pop 1)");
    }
    (s, vec![1; bv.clauses.len()])
}

/// How the clauses of the cell-morphing encoding are checked: bit-blasted up front and
/// solved by the SAT solver (Z3's own components, as its `QF_BV` strategy uses them).
/// Z3's default for a script without a logic (the SMT core, lazy bit-vectors) took more than
/// 60 s on clauses of prefix sums at N = 10^6 (two cells per array, invariants with `10 w`
/// in 128 bits) that this answers in 0.3 to 6 s. Not `smt.bv.solver=2` (integer blasting,
/// 0.3 s there too): it has had wrong `unsat` answers after `push`, which the check uses.
const CELL_CHECK: &str =
    "(check-sat-using (then simplify propagate-values solve-eqs bit-blast sat))";

/// Why a certificate check did not pass.
#[derive(Debug)]
pub enum CheckFailure {
    /// Z3 answered: this clause does not hold (`answer` is `sat` or `unknown`).
    Fails {
        what: &'static str,
        clause: String,
        answer: String,
    },
    /// No answer about the clauses (timeout, crash, unreadable output).
    NoAnswer(String),
}

impl std::fmt::Display for CheckFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckFailure::Fails {
                what,
                clause,
                answer,
            } => write!(f, "{what} fails for {clause} ({answer})"),
            CheckFailure::NoAnswer(why) => f.write_str(why),
        }
    }
}

impl From<CheckFailure> for String {
    fn from(e: CheckFailure) -> String {
        e.to_string()
    }
}

/// Runs the check: `Ok(())` when every clause holds, else why not.
pub fn check(z3: &Path, bv: &HornSystem, defs: &str, limits: &Limits) -> Result<(), CheckFailure> {
    check_answers(z3, bv, defs, limits).map_err(CheckFailure::NoAnswer)?
}

/// Z3's answers to the clauses: `Err` when there are none to read; inside, the first failing
/// clause.
fn check_answers(
    z3: &Path,
    bv: &HornSystem,
    defs: &str,
    limits: &Limits,
) -> Result<Result<(), CheckFailure>, String> {
    let (script, counts) = script(bv, defs);
    let out = run(
        z3,
        &["-in".into(), "-smt2".into()],
        None,
        Some(&script),
        limits,
    )
    .map_err(|e| e.to_string())?;
    match out.ending {
        Ending::TimedOut => return Err("the check timed out".into()),
        Ending::Signaled(s) => return Err(format!("z3 killed by signal {s} in the check")),
        Ending::Exited(_) => {}
    }
    let items = parse_all(&out.stdout).map_err(|e| format!("unreadable check answer: {e}"))?;
    if let Some(e) = items.iter().find(|i| i.is_error()) {
        return Err(format!("z3 rejected the check: {e}"));
    }
    let answers: Vec<&str> = items.iter().filter_map(|i| i.atom()).collect();
    let wanted: usize = counts.iter().sum();
    if answers.len() != wanted {
        return Err(format!(
            "{} answers for {} clauses ({wanted} checks)",
            answers.len(),
            bv.clauses.len()
        ));
    }
    let mut rest = answers.as_slice();
    for (&n, c) in counts.iter().zip(&bv.clauses) {
        let (these, after) = rest.split_at(n);
        rest = after;
        // A clause holds when each of its cases is unsat.
        if let Some(a) = these.iter().find(|a| **a != "unsat") {
            let what = match (c.from, c.to) {
                (None, _) => "initiation",
                (_, None) => "safety",
                _ => "consecution",
            };
            return Ok(Err(CheckFailure::Fails {
                what,
                clause: clause_title(c),
                answer: a.to_string(),
            }));
        }
    }
    Ok(Ok(()))
}

/// A translated integer term: a Bool term, or an [`Int`].
enum W {
    Bool(String),
    Int(Int),
}

/// A translated integer term of `width` bits whose value's magnitude is at most `bound`
/// (`bound < 2^(width-1)`): its two's-complement value is exactly the integer term's value.
struct Int {
    t: String,
    bound: f64,
    width: u32,
}

/// The widest term a translation makes (a cube of 64-bit values needs 194 bits).
const MAX_WIDTH: u32 = 512;

/// The least width whose two's-complement range holds every integer of magnitude at most
/// `bound`: `bound < 2^(n-1)`, with 6 % to spare for the rounding of the `f64` bounds (the
/// module doc); `None` beyond [`MAX_WIDTH`].
pub fn width_for(bound: f64) -> Option<u32> {
    (1..=MAX_WIDTH).find(|&n| bound < 2f64.powi(n as i32 - 1) * 0.94)
}

/// The integer formula `body` over the C values of the parameters, in bit-vectors (the
/// module doc's argument).
fn translate(p: &Program, bv: &HornSystem, body: &Sexp) -> Result<String, String> {
    let types: Vec<IntType> = (0..).map_while(|i| param_type(p, bv, i)).collect();
    translate_typed(p.data_model, &types, body)
}

/// [`translate`] for a predicate whose parameters `p0 …` have the C types `types` (the
/// summary encoding's predicates, [`super::summary`]).
pub fn translate_typed(
    dm: crate::ir::DataModel,
    types: &[IntType],
    body: &Sexp,
) -> Result<String, String> {
    let tr = Translator {
        dm,
        types,
        ctx: BTreeMap::new(),
        dividends: BTreeMap::new(),
    };
    match tr.top(body)? {
        W::Bool(b) => Ok(b),
        W::Int(..) => Err(format!("{body} is not a formula")),
    }
}

/// A comparison of two parameters or literals (`(<= p2 p0)`, `(< p8 1000)`): the atoms a
/// context is made of.
fn bound_atom(s: &Sexp) -> Option<(&str, &Sexp, &Sexp)> {
    match s.list()? {
        [Sexp::Atom(r), a, b] if ["<=", "<", ">=", ">", "="].contains(&r.as_str()) => {
            let simple = |x: &Sexp| x.atom().is_some();
            (simple(a) && simple(b)).then_some((r.as_str(), a, b))
        }
        _ => None,
    }
}

/// A comparison of two integer terms (`(< p4 (* 300 p2))`, `(< (div p4 300) p0)`): the atoms
/// a context is made of (those of [`bound_atom`]'s form among them).
fn comparison(s: &Sexp) -> Option<(&str, &Sexp, &Sexp)> {
    match s.list()? {
        [Sexp::Atom(r), a, b] if ["<=", "<", ">=", ">", "="].contains(&r.as_str()) => {
            Some((r.as_str(), a, b))
        }
        _ => None,
    }
}

/// The atoms of a premise (`(and a b)`: `a`, `b`; else the premise itself).
fn premise_atoms(g: &Sexp) -> Vec<&Sexp> {
    match g.list() {
        Some([Sexp::Atom(h), xs @ ..]) if h == "and" => xs.iter().collect(),
        _ => vec![g],
    }
}

/// `v` as a bit-vector literal of `bits` bits (two's complement; any width).
fn wide_lit(v: i128, bits: u32) -> String {
    if v < 0 {
        format!("(bvneg (_ bv{} {bits}))", v.unsigned_abs())
    } else {
        format!("(_ bv{v} {bits})")
    }
}

impl Int {
    /// The term sign-extended to `n >= width` bits (the same value).
    fn at(&self, n: u32) -> String {
        match n - self.width {
            0 => self.t.clone(),
            k => format!("((_ sign_extend {k}) {})", self.t),
        }
    }

    /// `op` of `self` and `x` (`bvadd`, `bvsub`, `bvmul`) whose result's magnitude is at
    /// most `bound`: computed in a width that holds the operands and the result, where the
    /// wrap-around arithmetic is exact.
    fn op(&self, op: &str, x: &Int, bound: f64) -> Result<Int, String> {
        let width = width_or_err(bound)?.max(self.width).max(x.width);
        Ok(Int {
            t: format!("({op} {} {})", self.at(width), x.at(width)),
            bound,
            width,
        })
    }
}

fn width_or_err(bound: f64) -> Result<u32, String> {
    width_for(bound).ok_or_else(|| format!("an integer term may exceed {MAX_WIDTH} bits"))
}

/// The terms `xs` at their common width.
fn common(xs: &[Int]) -> Vec<String> {
    let n = xs.iter().map(|x| x.width).max().unwrap_or(1);
    xs.iter().map(|x| x.at(n)).collect()
}

struct Translator<'a> {
    dm: crate::ir::DataModel,
    /// The C type of each parameter `p0 …`.
    types: &'a [IntType],
    /// The context: intervals of parameters that hold wherever the term being translated
    /// matters (module doc, "Contexts").
    ctx: BTreeMap<usize, (i128, i128)>,
    /// The context of the dividends of `div` and `mod`: that of the conjunction's comparisons
    /// of parameters and literals (an implication's premise adds nothing), so that a premise's
    /// `w div C` and its conclusion's are one term, taken out of the check once
    /// ([`divisions`]); the quotient is narrowed by `ctx` all the same.
    dividends: BTreeMap<usize, (i128, i128)>,
}

impl Translator<'_> {
    /// A formula: a conjunction's comparisons of parameters and literals exactly, its other
    /// comparisons in their context, its other conjuncts in the context of all comparisons.
    fn top(&self, s: &Sexp) -> Result<W, String> {
        let Some([Sexp::Atom(h), cs @ ..]) = s.list() else {
            return self.term(s);
        };
        if h != "and" {
            return self.term(s);
        }
        let (bounds, rest): (Vec<&Sexp>, Vec<&Sexp>) =
            cs.iter().partition(|c| bound_atom(c).is_some());
        let (compares, rest): (Vec<&Sexp>, Vec<&Sexp>) =
            rest.into_iter().partition(|c| comparison(c).is_some());
        let mut first = self.within(&bounds);
        first.dividends = first.ctx.clone();
        let all: Vec<&Sexp> = bounds.iter().chain(&compares).copied().collect();
        let inner = first.within(&all);
        let mut xs = vec![];
        for b in bounds {
            xs.push(self.bools(std::slice::from_ref(b))?.remove(0));
        }
        for c in compares {
            xs.push(first.bools(std::slice::from_ref(c))?.remove(0));
        }
        for r in rest {
            xs.push(inner.bools(std::slice::from_ref(r))?.remove(0));
        }
        Ok(W::Bool(format!("(and {})", xs.join(" "))))
    }

    /// The translator in the context extended by `atoms` (comparisons, [`comparison`];
    /// others add nothing): parameter intervals from their C types, narrowed by the atoms
    /// (module doc, "Contexts"). A side that is a parameter `p` or a quotient `p div C`
    /// (`C > 0`) is bounded by the interval of the other side ([`Translator::interval`]).
    fn within(&self, atoms: &[&Sexp]) -> Translator<'_> {
        let mut t = Translator {
            dm: self.dm,
            types: self.types,
            ctx: self.ctx.clone(),
            dividends: self.dividends.clone(),
        };
        // `a <= b - k`, from each atom (`=` both ways).
        let mut les: Vec<(&Sexp, &Sexp, i128)> = vec![];
        for (r, a, b) in atoms.iter().filter_map(|s| comparison(s)) {
            match r {
                "<=" => les.push((a, b, 0)),
                "<" => les.push((a, b, 1)),
                ">=" => les.push((b, a, 0)),
                ">" => les.push((b, a, 1)),
                _ => les.extend([(a, b, 0), (b, a, 0)]),
            }
        }
        for _ in 0..4 {
            for &(a, b, k) in &les {
                let (Some((alo, _)), Some((_, bhi))) = (t.interval(a), t.interval(b)) else {
                    continue;
                };
                if let Some(hi) = bhi.checked_sub(k) {
                    t.narrow(a, None, Some(hi));
                }
                if let Some(lo) = alo.checked_add(k) {
                    t.narrow(b, Some(lo), None);
                }
            }
        }
        t
    }

    /// The interval of parameter `i`: its context's, else its C type's.
    fn param_interval(&self, i: usize) -> Option<(i128, i128)> {
        self.ctx
            .get(&i)
            .copied()
            .or_else(|| self.types.get(i).map(|t| t.range(self.dm)))
    }

    /// An interval holding the integer value of term `s` wherever the context holds: interval
    /// arithmetic over literals, parameters, `+`, `-`, `*`, `div` and `mod` by a positive
    /// literal; `None` for other terms or where an end would leave `i128`.
    fn interval(&self, s: &Sexp) -> Option<(i128, i128)> {
        if let Some(a) = s.atom() {
            if let Ok(n) = a.parse::<i128>() {
                return Some((n, n));
            }
            return self.param_interval(a.strip_prefix('p')?.parse().ok()?);
        }
        let [Sexp::Atom(h), args @ ..] = s.list()? else {
            return None;
        };
        let xs: Vec<(i128, i128)> = args
            .iter()
            .map(|a| self.interval(a))
            .collect::<Option<_>>()?;
        match (h.as_str(), xs.as_slice()) {
            ("-", [(lo, hi)]) => Some((hi.checked_neg()?, lo.checked_neg()?)),
            ("+" | "-" | "*", [first, more @ ..]) if !more.is_empty() => {
                more.iter()
                    .try_fold(*first, |(alo, ahi), &(blo, bhi)| match h.as_str() {
                        "+" => Some((alo.checked_add(blo)?, ahi.checked_add(bhi)?)),
                        "-" => Some((alo.checked_sub(bhi)?, ahi.checked_sub(blo)?)),
                        _ => {
                            let ps = [
                                alo.checked_mul(blo)?,
                                alo.checked_mul(bhi)?,
                                ahi.checked_mul(blo)?,
                                ahi.checked_mul(bhi)?,
                            ];
                            Some((*ps.iter().min()?, *ps.iter().max()?))
                        }
                    })
            }
            ("div", [(lo, hi), (d, d2)]) if d == d2 && *d > 0 => {
                Some((lo.div_euclid(*d), hi.div_euclid(*d)))
            }
            ("mod", [_, (d, d2)]) if d == d2 && *d > 0 => Some((0, d - 1)),
            _ => None,
        }
    }

    /// The context narrowed by `lo <= s <= hi` where `s` is a parameter `p` (its interval) or
    /// a quotient `p div C` with a literal `C > 0` (then `C·lo <= p <= C·hi + C - 1`: `p`'s
    /// Euclidean quotient is `q` exactly for `C·q <= p < C·q + C`); other terms narrow
    /// nothing.
    fn narrow(&mut self, s: &Sexp, lo: Option<i128>, hi: Option<i128>) {
        let index = |x: &Sexp| x.atom()?.strip_prefix('p')?.parse::<usize>().ok();
        let (i, lo, hi) = if let Some(i) = index(s) {
            (i, lo, hi)
        } else {
            let Some([Sexp::Atom(h), x, d]) = s.list() else {
                return;
            };
            let (Some(i), Some(d)) = (index(x), d.atom().and_then(|d| d.parse::<i128>().ok()))
            else {
                return;
            };
            if h != "div" || d <= 0 {
                return;
            }
            let lo = lo.and_then(|l| l.checked_mul(d));
            let hi = hi.and_then(|h| h.checked_mul(d)?.checked_add(d - 1));
            (i, lo, hi)
        };
        let Some((plo, phi)) = self.param_interval(i) else {
            return;
        };
        self.ctx.insert(
            i,
            (
                lo.map_or(plo, |l| l.max(plo)),
                hi.map_or(phi, |h| h.min(phi)),
            ),
        );
    }

    fn term(&self, s: &Sexp) -> Result<W, String> {
        match s {
            Sexp::Atom(a) => self.atom(a),
            Sexp::List(l) => match l.as_slice() {
                [Sexp::Atom(h), args @ ..] => self.app(h, args, s),
                _ => Err(format!("cannot translate {s}")),
            },
        }
    }

    fn atom(&self, a: &str) -> Result<W, String> {
        match a {
            "true" | "false" => return Ok(W::Bool(a.into())),
            _ => {}
        }
        if let Some(i) = a.strip_prefix('p').and_then(|i| i.parse::<usize>().ok())
            && let Some(&ty) = self.types.get(i)
        {
            let bits = ty.bits(self.dm);
            let ext = if ty.is_signed() {
                "sign_extend"
            } else {
                "zero_extend"
            };
            let (mut lo, mut hi) = ty.range(self.dm);
            if let Some(&(l, h)) = self.ctx.get(&i)
                && l.max(lo) <= h.min(hi)
            {
                (lo, hi) = (l.max(lo), h.min(hi));
            }
            let bound = (lo.unsigned_abs().max(hi.unsigned_abs())) as f64;
            let width = width_or_err(bound)?;
            let t = if width < bits {
                // In the context the value lies in `width` bits' signed range: their low
                // bits are it.
                format!("((_ extract {} 0) {})", width - 1, param(i))
            } else if width == bits {
                param(i)
            } else {
                format!("((_ {ext} {}) {})", width - bits, param(i))
            };
            return Ok(W::Int(Int { t, bound, width }));
        }
        let n: i128 = a
            .parse()
            .map_err(|_| format!("cannot translate the atom {a}"))?;
        self.num(n)
    }

    fn num(&self, n: i128) -> Result<W, String> {
        let bound = n.unsigned_abs() as f64;
        let width = width_or_err(bound)?;
        Ok(W::Int(Int {
            t: wide_lit(n, width),
            bound,
            width,
        }))
    }

    fn ints(&self, args: &[Sexp]) -> Result<Vec<Int>, String> {
        args.iter()
            .map(|a| match self.term(a)? {
                W::Int(x) => Ok(x),
                W::Bool(_) => Err(format!("{a} is not an integer term")),
            })
            .collect()
    }

    fn bools(&self, args: &[Sexp]) -> Result<Vec<String>, String> {
        args.iter()
            .map(|a| match self.term(a)? {
                W::Bool(t) => Ok(t),
                W::Int(..) => Err(format!("{a} is not a formula")),
            })
            .collect()
    }

    fn app(&self, h: &str, args: &[Sexp], whole: &Sexp) -> Result<W, String> {
        match h {
            "=>" if args.len() == 2 => {
                // The conclusion matters only where the premise holds: in its context.
                let g = self.bools(&args[..1])?.remove(0);
                let inner = self.within(&premise_atoms(&args[0]));
                let f = inner.bools(&args[1..])?.remove(0);
                Ok(W::Bool(format!("(=> {g} {f})")))
            }
            "and" | "or" | "=>" | "xor" | "not" => {
                let xs = self.bools(args)?;
                Ok(W::Bool(format!("({h} {})", xs.join(" "))))
            }
            "<=" | "<" | ">=" | ">" if args.len() == 2 => {
                let xs = common(&self.ints(args)?);
                let f = match h {
                    "<=" => "bvsle",
                    "<" => "bvslt",
                    ">=" => "bvsge",
                    _ => "bvsgt",
                };
                Ok(W::Bool(format!("({f} {} {})", xs[0], xs[1])))
            }
            "=" | "distinct" if args.len() >= 2 => match self.term(&args[0])? {
                W::Bool(_) => {
                    let xs = self.bools(args)?;
                    Ok(W::Bool(format!("({h} {})", xs.join(" "))))
                }
                W::Int(..) => {
                    let xs = common(&self.ints(args)?);
                    Ok(W::Bool(format!("({h} {})", xs.join(" "))))
                }
            },
            "ite" if args.len() == 3 => {
                let c = self.bools(&args[..1])?.remove(0);
                match self.term(&args[1])? {
                    W::Bool(_) => {
                        let xs = self.bools(&args[1..])?;
                        Ok(W::Bool(format!("(ite {c} {} {})", xs[0], xs[1])))
                    }
                    W::Int(..) => {
                        let xs = self.ints(&args[1..])?;
                        let bound = xs[0].bound.max(xs[1].bound);
                        let width = xs[0].width.max(xs[1].width);
                        let ts = common(&xs);
                        let t = format!("(ite {c} {} {})", ts[0], ts[1]);
                        Ok(W::Int(Int { t, bound, width }))
                    }
                }
            }
            "-" if args.len() == 1 => {
                // A negative literal `(- 5)` or a negation (`bound < 2^(width-1)`: in range).
                let x = self.ints(args)?.remove(0);
                let t = format!("(bvneg {})", x.t);
                Ok(W::Int(Int { t, ..x }))
            }
            "+" | "-" | "*" if !args.is_empty() => {
                let mut xs = self.ints(args)?.into_iter();
                let f = match h {
                    "+" => "bvadd",
                    "-" => "bvsub",
                    _ => "bvmul",
                };
                let mut acc = xs.next().expect("an operand");
                for x in xs {
                    let b = if h == "*" {
                        acc.bound * x.bound
                    } else {
                        acc.bound + x.bound
                    };
                    acc = acc.op(f, &x, b)?;
                }
                Ok(W::Int(acc))
            }
            "div" | "mod" if args.len() == 2 => {
                let d = match &args[1] {
                    Sexp::Atom(a) => a.parse::<i128>().ok(),
                    _ => None,
                }
                .filter(|d| *d > 0)
                .ok_or_else(|| format!("{whole}: only division by a positive constant"))?;
                // The dividend in the context of `dividends` (exact wherever this term
                // matters: that context holds wherever `ctx` does); its bound in `ctx`.
                let outer = Translator {
                    dm: self.dm,
                    types: self.types,
                    ctx: self.dividends.clone(),
                    dividends: self.dividends.clone(),
                };
                let x = outer.ints(&args[..1])?.remove(0);
                let near = self.ints(&args[..1])?.remove(0).bound;
                // Euclidean for d > 0: `mod` is bvsmod (sign of the divisor, 0 <= m < d),
                // `div` the exact quotient of x minus that remainder (|x - m| <= |x| + d).
                // The dividend sign-extended by a bit at least: the form `divisions` takes
                // out of the check (a narrowed `((_ extract 17 0) p4)` bit-blasted as a
                // divider made a grid's check time out).
                let n = (x.width + 1).max(width_or_err(d as f64)?);
                let x = Int {
                    t: x.at(n),
                    width: n,
                    ..x
                };
                let m = Int {
                    t: format!("(bvsmod {} {})", x.t, wide_lit(d, n)),
                    bound: d as f64,
                    width: n,
                };
                if h == "mod" {
                    // `0 <= m < d`: its low bits in the width `d` needs are its value (a
                    // product `(w mod C)·M` is one of narrow values, as `(w div C)·M` is).
                    let width = width_or_err(d as f64)?;
                    if width < n {
                        let t = format!("((_ extract {} 0) {})", width - 1, m.t);
                        let bound = m.bound;
                        return Ok(W::Int(Int { t, bound, width }));
                    }
                    return Ok(W::Int(m));
                }
                let diff = x.op("bvsub", &m, x.bound + d as f64)?;
                let q = format!("(bvsdiv {} {})", diff.t, wide_lit(d, diff.width));
                // `|x div d| <= |x| / d + 1` (`|x| <= near` where this term matters): the
                // quotient's low bits are its value.
                let bound = (near.min(x.bound) / d as f64).floor() + 1.0;
                let width = width_or_err(bound)?.min(diff.width);
                let t = match width < diff.width {
                    true => format!("((_ extract {} 0) {q})", width - 1),
                    false => q,
                };
                Ok(W::Int(Int { t, bound, width }))
            }
            _ => Err(format!("cannot translate {whole}")),
        }
    }
}

/// The C type of parameter `i` (a variable, or a cell's index or value).
fn param_type(p: &Program, bv: &HornSystem, i: usize) -> Option<IntType> {
    match bv.args.get(i) {
        Some((v, _)) => Some(p.var(*v).ty),
        None => bv.cells.get(i - bv.args.len()).map(|c| c.ty),
    }
}

/// An interpretation as a C expression over the program's variables (and cells: `w1`,
/// `a[w1]`).
pub fn to_c(p: &Program, bv: &HornSystem, body: &Sexp) -> String {
    let vars = bv
        .args
        .iter()
        .map(|(v, _)| (p.var(*v).display.clone(), p.var(*v).ty));
    let cells = bv.cells.iter().map(|c| (c.display.clone(), c.ty));
    let names: Vec<(String, IntType)> = vars.chain(cells).collect();
    super::cprint::formula(body, &names)
}

/// A clause of a Horn system whose predicates differ in their parameters (the summary
/// encoding, [`super::summary`]): `∀ consts. body → head`, both SMT `Bool` terms over the
/// predicates (`head` is `false` for the error).
#[derive(Clone, Debug, PartialEq)]
pub struct PlainClause {
    pub title: String,
    pub consts: Vec<(String, String)>,
    pub body: String,
    pub head: String,
}

/// The interpretation of each predicate Z3's certificate names, over parameters `p0 …`
/// (`arity`: every predicate of the system with its number of parameters). The same shapes
/// as [`parse_certificate`] reads, for predicates of any signature.
pub fn named_interpretations(
    items: &[Sexp],
    arity: &BTreeMap<String, usize>,
) -> Result<BTreeMap<String, Sexp>, String> {
    let mut out = BTreeMap::new();
    for it in items {
        collect_named(&expand_lets(it), arity, &mut out)?;
    }
    Ok(out)
}

fn collect_named(
    s: &Sexp,
    arity: &BTreeMap<String, usize>,
    out: &mut BTreeMap<String, Sexp>,
) -> Result<(), String> {
    let mut define = |lhs: &Sexp, body: Sexp| -> Result<(), String> {
        let (name, args) = application(lhs).ok_or_else(|| format!("cannot read {s}"))?;
        if name == super::encode::ERROR_REL || name == "true" {
            return Ok(());
        }
        let n = *arity
            .get(name)
            .ok_or_else(|| format!("interpretation of an unknown predicate {name}"))?;
        if args.len() != n {
            return Err(format!("{name} has {} arguments, not {n}", args.len()));
        }
        let mut map = HashMap::new();
        for (i, a) in args.iter().enumerate() {
            let a = a
                .atom()
                .ok_or_else(|| format!("{name}: argument {a} is not a variable"))?;
            if map.insert(a.to_string(), param(i)).is_some() {
                return Err(format!("{name}: argument {a} repeated"));
            }
        }
        out.insert(name.to_string(), rename(&body, &map));
        Ok(())
    };
    match s.list() {
        Some([Sexp::Atom(h), rest @ ..]) if h == "and" => {
            for x in rest {
                collect_named(x, arity, out)?;
            }
            Ok(())
        }
        Some([Sexp::Atom(h), _, body]) if h == "forall" => collect_named(body, arity, out),
        Some([Sexp::Atom(h), body, ..]) if h == "!" => collect_named(body, arity, out),
        Some([Sexp::Atom(h), lhs, rhs]) if h == "=" => define(lhs, rhs.clone()),
        Some([Sexp::Atom(h), atom]) if h == "not" => define(atom, Sexp::Atom("false".into())),
        _ => define(s, Sexp::Atom("true".into())),
    }
}

/// Checks `defs` (a `define-fun` per predicate) against every clause: `Ok(())` when each
/// `body ∧ ¬head` is unsat, as [`check`] does for a [`HornSystem`].
pub fn check_clauses(
    z3: &Path,
    defs: &str,
    clauses: &[PlainClause],
    limits: &Limits,
) -> Result<(), CheckFailure> {
    let mut s = String::from("(set-option :produce-models false)\n");
    s.push_str(defs);
    for c in clauses {
        let _ = writeln!(s, "; {}\n(push 1)", c.title);
        for (n, sort) in &c.consts {
            let _ = writeln!(s, "(declare-const {n} {sort})");
        }
        let _ = writeln!(
            s,
            "(assert (and {} (not {})))\n(check-sat)\n(pop 1)",
            c.body, c.head
        );
    }
    let out = run(z3, &["-in".into(), "-smt2".into()], None, Some(&s), limits)
        .map_err(|e| CheckFailure::NoAnswer(e.to_string()))?;
    if out.ending != Ending::Exited(0) {
        return Err(CheckFailure::NoAnswer(format!(
            "the check ended {:?}",
            out.ending
        )));
    }
    let items = parse_all(&out.stdout)
        .map_err(|e| CheckFailure::NoAnswer(format!("unreadable check answer: {e}")))?;
    if let Some(e) = items.iter().find(|i| i.is_error()) {
        return Err(CheckFailure::NoAnswer(format!(
            "z3 rejected the check: {e}"
        )));
    }
    let answers: Vec<&str> = items.iter().filter_map(|i| i.atom()).collect();
    if answers.len() != clauses.len() {
        return Err(CheckFailure::NoAnswer(format!(
            "{} answers for {} clauses",
            answers.len(),
            clauses.len()
        )));
    }
    match answers.iter().zip(clauses).find(|(a, _)| **a != "unsat") {
        Some((a, c)) => Err(CheckFailure::Fails {
            what: "a clause",
            clause: c.title.clone(),
            answer: a.to_string(),
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_hold_the_bounds() {
        // A signed 32-bit value (up to 2^31 in magnitude) needs 33 bits, an unsigned one 34
        // (with the margin), a square of 64-bit indexes (2^126) 128, 4 x^2 of them 132; 999 twelve.
        assert_eq!(width_for(2f64.powi(31)), Some(33));
        assert_eq!(width_for(2f64.powi(32) - 1.0), Some(34));
        assert_eq!(width_for(2f64.powi(126)), Some(128));
        assert_eq!(width_for(2f64.powi(130)), Some(132));
        assert_eq!(width_for(999.0), Some(12));
        assert_eq!(width_for(0.0), Some(1));
        assert_eq!(width_for(2f64.powi(600)), None);
    }

    #[test]
    fn literals_of_any_width() {
        assert_eq!(wide_lit(5, 34), "(_ bv5 34)");
        assert_eq!(wide_lit(-3, 200), "(bvneg (_ bv3 200))");
        assert_eq!(
            wide_lit(i128::MIN, 129),
            "(bvneg (_ bv170141183460469231731687303715884105728 129))"
        );
    }

    #[test]
    fn contexts_come_from_comparisons_of_parameters_and_literals() {
        let s = parse_all("(and (>= p8 0) (< p8 p4) (<= (+ p1 1) 3))").unwrap();
        let atoms = premise_atoms(&s[0]);
        assert_eq!(atoms.len(), 3);
        let found: Vec<bool> = atoms.iter().map(|a| bound_atom(a).is_some()).collect();
        assert_eq!(found, [true, true, false]);
    }
}
