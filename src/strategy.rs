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
//!   [`CegarOptions::source`] names it (`engines::playback`: UNSAFE replayed on the source, on
//!   ara's translation with the reason, or UNKNOWN on a front end disagreement).
//! - `auto`: `witness` first; unless it proves the program, the refinement loop seeded with the
//!   witness indexes of the witness counterexample and, in a second thread, the checker on the
//!   original program (its proofs count; its bugs only after the SMT check and the replay on
//!   the original program). The first definite answer wins and the other thread is stopped
//!   (its runs killed at once, see [`tools`]). When every loop has a constant bound, the
//!   checker unwinds the original completely, and while it does, if the unwinding is cheap
//!   enough (`UNWIND_YIELD_MAX_ITERATIONS`), every other run yields to it
//!   ([`tools::yield_to_foreground`]): the portfolio is then not clearly slower than plain
//!   ESBMC, and the refinement loop starts at once on what the unwinding leaves.

use crate::abstraction::IndexSets;
use crate::abstraction::witness::{LoopReport, WitnessProgram, witness_program};
use crate::cegar::{self, CegarOptions, CheckReport, FinalVerdict};
use crate::checkers::{Mode, Verdict};
use crate::engines::bmc::Bmc;
use crate::engines::concrete::confirm::{ConfirmOptions, Confirmation, confirm_cex};
use crate::engines::concrete::random;
use crate::engines::{self, Budget, Engine, EngineVerdict, unwind};
use crate::error::AraError;
use crate::ir::Program;
use crate::ir::cfg::Cfg;
use crate::tools::{self, CancelFlag, Limits};
use crate::verdict::{Inconclusive, SafeProof, Subject, Unconfirmed};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

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

/// What the bug search on the original program answered.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "by", rename_all = "kebab-case")]
pub enum BugFinderAnswer {
    /// Random testing ran the original program into the error.
    RandomTesting,
    /// The engine's answer on the original program (its counterexample is only a lead).
    Engine {
        engine: String,
        #[serde(flatten)]
        verdict: Verdict,
    },
    /// The search failed with an error of ara's.
    Error { message: String },
}

impl fmt::Display for BugFinderAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BugFinderAnswer::RandomTesting => f.write_str("UNSAFE (random testing)"),
            BugFinderAnswer::Engine { verdict, .. } => verdict.fmt(f),
            BugFinderAnswer::Error { message } => write!(f, "error: {message}"),
        }
    }
}

/// The bounded run on the original program (in `auto`).
#[derive(Clone, Debug, Serialize)]
pub struct BugFinderRun {
    #[serde(flatten)]
    pub answer: BugFinderAnswer,
    /// What became of its counterexample (SMT check, replay), when it had one.
    pub confirmation: Option<String>,
    /// From the start of the bounded search (all its steps) to its answer.
    pub time_s: f64,
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

/// An UNSAFE verdict replayed on the user's file too (`engines::playback`, its soundness):
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
            // (`beside_random`), not by making this one wait.
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
        cegar_fault = thread_fault(cegar_thread);
        bmc_fault = thread_fault(bmc_thread);
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

/// Joins a part's thread (joined here, its panic does not end the scope, and ara, with it):
/// why it gave no answer when it could not start or panicked.
fn thread_fault<T>(t: std::io::Result<std::thread::ScopedJoinHandle<'_, T>>) -> Option<String> {
    match t {
        Err(e) => Some(format!("cannot start its thread: {e}")),
        Ok(h) => h
            .join()
            .err()
            .map(|p| format!("its thread panicked: {}", tools::panic_message(p.as_ref()))),
    }
}

/// Longest random testing before the bounded search.
const RANDOM_SEARCH_MAX: Duration = Duration::from_secs(6);

/// The most loop-body runs of a complete unwinding that can finish within a minute or so
/// (a string copy of 10^5 elements rarely does, see [`UNWIND_YIELD_MAX_ITERATIONS`]).
const UNWIND_HOPELESS_ITERATIONS: u64 = 100_000;

/// Whether no complete unwinding of `p` can finish: more than
/// [`UNWIND_HOPELESS_ITERATIONS`] loop bodies, or an array of more elements (a loop over it,
/// `while (s[i] != 0)`, has no constant bound but runs as long).
fn beyond_unwinding(p: &Program) -> bool {
    let big = |n: u64| n > UNWIND_HOPELESS_ITERATIONS;
    unwind::unrolled_iterations(p).is_some_and(big)
        || p.arrays.iter().any(|a| a.size.as_const().is_some_and(big))
}

/// Random testing's share of the bug search's `budget`: a sixth, at most
/// [`RANDOM_SEARCH_MAX`]; half when no complete unwinding can finish ([`beyond_unwinding`]),
/// as its runs are then the only search on the original that can end with a bug: a bug at N = 10^6 that needs all elements alike is hit
/// by one run in 20 to 50 (issue 25; `random`'s distributions per site).
fn random_budget(p: &Program, budget: Duration) -> Duration {
    if beyond_unwinding(p) {
        budget / 2
    } else {
        (budget / 6).min(RANDOM_SEARCH_MAX)
    }
}

/// Random testing of the original program and the checker on it: a proof counts, a
/// counterexample only when [`confirm_cex`] confirms it (SMT, then the replay on the original
/// program); a random run only when it reaches the error.
///
/// When every loop of the program has a constant bound ([`unwind::unwinding_bound`]), the
/// checker unwinds the program completely (`--unwind K --unwinding-assertions`: its SAFE is
/// a proof, and a loop that runs longer than the analysis says fails an unwinding assertion,
/// which is UNKNOWN) from the start, beside random testing; otherwise it runs after random
/// testing in its `auto` mode (k-induction, then incremental BMC).
fn bug_finder(
    p: &Program,
    opts: &CegarOptions,
    budget: Duration,
) -> Result<(FinalVerdict, BugFinderRun), AraError> {
    let _running = crate::progress::begin("bug search");
    let t = Instant::now();
    // The time of the whole search, not of its last step (a proof of the last step at 17 s
    // after 18 s of the earlier steps came 35 s after the search began).
    bug_finder_steps(p, opts, budget).map(|(v, mut run)| {
        run.time_s = t.elapsed().as_secs_f64();
        (v, run)
    })
}

/// The steps of [`bug_finder`].
fn bug_finder_steps(
    p: &Program,
    opts: &CegarOptions,
    budget: Duration,
) -> Result<(FinalVerdict, BugFinderRun), AraError> {
    let t = Instant::now();
    let (_work, dir) = work_dir(opts)?;
    let dir = if opts.keep_dir.is_some() {
        let d = dir.join("bmc");
        std::fs::create_dir_all(&d).map_err(|e| AraError::Internal(e.to_string()))?;
        d
    } else {
        dir
    };
    // Random inputs first: cheap, and they find shallow bugs behind loops too long to unwind.
    let random_budget = random_budget(p, budget);
    let random = |dir: &std::path::Path| {
        let _running = crate::progress::begin("random testing");
        random::random_search(p, random_budget, t + budget, dir).map(|trace| {
            crate::progress::answer(
                crate::progress::Lead::Confirmed,
                "random testing reached the error (confirmed)",
            );
            let run = BugFinderRun {
                answer: BugFinderAnswer::RandomTesting,
                confirmation: Some(trace.confirmed_by.clone()),
                time_s: t.elapsed().as_secs_f64(),
            };
            (FinalVerdict::Unsafe { trace }, run)
        })
    };
    if let Some(k) = unwind::unwinding_bound(p) {
        // `ARA_NO_UNWINDING=1` (tests of random testing through the command line): random
        // testing at once, as beside the unwinding, but no unwinding to race against.
        if std::env::var_os("ARA_NO_UNWINDING").is_some_and(|v| !v.is_empty()) {
            if let Some(hit) = random(&dir) {
                return Ok(hit);
            }
        } else {
            let unwinding = |udir: &std::path::Path| {
                // Plain ESBMC's run, with a core to itself while it runs when it is cheap
                // enough to finish: every other run of ara's (the refinement loop's, random
                // testing, the Horn engines) yields to it.
                let yielded = unwind::unrolled_iterations(p)
                    .is_some_and(|n| n <= UNWIND_YIELD_MAX_ITERATIONS)
                    .then(|| tools::yield_to_foreground(UNWIND_YIELD_NICE));
                let r = tools::foreground(|| {
                    on_original(p, opts, Mode::Unwind(k), "original_unwind", budget, udir)
                });
                drop(yielded);
                r
            };
            return beside_random(&dir.join("unwind"), unwinding, &dir, random);
        }
    }
    let cells = |dir: &std::path::Path| cells_first(p, (budget * 3 / 4).min(CELLS_FIRST_MAX), dir);
    let original = |dir: &std::path::Path| {
        let budget = budget.saturating_sub(t.elapsed());
        on_original(p, opts, Mode::Auto, "original", budget, dir)
    };
    // Constant loop bounds too large to unwind (10^6 elements): random testing, which may
    // take half the budget there (`random_budget`), from the start beside the engines.
    if beyond_unwinding(p) {
        let engines = |d: &std::path::Path| cells(d).map_or_else(|| original(d), Ok);
        return beside_random(&dir, engines, &dir, random);
    }
    if let Some(proof) = cells(&dir) {
        return Ok(proof);
    }
    if let Some(hit) = random(&dir) {
        return Ok(hit);
    }
    original(&dir)
}

/// A search on the original program `main` (the complete unwinding, or the engines) in
/// folder `udir`, and `random` in `dir`, side by side, each in its own thread; the first
/// definite answer wins and stops the other.
fn beside_random(
    udir: &std::path::Path,
    main: impl FnOnce(&std::path::Path) -> Result<(FinalVerdict, BugFinderRun), AraError> + Send,
    dir: &std::path::Path,
    random: impl FnOnce(&std::path::Path) -> Option<(FinalVerdict, BugFinderRun)> + Send,
) -> Result<(FinalVerdict, BugFinderRun), AraError> {
    enum Part {
        Main(Result<(FinalVerdict, BugFinderRun), AraError>),
        Random(Option<(FinalVerdict, BugFinderRun)>),
    }
    std::fs::create_dir_all(udir).map_err(|e| AraError::Internal(e.to_string()))?;
    let (stop_u, stop_r) = (CancelFlag::default(), CancelFlag::default());
    let (tx, rx) = mpsc::channel::<Part>();
    let (mut unwinding, mut hit) = (None, None);
    std::thread::scope(|sc| {
        let (tx1, stop1) = (tx.clone(), stop_u.clone());
        let unwinding_thread = tools::spawn_deep_scoped(sc, "unwinding", move || {
            tools::watch_cancel(Some(stop1));
            let _ = tx1.send(Part::Main(main(udir)));
        });
        let stop2 = stop_r.clone();
        let random_thread = tools::spawn_deep_scoped(sc, "random", move || {
            tools::watch_cancel(Some(stop2));
            let _ = tx.send(Part::Random(random(dir)));
        });
        // A part whose thread did not start is finished: without an answer.
        if let Err(e) = &unwinding_thread {
            unwinding = Some(Err(AraError::Internal(format!(
                "cannot start the search's thread: {e}"
            ))));
        }
        if random_thread.is_err() {
            hit = Some(None);
        }
        while unwinding.is_none() || hit.is_none() {
            // The caller's cancellation (this thread's flag) stops both.
            if tools::cancelled() {
                stop_u.cancel();
                stop_r.cancel();
            }
            match rx.recv_timeout(Duration::from_millis(50)) {
                Ok(Part::Main(r)) => {
                    if r.as_ref().is_ok_and(|(v, _)| v.is_definite()) {
                        stop_r.cancel();
                    }
                    unwinding = Some(r);
                }
                Ok(Part::Random(h)) => {
                    if h.is_some() {
                        stop_u.cancel();
                    }
                    hit = Some(h);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                // Every sender is gone: a part ended without an answer (it panicked).
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        if let Some(why) = thread_fault(unwinding_thread) {
            unwinding.get_or_insert(Err(AraError::Internal(why)));
        }
        let _ = thread_fault(random_thread);
    });
    match (hit.flatten(), unwinding) {
        (Some(hit), _) => Ok(hit),
        (None, Some(r)) => r,
        (None, None) => Err(AraError::Internal(
            "the search's thread gave no answer".into(),
        )),
    }
}

/// The nice value of ara's other runs while the complete unwinding runs: a single-threaded
/// checker beside them then keeps nearly a core (CFS weights 1024 : 110 per nice-10 run on
/// its core) and they run on what it leaves.
const UNWIND_YIELD_NICE: i32 = 10;

/// The most loop-body runs ([`unwind::unrolled_iterations`]) of a complete unwinding that the other
/// runs yield to: the sorts of the paper's Table 4 (bubble sort at N = 8: 8 + 7 · 7; plain
/// ESBMC proves it in about a minute) are far below; a string copy of 10^5 elements, whose
/// unwinding takes gigabytes and rarely finishes, is above and shares the cores as equals.
const UNWIND_YIELD_MAX_ITERATIONS: u64 = 10_000;

/// An engine whose runs are in the foreground ([`tools::foreground`]) on whatever thread it
/// runs (a race starts each engine on a thread of its own).
struct InForeground<'a>(&'a dyn Engine);

impl Engine for InForeground<'_> {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn check(&self, p: &Program, budget: &Budget) -> Result<engines::EngineOutcome, AraError> {
        tools::foreground(|| self.0.check(p, budget))
    }
}

/// The cell-morphing engine for a program that accesses arrays of constant sizes, with the
/// two configurations that gave every proof measured (module doc of `morph`): beside other
/// solvers, more configurations get slices too short for any.
fn cells_engine(p: &Program) -> Option<engines::horn::morph::HornCells> {
    let layout = engines::horn::morph::CellLayout::of(p, 1).ok()?;
    let mut cells = engines::horn::morph::HornCells::default();
    cells.horn.portfolio.truncate(2);
    (!layout.arrays.is_empty()).then_some(cells)
}

/// Longest run of the cell-morphing engine before random testing: two fifths for Spacer
/// (two configurations' quick slices, then one of them answering in 3 to 4 s and its
/// certificate check in 1 to 6 s: prefix sums at nondet N, whose check was cut off in 12 s
/// at load 3 to 5), then the template engine (selection sort at nondet N 20 s, bubble sort
/// 38 s with its check, at idle). Unused time goes on to random testing; the refinement
/// loop runs beside all of it.
const CELLS_FIRST_MAX: Duration = Duration::from_secs(45);

/// A short run of the cell-morphing engine before random testing (which, for 10^6 elements,
/// takes longer than most of its proofs): its proof, if any.
fn cells_first(
    p: &Program,
    budget: Duration,
    dir: &std::path::Path,
) -> Option<(FinalVerdict, BugFinderRun)> {
    let mut cells = cells_engine(p)?;
    // One cell with lean atoms, the first two configurations (global guidance with and
    // without IUC: max and find came from the first, prefix sums from the second).
    cells.cells.truncate(1);
    cells.horn.portfolio.truncate(2);
    // The template engine with two cells (the sorts, the prefix maximum) before that
    // stage, where it applies (an array read twice in one expression): on the prefix
    // maximum (`bench-suite/everyn/cond_prefix_max_*`) the one-cell stage spent its whole
    // share (25 s of 45) without an answer in every run, and the template's proof came after
    // it (36 s at load 40; Houdini 2 s of it, its check 7 s); on the bubble sorts the
    // one-cell stage ends at once (the error is derivable), so the order does not matter
    // there. Its share grows from 3 to 8 (of 12 with the guessed candidates' 2 and the
    // stage's 2): before, after a one-cell stage that ended at once, it had the rest of the
    // run, and bubble sort needs most of it (with 5 of 9 its Houdini was cut off in round
    // 5 at 29 s, load 14); Spacer's one-cell stage still gets what it leaves.
    cells.houdini_at = Some(0);
    cells.houdini_weight = 8;
    let b = Budget {
        timeout: Some(budget),
        keep_dir: Some(dir.to_path_buf()),
        cancel: tools::watched(),
        ..Budget::default()
    };
    let o = engines::race::race(p, &[(&cells, b)]).ok()?;
    let EngineVerdict::Proved(how) = o.verdict.clone() else {
        return None;
    };
    let run = BugFinderRun {
        answer: BugFinderAnswer::Engine {
            engine: o.engine.clone(),
            verdict: o.verdict.answer(),
        },
        confirmation: None,
        time_s: o.time_s,
    };
    let proof = SafeProof {
        how,
        engine: o.engine,
        on: Subject::Original,
    };
    Some((FinalVerdict::Safe { proof }, run))
}

/// The checker in `mode` on the original program, with the cell-morphing engine beside it
/// ([`cells_engine`]): a proof counts, a counterexample only when [`confirm_cex`] confirms it.
fn on_original(
    p: &Program,
    opts: &CegarOptions,
    mode: Mode,
    stem: &str,
    budget: Duration,
    dir: &std::path::Path,
) -> Result<(FinalVerdict, BugFinderRun), AraError> {
    let t = Instant::now();
    let mut copts = opts.checker.clone();
    let what = match mode {
        Mode::Unwind(k) => format!("complete unwinding (--unwind {k})"),
        _ => "bounded search".into(),
    };
    copts.mode = mode;
    let bmc = Bmc::new(copts, stem, format!("ara check: {what} on {}", p.file));
    // The complete unwinding is the run that must not lose to plain ESBMC: in the foreground
    // (see `beside_random`).
    let foreground = InForeground(&bmc);
    let engine: &dyn Engine = match mode {
        Mode::Unwind(_) => &foreground,
        _ => &bmc,
    };
    let engine_budget = Budget {
        timeout: Some(budget),
        keep_dir: Some(dir.to_path_buf()),
        ..Budget::default()
    };
    let outcome = match cells_engine(p) {
        // Beside the checker: the cell-morphing Horn engine on the original's arrays (a
        // proof over every element, for every size; it never gives a counterexample).
        Some(cells) => engines::race::race(
            p,
            &[(engine, engine_budget.clone()), (&cells, engine_budget)],
        )?,
        None => engines::race::race(p, &[(engine, engine_budget)])?,
    };
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
                    trace.confirmed_by =
                        format!("{what} on the original program; {}", trace.confirmed_by);
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
