//! A CFG path from Spacer's derivation of the error.
//!
//! Takes the bit-vector [`HornSystem`] and the derivation Z3 printed (hyper-resolution steps
//! whose conclusions are ground facts `inv_v(values)`); gives the path of the CFG it stands
//! for. Only the sequence of cut points is read from the derivation (values may come from
//! the integer clauses, or from sliced arguments); the clauses entry → v1 → … → vk → error
//! of the bit-vector system are then chained (constants renamed per step, each step's
//! arguments equal to the previous step's results) and solved, and each block's path is read
//! back from its edge constants (`t<u>_<v>`, exactly one true edge into each vertex reached).
//! When the chain is infeasible in C semantics there is no path: `Err`. The path is a lead
//! for the caller's trace formula and replay, never a verdict.

use super::certify::expand_lets;
use super::encode::{Clause, HornSystem, and};
use crate::base::tools::{Ending, Limits, run};
use crate::engines::smt::entry_vertex;
use crate::engines::smt::sexp::rename;
use crate::engines::smt::sexp::{Sexp, Value, parse_all};
use crate::ir::cfg::Cfg;
use crate::ir::{IntType, Program, VERTEX_ERROR, Vertex};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

/// The cut points derived, in the order of the derivation (entry side first).
pub fn chain(sys: &HornSystem, items: &[Sexp]) -> Vec<Vertex> {
    let mut out = Vec::new();
    for it in items {
        walk(sys, &expand_lets(it), &mut out);
    }
    out
}

/// Post-order over hyper-resolution steps: premises before their conclusion.
fn walk(sys: &HornSystem, s: &Sexp, out: &mut Vec<Vertex>) {
    let Some(l) = s.list() else { return };
    let is_step = matches!(l.first().and_then(|h| h.list()),
        Some([Sexp::Atom(u), Sexp::Atom(r), ..]) if u == "_" && r == "hyper-res");
    let end = if is_step { l.len() - 1 } else { l.len() };
    for x in &l[1.min(l.len())..end] {
        walk(sys, x, out);
    }
    if is_step {
        let concl = &l[l.len() - 1];
        let name = match concl {
            Sexp::Atom(a) => Some(a.as_str()),
            Sexp::List(c) => c.first().and_then(|h| h.atom()),
        };
        // Z3 may slice a predicate's arguments and rename it (`inv_2!slice!1`).
        let base = name.map(|n| n.split('!').next().unwrap_or(n));
        if let Some(p) = base.and_then(|n| sys.preds.iter().find(|p| p.name == n)) {
            out.push(p.vertex);
        }
    }
}

/// Short chains of cut points from the entry to the error in the clause graph, shortest first
/// (at most `max` of them, of at most `depth` cut points): the candidates tried when a
/// derivation names no cut points (Z3 prints no hyper-resolution steps for predicates without
/// arguments). Each is only a candidate: [`path`] must find it feasible in the clauses.
pub fn short_chains(sys: &HornSystem, depth: usize, max: usize) -> Vec<Vec<Vertex>> {
    let mut out = Vec::new();
    let mut frontier: Vec<(Option<Vertex>, Vec<Vertex>)> = vec![(None, vec![])];
    for _ in 0..=depth {
        let mut next = Vec::new();
        for (from, chain) in &frontier {
            for c in sys.clauses.iter().filter(|c| c.from == *from) {
                match c.to {
                    None => out.push(chain.clone()),
                    Some(v) => {
                        let mut longer = chain.clone();
                        longer.push(v);
                        next.push((Some(v), longer));
                    }
                }
                if out.len() >= max {
                    return out;
                }
            }
        }
        frontier = next;
    }
    out
}

/// The clauses of the chain entry → cuts[0] → … → error.
fn chain_clauses<'a>(sys: &'a HornSystem, cuts: &[Vertex]) -> Result<Vec<&'a Clause>, String> {
    let mut ends: Vec<Option<Vertex>> = cuts.iter().map(|&v| Some(v)).collect();
    ends.push(None);
    let mut from = None;
    let mut out = Vec::new();
    for to in ends {
        let c = sys
            .clauses
            .iter()
            .find(|c| c.from == from && c.to == to)
            .ok_or_else(|| format!("no clause {from:?} -> {to:?} for the derivation"))?;
        out.push(c);
        from = to;
    }
    Ok(out)
}

/// Renames the constants of clause `c` for step `j` (`s3!x@1`).
fn renamer(c: &Clause, j: usize) -> HashMap<String, String> {
    c.consts
        .iter()
        .map(|(n, _)| (n.clone(), format!("s{j}!{n}")))
        .collect()
}

fn renamed(term: &str, map: &HashMap<String, String>) -> Result<String, String> {
    let items = parse_all(term).map_err(|e| format!("cannot read {term}: {e}"))?;
    Ok(items
        .iter()
        .map(|s| rename(s, map).to_string())
        .collect::<Vec<_>>()
        .join(" "))
}

/// The chained formula, and the renamed edge terms of each step.
fn chain_script(clauses: &[&Clause]) -> Result<(String, Vec<Vec<String>>), String> {
    let mut s = String::new();
    let mut edge_terms = Vec::new();
    let mut prev_post: Vec<String> = vec![];
    for (j, c) in clauses.iter().enumerate() {
        let map = renamer(c, j);
        for (n, sort) in &c.consts {
            let _ = writeln!(s, "(declare-const {} {sort})", map[n]);
        }
        let mut parts = Vec::new();
        for k in &c.constraints {
            parts.push(renamed(k, &map)?);
        }
        for (a, b) in c.pre.iter().zip(&prev_post) {
            parts.push(format!("(= {} {b})", map[a]));
        }
        let _ = writeln!(s, "; step {j}\n(assert {})", and(&parts));
        prev_post = c
            .post
            .iter()
            .map(|t| renamed(t, &map))
            .collect::<Result<_, _>>()?;
        edge_terms.push(
            c.edges
                .iter()
                .map(|(_, _, t)| renamed(t, &map))
                .collect::<Result<_, _>>()?,
        );
    }
    Ok((s, edge_terms))
}

/// A path found in the bit-vector clauses, with the values of the nondets read along it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub path: Vec<Vertex>,
    /// The nondet values in the order the path reads them (a lead for the replay: `None`
    /// when the model does not give them all).
    pub inputs: Option<Vec<i128>>,
}

/// The nondets of clause `c` at step `j`: (vertex, renamed constant, type), in encoding order.
fn step_nondets(sys: &HornSystem, c: &Clause, j: usize) -> Vec<(Vertex, String, IntType)> {
    let map = renamer(c, j);
    sys.nondets
        .iter()
        .filter_map(|n| map.get(&n.name).map(|r| (n.vertex, r.clone(), n.ty)))
        .collect()
}

/// The CFG path of the derivation's cut points `cuts`, solved in bit-vectors, with the
/// values of the nondets along it.
pub fn path(
    z3: &Path,
    p: &Program,
    sys: &HornSystem,
    cuts: &[Vertex],
    limits: &Limits,
) -> Result<Found, String> {
    let clauses = chain_clauses(sys, cuts)?;
    let (mut script, edge_terms) = chain_script(&clauses)?;
    let nondets: Vec<Vec<(Vertex, String, IntType)>> = clauses
        .iter()
        .enumerate()
        .map(|(j, c)| step_nondets(sys, c, j))
        .collect();
    let all: Vec<&String> = edge_terms
        .iter()
        .flatten()
        .chain(nondets.iter().flatten().map(|(_, n, _)| n))
        .collect();
    script.push_str("(check-sat)\n");
    if !all.is_empty() {
        let ts: Vec<&str> = all.iter().map(|s| s.as_str()).collect();
        let _ = writeln!(script, "(get-value ({}))", ts.join(" "));
    }
    let values = solve_values(z3, &script, all.len(), limits)?;
    let n_edges: usize = edge_terms.iter().map(Vec::len).sum();
    let truth: Vec<bool> = values[..n_edges]
        .iter()
        .map(|v| match v {
            Value::Bool(b) => Ok(*b),
            v => Err(format!("an edge term has the value {v:?}")),
        })
        .collect::<Result<_, _>>()?;
    let mut nd_values = values[n_edges..].iter();
    let mut k = 0;
    let mut path = Vec::new();
    let mut inputs = Some(Vec::new());
    let mut start = entry_vertex(&p.body, p.exit_vertex());
    for ((c, terms), nds) in clauses.iter().zip(&edge_terms).zip(&nondets) {
        let taken: Vec<bool> = truth[k..k + terms.len()].to_vec();
        k += terms.len();
        let target = c.to.unwrap_or(VERTEX_ERROR);
        let block = block_path(c, start, target, &taken)?;
        let vals: Vec<Option<i128>> = nds
            .iter()
            .map(|(_, _, ty)| c_value(nd_values.next(), *ty, p))
            .collect();
        // The nondets of the vertices the block runs, in the order it runs them.
        for u in &block {
            for ((v, _, _), val) in nds.iter().zip(&vals) {
                if v == u {
                    inputs = inputs.and_then(|mut i| {
                        i.push((*val)?);
                        Some(i)
                    });
                }
            }
        }
        path.extend(block);
        start = target;
    }
    path.push(VERTEX_ERROR);
    let cfg = Cfg::build(p);
    if !cfg.is_path(&path) {
        return Err(format!("{path:?} is not a path of the CFG"));
    }
    Ok(Found { path, inputs })
}

/// A model's value of a nondet of type `ty`, as C reads it.
fn c_value(v: Option<&Value>, ty: IntType, p: &Program) -> Option<i128> {
    match v? {
        Value::Bv { bits, .. } => Some(ty.wrap(i128::try_from(*bits).ok()?, p.data_model)),
        Value::Int(i) => Some(ty.wrap(*i, p.data_model)),
        Value::Bool(b) => Some(i128::from(*b)),
    }
}

/// The vertices of the block of `c` from `start` up to (not including) `target`.
fn block_path(
    c: &Clause,
    start: Vertex,
    target: Vertex,
    taken: &[bool],
) -> Result<Vec<Vertex>, String> {
    if c.from.is_none() && start == target {
        return Ok(vec![]); // the entry is itself a cut point
    }
    let mut rev = Vec::new();
    let mut v = target;
    for _ in 0..=c.edges.len() {
        let (u, _, _) = c
            .edges
            .iter()
            .zip(taken)
            .find(|((_, w, _), t)| *w == v && **t)
            .map(|(e, _)| e)
            .ok_or_else(|| format!("no edge taken into vertex {v}"))?;
        rev.push(*u);
        if *u == start {
            rev.reverse();
            return Ok(rev);
        }
        v = *u;
    }
    Err("the edges taken do not lead back to the block's start".into())
}

/// Runs the chained formula: the values of the `n` terms asked for.
fn solve_values(z3: &Path, script: &str, n: usize, limits: &Limits) -> Result<Vec<Value>, String> {
    let out = run(
        z3,
        &["-in".into(), "-smt2".into()],
        None,
        Some(script),
        limits,
    )
    .map_err(|e| e.to_string())?;
    if out.ending == Ending::TimedOut {
        return Err("the path query timed out".into());
    }
    let items = parse_all(&out.stdout).map_err(|e| format!("unreadable answer: {e}"))?;
    match items.first().and_then(|i| i.atom()) {
        Some("sat") => {}
        Some("unsat") => return Err("the derivation is infeasible in C semantics".into()),
        _ => {
            let e = items.iter().find(|i| i.is_error());
            return Err(format!("path query answered {:?}", e.or(items.first())));
        }
    }
    if let Some(e) = items.iter().find(|i| i.is_error()) {
        return Err(format!("z3 rejected the path query: {e}"));
    }
    if n == 0 {
        return Ok(vec![]);
    }
    let pairs = items
        .get(1)
        .and_then(|i| i.list())
        .ok_or("no values in the answer")?;
    let vals: Vec<Value> = pairs
        .iter()
        .map(|pr| {
            pr.list()
                .and_then(|l| l.get(1))
                .and_then(Value::parse)
                .ok_or_else(|| format!("cannot read the value {pr}"))
        })
        .collect::<Result<_, String>>()?;
    if vals.len() != n {
        return Err(format!("{} values for {n} terms", vals.len()));
    }
    Ok(vals)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::smt::Theory;
    use crate::frontend::{FrontendOptions, parse_source};

    #[test]
    fn sliced_predicates_are_cut_points() {
        let p = parse_source(
            "extern void reach_error(void); int main() { int i = 0; \
             while (i < 3) i++; if (i == 3) reach_error(); return 0; }",
            "t.c",
            &FrontendOptions::default(),
        )
        .unwrap();
        let sys = super::super::encode::encode(&p, Theory::Lia).unwrap();
        let pred = sys.preds[0].clone();
        // Z3's derivation after slicing: the predicate renamed, fewer arguments.
        let text = format!(
            "((_ hyper-res 0 0 0) ((_ hyper-res 0 0) (asserted true) ({n}!slice!1 0)) \
             (asserted true) ({n}!slice!1 1))",
            n = pred.name
        );
        let items = parse_all(&text).unwrap();
        assert_eq!(chain(&sys, &items), vec![pred.vertex, pred.vertex]);
    }
}
