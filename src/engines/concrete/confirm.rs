//! Confirming an engine's counterexample on the original program: the one way to UNSAFE.
//!
//! Takes the original [`Program`] (never an abstraction: the trace formula must describe the
//! program the verdict is about), a CFG path and [`ConfirmOptions`]; gives a [`Confirmation`]:
//! - `Confirmed`: the path's trace formula Φ(τ, P) is satisfiable *and* the original program,
//!   compiled with gcc and fed the model's inputs (`engines::concrete::replay`), reaches the error;
//! - `Infeasible`: Φ(τ, P) is unsatisfiable, with the query and its unsat core (the input of
//!   the refinement);
//! - `Unconfirmed`: neither (not an error path of the CFG, the solver gave up, the replay did
//!   not reach the error), with the typed reason. A lead stays a lead.
//!
//! Every caller (the refinement loop, the bounded search on the original program) goes
//! through [`confirm`] (or [`confirm_cex`]), so an engine's trace is never taken as a verdict
//! by itself.
//!
//! [`confirm_cex`] first replays the input values an engine gives with its counterexample,
//! when the engine checked the original program itself (then its nondets are the original's,
//! read in the same order): a run of the original program, compiled with gcc, that reaches
//! the error is UNSAFE whatever the values' origin (that is all a replay shows, and all
//! UNSAFE needs). Otherwise, or when that run does not reach the error, the path goes through
//! the trace formula and the model's replay as above.

use super::{ConcreteTrace, InputValue, describe_path, replay};
use crate::base::error::AraError;
use crate::base::tools::Limits;
use crate::engines::Counterexample;
use crate::engines::smt::{Model, Query, SolverAnswer, Theory, encode_path, solve};
use crate::engines::verdict::Unconfirmed;
use crate::ir::cfg::Cfg;
use crate::ir::{Program, VERTEX_ERROR, Vertex};
use std::path::Path;
use std::time::Duration;

/// How to confirm.
#[derive(Clone, Debug)]
pub struct ConfirmOptions<'a> {
    pub theory: Theory,
    /// Limits of the solver run.
    pub limits: Limits,
    /// Where the replay's program and binary are written.
    pub dir: &'a Path,
    /// Also write the query (`query{tag}.smt2`) and a satisfying model (`answer{tag}.txt`)
    /// to `dir`, e.g. `_3` for iteration 3.
    pub keep_tag: Option<String>,
}

/// What became of a counterexample.
#[derive(Clone, Debug)]
pub enum Confirmation {
    /// A run of the original program that reaches the error.
    Confirmed(ConcreteTrace),
    /// The path is not executable in the original program: the query and the names of its
    /// conjuncts in an unsat core (not minimised).
    Infeasible { query: Query, core: Vec<String> },
    /// Neither: why.
    Unconfirmed(Unconfirmed),
}

/// Checks `path` (of the CFG `cfg` of `original`) on the original program. Errors are ara's
/// own faults (an encoding failure, a missing solver); everything the solver and the replay
/// answer is a [`Confirmation`].
pub fn confirm(
    original: &Program,
    cfg: &Cfg,
    path: &[Vertex],
    opts: &ConfirmOptions,
) -> Result<Confirmation, AraError> {
    if path.last() != Some(&VERTEX_ERROR) || !cfg.is_path(path) {
        return Ok(Confirmation::Unconfirmed(Unconfirmed::NotAnErrorPath {
            path: path.to_vec(),
        }));
    }
    let query = encode_path(original, cfg, path, opts.theory)?;
    let keep = |stem: &str, ext: &str, text: &str| {
        if let Some(tag) = &opts.keep_tag {
            let _ = std::fs::write(opts.dir.join(format!("{stem}{tag}.{ext}")), text);
        }
    };
    keep("query", "smt2", &query.text);
    Ok(match solve(&query, &opts.limits)? {
        SolverAnswer::Sat(model) => {
            keep("answer", "txt", &format!("sat\n{model:#?}\n"));
            match replay::confirm(original, cfg, path, &query, &model, opts.dir) {
                Ok(trace) => confirmed(trace),
                Err(detail) => Confirmation::Unconfirmed(Unconfirmed::ReplayFailed { detail }),
            }
        }
        SolverAnswer::Unsat { core } => Confirmation::Infeasible { query, core },
        SolverAnswer::Unknown(detail) => {
            Confirmation::Unconfirmed(Unconfirmed::SolverUnknown { detail })
        }
    })
}

/// A confirmed trace, reported to [`crate::base::progress`].
fn confirmed(trace: ConcreteTrace) -> Confirmation {
    crate::base::progress::answer(
        crate::base::progress::Lead::Confirmed,
        "a run of the program reaches the error (confirmed)",
    );
    Confirmation::Confirmed(trace)
}

/// Longest a replay of an engine's input values may compile or run.
const INPUTS_REPLAY_LIMIT: Duration = Duration::from_secs(30);

/// Confirms an engine's counterexample found on `checked` (the original program, an
/// abstraction or a witness program of it): its input values replayed on the original when
/// `checked` is the original, then [`confirm`] on its path.
pub fn confirm_cex(
    original: &Program,
    checked: &Program,
    cfg: &Cfg,
    cex: &Counterexample,
    opts: &ConfirmOptions,
) -> Result<Confirmation, AraError> {
    if let Some(inputs) = cex.inputs.as_deref().filter(|_| checked == original)
        && cex.path.last() == Some(&VERTEX_ERROR)
        && cfg.is_path(&cex.path)
        && replay::replay(
            original,
            inputs,
            &Model::default(),
            opts.dir,
            INPUTS_REPLAY_LIMIT,
        )
        .is_ok()
    {
        return Ok(confirmed(inputs_trace(original, cfg, cex, inputs)));
    }
    confirm(original, cfg, &cex.path, opts)
}

/// The trace of a replay of an engine's input values.
fn inputs_trace(p: &Program, cfg: &Cfg, cex: &Counterexample, inputs: &[i128]) -> ConcreteTrace {
    ConcreteTrace {
        path: cex.path.clone(),
        steps: describe_path(p, cfg, &cex.path)
            .lines()
            .map(String::from)
            .collect(),
        inputs: inputs
            .iter()
            .enumerate()
            .map(|(k, &value)| InputValue {
                what: format!("input {}", k + 1),
                value,
            })
            .collect(),
        nondet_values: inputs.to_vec(),
        initial_values: Model::default(),
        replayed_on: super::ReplayedOn::Translation,
        not_on_source: None,
        confirmed_by: "replay: the original program, compiled with gcc with the engine's input \
                       values (uninitialised locals zero), reaches the error"
            .into(),
    }
}
