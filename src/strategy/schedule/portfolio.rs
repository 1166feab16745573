//! The stages of `ara check --strategy auto` beside the bug search's steps: the
//! witness-index transformation ([`Step::Witness`]), the refinement loop
//! ([`Step::Refinement`]) and the bug search as one stage ([`Step::Search`]: its own budget
//! and folder), run by [`super::run`] like every other step.
//!
//! Takes the [`Run`] of the schedule; gives each stage's [`Found`] (its verdict and which
//! stage it was) and leaves its whole record in the run's [`Log`]: the witness run and the
//! seed it found (what the refinement loop waits for), the refinement loop's report, the bug
//! search's answer. `strategy::check` reads the log for its report.
//!
//! Soundness is the stages' own: SAFE of the witness stage is a proof of a program that
//! over-approximates the original (its counterexample proves nothing and is UNKNOWN,
//! [`Inconclusive::WitnessTooCoarse`]); the refinement loop and the bug search confirm what
//! they report ([`crate::strategy::cegar`], [`super::settle`]).

use super::{BugFinderAnswer, BugFinderRun, Found, Record, Run, Step};
use crate::abstraction::IndexSets;
use crate::abstraction::witness::{LoopReport, WitnessProgram, witness_program};
use crate::base::error::AraError;
use crate::base::tools;
use crate::engines::bmc::Bmc;
use crate::engines::checkers::{Mode, Verdict};
use crate::engines::verdict::{FinalVerdict, Inconclusive, SafeProof, Subject};
use crate::engines::{self, Budget, EngineVerdict};
use crate::ir::Program;
use crate::strategy::cegar::{self, CegarOptions, CheckReport};
use serde::Serialize;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::time::Instant;

/// The witness part of a check.
#[derive(Clone, Debug, Serialize)]
pub struct WitnessRun {
    /// The checker's answer on the transformed program (none when it was not transformed).
    #[serde(flatten)]
    pub verdict: Option<Verdict>,
    /// Why the program could not be transformed.
    pub rejected: Option<String>,
    /// How each loop was transformed.
    pub loops: Vec<LoopReport>,
    /// The witness indexes of the counterexample: `(array, index)`, the seed of `R`.
    pub seed: Vec<(String, u64)>,
    pub time_s: f64,
}

impl WitnessRun {
    /// The checker's answer, or `not applicable`.
    pub fn verdict_text(&self) -> String {
        match &self.verdict {
            Some(v) => v.to_string(),
            None => "not applicable".into(),
        }
    }
}

/// What the stages of one run left for the later ones and for the report.
#[derive(Debug, Default)]
pub struct Log {
    /// The witness stage's run and its verdict (SAFE, or UNKNOWN with why).
    pub witness: Option<(WitnessRun, FinalVerdict)>,
    /// The witness indexes of the witness counterexample: the refinement loop's seed.
    pub seed: IndexSets,
    /// The refinement loop's report, or its error.
    pub refinement: Option<Result<CheckReport, AraError>>,
    /// The bug search's answer and run (from its start to its answer), or its error.
    pub search: Option<Result<(FinalVerdict, BugFinderRun), AraError>>,
}

/// The report of the refinement loop when it gave none: UNKNOWN with `reason`.
pub fn empty_report(p: &Program, verdict: FinalVerdict, checker_s: f64) -> CheckReport {
    CheckReport {
        file: p.file.clone(),
        verdict,
        iterations: vec![],
        vars: vec![],
        arrays: vec![],
        time_abstraction_s: 0.0,
        time_checker_s: checker_s,
        time_solver_s: 0.0,
        time_total_s: 0.0,
    }
}

/// The witness stage for at most `budget`: its verdict, its run logged with the seed.
pub(super) fn witness(r: &Run<'_>, budget: std::time::Duration) -> Found {
    let (verdict, run, seed) = match run_witness(r.p, r.opts, budget.min(r.left())) {
        Ok(x) => x,
        Err(e) => return Some(Err(e)),
    };
    let mut log = lock(r);
    log.witness = Some((run, verdict.clone()));
    log.seed = seed;
    Some(Ok((verdict, Record::Witness)))
}

/// The refinement loop seeded with the logged seed, with what is left of the time: its
/// verdict (an error of its own is UNKNOWN here, the error itself logged).
pub(super) fn refinement(r: &Run<'_>) -> Found {
    let mut copts = r.opts.clone();
    copts.timeout = r.left();
    {
        let log = lock(r);
        for &a in log.seed.0.keys() {
            for k in log.seed.indexes(r.p, a) {
                copts.seed.insert(a, k);
            }
        }
    }
    // At once, also beside a complete unwinding: that one keeps its core by priority
    // (`schedule::plan`), not by making this one wait. A panic is an unknown of its own,
    // not ara's error.
    let res = catch_unwind(AssertUnwindSafe(|| cegar::check(r.p, &copts))).unwrap_or_else(|e| {
        let message = format!("its thread panicked: {}", tools::panic_message(e.as_ref()));
        let why = Inconclusive::RefinementFailed { message };
        Ok(empty_report(
            r.p,
            FinalVerdict::Unknown { reason: why },
            0.0,
        ))
    });
    tools::trace_event("refinement loop answered");
    let verdict = match &res {
        Ok(report) => report.verdict.clone(),
        Err(e) => FinalVerdict::Unknown {
            reason: Inconclusive::RefinementFailed {
                message: e.to_string(),
            },
        },
    };
    lock(r).refinement = Some(res);
    Some(Ok((verdict, Record::Refinement)))
}

/// The bug search: `plan` with what is left of the time as its budget (in the run's folder,
/// or its `bmc` folder when the files are kept); its answer logged with the time of the
/// whole search.
pub(super) fn search(plan: &Step, r: &Run<'_>) -> Found {
    let res = catch_unwind(AssertUnwindSafe(|| bug_search(plan, r))).unwrap_or_else(|e| {
        let why = format!("its thread panicked: {}", tools::panic_message(e.as_ref()));
        Err(AraError::Internal(why))
    });
    tools::trace_event("bug finder answered");
    let found = match &res {
        Ok((v, run)) => Ok((v.clone(), Record::Search(run.clone()))),
        Err(e) => Err(AraError::Internal(e.to_string())),
    };
    lock(r).search = Some(res);
    Some(found)
}

/// The bug search's steps run within what is left of `r`'s time.
fn bug_search(plan: &Step, r: &Run<'_>) -> Result<(FinalVerdict, BugFinderRun), AraError> {
    let _running = crate::base::progress::begin("bug search");
    let start = Instant::now();
    // Its files apart from the others' when they are kept.
    let dir = match r.opts.keep_dir {
        Some(_) => r.dir.join("bmc"),
        None => r.dir.to_path_buf(),
    };
    std::fs::create_dir_all(&dir).map_err(|e| AraError::Internal(e.to_string()))?;
    let run = Run {
        p: r.p,
        opts: r.opts,
        start,
        budget: r.left(),
        dir: &dir,
        log: r.log,
    };
    // Every plan ends with the checker, which always answers.
    let (verdict, record) = super::run(plan, &run)
        .unwrap_or_else(|| Err(AraError::Internal("the bug search gave no answer".into())))?;
    let Record::Search(mut found) = record else {
        return Err(AraError::Internal(
            "the bug search's plan holds a stage of the portfolio".into(),
        ));
    };
    // The time of the whole search, not of its last step (a proof of the last step at 17 s
    // after 18 s of the earlier steps came 35 s after the search began).
    found.time_s = start.elapsed().as_secs_f64();
    Ok((verdict, found))
}

/// The bug search's record of an error of ara's.
pub fn search_error(e: &AraError) -> BugFinderRun {
    BugFinderRun {
        answer: BugFinderAnswer::Error {
            message: e.to_string(),
        },
        confirmation: None,
        time_s: 0.0,
    }
}

/// The run's log (a stage that panicked holding it left it as it was).
fn lock<'a>(r: &'a Run<'_>) -> std::sync::MutexGuard<'a, Log> {
    r.log
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn work_dir(opts: &CegarOptions) -> Result<(tempfile::TempDir, PathBuf), AraError> {
    engines::work_dir("ara-strategy-", opts.keep_dir.as_deref())
}

/// The witness transformation through the checker: its verdict (SAFE, or UNKNOWN: a
/// counterexample of the witness program is only a lead,
/// [`Inconclusive::WitnessTooCoarse`]), its run, and the seed for the refinement loop from
/// its counterexample.
pub fn run_witness(
    p: &Program,
    opts: &CegarOptions,
    budget: std::time::Duration,
) -> Result<(FinalVerdict, WitnessRun, IndexSets), AraError> {
    let _running = crate::base::progress::begin("witness transformation");
    let t = Instant::now();
    let mut run = WitnessRun {
        verdict: None,
        rejected: None,
        loops: vec![],
        seed: vec![],
        time_s: 0.0,
    };
    let w: WitnessProgram = match witness_program(p) {
        Ok(w) => w,
        Err(e @ AraError::Unsupported { .. }) => {
            run.rejected = Some(e.to_string());
            let reason = Inconclusive::WitnessNotApplicable {
                message: e.to_string(),
            };
            return Ok((FinalVerdict::Unknown { reason }, run, IndexSets::empty()));
        }
        Err(e) => return Err(e),
    };
    run.loops = w.loops.clone();
    let (_work, dir) = work_dir(opts)?;
    let mut copts = opts.checker.clone();
    // No loops: one unwinding explores every path, and a clean run is a proof.
    copts.mode = Mode::Unwind(1);
    if opts.keep_dir.is_some() {
        copts.keep_dir = Some(dir.join("witness-runs"));
    }
    let engine = Bmc::new(
        copts,
        "witness",
        format!(
            "ara check: witness-index transformation of {}\n{}",
            p.file,
            w.summary(p)
        ),
    );
    let budget = Budget {
        timeout: Some(budget),
        keep_dir: Some(dir.clone()),
        ..Budget::default()
    };
    let out = engine.run(&w.program, &budget)?;
    run.verdict = Some(out.outcome.verdict.answer());
    run.time_s = t.elapsed().as_secs_f64();
    let (engine, on) = (out.outcome.engine, Subject::Witness);
    let (verdict, seed) = match out.outcome.verdict {
        EngineVerdict::Proved(how) => (
            FinalVerdict::Safe {
                proof: SafeProof { how, engine, on },
            },
            IndexSets::empty(),
        ),
        EngineVerdict::Counterexample(_) => {
            // The witness indexes the checker chose are in its raw trace.
            let seed = out
                .checker
                .trace
                .as_ref()
                .map(|t| w.seed_from_trace(t))
                .unwrap_or_default();
            let reason = Inconclusive::WitnessTooCoarse;
            (FinalVerdict::Unknown { reason }, seed)
        }
        EngineVerdict::Unknown(reason) => (
            FinalVerdict::Unknown {
                reason: Inconclusive::Engine { engine, on, reason },
            },
            IndexSets::empty(),
        ),
    };
    for &a in seed.0.keys() {
        for k in seed.indexes(p, a) {
            run.seed.push((p.array(a).display.clone(), k));
        }
    }
    Ok((verdict, run, seed))
}
