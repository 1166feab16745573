//! One engine alone on the original program (`ara check --engine horn-cells`), and the one
//! reading of an engine's answer on the original program as a verdict, which the portfolio's
//! run on the original ([`crate::strategy::schedule`]) shares.
//!
//! Takes the program, the engine and the check's options; gives a [`StrategyReport`] like the
//! portfolio's (`AnsweredBy::Engine`), so that the answer is explained as every other
//! (`explain`, `--verbose`, `--json`'s `explanation`), and `--witness`/`--playback` work.
//! Nothing new decides a verdict: a proof is the engine's (checked by it, as in the
//! portfolio), a counterexample only a lead, UNSAFE only when `confirm_cex` confirms it on the
//! original program and then, as for every strategy, replayed on the user's file
//! ([`super::on_source`]).

use super::{AnsweredBy, Strategy, StrategyReport, empty_report};
use crate::base::error::AraError;
use crate::base::tools;
use crate::engines::{self, Budget, Engine};
use crate::ir::Program;
use crate::strategy::cegar::CegarOptions;
use crate::strategy::schedule::settle;
use std::time::Instant;

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
        schedule: None,
    })
}
