//! Programs with recursion: ESBMC on the source beside the Horn engine's procedure summaries.
//!
//! Takes what [`source_check::check`] takes and the program's procedural form
//! ([`ProcProgram`], `frontend::load_procedures`; `None` when the front end cannot give it);
//! gives a [`StrategyReport`]. The two run side by side, each in its own thread with its
//! own cancellation: the first definite answer wins and stops the other; when one is
//! unknown the other is waited for, within the same time limit.
//!
//! Soundness: each side is sound on its own. `source_check` says SAFE only from a complete
//! unwinding and UNSAFE only from gcc's replay on the user's file (its module doc); the
//! summary engine says only SAFE, and only after ara's bit-vector check of every clause
//! with the solver's interpretation (`engines::horn::summary`). The race only chooses
//! which answer to report.

use crate::cegar::CheckReport;
use crate::checkers::CheckOptions;
use crate::engines::concrete::playback::SourceOptions;
use crate::engines::horn::summary::{self, SummaryOutcome};
use crate::engines::{LoopInvariant, Proof};
use crate::error::AraError;
use crate::ir::procs::ProcProgram;
use crate::source_check;
use crate::strategy::{AnsweredBy, Strategy, StrategyReport};
use crate::tools::{self, CancelFlag, Limits, Tool};
use crate::verdict::{FinalVerdict, SafeProof, Subject};
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A program with at least this many call sites goes this way too, recursive or not: one
/// summary per procedure instead of a copy per call (20,000 calls of a three-line `swap()`
/// were UNKNOWN after 30 s inlined).
pub const MANY_CALLS: usize = 2000;

/// The answer of one side of the race.
enum Side {
    Source(Box<Result<StrategyReport, AraError>>),
    Summaries(Result<SummaryOutcome, AraError>),
}

/// `ara check` on a recursive program (module doc).
pub fn check(
    src: &SourceOptions,
    checker: &CheckOptions,
    timeout: Duration,
    keep_dir: Option<&Path>,
    requested: Strategy,
    procs: Option<ProcProgram>,
) -> Result<StrategyReport, AraError> {
    let Some(pp) = procs else {
        return source_check::check(src, checker, timeout, keep_dir, requested);
    };
    let start = Instant::now();
    let Ok(z3) = tools::find_tool(Tool::Z3, None) else {
        return source_check::check(src, checker, timeout, keep_dir, requested);
    };
    let (stop_source, stop_summaries) = (CancelFlag::default(), CancelFlag::default());
    let (tx, rx) = mpsc::channel::<Side>();
    std::thread::scope(|sc| {
        let (tx1, stop) = (tx.clone(), stop_source.clone());
        let source = tools::spawn_deep_scoped(sc, "source", move || {
            tools::watch_cancel(Some(stop));
            let r = source_check::check(src, checker, timeout, keep_dir, requested);
            let _ = tx1.send(Side::Source(Box::new(r)));
        });
        let (tx2, stop) = (tx.clone(), stop_summaries.clone());
        let pp = &pp;
        let z3 = &z3;
        let summaries = tools::spawn_deep_scoped(sc, "summaries", move || {
            tools::watch_cancel(Some(stop));
            let limits = Limits {
                timeout: Some(timeout),
                memory_mb: None,
            };
            let _ = tx2.send(Side::Summaries(summary::prove(z3, pp, &limits)));
        });
        drop(tx);
        if source.is_err() || summaries.is_err() {
            stop_source.cancel();
            stop_summaries.cancel();
        }
        let mut from_source = None;
        let mut proved = None;
        for side in rx.iter() {
            match side {
                Side::Summaries(Ok(SummaryOutcome::Proved(s))) => {
                    stop_source.cancel();
                    proved = Some(s);
                    break;
                }
                Side::Summaries(_) => {}
                Side::Source(r) => {
                    let definite = matches!(&*r, Ok(rep) if rep.report.verdict.is_definite());
                    from_source = Some(*r);
                    if definite {
                        stop_summaries.cancel();
                        break;
                    }
                }
            }
        }
        if let Some(s) = proved {
            return Ok(summaries_report(src, pp, s, requested, start));
        }
        match from_source {
            Some(r) => r,
            None => source_check::check(src, checker, Duration::ZERO, keep_dir, requested),
        }
    })
}

/// The report of a proof by summaries: each summary as a C formula at its procedure's line.
fn summaries_report(
    src: &SourceOptions,
    pp: &ProcProgram,
    summaries: Vec<(String, String)>,
    requested: Strategy,
    start: Instant,
) -> StrategyReport {
    let invariants = summaries
        .into_iter()
        .map(|(head, c)| {
            let line = (pp.procs.iter())
                .find(|f| head.starts_with(&format!("{}(", f.name)))
                .map_or(0, |f| f.span.line);
            LoopInvariant {
                vertex: 0,
                line,
                c_expr: format!("summary {head}: {c}"),
            }
        })
        .collect();
    let proof = SafeProof {
        how: Proof::InductiveInvariant {
            found_by: "spacer-summaries".into(),
            invariants,
        },
        engine: "spacer".into(),
        on: Subject::Original,
    };
    let elapsed = start.elapsed().as_secs_f64();
    StrategyReport {
        report: CheckReport {
            file: src.file.display().to_string(),
            verdict: FinalVerdict::Safe { proof },
            iterations: vec![],
            vars: vec![],
            arrays: vec![],
            time_abstraction_s: 0.0,
            time_checker_s: 0.0,
            time_solver_s: elapsed,
            time_total_s: elapsed,
        },
        requested,
        strategy: AnsweredBy::Summaries,
        witness: None,
        bug_finder: None,
        source: None,
    }
}
