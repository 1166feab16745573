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
//! An integer certificate is translated into 128-bit two's-complement arithmetic: each
//! argument is the C value of its variable (sign- or zero-extended by its type), and every
//! term is given a bound on its magnitude; a term that could exceed 2^126 (so that 128 bits
//! could wrap), a division by anything but a positive constant, or an operator ara does not
//! know makes the translation fail. So the translated formula means over the C values exactly
//! what the integer formula means over the same integers.

use super::encode::{Clause, HornSystem, and, binders, clause_title};
use crate::ir::{IntType, Program, Vertex};
use crate::smt::Theory;
use crate::smt::encode::bv_lit;
use crate::smt::sexp::{Sexp, parse_all};
use crate::tools::{Ending, Limits, run};
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

/// Width of the arithmetic an integer certificate is checked in.
const WIDE: u32 = 128;

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

/// Replaces atoms by `map`.
pub fn rename(s: &Sexp, map: &HashMap<String, String>) -> Sexp {
    match s {
        Sexp::Atom(a) => Sexp::Atom(map.get(a).cloned().unwrap_or_else(|| a.clone())),
        Sexp::List(l) => Sexp::List(l.iter().map(|x| rename(x, map)).collect()),
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
            Theory::Lia => {
                let tr = Translator { p, bv };
                match tr.term(&it.body)? {
                    W::Bool(b) => b,
                    W::Int(..) => return Err(format!("{} is not a formula", it.body)),
                }
            }
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
    let mut s = String::from("(set-option :produce-models false)\n");
    let check = if bv.cells.is_empty() {
        "(check-sat)"
    } else {
        CELL_CHECK
    };
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
    s
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
    let script = check_script(bv, defs);
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
    if answers.len() != bv.clauses.len() {
        return Err(format!(
            "{} answers for {} clauses",
            answers.len(),
            bv.clauses.len()
        ));
    }
    for (a, c) in answers.iter().zip(&bv.clauses) {
        if *a != "unsat" {
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

/// A translated integer term: a Bool term, or a 128-bit term with a bound on its magnitude.
enum W {
    Bool(String),
    Int(String, f64),
}

struct Translator<'a> {
    p: &'a Program,
    bv: &'a HornSystem,
}

impl Translator<'_> {
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
            && let Some(ty) = param_type(self.p, self.bv, i)
        {
            let bits = ty.bits(self.p.data_model);
            let ext = if ty.is_signed() {
                "sign_extend"
            } else {
                "zero_extend"
            };
            let (lo, hi) = ty.range(self.p.data_model);
            let bound = (lo.unsigned_abs().max(hi.unsigned_abs())) as f64;
            return Ok(W::Int(
                format!("((_ {ext} {}) {})", WIDE - bits, param(i)),
                bound,
            ));
        }
        let n: i128 = a
            .parse()
            .map_err(|_| format!("cannot translate the atom {a}"))?;
        self.num(n)
    }

    fn num(&self, n: i128) -> Result<W, String> {
        let b = n.unsigned_abs() as f64;
        check_bound(b)?;
        Ok(W::Int(bv_lit(n, WIDE), b))
    }

    fn ints(&self, args: &[Sexp]) -> Result<Vec<(String, f64)>, String> {
        args.iter()
            .map(|a| match self.term(a)? {
                W::Int(t, b) => Ok((t, b)),
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
            "and" | "or" | "=>" | "xor" | "not" => {
                let xs = self.bools(args)?;
                Ok(W::Bool(format!("({h} {})", xs.join(" "))))
            }
            "<=" | "<" | ">=" | ">" if args.len() == 2 => {
                let xs = self.ints(args)?;
                let f = match h {
                    "<=" => "bvsle",
                    "<" => "bvslt",
                    ">=" => "bvsge",
                    _ => "bvsgt",
                };
                Ok(W::Bool(format!("({f} {} {})", xs[0].0, xs[1].0)))
            }
            "=" | "distinct" if args.len() >= 2 => match self.term(&args[0])? {
                W::Bool(_) => {
                    let xs = self.bools(args)?;
                    Ok(W::Bool(format!("({h} {})", xs.join(" "))))
                }
                W::Int(..) => {
                    let xs = self.ints(args)?;
                    let ts: Vec<String> = xs.into_iter().map(|x| x.0).collect();
                    Ok(W::Bool(format!("({h} {})", ts.join(" "))))
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
                        let b = xs[0].1.max(xs[1].1);
                        Ok(W::Int(format!("(ite {c} {} {})", xs[0].0, xs[1].0), b))
                    }
                }
            }
            "-" if args.len() == 1 => {
                // A negative literal `(- 5)` or a negation.
                let x = self.ints(args)?.remove(0);
                Ok(W::Int(format!("(bvneg {})", x.0), x.1))
            }
            "+" | "-" | "*" if !args.is_empty() => {
                let xs = self.ints(args)?;
                let f = match h {
                    "+" => "bvadd",
                    "-" => "bvsub",
                    _ => "bvmul",
                };
                let mut t = xs[0].0.clone();
                let mut b = xs[0].1;
                for (x, xb) in &xs[1..] {
                    t = format!("({f} {t} {x})");
                    b = if h == "*" { b * xb } else { b + xb };
                    check_bound(b)?;
                }
                Ok(W::Int(t, b))
            }
            "div" | "mod" if args.len() == 2 => {
                let d = match &args[1] {
                    Sexp::Atom(a) => a.parse::<i128>().ok(),
                    _ => None,
                }
                .filter(|d| *d > 0)
                .ok_or_else(|| format!("{whole}: only division by a positive constant"))?;
                let x = self.ints(&args[..1])?.remove(0);
                let dl = bv_lit(d, WIDE);
                // Euclidean for d > 0: `mod` is bvsmod (sign of the divisor), `div` the exact
                // quotient of x minus that remainder.
                let m = format!("(bvsmod {} {dl})", x.0);
                Ok(if h == "mod" {
                    W::Int(m, d as f64)
                } else {
                    W::Int(format!("(bvsdiv (bvsub {} {m}) {dl})", x.0), x.1 + 1.0)
                })
            }
            _ => Err(format!("cannot translate {whole}")),
        }
    }
}

fn check_bound(b: f64) -> Result<(), String> {
    // 2^126, with room to spare for f64 rounding: sums of two such terms still fit.
    if b < 8.0e37 {
        Ok(())
    } else {
        Err("an integer term may exceed 128 bits".into())
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
