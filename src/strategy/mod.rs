//! The strategies of `ara check`: the witness-index transformation alone, the refinement loop
//! alone, or a portfolio of both with a bounded bug search.
//!
//! Takes a [`Program`], a [`Strategy`] and [`CegarOptions`]; gives a [`StrategyReport`]: the
//! refinement loop's [`CheckReport`] (its JSON fields unchanged) plus which strategy answered.
//!
//! Every strategy is a schedule run by the one runner [`schedule::run`], its report read from
//! what answered and what each stage logged ([`schedule::portfolio::Log`]):
//! - `witness`: [`schedule::Step::Witness`] alone: the transformed program (array-free,
//!   loop-free, an over-approximation) through the checker with one unwinding. SAFE there is
//!   SAFE for the original; UNSAFE there proves nothing (the abstraction may be too coarse)
//!   and is reported as UNKNOWN.
//! - `cegar`: [`schedule::Step::Refinement`] alone: the refinement loop of [`crate::strategy::cegar`].
//! - Whatever answered, an UNSAFE verdict is replayed on the user's own file when
//!   [`CegarOptions::source`] names it (`engines::concrete::playback`: UNSAFE replayed on the source, on
//!   ara's translation with the reason, or UNKNOWN on a front end disagreement).
//! - `auto`: the whole portfolio ([`schedule::auto`], data a reader can print: `ara check
//!   --verbose`): `witness` first; unless it proves
//!   the program, the refinement loop seeded with the witness indexes of the witness
//!   counterexample beside the bug search on the original program (its own plan,
//!   [`schedule::plan`]: its proofs count; its bugs only after the SMT check and the replay
//!   on the original program). The first definite answer wins and the other side is stopped
//!   (its runs killed at once, see [`crate::base::tools`]). A cheap complete unwinding of the
//!   original keeps a core to itself ([`crate::base::tools::yield_to_foreground`]): the portfolio
//!   is then not clearly slower than plain ESBMC, and the refinement loop starts at once on
//!   what the unwinding leaves.

use crate::base::error::AraError;
use crate::engines;
use crate::engines::verdict::{Answerer, FinalVerdict, Inconclusive, Stage, Subject};
use crate::ir::Program;
use crate::strategy::cegar::{CegarOptions, CheckReport};
use crate::strategy::schedule::portfolio::{self, Log, WitnessRun, empty_report};
use crate::strategy::schedule::{BugFinderAnswer, BugFinderRun, Record};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fmt::Write as _;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

pub mod cegar;
pub mod explain;
pub mod one;
pub mod procedures;
pub mod schedule;
pub mod source_check;
pub mod svwitness;

/// Which strategy `ara check` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Strategy {
    Witness,
    Cegar,
    Auto,
}

/// What gave the verdict of `ara check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnsweredBy {
    /// The witness-index transformation.
    Witness,
    /// The refinement loop.
    Cegar,
    /// The bug search on the original program (random testing, then the checker).
    Bmc,
    /// ESBMC on the user's own source (a recursive program: `source_check`).
    Source,
    /// Procedure summaries (a recursive program: `procedures`, the Horn engine's summaries).
    Summaries,
    /// The one engine `--engine` chose, alone on the original program (`strategy::one`).
    Engine,
    /// Nothing: the verdict is UNKNOWN.
    None,
}

impl fmt::Display for AnsweredBy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AnsweredBy::Witness => "witness",
            AnsweredBy::Cegar => "cegar",
            AnsweredBy::Bmc => "bmc",
            AnsweredBy::Source => {
                "source (ESBMC on your source: the front end does not take recursion)"
            }
            AnsweredBy::Summaries => "summaries (Horn clauses with procedure summaries)",
            AnsweredBy::Engine => "engine (the one --engine chose, on the original program)",
            AnsweredBy::None => "none",
        })
    }
}

/// The report of `ara check`: the refinement loop's report (empty when it did not run) and
/// which strategy gave the verdict.
#[derive(Clone, Debug, Serialize)]
pub struct StrategyReport {
    #[serde(flatten)]
    pub report: CheckReport,
    /// The strategy asked for.
    pub requested: Strategy,
    /// What gave the verdict.
    pub strategy: AnsweredBy,
    pub witness: Option<WitnessRun>,
    pub bug_finder: Option<BugFinderRun>,
    /// A recursive program checked on its source (`source_check`): its runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<Vec<crate::engines::verdict::SourceRun>>,
    /// The schedule that ran (`auto`: [`schedule::auto`]), as an outline.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schedule: Option<String>,
}

impl StrategyReport {
    /// The report of a check of `file` with `verdict`, given by `by`, without runs or times
    /// of its own (the caller adds what it measured).
    pub fn of_verdict(
        file: String,
        verdict: FinalVerdict,
        by: AnsweredBy,
        requested: Strategy,
    ) -> StrategyReport {
        StrategyReport {
            report: CheckReport {
                file,
                verdict,
                iterations: vec![],
                vars: vec![],
                arrays: vec![],
                time_abstraction_s: 0.0,
                time_checker_s: 0.0,
                time_solver_s: 0.0,
                time_total_s: 0.0,
            },
            requested,
            strategy: by,
            witness: None,
            bug_finder: None,
            source: None,
            schedule: None,
        }
    }

    /// The report of a check of `file` that gave no answer, for `reason`.
    pub fn unanswered(file: String, reason: Inconclusive, requested: Strategy) -> StrategyReport {
        let verdict = FinalVerdict::Unknown { reason };
        StrategyReport::of_verdict(file, verdict, AnsweredBy::None, requested)
    }
}

/// Runs `ara check` with a strategy. `opts.timeout` bounds the whole check. Variables
/// nothing reads are removed first ([`crate::ir::dead`]: same paths, same inputs).
pub fn check(
    p: &Program,
    strategy: Strategy,
    opts: &CegarOptions,
) -> Result<StrategyReport, AraError> {
    let start = Instant::now();
    let pruned = crate::ir::dead::remove_dead_vars(p);
    let p = &pruned;
    let plan = match strategy {
        Strategy::Cegar => schedule::Step::Refinement,
        Strategy::Witness => schedule::Step::Witness(schedule::ALL),
        Strategy::Auto => schedule::auto(p),
    };
    let mut rep = run_plan(p, strategy, &plan, opts, start)?;
    if let Some(src) = &opts.source {
        on_source(p, src, opts, start, &mut rep.report.verdict);
    }
    rep.report.time_total_s = start.elapsed().as_secs_f64();
    Ok(rep)
}

/// Time the replay on the user's file gets at least (even past the check's limit: the
/// verdict is found, and a replay that runs out of time keeps it), and at most.
pub(crate) const SOURCE_REPLAY_MIN: Duration = Duration::from_secs(3);
pub(crate) const SOURCE_REPLAY_MAX: Duration = Duration::from_secs(60);

/// An UNSAFE verdict replayed on the user's file too (`engines::concrete::playback`, its soundness):
/// UNSAFE replayed on the source, UNSAFE replayed on ara's translation (why not on the
/// source), or UNKNOWN when the source does not reach the error on every input of the run.
fn on_source(
    p: &Program,
    src: &engines::concrete::playback::SourceOptions,
    opts: &CegarOptions,
    start: Instant,
    verdict: &mut FinalVerdict,
) {
    let FinalVerdict::Unsafe { trace } = verdict else {
        return;
    };
    let left = opts.timeout.saturating_sub(start.elapsed());
    let deadline = Instant::now() + left.clamp(SOURCE_REPLAY_MIN, SOURCE_REPLAY_MAX);
    let d = match engines::work_dir("ara-playback-", opts.keep_dir.as_deref()) {
        Ok((_tmp, dir)) => {
            crate::strategy::svwitness::playback::confirm_on_source(p, src, trace, &dir, deadline)
        }
        Err(e) => engines::concrete::playback::Decision::OnTranslation { why: e.to_string() },
    };
    engines::concrete::playback::settle(verdict, d);
}

/// Runs `plan` (the schedule of `requested`: [`schedule::auto`], or the one stage of
/// `witness` or `cegar`) by the one runner [`schedule::run`]; the report from what answered
/// and what each stage logged.
fn run_plan(
    p: &Program,
    requested: Strategy,
    plan: &schedule::Step,
    opts: &CegarOptions,
    start: Instant,
) -> Result<StrategyReport, AraError> {
    let log = Mutex::new(Log::default());
    let (_work, dir) = engines::work_dir("ara-strategy-", opts.keep_dir.as_deref())?;
    let run = schedule::Run {
        p,
        opts,
        start,
        budget: opts.timeout,
        dir: &dir,
        log: &log,
    };
    let found = schedule::run(plan, &run);
    let outline = (requested == Strategy::Auto).then(|| plan.outline());
    let log = log.into_inner().unwrap_or_else(PoisonError::into_inner);
    report_of_run(p, requested, found, log, outline)
}

/// The report of a run: the witness stage's proof ends it (the stage runs first); else the
/// first definite answer of the others (all sound: they cannot disagree), or UNKNOWN with the
/// reason of every stage that ran. An error of ara's in a stage without a log of its own
/// (the witness stage), or of the refinement loop when nothing answered, is the check's error.
fn report_of_run(
    p: &Program,
    requested: Strategy,
    found: schedule::Found,
    log: Log,
    schedule: Option<String>,
) -> Result<StrategyReport, AraError> {
    let winner = match found {
        Some(Ok((v, record))) if v.is_definite() => Some((v, record)),
        Some(Err(e)) if log.witness.is_none() && log.refinement.is_none() => return Err(e),
        _ => None,
    };
    let mut rep = StrategyReport {
        report: empty_report(p, no_answer(), 0.0),
        requested,
        strategy: AnsweredBy::None,
        witness: None,
        bug_finder: None,
        source: None,
        schedule,
    };
    let witness_why = match log.witness {
        Some((wrun, FinalVerdict::Unknown { reason })) => {
            rep.report.time_checker_s = wrun.time_s;
            rep.witness = Some(wrun);
            Some(reason)
        }
        Some((wrun, proof)) => {
            rep.report = empty_report(p, proof, wrun.time_s);
            rep.strategy = AnsweredBy::Witness;
            rep.witness = Some(wrun);
            return Ok(rep);
        }
        None => None,
    };
    let mut search_why = None;
    match log.search {
        Some(Ok((v, r))) => {
            if let FinalVerdict::Unknown { reason } = v {
                search_why = Some(Box::new(reason));
            }
            rep.bug_finder = Some(r);
        }
        Some(Err(e)) => rep.bug_finder = Some(portfolio::search_error(&e)),
        None => {}
    }
    // A refinement loop that failed is an unknown of its own when another stage answered.
    let refinement = match log.refinement {
        Some(Ok(r)) => Some(r),
        Some(Err(e)) if winner.is_some() || witness_why.is_some() => {
            let why = Inconclusive::RefinementFailed {
                message: e.to_string(),
            };
            Some(empty_report(p, FinalVerdict::Unknown { reason: why }, 0.0))
        }
        Some(Err(e)) => return Err(e),
        None => None,
    };
    let refinement_ran = refinement.is_some();
    if let Some(mut r) = refinement {
        r.time_checker_s += rep.report.time_checker_s;
        rep.report = r;
    }
    match winner {
        Some((_, Record::Refinement)) => rep.strategy = AnsweredBy::Cegar,
        Some((v, _)) => {
            rep.report.verdict = v;
            rep.strategy = AnsweredBy::Bmc;
        }
        None => {
            let own = match &rep.report.verdict {
                FinalVerdict::Unknown { reason } => reason.clone(),
                _ => unreachable!("not definite"),
            };
            let reason = match witness_why {
                // The refinement loop ran after the witness stage (`auto`).
                Some(w) if refinement_ran => Inconclusive::Portfolio {
                    witness: Box::new(w),
                    refinement: Box::new(own),
                    bounded_search: search_why,
                },
                Some(w) => w,
                None => own,
            };
            rep.report.verdict = FinalVerdict::Unknown { reason };
        }
    }
    Ok(rep)
}

/// UNKNOWN of a stage that gave no answer.
fn no_answer() -> FinalVerdict {
    let message = "no answer".into();
    FinalVerdict::Unknown {
        reason: Inconclusive::RefinementFailed { message },
    }
}

impl StrategyReport {
    /// What gave the verdict, in words (none for UNKNOWN): the stage that answered (its
    /// [`AnsweredBy`], and for the bug search the record of its step) with the engine and
    /// the program of its proof.
    pub fn answered_by(&self) -> Option<Answerer> {
        let (engine, on) = match &self.report.verdict {
            FinalVerdict::Safe { proof } => (Some(proof.engine.clone()), proof.on.clone()),
            FinalVerdict::Unsafe { .. } => (None, Subject::Original),
            FinalVerdict::Unknown { .. } => return None,
        };
        let stage = match self.strategy {
            AnsweredBy::None => return None,
            AnsweredBy::Witness => Stage::Witness,
            AnsweredBy::Cegar => Stage::Refinement,
            AnsweredBy::Bmc => match self.bug_finder.as_ref().map(|b| &b.answer) {
                Some(BugFinderAnswer::RandomTesting) => Stage::RandomTesting,
                Some(BugFinderAnswer::Engine { engine, .. }) => {
                    let engine = Some(engine.clone());
                    let stage = Stage::BugSearch;
                    return Some(Answerer { stage, engine, on });
                }
                _ => Stage::BugSearch,
            },
            AnsweredBy::Source => {
                let (stage, on) = (Stage::Source, Subject::Source);
                let engine = Some(engine.unwrap_or_else(|| "esbmc".into()));
                return Some(Answerer { stage, engine, on });
            }
            AnsweredBy::Summaries => Stage::Summaries,
            AnsweredBy::Engine => Stage::Engine,
        };
        Some(Answerer { stage, engine, on })
    }

    /// The report as JSON: its fields and what answered, in words too (`answered_by`).
    pub fn to_json(&self) -> serde_json::Value {
        let mut j = serde_json::to_value(self).unwrap_or_default();
        if let Some(a) = self.answered_by() {
            let mut by = serde_json::to_value(&a).unwrap_or_default();
            by["text"] = a.to_string().into();
            j["answered_by"] = by;
        }
        j
    }

    /// The report for people: the verdict, the strategy that gave it, then how.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let cegar_ran = !self.report.iterations.is_empty();
        let full = self.report.to_text();
        let mut lines = full.lines();
        if let Some(first) = lines.next() {
            let _ = writeln!(out, "{first}");
        }
        let _ = writeln!(out, "strategy: {}", self.strategy);
        if let Some(a) = self.answered_by() {
            let _ = writeln!(out, "answered by: {a}");
        }
        if let Some(s) = &self.schedule {
            let _ = writeln!(out, "schedule:");
            for l in s.lines() {
                let _ = writeln!(out, "  {l}");
            }
        }
        if cegar_ran {
            // The verdict's own lines and the loop's details.
            for l in lines {
                let _ = writeln!(out, "{l}");
            }
        } else if matches!(self.report.verdict, FinalVerdict::Unsafe { .. })
            || matches!(self.strategy, AnsweredBy::Summaries)
        {
            // The error trace, or the procedure summaries in C.
            for l in lines.take_while(|l| !l.starts_with("iterations:")) {
                let _ = writeln!(out, "{l}");
            }
        }
        if let Some(w) = &self.witness {
            let _ = writeln!(out, "witness: {} ({:.2} s)", w.verdict_text(), w.time_s);
            if let Some(r) = &w.rejected {
                let _ = writeln!(out, "  {r}");
            }
            for l in &w.loops {
                let _ = write!(out, "  loop at line {}: {:?}", l.line, l.form);
                if let Some(i) = &l.iterator {
                    let _ = write!(out, ", iterator {i}");
                }
                if !l.havocked.is_empty() {
                    let _ = write!(out, ", havocked {}", l.havocked.join(" "));
                }
                out.push('\n');
            }
            if !w.seed.is_empty() {
                let seed: Vec<String> = w.seed.iter().map(|(a, k)| format!("{a}[{k}]")).collect();
                let _ = writeln!(out, "  seed from its counterexample: {}", seed.join(" "));
            }
        }
        if let Some(b) = &self.bug_finder {
            let _ = writeln!(out, "bounded search: {} ({:.2} s)", b.answer, b.time_s);
            if let Some(c) = &b.confirmation {
                let _ = writeln!(out, "  {c}");
            }
        }
        if let Some(runs) = &self.source {
            for r in runs {
                let _ = writeln!(out, "  {r}");
            }
            if let Some(w) = crate::engines::verdict::verdict_words(&self.report.verdict) {
                let _ = writeln!(out, "{w}");
            }
        }
        if !cegar_ran {
            let _ = writeln!(out, "time: total {:.2} s", self.report.time_total_s);
        }
        out
    }
}
