//! Running Z3 on trace formulas.
//!
//! Takes a [`Query`] (from `encode`) and [`Limits`]; runs `z3 -in -smt2` (found by
//! `tools::find_tool`) with the script on stdin, and gives a [`SolverAnswer`]: a [`Model`]
//! (nondet values in path order, free initial values) when the path is feasible, the unsat core
//! (conjunct names) when it is not, or the solver's reason for `unknown` (timeouts included).
//! [`forced_value`] asks whether some conjuncts force a term to a single value.

use super::encode::{Conjunct, ConjunctKind, NondetUse, Query};
use super::sexp::{Sexp, Value, parse_all};
use crate::base::error::AraError;
use crate::base::tools::{Ending, Limits, Tool, find_tool, run};
use crate::ir::{ArrId, IntType, VarId};

/// What the solver says about a trace formula.
#[derive(Clone, Debug, PartialEq)]
pub enum SolverAnswer {
    /// Feasible: a model of the formula.
    Sat(Model),
    /// Infeasible: the names of the conjuncts of an unsat core.
    Unsat { core: Vec<String> },
    /// The solver gave up (its reason, or `timeout`).
    Unknown(String),
}

/// The inputs of a feasible path.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Model {
    /// Nondet values, in the order they are evaluated along the path.
    pub nondets: Vec<NondetValue>,
    /// Initial values of the free (uninitialised local) scalars read along the path.
    pub vars: Vec<VarValue>,
    /// Initial contents of free arrays at the indexes read along the path.
    pub arrays: Vec<ArrayValue>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct NondetValue {
    pub nondet: NondetUse,
    /// The value, as its C type reads it.
    pub value: i128,
}

#[derive(Clone, Debug, PartialEq)]
pub struct VarValue {
    pub var: VarId,
    pub value: i128,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ArrayValue {
    pub array: ArrId,
    pub index: i128,
    pub value: i128,
}

/// Solves the whole trace formula.
pub fn solve(q: &Query, limits: &Limits) -> Result<SolverAnswer, AraError> {
    solve_filtered(q, &|_| true, true, limits)
}

/// [`solve`] without the unsat core (`Unsat { core: [] }`): for questions that need only the
/// answer, it saves the slower named run.
pub fn solve_without_core(q: &Query, limits: &Limits) -> Result<SolverAnswer, AraError> {
    solve_filtered(q, &|_| true, false, limits)
}

/// Solves the conjuncts of the path prefix `path[..n]` (initial values included): is the path
/// feasible up to (not including) step `n`?
pub fn solve_prefix(q: &Query, n: usize, limits: &Limits) -> Result<SolverAnswer, AraError> {
    solve_filtered(q, &|c| c.step < n, true, limits)
}

/// Solves only the named conjuncts.
pub fn solve_subset(
    q: &Query,
    names: &[String],
    limits: &Limits,
) -> Result<SolverAnswer, AraError> {
    check_names(q, names)?;
    solve_filtered(q, &|c| names.contains(&c.name), true, limits)
}

/// A smaller unsat core: Z3's core minimisation run on the core's conjuncts only (cheap, where
/// minimising over the whole formula can take many seconds). Falls back to `core` when the
/// solver does not finish within `limits` or the answer is not unsat.
pub fn minimize_core(q: &Query, core: &[String], limits: &Limits) -> Result<Vec<String>, AraError> {
    check_names(q, core)?;
    let base = q.script_with(&|c| core.contains(&c.name));
    let script = base.replacen(
        "(set-option :produce-unsat-cores true)\n",
        "(set-option :produce-unsat-cores true)\n(set-option :smt.core.minimize true)\n",
        1,
    );
    let Some(reply) = run_z3(&format!("{script}(check-sat)\n(get-unsat-core)\n"), limits)? else {
        return Ok(core.to_vec());
    };
    if reply.status != "unsat" {
        return Ok(core.to_vec());
    }
    let names: Vec<String> = reply
        .rest
        .first()
        .and_then(|s| s.list())
        .map(|l| {
            l.iter()
                .filter_map(|x| x.atom().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    Ok(if names.is_empty() {
        core.to_vec()
    } else {
        names
    })
}

/// Do the conjuncts `assumed` force `term` (an SMT term over the query's constants, e.g. an
/// [`super::ArrayRead::index_term`]) to a single value? Gets a value k from a model of `assumed`
/// and checks that `assumed ∧ term ≠ k` is unsat: `Some(k)` (bit-vectors read as signed), else
/// `None` (also when `assumed` is itself unsat or the solver gives up).
pub fn forced_value(
    q: &Query,
    assumed: &[String],
    term: &str,
    limits: &Limits,
) -> Result<Option<i128>, AraError> {
    check_names(q, assumed)?;
    let base = q.script_plain(&|c| assumed.contains(&c.name));
    let first = run_z3(
        &format!("{base}(check-sat)\n(get-value ({term}))\n"),
        limits,
    )?;
    let Some(Reply { status, rest }) = first else {
        return Ok(None);
    };
    if status != "sat" {
        return Ok(None);
    }
    let values = value_list(&rest, 1)?;
    let k = values[0];
    let second = run_z3(
        &format!(
            "{base}(assert (not (= {term} {})))\n(check-sat)\n",
            k.to_smt()
        ),
        limits,
    )?;
    Ok(match second {
        Some(r) if r.status == "unsat" => Some(k.signed()),
        _ => None,
    })
}

/// [`forced_value`] for a term evaluated at path step `step` (an array read of a conjunct with
/// that step): assumes only the conjuncts of `assumed` that come before it (initial values and
/// steps < `step`), which is what decides the term's value there. Typical use: `assumed` is an
/// unsat core (itself unsat, so it forces nothing), `term` the index of a read in the core.
pub fn forced_value_before(
    q: &Query,
    assumed: &[String],
    step: usize,
    term: &str,
    limits: &Limits,
) -> Result<Option<i128>, AraError> {
    check_names(q, assumed)?;
    let before: Vec<String> = assumed
        .iter()
        .filter(|n| {
            q.conjunct(n)
                .is_some_and(|c| c.step < step || c.kind == ConjunctKind::Init)
        })
        .cloned()
        .collect();
    forced_value(q, &before, term, limits)
}

fn check_names(q: &Query, names: &[String]) -> Result<(), AraError> {
    match names.iter().find(|n| q.conjunct(n).is_none()) {
        Some(n) => Err(AraError::Internal(format!("no conjunct named {n}"))),
        None => Ok(()),
    }
}

/// What is asked for after `(check-sat)` to build a [`Model`].
enum Wanted {
    Nondet(usize),
    Var(usize),
    /// Index then element of a free array (two consecutive terms).
    Elem(usize),
}

fn solve_filtered(
    q: &Query,
    keep: &dyn Fn(&Conjunct) -> bool,
    want_core: bool,
    limits: &Limits,
) -> Result<SolverAnswer, AraError> {
    let mut terms: Vec<String> = Vec::new();
    let mut wanted = Vec::new();
    // Only the nondets evaluated by kept conjuncts (a prefix leaves the later ones out).
    let kept_steps: Vec<usize> = q
        .conjuncts
        .iter()
        .filter(|c| keep(c))
        .map(|c| c.step)
        .collect();
    for (i, n) in q.nondets.iter().enumerate() {
        if !kept_steps.contains(&n.step) {
            continue;
        }
        terms.push(n.name.clone());
        wanted.push(Wanted::Nondet(i));
    }
    for (i, v) in q.free_vars.iter().enumerate() {
        terms.push(v.name.clone());
        wanted.push(Wanted::Var(i));
    }
    let mut seen: Vec<(ArrId, &str)> = Vec::new();
    for c in q.conjuncts.iter().filter(|c| keep(c)) {
        for r in c.reads.iter().chain(&c.writes) {
            let Some(fi) = q.free_arrays.iter().position(|f| f.array == r.array) else {
                continue;
            };
            if seen.contains(&(r.array, r.index_term.as_str())) {
                continue;
            }
            seen.push((r.array, &r.index_term));
            terms.push(r.index_term.clone());
            terms.push(format!(
                "(select {} {})",
                q.free_arrays[fi].name, r.index_term
            ));
            wanted.push(Wanted::Elem(fi));
        }
    }
    // First without names (fast); the names only to get a core of an unsat formula.
    let mut script = q.script_plain(keep);
    script.push_str("(check-sat)\n(get-info :reason-unknown)\n");
    if !terms.is_empty() {
        script.push_str(&format!("(get-value ({}))\n", terms.join(" ")));
    }
    let Some(Reply { status, rest }) = run_z3(&script, limits)? else {
        let why = if crate::base::tools::cancelled() {
            "stopped: another strategy answered first"
        } else {
            "timeout"
        };
        return Ok(SolverAnswer::Unknown(why.into()));
    };
    if status == "unsat" && !want_core {
        return Ok(SolverAnswer::Unsat { core: vec![] });
    }
    let (status, rest) = if status == "unsat" {
        // Z3's default solver with named assertions cannot eliminate the path's equations first
        // (a 1200-conjunct trace: over 100 s); this tactic does, and still tracks the names
        // (0.2 s). Its core is not minimal (`minimize_core` is the next step). The default
        // solver is the fallback when the tactic gives up.
        let named = q.script_with(keep);
        let tactic =
            format!("{named}(check-sat-using (then simplify solve-eqs smt))\n(get-unsat-core)\n");
        match run_z3(&tactic, limits)? {
            Some(r) if r.status == "unsat" => (r.status, r.rest),
            _ => {
                let plain =
                    format!("{named}(check-sat)\n(get-unsat-core)\n(get-info :reason-unknown)\n");
                let Some(Reply { status, rest }) = run_z3(&plain, limits)? else {
                    return Ok(SolverAnswer::Unknown("timeout (unsat core)".into()));
                };
                (status, rest)
            }
        }
    } else {
        (status, rest)
    };
    match status.as_str() {
        "sat" => {
            let values = if terms.is_empty() {
                vec![]
            } else {
                value_list(&rest, terms.len())?
            };
            let mut model = Model::default();
            let mut k = 0;
            for w in wanted {
                match w {
                    Wanted::Nondet(i) => {
                        let n = &q.nondets[i];
                        model.nondets.push(NondetValue {
                            nondet: n.clone(),
                            value: as_c(values[k], n.ty),
                        });
                        k += 1;
                    }
                    Wanted::Var(i) => {
                        let v = &q.free_vars[i];
                        model.vars.push(VarValue {
                            var: v.var,
                            value: as_c(values[k], v.ty),
                        });
                        k += 1;
                    }
                    Wanted::Elem(i) => {
                        let a = &q.free_arrays[i];
                        let index = values[k].signed();
                        let value = as_c(values[k + 1], a.elem);
                        k += 2;
                        if !model
                            .arrays
                            .iter()
                            .any(|x| x.array == a.array && x.index == index)
                        {
                            model.arrays.push(ArrayValue {
                                array: a.array,
                                index,
                                value,
                            });
                        }
                    }
                }
            }
            Ok(SolverAnswer::Sat(model))
        }
        "unsat" => {
            let core = rest
                .iter()
                .filter(|s| !s.is_error())
                .find_map(|s| {
                    let l = s.list()?;
                    let names: Option<Vec<String>> =
                        l.iter().map(|x| x.atom().map(String::from)).collect();
                    names.filter(|n| n.first().is_none_or(|h| !h.starts_with(':')))
                })
                .ok_or_else(|| failed(format!("no unsat core in the answer: {}", show(&rest))))?;
            Ok(SolverAnswer::Unsat { core })
        }
        _ => {
            let reason = rest
                .iter()
                .find_map(|s| match s.list()? {
                    [Sexp::Atom(k), Sexp::Atom(r)] if k == ":reason-unknown" => Some(r.clone()),
                    _ => None,
                })
                .unwrap_or_else(|| "unknown".into());
            Ok(SolverAnswer::Unknown(reason))
        }
    }
}

/// A value as its C type reads it.
fn as_c(v: Value, ty: IntType) -> i128 {
    match v {
        Value::Bv { .. } if ty == IntType::Bool => (v.unsigned() != 0) as i128,
        Value::Bv { .. } if ty.is_signed() => v.signed(),
        Value::Bv { .. } => v.unsigned(),
        _ => v.signed(),
    }
}

fn failed(msg: String) -> AraError {
    AraError::ToolFailed {
        tool: "z3".into(),
        msg,
    }
}

fn show(xs: &[Sexp]) -> String {
    let s: Vec<String> = xs.iter().map(|x| x.to_string()).collect();
    let s = s.join(" ");
    if s.len() > 500 {
        format!("{}...", &s[..s.floor_char_boundary(500)])
    } else {
        s
    }
}

/// The values of a `(get-value ...)` answer of `n` terms.
fn value_list(rest: &[Sexp], n: usize) -> Result<Vec<Value>, AraError> {
    let pairs = rest
        .iter()
        .filter(|s| !s.is_error())
        .find_map(|s| {
            let l = s.list()?;
            l.iter()
                .all(|x| x.list().is_some_and(|p| p.len() == 2))
                .then_some(l)
        })
        .ok_or_else(|| failed(format!("no values in the answer: {}", show(rest))))?;
    if pairs.len() != n {
        return Err(failed(format!(
            "{} values for {n} terms: {}",
            pairs.len(),
            show(rest)
        )));
    }
    pairs
        .iter()
        .map(|p| {
            let v = &p.list().expect("checked")[1];
            Value::parse(v).ok_or_else(|| failed(format!("cannot read the value {v}")))
        })
        .collect()
}

/// The answer to `(check-sat)` and everything printed after it.
struct Reply {
    status: String,
    rest: Vec<Sexp>,
}

/// Runs Z3 on a script; `None` on timeout. Errors printed before the answer (the script was
/// rejected) are failures; errors after it come from questions that do not apply to the answer
/// (`get-unsat-core` after `sat`) and are ignored.
fn run_z3(script: &str, limits: &Limits) -> Result<Option<Reply>, AraError> {
    let z3 = find_tool(Tool::Z3, None)?;
    let args = vec!["-in".to_string(), "-smt2".to_string()];
    let out = run(&z3, &args, None, Some(script), limits)?;
    // Where solver time goes, for tuning: ARA_DEBUG_SMT=1 prints each call's time.
    if std::env::var_os("ARA_DEBUG_SMT").is_some() {
        eprintln!(
            "z3: {:.3} s, {:?}, {} bytes",
            out.elapsed.as_secs_f64(),
            out.ending,
            script.len()
        );
    }
    match out.ending {
        Ending::TimedOut => return Ok(None),
        Ending::Signaled(s) => {
            return Err(failed(format!(
                "killed by signal {s}: {}",
                out.stderr.trim()
            )));
        }
        Ending::Exited(_) => {}
    }
    let items = parse_all(&out.stdout)
        .map_err(|e| failed(format!("unreadable answer ({e}): {}", out.stdout)))?;
    let mut errors = Vec::new();
    for (i, it) in items.iter().enumerate() {
        if it.is_error() {
            errors.push(it.to_string());
            continue;
        }
        if let Some(a @ ("sat" | "unsat" | "unknown")) = it.atom() {
            if !errors.is_empty() {
                return Err(failed(format!(
                    "rejected the script: {}",
                    errors.join("; ")
                )));
            }
            return Ok(Some(Reply {
                status: a.to_string(),
                rest: items[i + 1..].to_vec(),
            }));
        }
    }
    Err(failed(format!(
        "no answer: {} {}",
        out.stdout.trim(),
        out.stderr.trim()
    )))
}
