//! The portfolio of `ara check --strategy auto` as data (issue 28): which stage runs on
//! which program, in which order or beside what, with which share of the time, what it
//! waits for.
//!
//! Takes a [`Program`], the [`CegarOptions`] and a budget; gives the verdict, the
//! [`Record`] of the stage that gave it and every stage's record in the run's
//! [`portfolio::Log`]. [`auto`] is the whole portfolio: the witness-index transformation;
//! unless it proves the program, the refinement loop (waiting for the witness stage's seed)
//! beside the bug search on the original program ([`Step::Search`] of [`plan`], with what is
//! left of the time). [`run`] runs any schedule: one runner, the thread code in one place
//! ([`race`]); [`Step::outline`] prints one (`ara check --verbose`). The bug search's plans,
//! from the program's shape, in words (their `Display`, golden-tested below):
//!
//! - every loop has a constant bound ([`unwind::unwinding_bound`]): the checker unwinds the
//!   program completely (`--unwind K --unwinding-assertions`: its SAFE is a proof, a loop
//!   running longer fails an unwinding assertion, which is UNKNOWN) beside random testing;
//! - no complete unwinding can finish ([`beyond_unwinding`]): the cell-morphing engine, then
//!   the checker, beside random testing from the start (its runs are then the only search
//!   that can end with a bug needing all 10^6 elements alike);
//! - a grid of a symbolic row length that `abstraction::relayout` lays out anew: the
//!   cell-morphing engine (on the relaid program first, [`cells_first`]), then the checker,
//!   beside a sixth of random testing (its bugs fail at most sizes);
//! - otherwise: the cell-morphing engine (its proofs), random testing, then the checker in
//!   its `auto` mode (k-induction, then incremental BMC) beside the cell-morphing engine.
//!
//! The cell-morphing stage ([`cells_first`]) tries programs that only serve proofs first:
//! grids relaid ([`relayout`]), constant loop bounds made a nondet size up to them
//! ([`generalize`], `Subject::Generalized`: "proved for every N up to K"); the engine gives
//! only proofs, so a bug of those programs that the original does not have never shows.
//!
//! Soundness is the engines': a proof counts ([`SafeProof`] from a checked certificate or a
//! complete unwinding), a checker's counterexample only when [`confirm_cex`] confirms it (SMT,
//! then the replay on the original program), a random run only when it reaches the error.
//! The schedule only decides what runs when; which answer wins is the first definite one.
//! [`settle`] is the one reading of an engine's answer on the original program as a verdict
//! (also for `ara check --engine`, `strategy::one`).

use crate::abstraction::{generalize, relayout};
use crate::base::error::AraError;
use crate::base::tools::{self, CancelFlag, Limits};
use crate::engines::bmc::Bmc;
use crate::engines::checkers::{Mode, Verdict};
use crate::engines::concrete::confirm::{ConfirmOptions, Confirmation, confirm_cex};
use crate::engines::concrete::random;
use crate::engines::verdict::{FinalVerdict, Inconclusive, SafeProof, Subject, Unconfirmed};
use crate::engines::{self, Budget, Engine, EngineOutcome, EngineVerdict, unwind};
use crate::ir::Program;
use crate::ir::cfg::Cfg;
use crate::strategy::cegar::CegarOptions;
use serde::Serialize;
use std::fmt;
use std::path::Path;
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

pub mod portfolio;

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

/// Which stage gave an answer, with its record when the answer carries it.
#[derive(Clone, Debug)]
pub enum Record {
    /// The witness stage ([`Step::Witness`]; its record is in the [`Log`]).
    Witness,
    /// The refinement loop ([`Step::Refinement`]; its report is in the [`Log`]).
    Refinement,
    /// A step of the bug search on the original program.
    Search(BugFinderRun),
}

/// A step's answer: `None` when it has nothing to report (random testing that hit nothing,
/// the cell-morphing engine without a proof), else the verdict (maybe UNKNOWN) and which
/// stage gave it, or an error.
pub type Found = Option<Result<(FinalVerdict, Record), AraError>>;

/// A part of a [`race`]: a step to run on a thread of its own.
pub type Part<'a> = Box<dyn FnOnce() -> Found + Send + 'a>;

/// A share of the search's budget: `num/den` of it, at most `max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    pub num: u32,
    pub den: u32,
    pub max: Option<Duration>,
}

impl Share {
    /// This share of `budget`.
    pub fn of(self, budget: Duration) -> Duration {
        let d = budget * self.num / self.den.max(1);
        self.max.map_or(d, |m| d.min(m))
    }
}

impl fmt::Display for Share {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{} of the time", self.num, self.den)?;
        if let Some(m) = self.max {
            write!(f, ", at most {} s", m.as_secs())?;
        }
        Ok(())
    }
}

/// One step of a schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The witness-index transformation (array-free, loop-free, an over-approximation)
    /// through the checker with one unwinding, for this share of the time: its proof; the
    /// witness indexes of its counterexample are the seed a later [`Step::Refinement`]
    /// starts from.
    Witness(Share),
    /// The refinement loop on the index-set abstraction ([`crate::strategy::cegar`]), seeded with what
    /// an earlier [`Step::Witness`] left in the [`Log`], with what is left of the time.
    Refinement,
    /// The bug search on the original program: its steps, with what is left of the time as
    /// their budget (their shares are of it) and a folder of their own.
    Search(Box<Step>),
    /// Random testing of the original program (ends at the first run that reaches the error).
    Random(Share),
    /// The cell-morphing engine alone (Spacer, then the template engine with two cells):
    /// its proof, or nothing.
    Cells(Share),
    /// The checker on the original program in `mode` (a complete unwinding runs in the
    /// foreground), beside the cell-morphing engine, with what is left of the time.
    Checker(Mode),
    /// One after another until one answers definitely.
    Seq(Vec<Step>),
    /// Side by side, each in its own thread: the first definite answer stops the others.
    Race(Vec<Step>),
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, steps: &[Step], sep: &str| {
            for (i, s) in steps.iter().enumerate() {
                if i > 0 {
                    f.write_str(sep)?;
                }
                match s {
                    Step::Seq(_) | Step::Race(_) | Step::Search(_) => write!(f, "({s})")?,
                    _ => write!(f, "{s}")?,
                }
            }
            Ok(())
        };
        match self {
            Step::Witness(s) => write!(
                f,
                "witness-index transformation (the checker, one unwinding; {s})"
            ),
            Step::Refinement => f.write_str(
                "refinement loop on the index-set abstraction (seeded by the witness \
                 counterexample)",
            ),
            Step::Search(s) => write!(f, "bug search on the original program: {s}"),
            Step::Random(s) => write!(f, "random testing ({s})"),
            Step::Cells(s) => write!(f, "cell-morphing Horn engine ({s})"),
            Step::Checker(Mode::Unwind(k)) => write!(f, "complete unwinding (--unwind {k})"),
            Step::Checker(_) => f.write_str("checker and cell-morphing Horn engine side by side"),
            Step::Seq(steps) => list(f, steps, ", then "),
            Step::Race(steps) => list(f, steps, " beside "),
        }
    }
}

impl Step {
    /// The schedule as an indented outline, one step a line (`ara check --verbose`).
    pub fn outline(&self) -> String {
        let mut out = String::new();
        self.outline_into(0, &mut out);
        out
    }

    fn outline_into(&self, depth: usize, out: &mut String) {
        let pad = "  ".repeat(depth);
        let (head, steps): (String, &[Step]) = match self {
            Step::Seq(steps) => ("one after another, until one answers:".into(), steps),
            Step::Race(steps) => (
                "side by side, the first definite answer stops the others:".into(),
                steps,
            ),
            Step::Search(plan) => (
                "bug search on the original program, with the time left:".into(),
                std::slice::from_ref(plan.as_ref()),
            ),
            leaf => (leaf.to_string(), &[]),
        };
        out.push_str(&format!("{pad}{head}\n"));
        for s in steps {
            s.outline_into(depth + 1, out);
        }
    }
}

/// Longest random testing before the checker (when they run one after the other).
const RANDOM_SEARCH_MAX: Duration = Duration::from_secs(6);

/// Longest run of the cell-morphing engine before random testing: two fifths for Spacer
/// (two configurations' quick slices, then one of them answering in 3 to 4 s and its
/// certificate check in 1 to 6 s: prefix sums at nondet N, whose check was cut off in 12 s
/// at load 3 to 5), then the template engine (selection sort at nondet N 20 s, bubble sort
/// 38 s with its check, at idle). Unused time goes on to random testing; the refinement
/// loop runs beside all of it.
const CELLS_FIRST_MAX: Duration = Duration::from_secs(45);

/// The most loop-body runs of a complete unwinding that can finish within a minute or so
/// (a string copy of 10^5 elements rarely does, see [`UNWIND_YIELD_MAX_ITERATIONS`]).
const UNWIND_HOPELESS_ITERATIONS: u64 = 100_000;

/// The nice value of ara's other runs while the complete unwinding runs: a single-threaded
/// checker beside them then keeps nearly a core (CFS weights 1024 : 110 per nice-10 run on
/// its core) and they run on what it leaves.
const UNWIND_YIELD_NICE: i32 = 10;

/// The most loop-body runs ([`unwind::unrolled_iterations`]) of a complete unwinding that the
/// other runs yield to: the sorts of the paper's Table 4 (bubble sort at N = 8: 8 + 7 · 7;
/// plain ESBMC proves it in about a minute) are far below; a string copy of 10^5 elements,
/// whose unwinding takes gigabytes and rarely finishes, is above and shares the cores as
/// equals.
const UNWIND_YIELD_MAX_ITERATIONS: u64 = 10_000;

/// Whether no complete unwinding of `p` can finish: more than
/// [`UNWIND_HOPELESS_ITERATIONS`] loop bodies, or an array of more elements (a loop over it,
/// `while (s[i] != 0)`, has no constant bound but runs as long).
pub fn beyond_unwinding(p: &Program) -> bool {
    let big = |n: u64| n > UNWIND_HOPELESS_ITERATIONS;
    unwind::unrolled_iterations(p).is_some_and(big)
        || p.arrays.iter().any(|a| a.size.as_const().is_some_and(big))
}

/// The schedule of the bug search on `p` (module doc). Random testing gets a sixth of the
/// time, at most [`RANDOM_SEARCH_MAX`], or half when no complete unwinding can finish (with
/// or without a constant bound, [`beyond_unwinding`]): a bug
/// at N = 10^6 that needs all elements alike is hit by one run in 20 to 50 (issue 25).
pub fn plan(p: &Program) -> Step {
    let sixth = Share {
        num: 1,
        den: 6,
        max: Some(RANDOM_SEARCH_MAX),
    };
    if let Some(k) = unwind::unwinding_bound(p) {
        // A constant bound does not make the unwinding finish: beyond it, random testing
        // gets half, as where there is no bound (copy at N = 10^5: its 6 s of runs, slowed
        // by the engines beside it, missed the bug a run in 50 hits; UNKNOWN at 60 s).
        let random = if beyond_unwinding(p) { HALF } else { sixth };
        // `ARA_NO_UNWINDING=1` (tests of random testing through the command line): random
        // testing first, then the plan without an unwinding.
        if std::env::var_os("ARA_NO_UNWINDING").is_some_and(|v| !v.is_empty()) {
            return Step::Seq(vec![Step::Random(random), without_unwinding(p, sixth)]);
        }
        let unwinding = Step::Checker(Mode::Unwind(k));
        // A long unwinding races the cell-morphing engine too: its proofs hold at a constant
        // size as for every size (programs of `bench-suite/everyn` at N = 1000, proved in a
        // second or two at nondet N, were UNKNOWN after 60 s of unwinding).
        if unwind::unrolled_iterations(p).is_some_and(|n| n > UNWIND_CELLS_BESIDE) {
            return Step::Race(vec![unwinding, Step::Random(random), cells_share()]);
        }
        return Step::Race(vec![unwinding, Step::Random(random)]);
    }
    without_unwinding(p, sixth)
}

/// The most loop-body runs of a complete unwinding that races random testing alone: at
/// N = 10 (five loops: 50) ESBMC answers in a second or two, where the cell engine's
/// Spacer runs would only take CPU from it; at N = 100 and more the cell engine races it.
const UNWIND_CELLS_BESIDE: u64 = 256;

/// Random testing's share where no complete unwinding can finish ([`beyond_unwinding`]).
const HALF: Share = Share {
    num: 1,
    den: 2,
    max: None,
};

/// The cell-morphing engine's share where it runs first or beside a complete unwinding.
fn cells_share() -> Step {
    Step::Cells(Share {
        num: 3,
        den: 4,
        max: Some(CELLS_FIRST_MAX),
    })
}

/// The witness stage's share in `auto`: it answers in 0.2 s (median of
/// `bench-suite/everyn`, 0.5 s at most), but the transformation of 2,000 inlined calls
/// (`tasks/swap_seq_*_n1000`) kept ESBMC busy for the whole minute, and nothing else ran.
pub const WITNESS_SHARE: Share = Share {
    num: 1,
    den: 4,
    max: None,
};

/// The whole time (a stage alone: `--strategy witness`).
pub const ALL: Share = Share {
    num: 1,
    den: 1,
    max: None,
};

/// The schedule of `ara check --strategy auto` on `p`: the witness-index transformation;
/// unless it proves the program, the refinement loop (seeded with the witness indexes of the
/// witness counterexample) beside the bug search on the original program ([`plan`]). The
/// first definite answer wins and stops the other side (its runs killed at once, see
/// [`tools`]).
pub fn auto(p: &Program) -> Step {
    Step::Seq(vec![
        Step::Witness(WITNESS_SHARE),
        Step::Race(vec![Step::Refinement, Step::Search(Box::new(plan(p)))]),
    ])
}

/// The plan when the checker does not unwind completely.
fn without_unwinding(p: &Program, sixth: Share) -> Step {
    let cells = cells_share();
    let checker = Step::Checker(Mode::Auto);
    // A grid that `cells_first` lays out anew (`relayout`) spends up to two thirds of its
    // stage on the relaid program before random testing would run: a sixth of random
    // testing beside it instead (the bug twins of `bench-suite/everyn/grid_*` took 4 to
    // 46 s, load 8, with the stage first; every one fails for most sizes).
    if relayout::relayout(p).is_some() && !beyond_unwinding(p) {
        return Step::Race(vec![Step::Seq(vec![cells, checker]), Step::Random(sixth)]);
    }
    if beyond_unwinding(p) {
        return Step::Race(vec![Step::Seq(vec![cells, checker]), Step::Random(HALF)]);
    }
    Step::Seq(vec![cells, Step::Random(sixth), checker])
}

/// What every step of a run shares: the program, the options, the run's start, its
/// budget and folder, and the log of what its stages left ([`Log`]).
pub struct Run<'a> {
    pub p: &'a Program,
    pub opts: &'a CegarOptions,
    pub start: Instant,
    pub budget: Duration,
    pub dir: &'a Path,
    pub log: &'a Mutex<portfolio::Log>,
}

impl Run<'_> {
    /// What is left of the budget.
    pub(crate) fn left(&self) -> Duration {
        self.budget.saturating_sub(self.start.elapsed())
    }
}

/// Whether a step's answer is a definite verdict.
fn definite(f: &Found) -> bool {
    matches!(f, Some(Ok((v, _))) if v.is_definite())
}

/// Runs `step`: its answer (see [`Found`]). A sequence ends at its first definite answer
/// or at an error of ara's.
pub fn run(step: &Step, r: &Run<'_>) -> Found {
    let search = |(v, run)| Ok((v, Record::Search(run)));
    match step {
        Step::Witness(share) => portfolio::witness(r, share.of(r.budget)),
        Step::Refinement => portfolio::refinement(r),
        Step::Search(plan) => portfolio::search(plan, r),
        Step::Random(share) => random_step(r, share.of(r.budget)).map(search),
        Step::Cells(share) => cells_first(r.p, share.of(r.budget), r.dir).map(search),
        Step::Checker(mode) => Some(checker_step(r, *mode).and_then(search)),
        Step::Seq(steps) => {
            let mut last = None;
            for s in steps {
                let f = run(s, r);
                if definite(&f) || matches!(f, Some(Err(_))) {
                    return f;
                }
                if f.is_some() {
                    last = f;
                }
            }
            last
        }
        Step::Race(steps) => race(
            steps
                .iter()
                .map(|s| Box::new(move || run(s, r)) as Part<'_>)
                .collect(),
        ),
    }
}

/// Random testing of the original program for `budget` (and never past the search's end).
fn random_step(r: &Run<'_>, budget: Duration) -> Option<(FinalVerdict, BugFinderRun)> {
    let _running = crate::base::progress::begin("random testing");
    random::random_search(r.p, budget, r.start + r.budget, r.dir).map(|trace| {
        crate::base::progress::answer(
            crate::base::progress::Lead::Confirmed,
            "random testing reached the error (confirmed)",
        );
        let run = BugFinderRun {
            answer: BugFinderAnswer::RandomTesting,
            confirmation: Some(trace.confirmed_by.clone()),
            time_s: r.start.elapsed().as_secs_f64(),
        };
        (FinalVerdict::Unsafe { trace }, run)
    })
}

/// The checker in `mode` on the original program with what is left of the time. A
/// complete unwinding runs in its own folder and in the foreground: plain ESBMC's run, with
/// a core to itself while it runs when it is cheap enough to finish (every other run of
/// ara's yields to it).
fn checker_step(r: &Run<'_>, mode: Mode) -> Result<(FinalVerdict, BugFinderRun), AraError> {
    let Mode::Unwind(_) = mode else {
        return on_original(r.p, r.opts, mode, "original", r.left(), r.dir);
    };
    let udir = r.dir.join("unwind");
    std::fs::create_dir_all(&udir).map_err(|e| AraError::Internal(e.to_string()))?;
    let yielded = unwind::unrolled_iterations(r.p)
        .is_some_and(|n| n <= UNWIND_YIELD_MAX_ITERATIONS)
        .then(|| tools::yield_to_foreground(UNWIND_YIELD_NICE));
    let out =
        tools::foreground(|| on_original(r.p, r.opts, mode, "original_unwind", r.left(), &udir));
    drop(yielded);
    out
}

/// Runs `parts` side by side, each in its own thread with its own cancellation: the first
/// definite answer stops the others (their runs killed at once, see [`tools`]), as does the
/// caller's cancellation. Gives that answer, else the first part's (in the given order) that
/// has one. A part whose thread cannot start or panics answers with the error.
pub fn race(parts: Vec<Part<'_>>) -> Found {
    let n = parts.len();
    let stops: Vec<CancelFlag> = (0..n).map(|_| CancelFlag::default()).collect();
    let mut answers: Vec<Option<Found>> = (0..n).map(|_| None).collect();
    let mut winner = None;
    std::thread::scope(|sc| {
        let (tx, rx) = mpsc::channel::<(usize, Found)>();
        let mut threads = Vec::new();
        for (i, part) in parts.into_iter().enumerate() {
            let (tx, stop) = (tx.clone(), stops[i].clone());
            let t = tools::spawn_deep_scoped(sc, "race", move || {
                tools::watch_cancel(Some(stop));
                let _ = tx.send((i, part()));
            });
            if let Err(e) = &t {
                answers[i] = Some(Some(Err(AraError::Internal(format!(
                    "cannot start the search's thread: {e}"
                )))));
            }
            threads.push(t);
        }
        drop(tx);
        while answers.iter().any(Option::is_none) {
            if tools::cancelled() {
                stops.iter().for_each(CancelFlag::cancel);
            }
            match rx.recv_timeout(Duration::from_millis(50)) {
                Ok((i, f)) => {
                    tools::trace_event(&format!("step {i} answered: {}", found_words(&f)));
                    if winner.is_none() && definite(&f) {
                        winner = Some(i);
                        stops.iter().for_each(CancelFlag::cancel);
                    }
                    answers[i] = Some(f);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                // Every sender is gone: a part ended without an answer (it panicked).
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        for (i, t) in threads.into_iter().enumerate() {
            if let Some(why) = thread_fault(t) {
                answers[i].get_or_insert(Some(Err(AraError::Internal(why))));
            }
        }
    });
    let mut answers = answers.into_iter().map(Option::flatten);
    match winner {
        Some(i) => answers.nth(i).flatten(),
        None => answers.flatten().next(),
    }
}

/// A step's answer in a few words, for [`tools::trace_event`].
fn found_words(f: &Found) -> String {
    match f {
        None => "nothing".into(),
        Some(Ok((v, _))) => v.to_string().chars().take(160).collect(),
        Some(Err(e)) => format!("error: {e}"),
    }
}

/// Joins a part's thread (joined here, its panic does not end the scope, and ara, with it):
/// why it gave no answer when it could not start or panicked.
pub fn thread_fault<T>(t: std::io::Result<std::thread::ScopedJoinHandle<'_, T>>) -> Option<String> {
    match t {
        Err(e) => Some(format!("cannot start its thread: {e}")),
        Ok(h) => h
            .join()
            .err()
            .map(|p| format!("its thread panicked: {}", tools::panic_message(p.as_ref()))),
    }
}

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

/// A short run of the cell-morphing engine before random testing (which, for 10^6 elements,
/// takes longer than most of its proofs): its proof, if any. A program with grids of a
/// symbolic row length (`a[i*M + j]`) is tried first with them laid out in rows of a
/// constant length ([`relayout`]: its index is then linear), for two thirds of the time; a
/// program with constant loop bounds with them made a nondet size up to each
/// ([`generalize`]: its proof holds for the constants too, its module doc), for
/// [`GENERALIZED_SHARE`] of what is left; then the program as it is.
fn cells_first(p: &Program, budget: Duration, dir: &Path) -> Option<(FinalVerdict, BugFinderRun)> {
    let t = Instant::now();
    if let Some(r) = relayout::relayout(p) {
        let found = cells_stage(&r.program, budget * 2 / 3, dir, Subject::Relayout);
        if found.is_some() || tools::cancelled() {
            return found;
        }
    }
    // Constant loop bounds made a nondet size (`generalize`: proofs only, the cell engine
    // gives nothing else): the guessed candidates and templates need runs at small sizes.
    if let Some(g) = generalize::generalize(p) {
        let on = Subject::Generalized {
            constants: g
                .constants
                .iter()
                .filter_map(|c| i64::try_from(c.value).ok())
                .collect(),
        };
        let share = budget.saturating_sub(t.elapsed()) * GENERALIZED_SHARE.0 / GENERALIZED_SHARE.1;
        let found = cells_stage(&g.program, share, dir, on);
        if found.is_some() || tools::cancelled() {
            return found;
        }
    }
    cells_stage(
        p,
        budget.saturating_sub(t.elapsed()),
        dir,
        Subject::Original,
    )
}

/// The part of the cell-morphing stage [`cells_first`] gives the program with its constant
/// loop bounds generalized (`abstraction::generalize`), before the original: most of it, as
/// the guessed candidates and templates need small runs (bubble sort at nondet N takes 9 to
/// 19 s at idle, `bench-suite/everyn-forms`); the original keeps a quarter (its proofs of
/// programs safe at `K` only, or of those the generalization breaks).
const GENERALIZED_SHARE: (u32, u32) = (3, 4);

/// The stage on the relaid program alone ([`cells_first`]'s first part): its proof, or why
/// none. A knob for the differential tester (`ara check --engine horn-cells` with
/// `ARA_RELAID_ONLY=1`), which otherwise rarely reaches it: at its small sizes the other
/// engines answer first.
pub fn relaid_stage(p: &Program, budget: Duration, dir: &Path) -> Result<FinalVerdict, String> {
    let r = relayout::relayout(p).ok_or("no grid of a symbolic row length to lay out")?;
    cells_stage(&r.program, budget, dir, Subject::Relayout)
        .map(|(v, _)| v)
        .ok_or_else(|| "the cell engine found no proof on the relaid program".into())
}

/// The cell-morphing engine's stage on `p` (`on`: which program `p` is).
fn cells_stage(
    p: &Program,
    budget: Duration,
    dir: &Path,
    on: Subject,
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
    // Without the template engine the guessed candidates get three quarters of the stage
    // (6 of 8 with the one-cell stage's 2): their Houdini is where the recurrences' proofs
    // come from (`rec_cube_ne_global`: round 2 at 10 s alone, cut off at 18 s of 36 beside
    // the refinement loop at load 14, proved only by a later stage at 61 s on an idle
    // machine); Spacer's one-cell stage still gets what they leave.
    if !crate::engines::horn::houdini::applies(p) {
        cells.guess_weight = 6;
    }
    // A relaid grid: its proofs come from the guessed two-index candidates (module doc of
    // `grid`), whose check of divisions by the row length takes seconds; the template
    // engine's two-array facts do not apply. Most of the stage goes to the guess
    // (`grid_idx_flat_for_vla`: proved by the guess in 60 s alone, cut off at 5 s of 30
    // with the default shares).
    if on == Subject::Relayout {
        cells.houdini_at = None;
        cells.guess_weight = 8;
    }
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
        on,
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
    // Its counterexample confirmed as it comes: a confirmed one ends the race beside the cell
    // engine at once ([`Confirming`]).
    let confirming = Confirming {
        engine: &bmc,
        opts,
        t,
        budget,
        dir,
        confirmation: Mutex::new(None),
    };
    // The complete unwinding is the run that must not lose to plain ESBMC: in the foreground
    // (see `beside_random`), its confirmation too.
    let foreground = InForeground(&confirming);
    let engine: &dyn Engine = match mode {
        Mode::Unwind(_) => &foreground,
        _ => &confirming,
    };
    let engine_budget = Budget {
        timeout: Some(budget),
        keep_dir: Some(dir.to_path_buf()),
        ..Budget::default()
    };
    let outcome = match cells_engine(p) {
        // Beside the checker: the cell-morphing Horn engine on the original's arrays (a
        // proof over every element, for every size; it never gives a counterexample).
        Some(cells) => engines::race::race_until(
            p,
            &[(engine, engine_budget.clone()), (&cells, engine_budget)],
            &|_| confirming.confirmed(),
        )?,
        None => engines::race::race(p, &[(engine, engine_budget)])?,
    };
    let what = format!("{what} on the original program");
    settle_as(outcome, &what, t, |cex| match confirming.take() {
        Some(c) => c,
        None => confirm_on_original(p, opts, cex, (t, budget), dir),
    })
}

/// The checker on the original program with its counterexample confirmed in the race's
/// thread as soon as it comes ([`confirm_cex`], as [`settle`] would after the race), the
/// confirmation kept for [`settle_as`]. A confirmed counterexample is a run of the program
/// reaching the error (the replay on the original), so no sound engine beside it can prove
/// the program: the race ends at once ([`engines::race::race_until`]) rather than give the
/// cell engine the grace a possibly spurious trace gets (issue 28: on 50 calls over an array
/// of 100 the complete unwinding's bug at 11 s was answered at 28 s, the cell engine running
/// to the grace's end). An unconfirmed one keeps the grace, and the verdict is read from
/// the kept confirmation as before: the same answers, sooner.
struct Confirming<'a> {
    engine: &'a dyn Engine,
    opts: &'a CegarOptions,
    t: Instant,
    budget: Duration,
    dir: &'a Path,
    confirmation: Mutex<Option<Result<Confirmation, AraError>>>,
}

impl Confirming<'_> {
    /// Whether the counterexample was confirmed.
    fn confirmed(&self) -> bool {
        matches!(
            *self.confirmation.lock().unwrap_or_else(|e| e.into_inner()),
            Some(Ok(Confirmation::Confirmed(_)))
        )
    }
    fn take(&self) -> Option<Result<Confirmation, AraError>> {
        self.confirmation
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
    }
}

impl Engine for Confirming<'_> {
    fn name(&self) -> &'static str {
        self.engine.name()
    }
    fn check(&self, p: &Program, budget: &Budget) -> Result<EngineOutcome, AraError> {
        let o = self.engine.check(p, budget)?;
        if let EngineVerdict::Counterexample(cex) = &o.verdict {
            let c = confirm_on_original(p, self.opts, cex, (self.t, self.budget), self.dir);
            *self.confirmation.lock().unwrap_or_else(|e| e.into_inner()) = Some(c);
        }
        Ok(o)
    }
}

/// [`confirm_cex`] of `cex` on the original `p`, within what is left of `budget` since `t`
/// (at least a second).
fn confirm_on_original(
    p: &Program,
    opts: &CegarOptions,
    cex: &engines::Counterexample,
    (t, budget): (Instant, Duration),
    dir: &Path,
) -> Result<Confirmation, AraError> {
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
    confirm_cex(p, p, &Cfg::build(p), cex, &copts)
}

/// An engine's `outcome` on the original `p` as a verdict and the run's record: a proof is
/// SAFE; a counterexample UNSAFE only when confirmed on `p` (within what is left of `budget`
/// since `t`, at least a second), else UNKNOWN with why; `what` names the run in the trace's
/// `confirmed_by`.
pub fn settle(
    p: &Program,
    opts: &CegarOptions,
    outcome: EngineOutcome,
    what: &str,
    t: Instant,
    budget: Duration,
    dir: &std::path::Path,
) -> Result<(FinalVerdict, BugFinderRun), AraError> {
    settle_as(outcome, what, t, |cex| {
        confirm_on_original(p, opts, cex, (t, budget), dir)
    })
}

/// [`settle`] with the counterexample's confirmation from `confirm`.
fn settle_as(
    outcome: EngineOutcome,
    what: &str,
    t: Instant,
    confirm: impl FnOnce(&engines::Counterexample) -> Result<Confirmation, AraError>,
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
            let reason = match confirm(&cex)? {
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
            crate::base::tools::trace_event(&format!(
                "{what}: counterexample not confirmed: {reason}"
            ));
            FinalVerdict::Unknown {
                reason: Inconclusive::Unconfirmed { engine, on, reason },
            }
        }
    };
    run.time_s = t.elapsed().as_secs_f64();
    Ok((verdict, run))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::proof::Proof;
    use crate::frontend::{FrontendOptions, parse_source};

    /// The plan for a program that fills `a` (declared by `decl`) up to `bound`.
    fn plan_of(decl: &str, bound: &str) -> String {
        let src = format!(
            "extern unsigned __VERIFIER_nondet_uint(void);\nextern void reach_error(void);\n\
             int main() {{ unsigned n = __VERIFIER_nondet_uint(); {decl}; unsigned i;\n\
             for (i = 0; i < {bound}; i++) a[i] = 0;\n\
             if (n > 0 && a[0] != 0) reach_error(); return 0; }}"
        );
        let p = parse_source(&src, "t.c", &FrontendOptions::default()).unwrap();
        plan(&p).to_string()
    }

    #[test]
    fn the_plan_follows_the_programs_shape() {
        assert_eq!(
            plan_of("int a[8]", "8"),
            "complete unwinding (--unwind 9) beside random testing (1/6 of the time, at most 6 s)"
        );
        assert_eq!(
            plan_of("int a[1000]", "1000"),
            "complete unwinding (--unwind 1001) beside random testing (1/6 of the time, at most \
             6 s) beside cell-morphing Horn engine (3/4 of the time, at most 45 s)"
        );
        // Past what an unwinding can finish, random testing gets half beside it.
        assert_eq!(
            plan_of(
                "int a[100000]",
                "100000; i++) a[i] = 1; for (i = 0; i < 100000"
            ),
            "complete unwinding (--unwind 100001) beside random testing (1/2 of the time) \
             beside cell-morphing Horn engine (3/4 of the time, at most 45 s)"
        );
        assert_eq!(
            plan_of("int a[n]", "n"),
            "cell-morphing Horn engine (3/4 of the time, at most 45 s), then random testing \
             (1/6 of the time, at most 6 s), then checker and cell-morphing Horn engine side by \
             side"
        );
        let grid = "extern unsigned __VERIFIER_nondet_uint(void);\n\
            extern void reach_error(void);\nextern void __VERIFIER_assume(int);\n\
            int main() { unsigned n = __VERIFIER_nondet_uint();\n\
            unsigned m = __VERIFIER_nondet_uint(); __VERIFIER_assume(m <= 8);\n\
            int a[n * m]; unsigned i, j;\n\
            for (i = 0; i < n; i++) for (j = 0; j < m; j++) a[i * m + j] = 0;\n\
            if (n > 0 && m > 0 && a[0] != 0) reach_error(); return 0; }";
        let p = parse_source(grid, "t.c", &FrontendOptions::default()).unwrap();
        assert_eq!(
            plan(&p).to_string(),
            "(cell-morphing Horn engine (3/4 of the time, at most 45 s), then checker and \
             cell-morphing Horn engine side by side) beside random testing (1/6 of the time, \
             at most 6 s)"
        );
        assert_eq!(
            plan_of("static int a[1000000]", "n && i < 1000000"),
            "(cell-morphing Horn engine (3/4 of the time, at most 45 s), then checker and \
             cell-morphing Horn engine side by side) beside random testing (1/2 of the time)"
        );
    }

    /// The whole portfolio of `auto` is one schedule, printed as `ara check --verbose` shows
    /// it.
    #[test]
    fn the_portfolio_is_one_schedule() {
        let src = "extern void reach_error(void);\n\
            int main() { int a[8]; unsigned i;\n\
            for (i = 0; i < 8; i++) a[i] = 0;\n\
            if (a[3] != 0) reach_error(); return 0; }";
        let p = parse_source(src, "t.c", &FrontendOptions::default()).unwrap();
        assert_eq!(
            auto(&p).outline(),
            "one after another, until one answers:
  witness-index transformation (the checker, one unwinding; 1/4 of the time)
  side by side, the first definite answer stops the others:
    refinement loop on the index-set abstraction (seeded by the witness counterexample)
    bug search on the original program, with the time left:
      side by side, the first definite answer stops the others:
        complete unwinding (--unwind 9)
        random testing (1/6 of the time, at most 6 s)
"
        );
        assert_eq!(
            auto(&p).to_string(),
            "witness-index transformation (the checker, one unwinding; 1/4 of the time), then \
             (refinement loop \
             on the index-set abstraction (seeded by the witness counterexample) beside (bug \
             search on the original program: complete unwinding (--unwind 9) beside random \
             testing (1/6 of the time, at most 6 s)))"
        );
    }

    fn unknown() -> Found {
        let v = FinalVerdict::Unknown {
            reason: Inconclusive::Cancelled,
        };
        Some(Ok((v, Record::Search(run_of("unknown")))))
    }

    fn safe(engine: &str) -> Found {
        let proof = SafeProof {
            how: Proof::CompleteUnwinding { bound: 1 },
            engine: engine.into(),
            on: Subject::Original,
        };
        Some(Ok((
            FinalVerdict::Safe { proof },
            Record::Search(run_of(engine)),
        )))
    }

    fn run_of(engine: &str) -> BugFinderRun {
        BugFinderRun {
            answer: BugFinderAnswer::Error {
                message: engine.into(),
            },
            confirmation: None,
            time_s: 0.0,
        }
    }

    fn who(f: &Found) -> String {
        match f {
            Some(Ok((_, Record::Search(r)))) => r.answer.to_string(),
            Some(Ok((_, r))) => format!("{r:?}"),
            Some(Err(e)) => e.to_string(),
            None => "none".into(),
        }
    }

    /// The first definite answer wins and stops the others: the slow part sees its
    /// cancellation and gives up (it would answer SAFE after 30 s).
    #[test]
    fn a_race_takes_the_first_definite_answer_and_stops_the_rest() {
        let t = Instant::now();
        let slow: Part<'_> = Box::new(|| {
            while !tools::cancelled() && t.elapsed() < Duration::from_secs(30) {
                std::thread::sleep(Duration::from_millis(10));
            }
            if tools::cancelled() {
                unknown()
            } else {
                safe("slow")
            }
        });
        let fast: Part<'_> = Box::new(|| safe("fast"));
        assert_eq!(who(&race(vec![slow, fast])), "error: fast");
        assert!(t.elapsed() < Duration::from_secs(20));
    }

    /// Without a definite answer: the first part's answer in the given order, whatever
    /// order they came in; a part that panics answers with the error.
    #[test]
    fn without_a_definite_answer_the_first_parts_answer_counts() {
        let late: Part<'_> = Box::new(|| {
            std::thread::sleep(Duration::from_millis(100));
            unknown()
        });
        let none: Part<'_> = Box::new(|| None);
        assert_eq!(who(&race(vec![none, late])), "error: unknown");
        let boom: Part<'_> = Box::new(|| panic!("boom"));
        let none: Part<'_> = Box::new(|| None);
        assert!(who(&race(vec![boom, none])).contains("panicked: boom"));
    }

    #[test]
    fn shares_are_fractions_with_a_cap() {
        let s = Share {
            num: 1,
            den: 6,
            max: Some(Duration::from_secs(6)),
        };
        assert_eq!(s.of(Duration::from_secs(12)), Duration::from_secs(2));
        assert_eq!(s.of(Duration::from_secs(600)), Duration::from_secs(6));
        assert_eq!(
            Step::Seq(vec![
                Step::Cells(Share {
                    num: 3,
                    den: 4,
                    max: None
                }),
                Step::Race(vec![Step::Checker(Mode::Auto), Step::Random(s)]),
            ])
            .to_string(),
            "cell-morphing Horn engine (3/4 of the time), then (checker and cell-morphing Horn \
             engine side by side beside random testing (1/6 of the time, at most 6 s))"
        );
    }
}
