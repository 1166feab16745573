//! The strategies of `ara check`: the witness-index transformation alone, the refinement loop
//! alone, or a portfolio of both with a bounded bug search.
//!
//! Takes a [`Program`], a [`Strategy`] and [`CegarOptions`]; gives a [`StrategyReport`]: the
//! refinement loop's [`CheckReport`] (its JSON fields unchanged) plus which strategy answered.
//!
//! - `witness`: the transformed program (array-free, loop-free, an over-approximation) through
//!   the checker with one unwinding. SAFE there is SAFE for the original; UNSAFE there proves
//!   nothing (the abstraction may be too coarse) and is reported as UNKNOWN.
//! - `cegar`: the refinement loop of [`crate::cegar`].
//! - Whatever answered, an UNSAFE verdict is replayed on the user's own file when
//!   [`CegarOptions::source`] names it (`engines::concrete::playback`: UNSAFE replayed on the source, on
//!   ara's translation with the reason, or UNKNOWN on a front end disagreement).
//! - `auto`: `witness` first; unless it proves the program, the refinement loop seeded with the
//!   witness indexes of the witness counterexample and, in a second thread, the bug search on
//!   the original program, whose schedule is data ([`crate::schedule`]: its proofs count; its
//!   bugs only after the SMT check and the replay on the original program). The first
//!   definite answer wins and the other thread is stopped (its runs killed at once, see
//!   [`tools`]). A cheap complete unwinding of the original keeps a core to itself
//!   ([`tools::yield_to_foreground`]): the portfolio is then not clearly slower than plain
//!   ESBMC, and the refinement loop starts at once on what the unwinding leaves.

use crate::abstraction::IndexSets;
use crate::abstraction::witness::{LoopReport, WitnessProgram, witness_program};
use crate::cegar::{self, CegarOptions, CheckReport};
use crate::checkers::{Mode, Verdict};
use crate::engines::bmc::Bmc;
use crate::engines::{self, Budget, EngineVerdict};
use crate::error::AraError;
use crate::ir::Program;
use crate::schedule::{self, BugFinderAnswer, BugFinderRun};
use crate::tools::{self, CancelFlag};
use crate::verdict::{FinalVerdict, Inconclusive, SafeProof, Subject};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub mod one;

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
    pub source: Option<Vec<crate::verdict::SourceRun>>,
}

impl StrategyReport {
    /// The report of a check of `file` that gave no answer, for `reason`.
    pub fn unanswered(file: String, reason: Inconclusive, requested: Strategy) -> StrategyReport {
        StrategyReport {
            report: CheckReport {
                file,
                verdict: FinalVerdict::Unknown { reason },
                iterations: vec![],
                vars: vec![],
                arrays: vec![],
                time_abstraction_s: 0.0,
                time_checker_s: 0.0,
                time_solver_s: 0.0,
                time_total_s: 0.0,
            },
            requested,
            strategy: AnsweredBy::None,
            witness: None,
            bug_finder: None,
            source: None,
        }
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
    let mut rep = match strategy {
        Strategy::Cegar => {
            let report = cegar::check(p, opts)?;
            let answered = report.verdict.is_definite();
            StrategyReport {
                report,
                requested: strategy,
                strategy: if answered {
                    AnsweredBy::Cegar
                } else {
                    AnsweredBy::None
                },
                witness: None,
                bug_finder: None,
                source: None,
            }
        }
        Strategy::Witness => {
            let (verdict, run, _) = run_witness(p, opts, start)?;
            let verdict = match verdict {
                WitnessVerdict::Safe(proof) => FinalVerdict::Safe { proof },
                WitnessVerdict::Unknown(reason) => FinalVerdict::Unknown { reason },
            };
            StrategyReport {
                strategy: if verdict.is_definite() {
                    AnsweredBy::Witness
                } else {
                    AnsweredBy::None
                },
                report: empty_report(p, verdict, run.time_s),
                requested: strategy,
                witness: Some(run),
                bug_finder: None,
                source: None,
            }
        }
        Strategy::Auto => auto(p, opts, start)?,
    };
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
            crate::svwitness::playback::confirm_on_source(p, src, trace, &dir, deadline)
        }
        Err(e) => engines::concrete::playback::Decision::OnTranslation { why: e.to_string() },
    };
    engines::concrete::playback::settle(verdict, d);
}

fn empty_report(p: &Program, verdict: FinalVerdict, checker_s: f64) -> CheckReport {
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

/// What the witness strategy concludes: a proof, or why not (a counterexample of the witness
/// program is only a lead: [`Inconclusive::WitnessTooCoarse`]).
enum WitnessVerdict {
    Safe(SafeProof),
    Unknown(Inconclusive),
}

fn work_dir(opts: &CegarOptions) -> Result<(tempfile::TempDir, PathBuf), AraError> {
    engines::work_dir("ara-strategy-", opts.keep_dir.as_deref())
}

/// The witness transformation through the checker; the seed for the refinement loop from its
/// counterexample.
fn run_witness(
    p: &Program,
    opts: &CegarOptions,
    start: Instant,
) -> Result<(WitnessVerdict, WitnessRun, IndexSets), AraError> {
    let _running = crate::progress::begin("witness transformation");
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
            let why = Inconclusive::WitnessNotApplicable {
                message: e.to_string(),
            };
            return Ok((WitnessVerdict::Unknown(why), run, IndexSets::empty()));
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
        timeout: Some(opts.timeout.saturating_sub(start.elapsed())),
        keep_dir: Some(dir.clone()),
        ..Budget::default()
    };
    let out = engine.run(&w.program, &budget)?;
    run.verdict = Some(out.outcome.verdict.answer());
    run.time_s = t.elapsed().as_secs_f64();
    let (engine, on) = (out.outcome.engine, Subject::Witness);
    let (verdict, seed) = match out.outcome.verdict {
        EngineVerdict::Proved(how) => (
            WitnessVerdict::Safe(SafeProof { how, engine, on }),
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
            (
                WitnessVerdict::Unknown(Inconclusive::WitnessTooCoarse),
                seed,
            )
        }
        EngineVerdict::Unknown(reason) => (
            WitnessVerdict::Unknown(Inconclusive::Engine { engine, on, reason }),
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

/// What one portfolio thread answered.
enum Answer {
    Cegar(Result<CheckReport, AraError>),
    Bmc(Result<(FinalVerdict, BugFinderRun), AraError>),
}

fn auto(p: &Program, opts: &CegarOptions, start: Instant) -> Result<StrategyReport, AraError> {
    let (wv, wrun, seed) = run_witness(p, opts, start)?;
    let witness_why = match wv {
        WitnessVerdict::Safe(proof) => {
            return Ok(StrategyReport {
                report: empty_report(p, FinalVerdict::Safe { proof }, wrun.time_s),
                requested: Strategy::Auto,
                strategy: AnsweredBy::Witness,
                witness: Some(wrun),
                bug_finder: None,
                source: None,
            });
        }
        WitnessVerdict::Unknown(why) => why,
    };
    let remaining = opts.timeout.saturating_sub(start.elapsed());
    let mut copts = opts.clone();
    copts.timeout = remaining;
    for &a in seed.0.keys() {
        for k in seed.indexes(p, a) {
            copts.seed.insert(a, k);
        }
    }
    let stop_cegar = CancelFlag::default();
    let stop_bmc = CancelFlag::default();
    let (tx, rx) = mpsc::channel::<Answer>();
    let (mut cegar_res, mut bmc_res) = (None, None);
    // Why a part gave no answer: its thread could not start, or it panicked.
    let (mut cegar_fault, mut bmc_fault) = (None, None);
    std::thread::scope(|sc| {
        let (tx1, stop1) = (tx.clone(), stop_cegar.clone());
        let copts = &copts;
        let cegar_thread = tools::spawn_deep_scoped(sc, "cegar", move || {
            tools::watch_cancel(Some(stop1));
            // At once, also beside a complete unwinding: that one keeps its core by priority
            // (`schedule::plan`), not by making this one wait.
            let _ = tx1.send(Answer::Cegar(cegar::check(p, copts)));
        });
        let (tx2, stop2) = (tx, stop_bmc.clone());
        let bmc_thread = tools::spawn_deep_scoped(sc, "bug-finder", move || {
            tools::watch_cancel(Some(stop2));
            let _ = tx2.send(Answer::Bmc(bug_finder(p, opts, remaining)));
        });
        // The answers of the threads that started (a thread that did not start, or ended
        // without an answer, dropped its sender: the iteration ends with the last one).
        for ans in rx.iter() {
            match ans {
                Answer::Cegar(r) => {
                    tools::trace_event("refinement loop answered");
                    if r.as_ref().is_ok_and(|r| r.verdict.is_definite()) {
                        stop_bmc.cancel();
                    }
                    cegar_res = Some(r);
                }
                Answer::Bmc(r) => {
                    tools::trace_event("bug finder answered");
                    if r.as_ref().is_ok_and(|(v, _)| v.is_definite()) {
                        stop_cegar.cancel();
                    }
                    bmc_res = Some(r);
                }
            }
        }
        cegar_fault = schedule::thread_fault(cegar_thread);
        bmc_fault = schedule::thread_fault(bmc_thread);
    });
    // A refinement loop that could not run is an unknown of its own, not ara's error.
    let cegar_res = cegar_res.unwrap_or_else(|| {
        let message = cegar_fault.unwrap_or_else(|| "no answer".into());
        let why = Inconclusive::RefinementFailed { message };
        Ok(empty_report(p, FinalVerdict::Unknown { reason: why }, 0.0))
    });
    let bmc_res = bmc_res.unwrap_or_else(|| {
        Err(AraError::Internal(
            bmc_fault.unwrap_or_else(|| "no answer".into()),
        ))
    });
    // The refinement loop's answer when definite, else the bug finder's, else UNKNOWN with
    // every reason. (Both definite answers are sound, so they cannot disagree.)
    let bmc_definite = matches!(&bmc_res, Ok((v, _)) if v.is_definite());
    let (bmc_verdict, bmc_run) = match bmc_res {
        Ok((v, r)) => (Some(v), Some(r)),
        Err(e) => (
            None,
            Some(BugFinderRun {
                answer: BugFinderAnswer::Error {
                    message: e.to_string(),
                },
                confirmation: None,
                time_s: 0.0,
            }),
        ),
    };
    let mut report = match cegar_res {
        Ok(r) => r,
        Err(e) if bmc_definite => {
            let why = Inconclusive::RefinementFailed {
                message: e.to_string(),
            };
            empty_report(p, FinalVerdict::Unknown { reason: why }, 0.0)
        }
        Err(e) => return Err(e),
    };
    report.time_checker_s += wrun.time_s;
    let strategy = if report.verdict.is_definite() {
        AnsweredBy::Cegar
    } else if let Some(v) = bmc_verdict.clone().filter(|_| bmc_definite) {
        report.verdict = v;
        AnsweredBy::Bmc
    } else {
        let refinement = match &report.verdict {
            FinalVerdict::Unknown { reason } => reason.clone(),
            _ => unreachable!("not definite"),
        };
        let bounded_search = match bmc_verdict {
            Some(FinalVerdict::Unknown { reason }) => Some(Box::new(reason)),
            _ => None,
        };
        report.verdict = FinalVerdict::Unknown {
            reason: Inconclusive::Portfolio {
                witness: Box::new(witness_why),
                refinement: Box::new(refinement),
                bounded_search,
            },
        };
        AnsweredBy::None
    };
    Ok(StrategyReport {
        report,
        requested: Strategy::Auto,
        strategy,
        witness: Some(wrun),
        bug_finder: bmc_run,
        source: None,
    })
}

/// The bug search on the original program: its schedule ([`schedule::plan`]) run within
/// `budget` ([`schedule::run`]).
fn bug_finder(
    p: &Program,
    opts: &CegarOptions,
    budget: Duration,
) -> Result<(FinalVerdict, BugFinderRun), AraError> {
    let _running = crate::progress::begin("bug search");
    let start = Instant::now();
    let (_work, dir) = work_dir(opts)?;
    let dir = if opts.keep_dir.is_some() {
        let d = dir.join("bmc");
        std::fs::create_dir_all(&d).map_err(|e| AraError::Internal(e.to_string()))?;
        d
    } else {
        dir
    };
    let run = schedule::Run {
        p,
        opts,
        start,
        budget,
        dir: &dir,
    };
    // Every plan ends with the checker, which always answers.
    let found = schedule::run(&schedule::plan(p), &run)
        .unwrap_or_else(|| Err(AraError::Internal("the bug search gave no answer".into())));
    // The time of the whole search, not of its last step (a proof of the last step at 17 s
    // after 18 s of the earlier steps came 35 s after the search began).
    found.map(|(v, mut run)| {
        run.time_s = start.elapsed().as_secs_f64();
        (v, run)
    })
}

impl StrategyReport {
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
            if let Some(w) = crate::verdict::verdict_words(&self.report.verdict) {
                let _ = writeln!(out, "{w}");
            }
        }
        if !cegar_ran {
            let _ = writeln!(out, "time: total {:.2} s", self.report.time_total_s);
        }
        out
    }
}
