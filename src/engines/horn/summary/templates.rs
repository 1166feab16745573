//! Houdini over the summary clauses: template summaries and invariants for procedures.
//!
//! Takes the *integer* summary clauses of a program with cells ([`super`],
//! [`SummarySystem`] in [`Theory::Lia`]) with each predicate's parameter roles (a cell's
//! index, a cell's element, anything else: [`Role`]); gives an interpretation of every
//! predicate (a conjunction of template facts over `p0 … pn-1`) that makes every integer
//! clause valid, or why none was found before the deadline. The caller translates it into
//! bit-vectors and checks it against the bit-vector clauses like Spacer's candidates.
//!
//! ## Soundness: only a lead
//!
//! Nothing here decides a verdict. The interpretation is checked by the caller exactly as a
//! Spacer interpretation of the integer clauses is (`summary::check_and_print`: translated
//! over the C values of the arguments, [`crate::engines::horn::certify::translate_typed`], then ara's own
//! check of every bit-vector clause, [`crate::engines::horn::certify::check_clauses`]); a predicate left out
//! is `true` there. So the choice of templates, a Z3 answer misread, a candidate dropped
//! too early: each can cost a proof, none can make one.
//!
//! ## Why templates
//!
//! A recursion over an array parameter such as `sum(a, n) = a[n-1] + sum(a, n-1)` after a
//! loop set every element to 1 (`bench-suite/procedures/rsum_param_safe.c`) needs the
//! summary `ret == n` under the precondition `w < n ⇒ a[w] == 1` on the tracked cell, and
//! the facts `w <= i ⇒ a[w] == 1` at `main`'s loop, `a[w] == 1`, `ret' == n - 1` inside the
//! recursion. Spacer's defaults found them in 13 to 18 s of CPU and global guidance not in
//! 22 s, so in the procedures benchmark (two tasks at a time beside the other engines' ESBMC)
//! the task ran out of time. Every fact is a comparison of two arguments, or of an argument
//! with a constant, or such a constant fact on a cell's element under a comparison of the
//! cell's index: a small finite template, which Houdini (Flanagan and Leino, FME 2001; as in
//! [`crate::engines::horn::houdini`]) searches in a few Z3 queries: start with every candidate at every
//! predicate; for each clause with a predicate as head ask Z3 for a model of its body (the
//! body atoms read as the current conjunctions) with the head false, and drop the head's
//! candidates false in it; repeat until no clause has such a model; then the clauses into
//! the error must be unsatisfiable, else the facts are too weak.
//!
//! ## The candidates (over the arguments `p0 … pn-1` of one predicate)
//!
//! - `pi = pj`, `pi = pj + 1`, `pi <= pj`, `pi < pj`;
//! - `pi >= k`, `pi <= k`, `pi = k` for the constants `k` of the clauses (0, 1 and the
//!   numerals below 2^20 the clauses name, at most [`MAX_CONSTS`] of them);
//! - `pi < pj ⇒ pl = k` and `pi <= pj ⇒ pl = k`: with `pi` a cell's index and `pl` a cell's
//!   element where the predicate has both (its frame holds a cell), over all arguments
//!   otherwise (a summary's), and none when that would be more than [`MAX_GUARDED`].
//!
//! ## What was measured
//!
//! A prototype of the same algorithm (a Z3 process per query, load 3 to 6) on the integer
//! clauses of the procedures benchmark: `rsum_param_safe` and `rsum_safe` proved in about
//! 3 s (108 queries); the other eight with cells too weak after 2 to 9 s (two_arrays: 236
//! queries). Hence the short slot before the portfolio (the caller's budget). In ara (one
//! Z3 session for all queries, `ara check --engine horn`, load 5 to 8): `rsum_param_safe`
//! SAFE in 2.9 s of wall (Houdini 0.7 s, the check and the shortening of the printed
//! summary the rest); where the templates are too weak they cost 0.5 to 1.6 s
//! (`two_arrays_safe` 1.6 s, `rsearch_safe` 0.8 s).
//!
//! Not kept (2026-11-28, issue 28): the queries checked after each pass as well as at the
//! end (sound: Houdini only drops candidates, so a query satisfiable under a pass's
//! conjunctions stays so): it saved bug twins 0.1 to 0.5 s of CPU but cost the proved ones
//! as much (`rsum_param_safe` 2.3 → 2.8 s, `rsum_tail_safe` 3.3 → 3.6 s: the early passes'
//! conjunctions are the largest); the procarrays tests took 151.5 s of CPU against 156.6.

use super::{SClause, SummarySystem};
use crate::base::tools::Session;
use crate::engines::horn::houdini::{Failure, read_answer};
use crate::engines::smt::Theory;
use crate::engines::smt::encode::int_lit;
use crate::engines::smt::sexp::{Sexp, parse_all};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

/// What an argument of a predicate is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Role {
    /// A tracked cell's index (its entry copy too).
    Index,
    /// A tracked cell's element (its entry copy too).
    Value,
    Other,
}

/// At most this many constants in the templates (0 and 1 first, then the smallest).
pub const MAX_CONSTS: usize = 6;

/// At most this many guarded candidates per predicate (else none).
pub const MAX_GUARDED: usize = 3000;

/// The constants of the templates: 0, 1 and the numerals (below 2^20) of `sys`'s clauses.
pub fn constants(sys: &SummarySystem) -> Vec<i64> {
    let mut ks: BTreeSet<i64> = [0, 1].into_iter().collect();
    for c in &sys.clauses {
        for text in &c.constraints {
            for tok in text.split(|ch: char| ch == '(' || ch == ')' || ch.is_whitespace()) {
                if let Ok(k) = tok.parse::<i64>()
                    && k < 1 << 20
                {
                    ks.insert(k);
                }
            }
        }
    }
    let mut out: Vec<i64> = ks.into_iter().collect();
    out.truncate(MAX_CONSTS);
    out
}

/// The candidates of a predicate with arguments of `roles` (module doc).
pub fn candidates(roles: &[Role], ks: &[i64]) -> Vec<String> {
    let n = roles.len();
    let mut out = vec![];
    for i in 0..n {
        for j in 0..n {
            if i == j {
                continue;
            }
            if i < j {
                out.push(format!("(= p{i} p{j})"));
            }
            out.push(format!("(= p{i} (+ p{j} 1))"));
            out.push(format!("(<= p{i} p{j})"));
            out.push(format!("(< p{i} p{j})"));
        }
    }
    for i in 0..n {
        for &k in ks {
            let k = int_lit(k.into());
            out.push(format!("(>= p{i} {k})"));
            out.push(format!("(<= p{i} {k})"));
            out.push(format!("(= p{i} {k})"));
        }
    }
    let cells = roles.contains(&Role::Index) && roles.contains(&Role::Value);
    let guard = |i: usize| !cells || roles[i] == Role::Index;
    let concl = |l: usize| !cells || roles[l] == Role::Value;
    let mut guarded = vec![];
    for i in (0..n).filter(|&i| guard(i)) {
        for j in (0..n).filter(|&j| j != i) {
            for l in (0..n).filter(|&l| l != i && l != j && concl(l)) {
                for &k in ks {
                    let k = int_lit(k.into());
                    guarded.push(format!("(=> (< p{i} p{j}) (= p{l} {k}))"));
                    guarded.push(format!("(=> (<= p{i} p{j}) (= p{l} {k}))"));
                }
            }
        }
    }
    if guarded.len() <= MAX_GUARDED {
        out.extend(guarded);
    }
    out
}

/// One Houdini run's state: each predicate's candidates and which are still kept.
struct Run<'a> {
    sys: &'a SummarySystem,
    cands: BTreeMap<String, Vec<String>>,
    kept: BTreeMap<String, Vec<bool>>,
    z3: Session,
}

/// Houdini over the integer clauses `sys` with the candidates of each predicate's `roles`
/// (by name; every predicate of `sys` needs one) until `deadline`: the interpretation of
/// every predicate over `p0 …` (module doc), or why none.
pub fn solve(
    z3: &Path,
    sys: &SummarySystem,
    roles: &BTreeMap<String, Vec<Role>>,
    deadline: Instant,
) -> Result<BTreeMap<String, Sexp>, String> {
    if sys.theory != Theory::Lia {
        return Err("templates are sought in the integer clauses only".into());
    }
    let ks = constants(sys);
    let mut cands = BTreeMap::new();
    for p in &sys.preds {
        let r = roles
            .get(&p.name)
            .filter(|r| r.len() == p.params.len())
            .ok_or_else(|| format!("no roles for {}", p.name))?;
        cands.insert(p.name.clone(), candidates(r, &ks));
    }
    let kept = (cands.iter())
        .map(|(n, c)| (n.clone(), vec![true; c.len()]))
        .collect();
    let mut run = Run {
        sys,
        cands,
        kept,
        z3: Session::new(z3, &["-in".into(), "-smt2".into()]),
    };
    let failure = |f: Failure| match f {
        Failure::Timeout => "out of time".to_string(),
        other => format!("{other:?}"),
    };
    let mut changed = true;
    while changed {
        changed = false;
        for c in sys.clauses.iter().filter(|c| c.head.is_some()) {
            while let Some(drop) = run.falsified(c, deadline).map_err(failure)? {
                let head = &c.head.as_ref().expect("a head").pred;
                if drop.is_empty() {
                    return Err("a model falsifies no candidate".into());
                }
                let on = run.kept.get_mut(head).expect("a predicate");
                drop.into_iter().for_each(|k| on[k] = false);
                changed = true;
            }
        }
    }
    for c in sys.clauses.iter().filter(|c| c.head.is_none()) {
        if run.falsified(c, deadline).map_err(failure)?.is_some() {
            return Err("too weak".into());
        }
    }
    let mut out = BTreeMap::new();
    let all = std::mem::take(&mut run.cands);
    for (name, cs) in &all {
        let on = crate::engines::horn::prune::implied_out(cs, &run.kept[name]);
        let facts: Vec<String> = (cs.iter().zip(&on))
            .filter(|(_, o)| **o)
            .map(|(c, _)| c.clone())
            .collect();
        let arity = sys
            .preds
            .iter()
            .find(|p| &p.name == name)
            .map_or(0, |p| p.params.len());
        let facts = run.implied_out(arity, facts, deadline);
        let body = parse_all(&crate::engines::horn::encode::and(&facts))
            .ok()
            .and_then(|mut v| v.pop())
            .unwrap_or_else(|| Sexp::Atom("true".into()));
        out.insert(name.clone(), body);
    }
    Ok(out)
}

impl Run<'_> {
    /// `facts` (a predicate's answer, over `arity` arguments) without those the others
    /// imply, in two steps whose drops are independent of each other: an unguarded fact
    /// other than an equality implied by the equalities, then a guarded fact `g ⇒ f`
    /// implied by the unguarded ones left (`g` false or `f` true under them: `n < ret ⇒ …`
    /// beside `n = ret`). The conjunction is the same formula (each dropped fact is implied
    /// by facts that stay), only shorter to check and to print; on any failure all stay.
    fn implied_out(&mut self, arity: usize, facts: Vec<String>, deadline: Instant) -> Vec<String> {
        let guarded = |f: &String| f.starts_with("(=>");
        let equality = |f: &String| f.starts_with("(= ");
        let (plain, cond): (Vec<String>, Vec<String>) =
            facts.into_iter().partition(|f| !guarded(f));
        let eqs: Vec<String> = plain.iter().filter(|f| equality(f)).cloned().collect();
        let others: Vec<String> = plain.iter().filter(|f| !equality(f)).cloned().collect();
        let implied = |run: &mut Self, given: &[String], asked: &[String]| {
            run.implied(arity, given, asked, deadline)
        };
        let drop = implied(self, &eqs, &others);
        let mut kept: Vec<String> = eqs.clone();
        kept.extend(
            others
                .into_iter()
                .zip(&drop)
                .filter(|(_, d)| !**d)
                .map(|(f, _)| f),
        );
        let drop = implied(self, &kept, &cond);
        kept.extend(
            cond.into_iter()
                .zip(&drop)
                .filter(|(_, d)| !**d)
                .map(|(f, _)| f),
        );
        kept
    }

    /// For each of `asked`: whether `given` implies it (over `p0 …`, `arity` of them); all
    /// `false` when Z3 gives no clear answer.
    fn implied(
        &mut self,
        arity: usize,
        given: &[String],
        asked: &[String],
        deadline: Instant,
    ) -> Vec<bool> {
        let none = vec![false; asked.len()];
        if asked.is_empty() {
            return none;
        }
        let mut s = String::new();
        for i in 0..arity {
            let _ = writeln!(s, "(declare-const p{i} Int)");
        }
        for g in given {
            let _ = writeln!(s, "(assert {g})");
        }
        for a in asked {
            let _ = writeln!(s, "(push)\n(assert (not {a}))\n(check-sat)\n(pop)");
        }
        let Ok(Some(out)) = self.z3.ask(&s, deadline) else {
            return none;
        };
        let answers: Vec<&str> = out.split_whitespace().collect();
        if answers.len() != asked.len() {
            return none;
        }
        answers.iter().map(|a| *a == "unsat").collect()
    }

    /// `(p0 Int) …` for a predicate of `n` arguments.
    fn params(n: usize) -> String {
        (0..n)
            .map(|i| format!("(p{i} Int)"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The conjunction of `name`'s kept candidates.
    fn conjunction(&self, name: &str) -> String {
        let facts: Vec<String> = (self.cands[name].iter().zip(&self.kept[name]))
            .filter(|(_, o)| **o)
            .map(|(c, _)| c.clone())
            .collect();
        crate::engines::horn::encode::and(&facts)
    }

    /// For a model of `c`'s body (its atoms as the kept conjunctions) with its head false:
    /// the head's kept candidates false in it (`None`: no such model; for a clause into the
    /// error, `Some` of nothing when its body is satisfiable).
    fn falsified(&mut self, c: &SClause, deadline: Instant) -> Result<Option<Vec<usize>>, Failure> {
        let mut s = String::from("(set-option :produce-models true)\n");
        let preds: BTreeSet<&str> = (c.atoms.iter().chain(c.head.iter()))
            .map(|a| a.pred.as_str())
            .collect();
        for p in &preds {
            let n = self
                .sys
                .preds
                .iter()
                .find(|q| q.name == *p)
                .map_or(0, |q| q.params.len());
            let body = self.conjunction(p);
            let _ = writeln!(s, "(define-fun {p} ({}) Bool {body})", Self::params(n));
        }
        let head: Vec<usize> = match &c.head {
            Some(h) => (0..self.cands[&h.pred].len())
                .filter(|&k| self.kept[&h.pred][k])
                .collect(),
            None => vec![],
        };
        if let Some(h) = &c.head {
            for &k in &head {
                let _ = writeln!(
                    s,
                    "(define-fun h{k} ({}) Bool {})",
                    Self::params(h.args.len()),
                    self.cands[&h.pred][k]
                );
            }
        }
        for (x, sort) in &c.consts {
            let _ = writeln!(s, "(declare-const {x} {sort})");
        }
        for k in &c.constraints {
            let _ = writeln!(s, "(assert {k})");
        }
        let app = |p: &str, args: &[String]| match args {
            [] => p.to_string(),
            _ => format!("({p} {})", args.join(" ")),
        };
        for a in &c.atoms {
            let _ = writeln!(s, "(assert {})", app(&a.pred, &a.args));
        }
        if let Some(h) = &c.head {
            let _ = writeln!(s, "(assert (not {}))", app(&h.pred, &h.args));
        }
        s.push_str("(check-sat)\n");
        if let Some(h) = c.head.as_ref().filter(|_| !head.is_empty()) {
            let vals: Vec<String> = head
                .iter()
                .map(|k| app(&format!("h{k}"), &h.args))
                .collect();
            let _ = writeln!(s, "(get-value ({}))", vals.join(" "));
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.as_millis() < 50 || crate::base::tools::cancelled() {
            return Err(Failure::Timeout);
        }
        let out = match self.z3.ask(&s, deadline) {
            Ok(Some(out)) => out,
            Ok(None) => return Err(Failure::Timeout),
            Err(e) => return Err(Failure::Solver(e.to_string())),
        };
        read_answer(&out, &head)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_guards_only_over_cells() {
        let roles = [Role::Index, Role::Value, Role::Other, Role::Other];
        let c = candidates(&roles, &[0, 1]);
        assert!(c.contains(&"(=> (<= p0 p2) (= p1 1))".to_string()));
        assert!(!c.iter().any(|f| f.starts_with("(=> (< p2")));
        assert!(c.contains(&"(= p2 (+ p3 1))".to_string()));
    }

    #[test]
    fn too_many_guards_leave_none() {
        let roles = vec![Role::Other; 20];
        let c = candidates(&roles, &[0, 1, 2]);
        assert!(!c.iter().any(|f| f.starts_with("(=>")));
    }
}
