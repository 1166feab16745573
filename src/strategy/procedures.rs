//! Programs with recursion: ESBMC on the source beside the Horn engine's procedure summaries
//! and a bug search on bounded inlinings.
//!
//! Takes what [`source_check::check`] takes and the program's procedural form
//! ([`ProcProgram`], `frontend::load_procedures`; `None` when the front end cannot give it);
//! gives a [`StrategyReport`]. Three sides run side by side, each in its own thread with its
//! own cancellation: the first definite answer wins and stops the others; when one is
//! unknown the others are waited for, within the same time limit.
//!
//! The bug search ([`bounded_search`], at most half the time limit): first the user's file
//! run with every input 0 (a program without inputs just runs); then, for a recursive program
//! (without recursion any inlining is the whole program, which ESBMC on the source checks
//! beside), for growing depths d, the program with every procedure inlined at most d
//! activations deep (`ir::inline::inline_bounded`: a deeper call is `assume(false)`, the run
//! cut), given to the checker; a counterexample is confirmed on that flat program
//! (`confirm_cex`: its trace formula and ara's replay of it), and then its inputs are replayed
//! on the user's file with gcc (`svwitness::playback::confirm_on_source`). ESBMC on the source
//! cannot do this for recursion: beyond its bound the result of a cut-off recursive call is
//! free, so its counterexamples pick inputs of huge depth (the even/odd twin: n near 2^32),
//! which gcc cannot replay; the bounded inlining has only runs of at most depth d, so its
//! inputs are small ones.
//!
//! Which replay confirms a bug: gcc's run of the user's file where gcc can build it (LP64, or
//! ILP32 where `gcc -m32` builds programs); where it cannot (an ILP32 task on a machine
//! without a 32-bit libc, as most are; a file the harness does not build with; values the
//! harness cannot set), ara's own replay of the inlined program (`engines::concrete::replay`,
//! the replay of every other UNSAFE of ara, which follows the task's data model: ILP32's
//! `long` spelt as a 32-bit type). The trace says which (`ReplayedOn`, `not_on_source`: the
//! verdict reads "replayed on ara's translation, not on your source" with gcc's reason).
//! The zero-input probe likewise falls back to ara's replay of the whole inlining for a
//! program without recursion; a recursive one is left to the search.
//!
//! A bug deeper than the search's depths (at most 24): when ESBMC on the source found a bug
//! at `--unwind k` that gcc could not confirm (an ILP32 task here), the source side runs the
//! same step at depth k ([`deep_search`]: the checker on the program inlined k activations
//! deep, the same confirmation and replay), the depth at which ESBMC saw it (its `--unwind k`
//! lets each function be active at most k times, as the inlining does). Only the depth is
//! taken from ESBMC's run; the verdict rests on the inlining's replay as below.
//!
//! Soundness: each side is sound on its own. `source_check` says SAFE only from a complete
//! unwinding and UNSAFE only from gcc's replay on the user's file (its module doc) or, at a
//! bound whose bug gcc did not confirm, from the bug search's step at that depth (below); the
//! summary engine says SAFE only after ara's bit-vector check of every clause with the
//! solver's interpretation (`engines::horn::summary`), and UNSAFE only when its derivation
//! of the error, turned into inputs ([`derivation_inputs`]: the checker on the program
//! inlined as deep as the derivation), is confirmed the same way as the bug search's; the
//! bug search says only UNSAFE, and only for a run that reaches the error:
//! - gcc's run of the user's file with the inputs reached it (`Decision::OnSource`): a run
//!   of the original program, whatever ara made of it;
//! - or gcc gave no evidence (`Decision::OnTranslation`) and ara's replay of the bounded
//!   inlining reached it. That is a run of the original program because (1) the front end
//!   lowers each procedure's body as code that runs once per activation (its declarations
//!   give fresh values each time, `frontend::procs`), the same lowering as every flat
//!   program whose replay ara takes for UNSAFE; (2) the inlining is faithful up to its cut:
//!   each call becomes the assignment of the evaluated arguments to a fresh copy of the
//!   callee's locals (one copy per inlined activation, so no two live activations share a
//!   local; globals shared), the body, and the return slot copied to the receiver, which is
//!   C's call by value; a call deeper than d becomes `assume(false)`, which ends the replay
//!   without the error (`replay`: an assumption failing is no error), so a replay that
//!   reaches the error never passed a cut: every step it took is a step of the procedural
//!   program (`ir::inline`'s module doc: its runs are exactly the program's runs of depth
//!   at most d); (3) a value the replay gives an uninitialised local is one an indeterminate
//!   read may give (SV-COMP's reading, as in `engines::concrete::playback`). Stack depth is
//!   no part of C's semantics: a run gcc's binary could not finish for its stack is still a
//!   run of the program.
//! - A disagreement (gcc's run of the file, every input set, misses the error that ara's
//!   replay reaches) is no evidence: the search goes on.
//!
//! The bounded program's proofs are never used: they hold only up to depth d. The race only
//! chooses which answer to report.

use crate::base::error::AraError;
use crate::base::tools::{self, CancelFlag, Limits, Tool};
use crate::engines::bmc::Bmc;
use crate::engines::checkers::{CheckOptions, Mode};
use crate::engines::concrete::confirm::{ConfirmOptions, Confirmation, confirm_cex};
use crate::engines::concrete::playback::{
    Decision, Harness, SourceOptions, SourceOutcome, run_on_source, stubs_for,
};
use crate::engines::concrete::{ConcreteTrace, InputValue, ReplayedOn, replay};
use crate::engines::horn::summary::{self, SummaryOutcome};
use crate::engines::smt::{Model, Theory};
use crate::engines::verdict::{FinalVerdict, SafeProof, Subject};
use crate::engines::{Budget, EngineVerdict, ProcedureSummary, Proof};
use crate::ir::cfg::Cfg;
use crate::ir::inline::{MAX_INLINED, inline, inline_bounded};
use crate::ir::procs::ProcProgram;
use crate::ir::{IntType, Program};
use crate::strategy::source_check;
use crate::strategy::svwitness::playback::{confirm_on_source, source_facts};
use crate::strategy::svwitness::source::SourceText;
use crate::strategy::{AnsweredBy, SOURCE_REPLAY_MAX, SOURCE_REPLAY_MIN, Strategy, StrategyReport};
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A program with at least this many call sites goes this way too, recursive or not: one
/// summary per procedure instead of a copy per call (20,000 calls of a three-line `swap()`
/// were UNKNOWN after 30 s inlined).
pub const MANY_CALLS: usize = 2000;

/// The recursion depths the bug search tries, in order (each a bounded inlining).
const DEPTHS: [u32; 9] = [1, 2, 3, 4, 6, 8, 12, 16, 24];

/// The answer of one side of the race.
enum Side {
    Source(Box<Result<StrategyReport, AraError>>),
    Summaries(Result<SummaryOutcome, AraError>),
    Bounded(Result<Option<ConcreteTrace>, AraError>),
    /// The summary engine's derivation of the error, turned into inputs replayed on the source.
    SummaryBug(ConcreteTrace),
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
    let (stop_source, stop_summaries, stop_bounded) = (
        CancelFlag::default(),
        CancelFlag::default(),
        CancelFlag::default(),
    );
    let (tx, rx) = mpsc::channel::<Side>();
    std::thread::scope(|sc| {
        let (tx1, stop) = (tx.clone(), stop_source.clone());
        let pp = &pp;
        let source = tools::spawn_deep_scoped(sc, "source", move || {
            tools::watch_cancel(Some(stop));
            let side = source_side(pp, src, checker, timeout, keep_dir, requested);
            let _ = tx1.send(side);
        });
        let (tx2, stop) = (tx.clone(), stop_summaries.clone());
        let z3 = &z3;
        let summaries = tools::spawn_deep_scoped(sc, "summaries", move || {
            tools::watch_cancel(Some(stop));
            let side = summaries_side(pp, z3, src, checker, timeout, start, keep_dir);
            let _ = tx2.send(side);
        });
        let (tx3, stop) = (tx.clone(), stop_bounded.clone());
        let bounded = tools::spawn_deep_scoped(sc, "bounded", move || {
            tools::watch_cancel(Some(stop));
            // Half the time at most: the other sides' proofs must not starve.
            let found = bounded_search(pp, src, checker, timeout / 2, keep_dir);
            let _ = tx3.send(Side::Bounded(found));
        });
        drop(tx);
        let stop_all = || {
            stop_source.cancel();
            stop_summaries.cancel();
            stop_bounded.cancel();
        };
        if source.is_err() || summaries.is_err() || bounded.is_err() {
            stop_all();
        }
        let mut from_source = None;
        let mut winner = None;
        let mut summaries_why = None;
        for side in rx.iter() {
            match side {
                Side::Summaries(Ok(SummaryOutcome::Unknown(w))) => summaries_why = Some(w),
                Side::Summaries(Ok(SummaryOutcome::Derivable { depth })) => {
                    summaries_why = Some(derivable_words(depth));
                }
                Side::Summaries(Err(e)) => summaries_why = Some(e.to_string()),
                Side::Summaries(Ok(SummaryOutcome::Proved(s))) => {
                    winner = Some(summaries_report(src, s, requested, start));
                    break;
                }
                Side::Bounded(Ok(Some(trace))) => {
                    winner = Some(bug_report(src, trace, AnsweredBy::Bmc, requested, start));
                    break;
                }
                Side::SummaryBug(trace) => {
                    winner = Some(bug_report(
                        src,
                        trace,
                        AnsweredBy::Summaries,
                        requested,
                        start,
                    ));
                    break;
                }
                Side::Bounded(_) => {}
                Side::Source(r) => {
                    let definite = matches!(&*r, Ok(rep) if rep.report.verdict.is_definite());
                    from_source = Some(*r);
                    if definite {
                        break;
                    }
                }
            }
        }
        stop_all();
        if let Some(rep) = winner {
            return Ok(rep);
        }
        let r = match from_source {
            Some(r) => r,
            None => source_check::check(src, checker, Duration::ZERO, keep_dir, requested),
        };
        r.map(|rep| with_every_reason(rep, summaries_why, pp))
    })
}

fn derivable_words(depth: u32) -> String {
    format!("the error is derivable ({depth} nested activations at most)")
}

/// An UNKNOWN of the source side with the summaries' reason beside it (`None`: stopped at the
/// time limit) and why the transformations did not run (issue 26: each says so).
fn with_every_reason(
    mut rep: StrategyReport,
    summaries: Option<String>,
    pp: &ProcProgram,
) -> StrategyReport {
    use crate::engines::verdict::Inconclusive;
    if let FinalVerdict::Unknown { reason } = &mut rep.report.verdict {
        let source = Box::new(std::mem::replace(reason, Inconclusive::Cancelled));
        *reason = Inconclusive::Procedures {
            source,
            summaries: summaries.unwrap_or_else(|| "stopped at the time limit".into()),
            not_run: not_transformed(pp),
        };
    }
    rep
}

/// Why the witness-index transformation and the index-set abstraction did not run on a
/// program checked on its procedural form: they take a program without calls.
pub fn not_transformed(pp: &ProcProgram) -> String {
    let what = "the witness-index transformation and the index-set abstraction";
    match pp.recursive_proc() {
        Some(f) => format!(
            "{what} do not take recursion (function {})",
            pp.proc(f).name
        ),
        None => format!(
            "{what} need every call inlined, and the {} calls of this program \
             ({MANY_CALLS} or more) are not",
            pp.num_calls()
        ),
    }
}

/// ESBMC on the source ([`source_check::check_with`]); at each bound k at which it found a
/// bug that gcc could not confirm (an ILP32 task without a 32-bit gcc, as most machines are),
/// the bug search at depth k ([`deep_search`]).
fn source_side(
    pp: &ProcProgram,
    src: &SourceOptions,
    checker: &CheckOptions,
    timeout: Duration,
    keep_dir: Option<&Path>,
    requested: Strategy,
) -> Side {
    let deep = |k: u32, left: Duration| deep_search(pp, k, src, checker, left, keep_dir);
    let r = source_check::check_with(src, checker, timeout, keep_dir, requested, Some(&deep));
    Side::Source(Box::new(r))
}

/// The bug search's step ([`at_depth`]) on the program inlined k activations deep, for a bug
/// ESBMC found on the source at `--unwind k` (which lets each function be active at most k
/// times, as the inlining does): the checker's counterexample confirmed and replayed by gcc
/// or by ara (module doc). The bounded search's own depths end at 24 (a smaller k is left to
/// it); this reaches a bug as deep as ESBMC found one (at most [`MAX_DERIVED_DEPTH`]).
fn deep_search(
    pp: &ProcProgram,
    k: u32,
    src: &SourceOptions,
    checker: &CheckOptions,
    left: Duration,
    keep_dir: Option<&Path>,
) -> Option<ConcreteTrace> {
    let d = k.clamp(1, MAX_DERIVED_DEPTH);
    // The bounded search beside tries these depths itself.
    let searched = DEPTHS.last().is_some_and(|&m| d <= m);
    if searched || !pp.is_recursive() || left.is_zero() || tools::cancelled() {
        return None;
    }
    let p = inline_bounded(pp, d, MAX_INLINED).ok()?;
    let mut trace = at_depth(&p, d, src, checker, left, keep_dir).ok()??;
    trace.confirmed_by = format!(
        "ESBMC's counterexample on your source at --unwind {k}, not confirmed there; {}",
        trace.confirmed_by
    );
    Some(trace)
}

/// The summary engine's side: its proof, its derivation of the error turned into inputs
/// replayed on the source ([`derivation_inputs`]), or why neither.
fn summaries_side(
    pp: &ProcProgram,
    z3: &Path,
    src: &SourceOptions,
    checker: &CheckOptions,
    timeout: Duration,
    start: Instant,
    keep_dir: Option<&Path>,
) -> Side {
    let limits = Limits {
        timeout: Some(timeout),
        memory_mb: None,
    };
    match summary::prove(z3, pp, &limits, keep_dir) {
        Ok(SummaryOutcome::Derivable { depth }) => {
            let left = timeout.saturating_sub(start.elapsed());
            match derivation_inputs(pp, depth, src, checker, left, keep_dir) {
                Ok(Some(trace)) => Side::SummaryBug(trace),
                Ok(None) => Side::Summaries(Ok(SummaryOutcome::Unknown(format!(
                    "the summary engine derived the error ({depth} nested activations at most), \
                     but no inputs reaching it were found: left to the other engines"
                )))),
                Err(e) => Side::Summaries(Err(e)),
            }
        }
        r => Side::Summaries(r),
    }
}

/// `ara check --engine horn` on a program with procedures: the summary engine alone
/// ([`summaries_side`]), without the race.
pub fn summaries_only(
    src: &SourceOptions,
    checker: &CheckOptions,
    timeout: Duration,
    keep_dir: Option<&Path>,
    requested: Strategy,
    pp: &ProcProgram,
) -> Result<StrategyReport, AraError> {
    let start = Instant::now();
    let z3 = tools::find_tool(Tool::Z3, None)?;
    let why = match summaries_side(pp, &z3, src, checker, timeout, start, keep_dir) {
        Side::Summaries(Ok(SummaryOutcome::Proved(s))) => {
            return Ok(summaries_report(src, s, requested, start));
        }
        Side::SummaryBug(trace) => {
            return Ok(bug_report(
                src,
                trace,
                AnsweredBy::Summaries,
                requested,
                start,
            ));
        }
        Side::Summaries(Err(e)) => return Err(e),
        Side::Summaries(Ok(SummaryOutcome::Unknown(w))) => w,
        Side::Summaries(Ok(SummaryOutcome::Derivable { depth })) => derivable_words(depth),
        Side::Source(_) | Side::Bounded(_) => String::new(),
    };
    let verdict = FinalVerdict::Unknown {
        reason: crate::engines::verdict::Inconclusive::Engine {
            engine: "summaries".into(),
            on: Subject::Original,
            reason: crate::engines::checkers::UnknownReason::CheckerUnknown { detail: why },
        },
    };
    Ok(report_of(
        src,
        verdict,
        AnsweredBy::Summaries,
        requested,
        start,
    ))
}

/// The bug search on bounded inlinings (module doc): a run of the user's file, compiled by
/// gcc, that reaches the error, or `None` (the search ends at the time limit or at the
/// largest inlining; a program without recursion gets the probe only).
fn bounded_search(
    pp: &ProcProgram,
    src: &SourceOptions,
    checker: &CheckOptions,
    timeout: Duration,
    keep_dir: Option<&Path>,
) -> Result<Option<ConcreteTrace>, AraError> {
    let start = Instant::now();
    let _running = crate::base::progress::begin("bounded inlining");
    if let Some(trace) = zero_inputs(pp, src, checker, keep_dir) {
        return Ok(Some(trace));
    }
    // Without recursion the inlining at any depth is the whole program, which ESBMC on the
    // source checks beside: its run here would only take a core from the summaries (20,000
    // calls of `swap()`: the race took three times as long as the summaries alone).
    if !pp.is_recursive() {
        return Ok(None);
    }
    for &d in &DEPTHS {
        let left = timeout.saturating_sub(start.elapsed());
        if left.is_zero() || tools::cancelled() {
            break;
        }
        let Ok(p) = inline_bounded(pp, d, MAX_INLINED) else {
            break;
        };
        if let Some(trace) = at_depth(&p, d, src, checker, left, keep_dir)? {
            return Ok(Some(trace));
        }
    }
    Ok(None)
}

/// How many zeros the first probe feeds (a program reading more gets no more: the run ends
/// without the error).
const ZERO_PROBE: usize = 64;

/// The longest ara's replay of a zero-input probe may build or run (20,001 inlined calls
/// take gcc seconds).
const ZERO_REPLAY_LIMIT: Duration = Duration::from_secs(30);

/// The first probe of [`bounded_search`]: the user's file compiled by gcc with the playback
/// harness feeding 0 to each of its first [`ZERO_PROBE`] nondet calls (a program without
/// inputs just runs). Its run is a run of the program (`engines::playback`'s soundness), so
/// when it reaches the error that is the bug; the depth of the recursion is the program's own
/// (20,001 calls of `swap()` in a row need no search at all). When gcc cannot run the source
/// (an ILP32 task without a 32-bit gcc, a file the harness does not build with), a program
/// without recursion gets the same probe on its inlining, replayed by ara
/// ([`zero_inputs_on_inlining`]); a recursive one has no finite inlining and is left to the
/// search.
fn zero_inputs(
    pp: &ProcProgram,
    src: &SourceOptions,
    checker: &CheckOptions,
    keep_dir: Option<&Path>,
) -> Option<ConcreteTrace> {
    let text = SourceText::read(&src.file).ok()?;
    let stubs = stubs_for(&source_facts(&text), src).ok()?;
    let h = Harness {
        file: src.file.display().to_string(),
        data_model: checker.data_model,
        inputs: vec![(IntType::Int, 0); ZERO_PROBE],
        stubs,
        unset: vec![],
    };
    let (_tmp, dir) = crate::engines::work_dir("ara-zero-", keep_dir).ok()?;
    let what = match run_on_source(&h, &dir, SOURCE_REPLAY_MIN) {
        SourceOutcome::Reached(what) => what,
        SourceOutcome::NotRun(why) => return zero_inputs_on_inlining(pp, &dir, why),
        SourceOutcome::Missed(_) => return None,
    };
    Some(zero_trace(
        ReplayedOn::Source,
        format!("your source compiled by gcc, every input 0: {what}"),
        None,
    ))
}

/// [`zero_inputs`] on the inlining of a program without recursion (the whole program:
/// `ir::inline`), replayed by ara (`replay::replay`: every input and uninitialised local 0,
/// ILP32 spelt with 32-bit types), when gcc could not run the source (`why`). A run of the
/// inlining that reaches the error is a run of the program (module doc).
fn zero_inputs_on_inlining(pp: &ProcProgram, dir: &Path, why: String) -> Option<ConcreteTrace> {
    if pp.is_recursive() {
        return None;
    }
    let p = inline(pp).ok()?;
    replay::replay(&p, &[], &Model::default(), dir, ZERO_REPLAY_LIMIT).ok()?;
    Some(zero_trace(
        ReplayedOn::Translation,
        format!(
            "ara's replay of the program with its calls inlined, every input 0, reaches the \
             error (not on your source with gcc: {why})"
        ),
        Some(why),
    ))
}

/// The trace of a zero-input probe that reached the error.
fn zero_trace(
    replayed_on: ReplayedOn,
    confirmed_by: String,
    not_on_source: Option<String>,
) -> ConcreteTrace {
    ConcreteTrace {
        path: vec![],
        steps: vec![],
        inputs: vec![InputValue {
            what: "every __VERIFIER_nondet_* call".into(),
            value: 0,
        }],
        confirmed_by,
        replayed_on,
        not_on_source,
        nondet_values: vec![0; ZERO_PROBE],
        initial_values: Default::default(),
    }
}

/// One depth of [`bounded_search`]: the checker on the bounded inlining `p`, its
/// counterexample confirmed on `p`, then replayed on the user's file.
fn at_depth(
    p: &Program,
    d: u32,
    src: &SourceOptions,
    checker: &CheckOptions,
    left: Duration,
    keep_dir: Option<&Path>,
) -> Result<Option<ConcreteTrace>, AraError> {
    let t = Instant::now();
    let (_tmp, dir) = crate::engines::work_dir("ara-bounded-", keep_dir)?;
    let mut copts = checker.clone();
    // Loops inside the procedures are unwound as deep as the recursion (a counterexample
    // within the bound is a lead like any other; a proof is not used).
    copts.mode = Mode::Unwind(d.max(2));
    let what = format!("the program inlined {d} activations deep (deeper calls cut)");
    let bmc = Bmc::new(copts, &format!("bounded_{d}"), format!("ara check: {what}"));
    let budget = Budget {
        timeout: Some(left),
        keep_dir: Some(dir.clone()),
        ..Budget::default()
    };
    let EngineVerdict::Counterexample(cex) = bmc.run(p, &budget)?.outcome.verdict else {
        return Ok(None);
    };
    let limits = Limits {
        timeout: Some(left.saturating_sub(t.elapsed()).max(Duration::from_secs(1))),
        memory_mb: checker.memory_mb,
    };
    let copts = ConfirmOptions {
        theory: Theory::BitVector,
        limits,
        dir: &dir,
        keep_tag: None,
    };
    let Confirmation::Confirmed(mut trace) = confirm_cex(p, p, &Cfg::build(p), &cex, &copts)?
    else {
        return Ok(None);
    };
    let replay = left
        .saturating_sub(t.elapsed())
        .clamp(SOURCE_REPLAY_MIN, SOURCE_REPLAY_MAX);
    match confirm_on_source(p, src, &trace, &dir, Instant::now() + replay) {
        Decision::OnSource => {
            trace.replayed_on = ReplayedOn::Source;
            trace.not_on_source = None;
            trace.confirmed_by = format!(
                "the checker's counterexample on {what}; its inputs replayed on your source \
                 with gcc reach the error"
            );
            Ok(Some(trace))
        }
        // gcc on the source gave no evidence either way (no 32-bit gcc for an ILP32 task, a
        // file the harness does not build with, values it cannot set): the run of the
        // inlining that ara's replay confirmed is a run of the program (module doc).
        Decision::OnTranslation { why } => {
            trace.replayed_on = ReplayedOn::Translation;
            trace.confirmed_by = format!(
                "the checker's counterexample on {what}, replayed by ara on that program \
                 (not on your source with gcc: {why})"
            );
            trace.not_on_source = Some(why);
            Ok(Some(trace))
        }
        // Every input set and gcc's run of the source misses the error: ara's translation
        // and gcc disagree about the program, and the translation's run is no evidence.
        Decision::Disagreement { .. } => Ok(None),
    }
}

/// The deepest inlining a derivation of the summary engine is given to the checker at.
const MAX_DERIVED_DEPTH: u32 = 256;

/// Inputs for a run the summary engine derived through at most `depth` nested activations
/// (`summary::derivation_depth`): the checker on the program inlined that deep (every run of
/// at most that depth is a run of it, the derived one among them), its counterexample
/// confirmed and replayed on the user's file with gcc ([`at_depth`]). `None` when it finds
/// none in `left` (loops inside the procedures unwound too little, the inlining too large).
fn derivation_inputs(
    pp: &ProcProgram,
    depth: u32,
    src: &SourceOptions,
    checker: &CheckOptions,
    left: Duration,
    keep_dir: Option<&Path>,
) -> Result<Option<ConcreteTrace>, AraError> {
    let d = depth.clamp(1, MAX_DERIVED_DEPTH);
    let Ok(p) = inline_bounded(pp, d, MAX_INLINED) else {
        return Ok(None);
    };
    let mut found = at_depth(&p, d, src, checker, left, keep_dir)?;
    if let Some(t) = &mut found {
        let replayed = match &t.not_on_source {
            None => "replayed on your source with gcc".to_string(),
            Some(why) => format!("replayed by ara on that program (not on your source: {why})"),
        };
        t.confirmed_by = format!(
            "the summary engine's derivation of the error (at most {depth} nested \
             activations); the checker's inputs on the program inlined {d} activations deep, \
             {replayed}, reach the error"
        );
    }
    Ok(found)
}

/// The report of a bug found by the bounded search or the summary engine (replayed on the
/// source).
fn bug_report(
    src: &SourceOptions,
    trace: ConcreteTrace,
    by: AnsweredBy,
    requested: Strategy,
    start: Instant,
) -> StrategyReport {
    report_of(src, FinalVerdict::Unsafe { trace }, by, requested, start)
}

/// The report of `verdict`, answered by `by`.
fn report_of(
    src: &SourceOptions,
    verdict: FinalVerdict,
    by: AnsweredBy,
    requested: Strategy,
    start: Instant,
) -> StrategyReport {
    let elapsed = start.elapsed().as_secs_f64();
    let mut r = StrategyReport::of_verdict(src.file.display().to_string(), verdict, by, requested);
    r.report.time_checker_s = elapsed;
    r.report.time_total_s = elapsed;
    r
}

/// The report of a proof by summaries: each summary as a C formula at its procedure's line.
fn summaries_report(
    src: &SourceOptions,
    summaries: Vec<ProcedureSummary>,
    requested: Strategy,
    start: Instant,
) -> StrategyReport {
    let proof = SafeProof {
        how: Proof::Summaries {
            found_by: "spacer".into(),
            summaries,
        },
        engine: "spacer".into(),
        on: Subject::Original,
    };
    let elapsed = start.elapsed().as_secs_f64();
    let file = src.file.display().to_string();
    let verdict = FinalVerdict::Safe { proof };
    let mut r = StrategyReport::of_verdict(file, verdict, AnsweredBy::Summaries, requested);
    r.report.time_solver_s = elapsed;
    r.report.time_total_s = elapsed;
    r
}
