//! Facts of a template invariant that the others imply, left out before ara's bit-vector
//! check: one Z3 run in integers.
//!
//! Takes the interpretations of the predicates (conjunctions of facts over the parameters
//! `p0 … pn-1`, the parameters' integer sorts) and gives each conjunction without the facts
//! that its other facts imply *in integers*, by one Z3 run for all of them within a deadline
//! (on any failure a conjunction stays as it was). Why: Houdini keeps every candidate that
//! is inductive, and the greatest inductive subset holds many facts that say the same thing
//! again (`s <= 3·i` and `3·i - s >= 0`, `i <= 1000000` beside `i <= N`, `N <= 1000000`),
//! each of them bit-blasted at each atom of each clause. Measured (release build, load about
//! 40 on 2 cores, `bench-suite/everyn/acc_bounded_for_malloc_safe.c`): the consecution of the
//! summing loop under the guessed invariant (26 facts) took 7.4 to 8 s of CPU in the
//! bit-blasted check, the same without the 12 implied facts 1.7 s.
//!
//! ## Order
//!
//! The facts are taken in order of preference: first the comparisons of a parameter with a
//! literal (`p0 <= 1000000`; they stay, whatever implies them: [`super::certify`] narrows the
//! widths of the other facts with them), then the others shortest first. A fact is left out
//! when the facts before it imply it (`unsat` of their conjunction with its negation, each
//! query under a time limit; `sat`, `unknown` or no answer keep it).
//!
//! ## Soundness
//!
//! Every fact left out is implied by facts before it, each of which stays or is itself
//! implied by facts before *it*: by induction on the order, the facts that stay imply every
//! fact left out, so the conjunction is the same formula over the integers. The bit-vector
//! translation of [`super::certify`] is exact over the C values (its module doc), which are
//! integers, so it is the same formula there too, and the check decides as it would have on
//! the whole conjunction. And the step is no part of the proof anyway: whatever is left is
//! what ara checks; a fact wrongly left out could only make the check fail.

use crate::base::tools::{Ending, Limits, run};
use crate::engines::smt::sexp::Sexp;
use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

/// A conjunction with more facts than this is left whole (its queries would cost more than
/// its check: the two-cell templates of the sorts keep over a thousand).
const MAX_FACTS: usize = 300;

/// Each query's limit, in milliseconds (products of parameters make some of them hard).
const QUERY_MS: u32 = 500;

/// The longest the run may take.
const MAX_RUN: Duration = Duration::from_secs(5);

/// `bodies` (one conjunction per predicate, over parameters of the sorts `sorts`) without
/// their facts that earlier facts imply (module doc), Z3 `z3` running until `deadline` at
/// the latest.
pub(super) fn implied_out(
    z3: &Path,
    sorts: &[&str],
    bodies: Vec<Sexp>,
    deadline: Instant,
) -> Vec<Sexp> {
    let ordered: Vec<Option<Vec<Sexp>>> = bodies
        .iter()
        .map(|b| Some(order(conjuncts(b))).filter(|f| f.len() > 1 && f.len() <= MAX_FACTS))
        .collect();
    let script = script(sorts, &ordered);
    let left = deadline
        .saturating_duration_since(Instant::now())
        .min(MAX_RUN);
    if left < Duration::from_millis(100) || ordered.iter().all(Option::is_none) {
        return bodies;
    }
    let limits = Limits {
        timeout: Some(left),
        memory_mb: None,
    };
    let args = vec!["-in".to_string(), "-smt2".to_string()];
    let answers: Vec<String> = match run(z3, &args, None, Some(&script), &limits) {
        Ok(out) if out.ending != Ending::TimedOut => {
            out.stdout.split_whitespace().map(String::from).collect()
        }
        _ => return bodies,
    };
    let mut next = answers.iter();
    let mut out = vec![];
    for (body, facts) in bodies.into_iter().zip(ordered) {
        let Some(facts) = facts else {
            out.push(body);
            continue;
        };
        let mut kept = vec![];
        let mut complete = true;
        for (k, f) in facts.iter().enumerate() {
            if k < first_checked(&facts) {
                kept.push(f.clone());
                continue;
            }
            match next.next().map(String::as_str) {
                Some("unsat") => {}
                Some(_) => kept.push(f.clone()),
                None => complete = false,
            }
        }
        out.push(if complete { and(kept) } else { body });
    }
    out
}

/// The top-level conjuncts of `s` (itself when it is no `and`).
fn conjuncts(s: &Sexp) -> Vec<Sexp> {
    match s.list() {
        Some([Sexp::Atom(h), xs @ ..]) if h == "and" => xs.iter().flat_map(conjuncts).collect(),
        _ => vec![s.clone()],
    }
}

fn and(mut facts: Vec<Sexp>) -> Sexp {
    match facts.len() {
        0 => Sexp::Atom("true".into()),
        1 => facts.remove(0),
        _ => {
            let mut l = vec![Sexp::Atom("and".into())];
            l.extend(facts);
            Sexp::List(l)
        }
    }
}

/// Whether `s` compares a parameter with a literal (`(<= p0 1000000)`).
fn is_bound(s: &Sexp) -> bool {
    let literal = |x: &Sexp| match x {
        Sexp::Atom(a) => a.parse::<i128>().is_ok(),
        Sexp::List(l) => matches!(l.as_slice(), [Sexp::Atom(m), Sexp::Atom(n)]
            if m == "-" && n.parse::<i128>().is_ok()),
    };
    let param = |x: &Sexp| x.atom().is_some_and(|a| a.starts_with('p'));
    match s.list() {
        Some([Sexp::Atom(op), x, y]) if ["<", "<=", ">", ">=", "="].contains(&op.as_str()) => {
            (param(x) && literal(y)) || (literal(x) && param(y))
        }
        _ => false,
    }
}

/// The facts in order of preference: the bounds, then the others shortest first.
fn order(facts: Vec<Sexp>) -> Vec<Sexp> {
    let (mut bounds, mut rest): (Vec<Sexp>, Vec<Sexp>) = facts.into_iter().partition(is_bound);
    rest.sort_by_key(|f| f.to_string().len());
    bounds.extend(rest);
    bounds
}

/// How many facts of an ordered list are bounds (asserted without a query).
fn first_checked(facts: &[Sexp]) -> usize {
    facts.iter().take_while(|f| is_bound(f)).count()
}

/// The script: per conjunction (in its own scope), each fact after the bounds queried
/// against those before it, then asserted.
fn script(sorts: &[&str], ordered: &[Option<Vec<Sexp>>]) -> String {
    let mut s = format!("(set-option :timeout {QUERY_MS})\n");
    for (i, sort) in sorts.iter().enumerate() {
        let _ = writeln!(s, "(declare-const p{i} {sort})");
    }
    for facts in ordered.iter().flatten() {
        s.push_str("(push 1)\n");
        for (k, f) in facts.iter().enumerate() {
            if k >= first_checked(facts) {
                let _ = writeln!(s, "(push 1)\n(assert (not {f}))\n(check-sat)\n(pop 1)");
            }
            let _ = writeln!(s, "(assert {f})");
        }
        s.push_str("(pop 1)\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::smt::sexp::parse_all;

    fn facts(s: &str) -> Vec<Sexp> {
        conjuncts(&parse_all(s).unwrap()[0])
    }

    #[test]
    fn bounds_first_then_the_shortest() {
        let got = order(facts(
            "(and (>= (- (* 3 p2) p3) 0) (<= p0 1000000) (<= p3 (* 3 p2)) (>= p2 (- 1)))",
        ));
        let got: Vec<String> = got.iter().map(|f| f.to_string()).collect();
        assert_eq!(
            got,
            vec![
                "(<= p0 1000000)",
                "(>= p2 (- 1))",
                "(<= p3 (* 3 p2))",
                "(>= (- (* 3 p2) p3) 0)"
            ]
        );
        assert_eq!(first_checked(&order(facts("(and (<= p0 1) (< p1 p0))"))), 1);
    }

    #[test]
    fn the_script_queries_each_fact_after_the_bounds() {
        // Two bounds (no query), two other facts (a query each).
        let ordered = vec![Some(order(facts(
            "(and (<= p0 5) (< p1 p0) (< p1 6) (<= (- p1 p0) 0))",
        )))];
        let s = script(&["Int", "Int"], &ordered);
        assert_eq!(s.matches("(check-sat)").count(), 2, "{s}");
        assert!(s.contains("(assert (not (< p1 p0)))"), "{s}");
    }

    #[test]
    fn z3_leaves_out_what_the_facts_before_imply() {
        let Ok(z3) = crate::base::tools::find_tool(crate::base::tools::Tool::Z3, None) else {
            return; // no Z3 here: nothing to run
        };
        let body = parse_all("(and (<= p0 5) (<= (- p1 p0) 0) (< p1 p0) (< p1 6))").unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        let got = implied_out(&z3, &["Int", "Int"], body, deadline);
        assert_eq!(got[0].to_string(), "(and (<= p0 5) (< p1 6) (< p1 p0))");
    }
}
