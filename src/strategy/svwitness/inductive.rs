//! Validating correctness witnesses: are the witness's loop invariants an inductive invariant
//! of the original program that excludes the error?
//!
//! Takes the original program, its source file, the `invariant_set` entries' invariants and
//! a time limit; gives a [`Validation`] with notes.
//!
//! Each `loop_invariant` (a C expression, read by ara's front end: [`super::cexpr`]) is
//! attached to the `for`/`while` loop statement that starts at its location (format 2.0: the
//! line and column of the loop's first character, its keyword; a 0-based column is accepted;
//! without a column, the one loop of the line). The loops are located by the front end's
//! spans of the loop statements ([`super::correctness::loops_in_file`]), not by words in the
//! text: a `while` in a comment, the `while` ending a `do`, a loop ara made (filling a large
//! array) are no loop starts. An invariant is never dropped: a location no loop starts at is
//! REJECTED, or UNKNOWN when some loop of the program could not be located in the file (a
//! macro) or the line holds several loops and the location has no column. Several invariants
//! of one loop are conjoined; loop heads without one get `true`. The check is the Horn-clause engine's own certificate check
//! ([`crate::engines::horn::certify::check`]) on the bit-vector Horn clauses of the program
//! ([`crate::engines::horn::encode`]: one predicate per loop head, one clause per loop-free
//! block between entry, loop heads and error, C semantics exactly), with each predicate
//! defined as the invariant: every entry clause (initiation), every clause between loop heads
//! (consecution) and every clause into the error (safety) must be unsatisfiable in Z3.
//!
//! Arrays: the Horn encoding is array-free, so a program with arrays is checked through its
//! index-set abstraction with every scalar kept and the array elements the invariants name
//! (constant indexes only) tracked: `a[k]` in an invariant is the abstraction's scalar for
//! that element. When that check fails and every array is small (at most
//! [`EXACT_ELEMENTS`] elements in all), it is repeated with every element tracked, which is
//! exact (Theorem 1 of Armando et al.).
//!
//! Undefined behaviour: Z3's bit-vectors give `x / 0`, a signed overflow or a shift past the
//! width some value, C none. So each invariant `e` is checked as `d && e`, `d` the condition
//! under which C defines `e` ([`super::defined`]); a failure of such a check is UNKNOWN (the
//! conditions may hold in every reachable state without being inductive themselves).
//!
//! Soundness:
//! - CONFIRMED only when Z3 answered `unsat` for every clause: the definitions are then an
//!   inductive invariant of the checked program that excludes the error. The checked program
//!   is the original, or an abstraction that over-approximates it step by step (each state of
//!   the original, with the tracked elements as scalars, is a state of the abstraction with
//!   the same successors available), so the invariants hold at every reachable loop head of
//!   the original and the error is unreachable: the program is safe, and each invariant is
//!   true at its loop.
//! - REJECTED when a clause is satisfiable in an *exact* encoding (the original itself, or the
//!   abstraction with every element tracked): the invariants then fail initiation,
//!   consecution or safety on the program as written; also for a location no loop starts at,
//!   a line outside the file, or a witness of another file.
//! - UNKNOWN otherwise: a failure on an inexact abstraction (it may be the abstraction's),
//!   Z3 timing out or failing, invariants ara cannot read (other names, array reads at
//!   non-constant indexes, struct members), `location_invariant`s and `do` loops, which ara
//!   does not check; and a witness with no invariant at all whose check with `true` fails
//!   (it claims nothing ara could refute).

use super::cexpr::{self, Scope};
use super::correctness::{LoopAt, loops_in_file};
use super::defined::defined;
use super::format::Validation;
use super::format::{InvariantItem, Location};
use super::source::SourceText;
use crate::abstraction::{IndexSets, VarSet, abstract_program};
use crate::base::tools::{Limits, Tool, find_tool};
use crate::engines::horn::certify;
use crate::engines::horn::encode::{self, Clause, HornSystem, binders};
use crate::engines::smt::{ExprEncoder, Theory};
use crate::ir::{ArrId, BinOp, Expr, Program, VarId, Vertex};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::time::Duration;

/// The exact check (every element a scalar) is tried for programs with at most this many
/// array elements in all.
pub const EXACT_ELEMENTS: u64 = 4096;

/// The invariants of a witness attached to loop heads: vertex → expressions over `p`.
type Attached = BTreeMap<Vertex, Vec<Expr>>;

/// The answer for the `loop_invariant`s `items` of a witness about `p` (from `src`).
pub fn validate_invariants(
    p: &Program,
    src: &SourceText,
    items: &[InvariantItem],
    timeout: Duration,
) -> (Validation, Vec<String>) {
    let mut notes = vec![];
    let attached = match attach(p, src, items, &mut notes) {
        Ok(a) => a,
        Err(v) => return (v, notes),
    };
    // Each invariant with the condition under which C defines its value ([`defined`]).
    let mut guarded = false;
    let attached: Attached = attached
        .into_iter()
        .map(|(v, es)| {
            let es = es
                .into_iter()
                .map(|e| match defined(p, &e) {
                    Some(d) => {
                        guarded = true;
                        Expr::bin(BinOp::LogAnd, d, e)
                    }
                    None => e,
                })
                .collect();
            (v, es)
        })
        .collect();
    let v = match check(p, src, &attached, timeout) {
        Ok(v) => v,
        Err(why) => Validation::Unknown(why),
    };
    let v = match v {
        Validation::Rejected(why) if guarded => Validation::Unknown(format!(
            "{why}; the invariants were checked with the conditions under which C defines \
             them (no division by zero, signed overflow or shift past the width), and those \
             conditions need not be inductive"
        )),
        v => v,
    };
    let v = match v {
        Validation::Rejected(why) if attached.is_empty() => Validation::Unknown(format!(
            "the witness states no invariant, and `true` at every loop head does not prove \
             the program ({why})"
        )),
        v => v,
    };
    (v, notes)
}

/// Each invariant read and attached to its loop head.
fn attach(
    p: &Program,
    src: &SourceText,
    items: &[InvariantItem],
    notes: &mut Vec<String>,
) -> Result<Attached, Validation> {
    let loops = loops_in_file(p, src);
    let mut out = Attached::new();
    for (k, item) in items.iter().enumerate() {
        let inv = &item.invariant;
        let what = format!("invariant {} (line {})", k + 1, inv.location.line);
        if !inv.format.is_empty() && inv.format != "c_expression" {
            return Err(Validation::Unknown(format!(
                "{what}: format {} is not read (only c_expression)",
                inv.format
            )));
        }
        match inv.kind.as_str() {
            "loop_invariant" => {}
            "location_invariant" => {
                return Err(Validation::Unknown(format!(
                    "{what}: location invariants are not checked"
                )));
            }
            t => {
                return Err(Validation::Unknown(format!(
                    "{what}: invariant type {t} is not checked"
                )));
            }
        }
        let vertices = loop_at(src, &loops, &inv.location, &what)?;
        let in_main = src.function_at(inv.location.line).as_deref() == Some("main");
        let scope = Scope::at(p, in_main);
        let e = cexpr::parse(p, &scope, &inv.value)
            .map_err(|e| Validation::Unknown(format!("{what}: cannot read the invariant: {e}")))?;
        notes.push(format!(
            "{what}: `{}` at the loop of line {}",
            inv.value, inv.location.line
        ));
        for v in vertices {
            out.entry(v).or_default().push(e.clone());
        }
    }
    Ok(out)
}

/// The vertices of the `for`/`while` loop a location names (several when the function it
/// is in was inlined more than once: the invariant must hold at every copy). The location is
/// the loop's keyword (format 2.0: the first character of the loop statement; a 0-based
/// column is accepted too); without a column, the one loop of the line. Never empty: a
/// location no loop of the file starts at is REJECTED, or UNKNOWN when some loop of the
/// program could not be located in the file (it might be that one).
fn loop_at(
    src: &SourceText,
    loops: &[LoopAt],
    loc: &Location,
    what: &str,
) -> Result<Vec<Vertex>, Validation> {
    let line = loc.line;
    if line == 0 || line > src.num_lines() {
        return Err(Validation::Rejected(format!(
            "{what}: line {line} is not a line of {}",
            src.path
        )));
    }
    let on_line: Vec<&LoopAt> = loops
        .iter()
        .filter(|l| l.pos.is_some_and(|at| at.line == line))
        .collect();
    let here: Vec<&LoopAt> = on_line
        .iter()
        .copied()
        .filter(|l| {
            let at = l.pos.expect("located");
            loc.column
                .is_none_or(|c| at.column == c || at.column == c + 1)
        })
        .collect();
    let positions: BTreeSet<_> = here.iter().map(|l| l.pos).collect();
    if positions.len() > 1 {
        return Err(Validation::Unknown(format!(
            "{what}: {} loops start at line {line}; the location has no column to say which",
            positions.len()
        )));
    }
    let Some(first) = here.first() else {
        let at = loc
            .column
            .map_or(String::new(), |c| format!(", column {c}"));
        let unlocated = loops.iter().any(|l| l.keyword.is_some() && l.pos.is_none());
        return Err(if unlocated {
            Validation::Unknown(format!(
                "{what}: no loop ara located starts at line {line}{at}, and some loop of the \
                 program is not located in the file (written through a macro?)"
            ))
        } else {
            let columns: Vec<String> = on_line
                .iter()
                .filter_map(|l| l.pos.map(|p| p.column.to_string()))
                .collect();
            Validation::Rejected(format!(
                "{what}: no loop starts at line {line}{at}, which reads `{}`{}",
                src.line_text(line).trim(),
                if columns.is_empty() {
                    String::new()
                } else {
                    format!(" (its loops start at columns {})", columns.join(", "))
                }
            ))
        });
    };
    if first.keyword == Some(crate::ir::LoopKeyword::Do) {
        return Err(Validation::Unknown(format!(
            "{what}: invariants of do loops are not checked"
        )));
    }
    Ok(here.iter().map(|l| l.vertex).collect())
}

/// A constant index expression's value.
fn constant(e: &Expr, p: &Program) -> Option<i128> {
    match e {
        Expr::Const(v, _) => Some(*v),
        Expr::Cast(t, x) => Some(t.wrap(constant(x, p)?, p.data_model)),
        _ => None,
    }
}

/// The array elements the invariants read, or why one is not a constant element.
fn elements(p: &Program, attached: &Attached) -> Result<BTreeSet<(ArrId, u64)>, String> {
    let mut out = BTreeSet::new();
    let mut bad = None;
    for e in attached.values().flatten() {
        e.visit(&mut |x| {
            if let Expr::Read(a, i) = x {
                match constant(i, p) {
                    Some(k)
                        if k >= 0
                            && p.array(*a).size.as_const().is_some_and(|n| (k as u64) < n) =>
                    {
                        out.insert((*a, k as u64));
                    }
                    _ => bad = Some(format!("{}[…]", p.array(*a).display)),
                }
            }
        });
    }
    match bad {
        Some(r) => Err(format!(
            "an invariant reads {r} at a non-constant or out-of-bounds index (not checked)"
        )),
        None => Ok(out),
    }
}

/// `e` with each element read replaced by the abstraction's scalar for it.
fn on_scalars(e: &Expr, p: &Program, elems: &BTreeMap<(ArrId, u64), VarId>) -> Expr {
    let b = |x: &Expr| Box::new(on_scalars(x, p, elems));
    match e {
        Expr::Read(a, i) => match constant(i, p).and_then(|k| elems.get(&(*a, k as u64))) {
            Some(v) => Expr::Var(*v),
            None => e.clone(),
        },
        Expr::Unary(op, x) => Expr::Unary(*op, b(x)),
        Expr::Binary(op, x, y) => Expr::Binary(*op, b(x), b(y)),
        Expr::Cond(c, t, f) => Expr::Cond(b(c), b(t), b(f)),
        Expr::Cast(t, x) => Expr::Cast(*t, b(x)),
        _ => e.clone(),
    }
}

/// The check on the program itself (array-free) or on abstractions of it.
fn check(
    p: &Program,
    src: &SourceText,
    attached: &Attached,
    timeout: Duration,
) -> Result<Validation, String> {
    if !encode::uses_arrays(p) {
        return check_on(p, src, attached, &BTreeMap::new(), true, timeout);
    }
    let mentioned = elements(p, attached)?;
    let mut r = IndexSets::empty();
    for (a, k) in &mentioned {
        r.insert(*a, *k);
    }
    let abs = abstract_program(p, &VarSet::All, &r);
    let first = check_on(
        &abs.program,
        src,
        attached,
        &abs.element_vars,
        false,
        timeout,
    )?;
    // A symbolic size has no exact encoding: never retried as exact.
    let total: u64 = p
        .arrays
        .iter()
        .map(|a| a.size.as_const().unwrap_or(u64::MAX))
        .fold(0, u64::saturating_add);
    if matches!(first, Validation::Confirmed(_)) || total > EXACT_ELEMENTS {
        return Ok(match first {
            Validation::Rejected(why) => Validation::Unknown(format!(
                "{why}, on the abstraction tracking only the elements the invariants name \
                 (the program has too many array elements for the exact check)"
            )),
            v => v,
        });
    }
    let exact = abstract_program(p, &VarSet::All, &IndexSets::all(p));
    check_on(
        &exact.program,
        src,
        attached,
        &exact.element_vars,
        true,
        timeout,
    )
}

/// The check on `q` (the original or an abstraction with `elems`); a failing clause is
/// REJECTED when `exact`, else UNKNOWN.
fn check_on(
    q: &Program,
    src: &SourceText,
    attached: &Attached,
    elems: &BTreeMap<(ArrId, u64), VarId>,
    exact: bool,
    timeout: Duration,
) -> Result<Validation, String> {
    let bv = encode::encode(q, Theory::BitVector).map_err(|e| e.to_string())?;
    let defs = definitions(q, &bv, attached, elems)?;
    let z3 = find_tool(Tool::Z3, None).map_err(|e| e.to_string())?;
    let limits = Limits {
        timeout: Some(timeout),
        memory_mb: None,
    };
    if certify::check(&z3, &bv, &defs, &limits).is_ok() {
        return Ok(Validation::Confirmed(format!(
            "the invariants at {} loop head(s) are inductive and exclude the error \
             (initiation, consecution and safety of {} Horn clauses unsat in Z3, bit-vectors)",
            attached.len(),
            bv.clauses.len()
        )));
    }
    // Which clause fails: one at a time.
    for c in &bv.clauses {
        let one = HornSystem {
            clauses: vec![c.clone()],
            ..bv.clone()
        };
        match certify::check(&z3, &one, &defs, &limits) {
            Ok(()) => {}
            Err(certify::CheckFailure::Fails { .. }) => {
                let why = failure(src, &bv, c);
                return Ok(if exact {
                    Validation::Rejected(why)
                } else {
                    Validation::Unknown(why)
                });
            }
            Err(e) => return Ok(Validation::Unknown(format!("the check failed: {e}"))),
        }
    }
    Ok(Validation::Unknown(
        "the check of all clauses failed, but no single clause fails (timeout?)".into(),
    ))
}

/// `(define-fun inv_v ((p0 …) …) Bool φ)` for each loop head: the conjunction of its
/// invariants in bit-vectors over the parameters, `true` without one.
fn definitions(
    q: &Program,
    bv: &HornSystem,
    attached: &Attached,
    elems: &BTreeMap<(ArrId, u64), VarId>,
) -> Result<String, String> {
    let params: Vec<(String, String)> = bv
        .args
        .iter()
        .map(|(v, sort)| (format!("p{}", v.0), sort.clone()))
        .collect();
    let mut env = vec![String::new(); q.vars.len()];
    for (v, _) in &bv.args {
        env[v.0 as usize] = format!("p{}", v.0);
    }
    for v in attached.keys() {
        if bv.pred(*v).is_none() {
            return Err(format!(
                "the loop of vertex {v} is no loop head of ara's encoding (unreachable, or \
                 entered by goto)"
            ));
        }
    }
    let mut enc = ExprEncoder::new(q, Theory::BitVector);
    let mut s = String::new();
    for pred in &bv.preds {
        let mut parts = vec![];
        for e in attached.get(&pred.vertex).into_iter().flatten() {
            let e = on_scalars(e, q, elems);
            let t = enc
                .truth(&e, &env, pred.vertex)
                .map_err(|e| format!("cannot encode an invariant: {e}"))?;
            parts.push(t);
        }
        if !enc.take_fresh().is_empty() {
            return Err("an invariant needs fresh values".into());
        }
        let _ = writeln!(
            s,
            "(define-fun {} ({}) Bool {})",
            pred.name,
            binders(&params),
            encode::and(&parts)
        );
    }
    Ok(s)
}

/// Why clause `c` fails, in the file's lines.
fn failure(src: &SourceText, bv: &HornSystem, c: &Clause) -> String {
    let line = |v: Vertex| {
        let l = bv.pred(v).map_or(0, |p| p.line);
        src.physical_lines(l).first().copied().unwrap_or(l)
    };
    match (c.from, c.to) {
        (None, Some(t)) => format!(
            "initiation fails: the invariant of the loop at line {} does not hold when the \
             loop is first reached",
            line(t)
        ),
        (Some(f), Some(t)) if f == t => format!(
            "consecution fails: the invariant of the loop at line {} is not inductive (an \
             iteration from a state satisfying it leads to one that does not)",
            line(t)
        ),
        (Some(f), Some(t)) => format!(
            "consecution fails: from the invariant of the loop at line {}, the loop at line \
             {} is reached in a state that violates its invariant",
            line(f),
            line(t)
        ),
        (Some(f), None) => format!(
            "safety fails: from a state satisfying the invariant of the loop at line {}, the \
             error is reachable",
            line(f)
        ),
        (None, None) => "safety fails: the error is reachable before any loop head".into(),
    }
}
