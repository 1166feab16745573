//! Engines: one question, asked of an [`ir::Program`](crate::ir::Program) within a budget.
//!
//! Takes a program (an original, an index-set abstraction or a witness program: all share the
//! CFG vertex numbering of the original) and a [`Budget`]; gives an [`EngineOutcome`]: proved
//! (with how), a counterexample as a CFG path (a *lead*, to be confirmed on the original
//! program before it can become UNSAFE), or unknown with a typed [`UnknownReason`].
//!
//! The bounded checkers ([`bmc::Bmc`]: ESBMC, CBMC; emit C with vertex markers, run, map the
//! `ara_loc` trace) and the Horn-clause engine (`horn`: Z3 Spacer, SAFE only with an invariant
//! ara has checked itself) implement [`Engine`]. [`confirm::confirm`] is the one way a
//! counterexample becomes UNSAFE: its path's trace formula on the original program, then the
//! replay of the model's inputs.

pub mod bmc;
pub mod checkers;
pub mod concrete;
pub mod horn;
pub mod proof;
pub mod race;
pub mod smt;
pub mod unwind;
pub mod verdict;

use crate::base::error::AraError;
use crate::base::tools::CancelFlag;
use crate::engines::checkers::{UnknownReason, Verdict};
use crate::ir::{Program, Vertex};
pub use proof::{LoopInvariant, ProcedureSummary, Proof};
use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Runs `verdict` (given its start) with `budget`'s cancel flag watched by this thread's runs,
/// and the caller's watch restored afterwards (an engine run in the caller's thread must not
/// leave it unwatched); the outcome names `engine` and the time taken.
pub fn timed_outcome(
    engine: &str,
    budget: &Budget,
    verdict: impl FnOnce(std::time::Instant) -> Result<EngineVerdict, AraError>,
) -> Result<EngineOutcome, AraError> {
    let start = std::time::Instant::now();
    let watch = crate::base::tools::watching(budget.cancel.clone());
    let verdict = verdict(start);
    drop(watch);
    Ok(EngineOutcome {
        verdict: verdict?,
        engine: engine.into(),
        time_s: start.elapsed().as_secs_f64(),
    })
}

/// A folder for an engine's (or a strategy's) files: `keep` (created) when given, else a fresh
/// temporary folder (prefix `prefix`), deleted when the returned guard is dropped.
pub fn work_dir(
    prefix: &str,
    keep: Option<&Path>,
) -> Result<(tempfile::TempDir, PathBuf), AraError> {
    let work = tempfile::Builder::new()
        .prefix(prefix)
        .tempdir()
        .map_err(|e| AraError::Internal(format!("cannot create a temporary directory: {e}")))?;
    let dir = match keep {
        Some(d) => {
            std::fs::create_dir_all(d).map_err(|e| AraError::Input {
                file: d.display().to_string(),
                msg: format!("cannot create: {e}"),
            })?;
            d.to_path_buf()
        }
        None => work.path().to_path_buf(),
    };
    Ok((work, dir))
}

/// How long an engine may run and where it may leave files.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Wall-clock limit of this engine run (all its subprocesses together).
    pub timeout: Option<Duration>,
    /// Address-space limit of each subprocess.
    pub memory_mb: Option<u64>,
    /// Set by another thread to stop the engine early (its outcome is then
    /// `Unknown(Cancelled)`).
    pub cancel: Option<CancelFlag>,
    /// Keep the engine's inputs and outputs (C files, Horn clauses, solver answers) here.
    pub keep_dir: Option<PathBuf>,
}

/// A counterexample of an engine: a path of the original CFG ending in the error vertex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Counterexample {
    pub path: Vec<Vertex>,
    /// The values of the nondeterministic inputs in the order they are read, where the
    /// engine gives them (a lead for the replay, never evidence by itself).
    pub inputs: Option<Vec<i128>>,
}

/// What an engine answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum EngineVerdict {
    Proved(Proof),
    Counterexample(Counterexample),
    Unknown(UnknownReason),
}

impl EngineVerdict {
    /// The answer without the counterexample's path: SAFE (how), UNSAFE (a lead), UNKNOWN (why).
    pub fn answer(&self) -> Verdict {
        match self {
            EngineVerdict::Proved(how) => Verdict::Safe { how: how.clone() },
            EngineVerdict::Counterexample(_) => Verdict::Unsafe,
            EngineVerdict::Unknown(reason) => Verdict::unknown(reason.clone()),
        }
    }
}

impl fmt::Display for EngineVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.answer().fmt(f)
    }
}

/// An engine's answer with its cost.
#[derive(Clone, Debug, Serialize)]
pub struct EngineOutcome {
    pub verdict: EngineVerdict,
    /// Which engine answered (`esbmc`, `cbmc`, `spacer`).
    pub engine: String,
    pub time_s: f64,
}

/// A procedure that decides (or tries to) whether the error vertex of a program is reachable.
pub trait Engine: Send + Sync {
    /// The engine's name in reports (`esbmc`, `cbmc`, `spacer`).
    fn name(&self) -> &'static str;
    /// Checks `p`. Errors are faults of ara's own making or a missing tool; everything the
    /// tools answer (timeouts, crashes, `unknown`) is an [`EngineVerdict::Unknown`].
    fn check(&self, p: &Program, budget: &Budget) -> Result<EngineOutcome, AraError>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::checkers::UnknownReason;

    #[test]
    fn an_engine_run_in_the_callers_thread_restores_its_watch() {
        let caller = CancelFlag::default();
        crate::base::tools::watch_cancel(Some(caller.clone()));
        let own = Budget {
            cancel: Some(CancelFlag::default()),
            ..Budget::default()
        };
        let o = timed_outcome("e", &own, |_| {
            // The engine's own flag is watched while it runs.
            assert!(!crate::base::tools::cancelled());
            own.cancel.as_ref().unwrap().cancel();
            assert!(crate::base::tools::cancelled());
            Ok(EngineVerdict::Unknown(UnknownReason::Cancelled))
        })
        .unwrap();
        assert_eq!(o.engine, "e");
        // Afterwards the caller's flag again.
        assert!(!crate::base::tools::cancelled());
        caller.cancel();
        assert!(crate::base::tools::cancelled());
        crate::base::tools::watch_cancel(None);
    }
}
