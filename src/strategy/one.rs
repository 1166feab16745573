//! One engine alone on the original program (`ara check --engine horn-cells`), and the one
//! reading of an engine's answer on the original program as a verdict, which the portfolio's
//! run on the original ([`super::on_original`]) shares.
//!
//! Takes the program, the engine and the check's options; gives a [`StrategyReport`] like the
//! portfolio's (`AnsweredBy::Engine`), so that the answer is explained as every other
//! (`explain`, `--verbose`, `--json`'s `explanation`), and `--witness`/`--playback` work.
//! Nothing new decides a verdict: a proof is the engine's (checked by it, as in the
//! portfolio), a counterexample only a lead, UNSAFE only when `confirm_cex` confirms it on the
//! original program and then, as for every strategy, replayed on the user's file
//! ([`super::on_source`]).

use super::{AnsweredBy, BugFinderAnswer, BugFinderRun, Strategy, StrategyReport, empty_report};
use crate::cegar::CegarOptions;
use crate::engines::concrete::confirm::{ConfirmOptions, Confirmation, confirm_cex};
use crate::engines::{self, Budget, Engine, EngineOutcome, EngineVerdict};
use crate::error::AraError;
use crate::ir::Program;
use crate::ir::cfg::Cfg;
use crate::tools::{self, Limits};
use crate::verdict::{FinalVerdict, Inconclusive, SafeProof, Subject, Unconfirmed};
use std::time::{Duration, Instant};

/// `engine` alone on `p` within `opts.timeout`: its answer as a report.
pub fn check_with(
    p: &Program,
    engine: &dyn Engine,
    requested: Strategy,
    opts: &CegarOptions,
) -> Result<StrategyReport, AraError> {
    let start = Instant::now();
    let pruned = crate::ir::dead::remove_dead_vars(p);
    let p = &pruned;
    let (_tmp, dir) = engines::work_dir("ara-engine-", opts.keep_dir.as_deref())?;
    let budget = Budget {
        timeout: Some(opts.timeout),
        memory_mb: opts.checker.memory_mb,
        cancel: tools::watched(),
        keep_dir: opts.keep_dir.clone(),
    };
    let outcome = engines::race::race(p, &[(engine, budget)])?;
    let what = format!("{} on the original program", engine.name());
    let (mut verdict, run) = settle(p, opts, outcome, &what, start, opts.timeout, &dir)?;
    if let Some(src) = &opts.source {
        super::on_source(p, src, opts, start, &mut verdict);
    }
    let strategy = if verdict.is_definite() {
        AnsweredBy::Engine
    } else {
        AnsweredBy::None
    };
    let mut report = empty_report(p, verdict, run.time_s);
    report.time_total_s = start.elapsed().as_secs_f64();
    Ok(StrategyReport {
        report,
        requested,
        strategy,
        witness: None,
        bug_finder: Some(run),
        source: None,
    })
}

/// An engine's `outcome` on the original `p` as a verdict and the run's record: a proof is
/// SAFE; a counterexample UNSAFE only when confirmed on `p` (within what is left of `budget`
/// since `t`, at least a second), else UNKNOWN with why; `what` names the run in the trace's
/// `confirmed_by`.
pub(super) fn settle(
    p: &Program,
    opts: &CegarOptions,
    outcome: EngineOutcome,
    what: &str,
    t: Instant,
    budget: Duration,
    dir: &std::path::Path,
) -> Result<(FinalVerdict, BugFinderRun), AraError> {
    let (engine, on) = (outcome.engine.clone(), Subject::Original);
    let mut run = BugFinderRun {
        answer: BugFinderAnswer::Engine {
            engine: engine.clone(),
            verdict: outcome.verdict.answer(),
        },
        confirmation: None,
        time_s: 0.0,
    };
    let verdict = match outcome.verdict {
        EngineVerdict::Proved(how) => FinalVerdict::Safe {
            proof: SafeProof { how, engine, on },
        },
        EngineVerdict::Unknown(reason) => FinalVerdict::Unknown {
            reason: Inconclusive::Engine { engine, on, reason },
        },
        EngineVerdict::Counterexample(cex) => {
            let left = budget
                .saturating_sub(t.elapsed())
                .max(Duration::from_secs(1));
            let copts = ConfirmOptions {
                theory: opts.theory,
                limits: Limits {
                    timeout: Some(left),
                    memory_mb: opts.checker.memory_mb,
                },
                dir,
                keep_tag: None,
            };
            let reason = match confirm_cex(p, p, &Cfg::build(p), &cex, &copts)? {
                Confirmation::Confirmed(mut trace) => {
                    trace.confirmed_by = format!("{what}; {}", trace.confirmed_by);
                    run.confirmation = Some(trace.confirmed_by.clone());
                    run.time_s = t.elapsed().as_secs_f64();
                    return Ok((FinalVerdict::Unsafe { trace }, run));
                }
                Confirmation::Infeasible { .. } => Unconfirmed::Infeasible,
                Confirmation::Unconfirmed(why) => why,
            };
            run.confirmation = Some(reason.to_string());
            FinalVerdict::Unknown {
                reason: Inconclusive::Unconfirmed { engine, on, reason },
            }
        }
    };
    run.time_s = t.elapsed().as_secs_f64();
    Ok((verdict, run))
}
