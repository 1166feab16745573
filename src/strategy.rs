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
//! - `auto`: `witness` first; unless it proves the program, the refinement loop seeded with the
//!   witness indexes of the witness counterexample and, in a second thread, the checker on the
//!   original program (its proofs count; its bugs only after the SMT check and the replay on
//!   the original program). The first definite answer wins and the other thread is stopped.

use crate::abstraction::IndexSets;
use crate::abstraction::witness::{LoopReport, WitnessProgram, witness_program};
use crate::cegar::{self, CegarOptions, CheckReport, FinalVerdict, random, replay};
use crate::checkers::{self, Mode, Verdict};
use crate::emit::{EmitOptions, MARKER_VAR, emit_c};
use crate::error::AraError;
use crate::ir::cfg::Cfg;
use crate::ir::{Program, VERTEX_ERROR, Vertex};
use crate::smt::{SolverAnswer, encode_path, solve};
use crate::tools::{self, CancelFlag, Limits};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
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

/// The witness part of a check.
#[derive(Clone, Debug, Serialize)]
pub struct WitnessRun {
    /// The checker's verdict on the transformed program, or why there was none.
    pub verdict: String,
    /// Why the program could not be transformed.
    pub rejected: Option<String>,
    /// How each loop was transformed.
    pub loops: Vec<LoopReport>,
    /// The witness indexes of the counterexample: `(array, index)`, the seed of `R`.
    pub seed: Vec<(String, u64)>,
    pub time_s: f64,
}

/// The bounded run on the original program (in `auto`).
#[derive(Clone, Debug, Serialize)]
pub struct BugFinderRun {
    pub verdict: String,
    /// What became of its counterexample (SMT check, replay), when it had one.
    pub confirmation: Option<String>,
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
    /// What gave the verdict: `witness`, `cegar`, `bmc` (the checker on the original
    /// program), or `none` for UNKNOWN.
    pub strategy: String,
    pub witness: Option<WitnessRun>,
    pub bug_finder: Option<BugFinderRun>,
}

/// Runs `ara check` with a strategy. `opts.timeout` bounds the whole check.
pub fn check(
    p: &Program,
    strategy: Strategy,
    opts: &CegarOptions,
) -> Result<StrategyReport, AraError> {
    let start = Instant::now();
    let mut rep = match strategy {
        Strategy::Cegar => {
            let report = cegar::check(p, opts)?;
            let answered = !matches!(report.verdict, FinalVerdict::Unknown { .. });
            StrategyReport {
                report,
                requested: strategy,
                strategy: if answered { "cegar" } else { "none" }.into(),
                witness: None,
                bug_finder: None,
            }
        }
        Strategy::Witness => {
            let (verdict, run, _) = run_witness(p, opts, start)?;
            let verdict = match verdict {
                WitnessVerdict::Safe(proof) => FinalVerdict::Safe { proof },
                WitnessVerdict::Unsafe => FinalVerdict::Unknown {
                    reason: "witness abstraction too coarse (its counterexample may be spurious)"
                        .into(),
                },
                WitnessVerdict::Unknown(reason) => FinalVerdict::Unknown { reason },
            };
            StrategyReport {
                strategy: if matches!(verdict, FinalVerdict::Safe { .. }) {
                    "witness"
                } else {
                    "none"
                }
                .into(),
                report: empty_report(p, verdict, run.time_s),
                requested: strategy,
                witness: Some(run),
                bug_finder: None,
            }
        }
        Strategy::Auto => auto(p, opts, start)?,
    };
    rep.report.time_total_s = start.elapsed().as_secs_f64();
    Ok(rep)
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

enum WitnessVerdict {
    Safe(String),
    Unsafe,
    Unknown(String),
}

fn work_dir(opts: &CegarOptions) -> Result<(tempfile::TempDir, PathBuf), AraError> {
    let work = tempfile::Builder::new()
        .prefix("ara-strategy-")
        .tempdir()
        .map_err(|e| AraError::Internal(format!("cannot create a temporary directory: {e}")))?;
    let dir = match &opts.keep_dir {
        Some(d) => {
            std::fs::create_dir_all(d).map_err(|e| AraError::Input {
                file: d.display().to_string(),
                msg: format!("cannot create: {e}"),
            })?;
            d.clone()
        }
        None => work.path().to_path_buf(),
    };
    Ok((work, dir))
}

/// The witness transformation through the checker; the seed for the refinement loop from its
/// counterexample.
fn run_witness(
    p: &Program,
    opts: &CegarOptions,
    start: Instant,
) -> Result<(WitnessVerdict, WitnessRun, IndexSets), AraError> {
    let t = Instant::now();
    let mut run = WitnessRun {
        verdict: String::new(),
        rejected: None,
        loops: vec![],
        seed: vec![],
        time_s: 0.0,
    };
    let w: WitnessProgram = match witness_program(p) {
        Ok(w) => w,
        Err(e @ AraError::Unsupported { .. }) => {
            run.rejected = Some(e.to_string());
            run.verdict = "not applicable".into();
            let why = format!("witness transformation not applicable: {e}");
            return Ok((WitnessVerdict::Unknown(why), run, IndexSets::empty()));
        }
        Err(e) => return Err(e),
    };
    run.loops = w.loops.clone();
    let (_work, dir) = work_dir(opts)?;
    let text = emit_c(
        &w.program,
        &EmitOptions {
            markers: false,
            line_comments: true,
            header_comment: Some(format!(
                "ara check: witness-index transformation of {}\n{}",
                p.file,
                w.summary(p)
            )),
        },
    );
    let c_path = dir.join("witness.c");
    std::fs::write(&c_path, &text).map_err(|e| AraError::Internal(e.to_string()))?;
    let mut copts = opts.checker.clone();
    // No loops: one unwinding explores every path, and a clean run is a proof.
    copts.mode = Mode::Unwind(1);
    let remaining = opts.timeout.saturating_sub(start.elapsed());
    copts.timeout = Some(copts.timeout.map_or(remaining, |c| c.min(remaining)));
    if opts.keep_dir.is_some() {
        copts.keep_dir = Some(dir.join("witness-runs"));
    }
    let out = checkers::check_file(&c_path, &copts)?;
    run.verdict = out.verdict.to_string();
    run.time_s = t.elapsed().as_secs_f64();
    let (verdict, seed) = match (&out.verdict, &out.trace) {
        (Verdict::Safe { how }, _) => (
            WitnessVerdict::Safe(format!(
                "proved: {how}, by {} on the witness-index transformation",
                out.checker
            )),
            IndexSets::empty(),
        ),
        (Verdict::Unsafe, trace) => {
            let seed = trace
                .as_ref()
                .map(|t| w.seed_from_trace(t))
                .unwrap_or_default();
            (WitnessVerdict::Unsafe, seed)
        }
        (Verdict::Unknown { reason }, _) => (
            WitnessVerdict::Unknown(format!("witness: checker: {reason}")),
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

fn is_definite(v: &FinalVerdict) -> bool {
    !matches!(v, FinalVerdict::Unknown { .. })
}

fn auto(p: &Program, opts: &CegarOptions, start: Instant) -> Result<StrategyReport, AraError> {
    let (wv, wrun, seed) = run_witness(p, opts, start)?;
    if let WitnessVerdict::Safe(proof) = wv {
        return Ok(StrategyReport {
            report: empty_report(p, FinalVerdict::Safe { proof }, wrun.time_s),
            requested: Strategy::Auto,
            strategy: "witness".into(),
            witness: Some(wrun),
            bug_finder: None,
        });
    }
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
    std::thread::scope(|sc| {
        let (tx1, stop1) = (tx.clone(), stop_cegar.clone());
        let copts = &copts;
        sc.spawn(move || {
            tools::watch_cancel(Some(stop1));
            let _ = tx1.send(Answer::Cegar(cegar::check(p, copts)));
        });
        let (tx2, stop2) = (tx, stop_bmc.clone());
        sc.spawn(move || {
            tools::watch_cancel(Some(stop2));
            let _ = tx2.send(Answer::Bmc(bug_finder(p, opts, remaining)));
        });
        for ans in rx.iter().take(2) {
            match ans {
                Answer::Cegar(r) => {
                    if r.as_ref().is_ok_and(|r| is_definite(&r.verdict)) {
                        stop_bmc.cancel();
                    }
                    cegar_res = Some(r);
                }
                Answer::Bmc(r) => {
                    if r.as_ref().is_ok_and(|(v, _)| is_definite(v)) {
                        stop_cegar.cancel();
                    }
                    bmc_res = Some(r);
                }
            }
        }
    });
    let cegar_res = cegar_res.unwrap_or_else(|| Err(AraError::Internal("no answer".into())));
    let bmc_res = bmc_res.unwrap_or_else(|| Err(AraError::Internal("no answer".into())));
    // The refinement loop's answer when definite, else the bug finder's, else UNKNOWN with
    // every reason. (Both definite answers are sound, so they cannot disagree.)
    let bmc_definite = matches!(&bmc_res, Ok((v, _)) if is_definite(v));
    let (bmc_verdict, bmc_run) = match bmc_res {
        Ok((v, r)) => (Some(v), Some(r)),
        Err(e) => (
            None,
            Some(BugFinderRun {
                verdict: format!("error: {e}"),
                confirmation: None,
                time_s: 0.0,
            }),
        ),
    };
    let mut report = match cegar_res {
        Ok(r) => r,
        Err(e) if bmc_definite => {
            let why = format!("refinement loop: {e}");
            empty_report(p, FinalVerdict::Unknown { reason: why }, 0.0)
        }
        Err(e) => return Err(e),
    };
    report.time_checker_s += wrun.time_s;
    let strategy = if is_definite(&report.verdict) {
        "cegar"
    } else if bmc_definite {
        report.verdict = bmc_verdict.expect("definite");
        "bmc"
    } else {
        let mut why = Vec::new();
        match &wrun.rejected {
            Some(r) => why.push(format!("witness: {r}")),
            None => why.push(format!("witness: {}", wrun.verdict)),
        }
        if let FinalVerdict::Unknown { reason } = &report.verdict {
            why.push(format!("refinement loop: {reason}"));
        }
        if let Some(FinalVerdict::Unknown { reason }) = &bmc_verdict {
            why.push(format!("bounded search: {reason}"));
        }
        report.verdict = FinalVerdict::Unknown {
            reason: why.join("; "),
        };
        "none"
    };
    Ok(StrategyReport {
        report,
        requested: Strategy::Auto,
        strategy: strategy.into(),
        witness: Some(wrun),
        bug_finder: bmc_run,
    })
}

/// Longest random testing before the bounded search.
const RANDOM_SEARCH_MAX: Duration = Duration::from_secs(6);

/// Random testing of the original program, then the checker on it: a proof counts, a
/// counterexample only when its path is feasible (SMT) and the replay on the original program
/// reaches the error; a random run only when it reaches the error.
fn bug_finder(
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
    let random_budget = (budget / 6).min(RANDOM_SEARCH_MAX);
    if let Some(trace) = random::random_search(p, random_budget, &dir) {
        let run = BugFinderRun {
            verdict: "UNSAFE (random testing)".into(),
            confirmation: Some(trace.confirmed_by.clone()),
            time_s: t.elapsed().as_secs_f64(),
        };
        return Ok((FinalVerdict::Unsafe { trace }, run));
    }
    let budget = budget.saturating_sub(t.elapsed());
    let cfg = Cfg::build(p);
    let text = emit_c(
        p,
        &EmitOptions {
            markers: true,
            line_comments: true,
            header_comment: Some(format!("ara check: bounded search on {}", p.file)),
        },
    );
    let c_path = dir.join("original.c");
    std::fs::write(&c_path, &text).map_err(|e| AraError::Internal(e.to_string()))?;
    let mut copts = opts.checker.clone();
    copts.mode = Mode::Auto;
    copts.timeout = Some(copts.timeout.map_or(budget, |c| c.min(budget)));
    let out = checkers::check_file(&c_path, &copts)?;
    let mut run = BugFinderRun {
        verdict: out.verdict.to_string(),
        confirmation: None,
        time_s: 0.0,
    };
    let verdict = match (&out.verdict, &out.trace) {
        (Verdict::Safe { how }, _) => FinalVerdict::Safe {
            proof: format!("proved: {how}, by {} on the original program", out.checker),
        },
        (Verdict::Unsafe, Some(trace)) => {
            let path = cegar::normalise_path(&cfg, trace.marker_path(MARKER_VAR));
            let left = budget
                .saturating_sub(t.elapsed())
                .max(Duration::from_secs(1));
            match confirm(p, &cfg, &path, opts, left, &dir) {
                Ok(trace) => {
                    run.confirmation = Some(trace.confirmed_by.clone());
                    FinalVerdict::Unsafe { trace }
                }
                Err(why) => {
                    run.confirmation = Some(why.clone());
                    FinalVerdict::Unknown {
                        reason: format!("counterexample not confirmed: {why}"),
                    }
                }
            }
        }
        (Verdict::Unsafe, None) => FinalVerdict::Unknown {
            reason: "the checker reported a violation without a trace".into(),
        },
        (Verdict::Unknown { reason }, _) => FinalVerdict::Unknown {
            reason: format!("checker: {reason}"),
        },
    };
    run.time_s = t.elapsed().as_secs_f64();
    Ok((verdict, run))
}

/// The path's trace formula on the original program, then the replay of its model.
fn confirm(
    p: &Program,
    cfg: &Cfg,
    path: &[Vertex],
    opts: &CegarOptions,
    budget: Duration,
    dir: &Path,
) -> Result<cegar::ConcreteTrace, String> {
    if path.last() != Some(&VERTEX_ERROR) || !cfg.is_path(path) {
        return Err("the checker's trace is not an error path of the CFG".into());
    }
    let q = encode_path(p, cfg, path, opts.theory).map_err(|e| e.to_string())?;
    let limits = Limits {
        timeout: Some(budget),
        memory_mb: opts.checker.memory_mb,
    };
    match solve(&q, &limits).map_err(|e| e.to_string())? {
        SolverAnswer::Sat(model) => {
            let mut trace = replay::confirm(p, cfg, path, &q, &model, dir)?;
            trace.confirmed_by = format!(
                "bounded search on the original program; {}",
                trace.confirmed_by
            );
            Ok(trace)
        }
        SolverAnswer::Unsat { .. } => Err("the path is infeasible (SMT)".into()),
        SolverAnswer::Unknown(why) => Err(format!("solver: {why}")),
    }
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
        } else if let FinalVerdict::Unsafe { .. } = self.report.verdict {
            for l in lines.take_while(|l| !l.starts_with("iterations:")) {
                let _ = writeln!(out, "{l}");
            }
        }
        if let Some(w) = &self.witness {
            let _ = writeln!(out, "witness: {} ({:.2} s)", w.verdict, w.time_s);
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
            let _ = writeln!(out, "bounded search: {} ({:.2} s)", b.verdict, b.time_s);
            if let Some(c) = &b.confirmation {
                let _ = writeln!(out, "  {c}");
            }
        }
        if !cegar_ran {
            let _ = writeln!(out, "time: total {:.2} s", self.report.time_total_s);
        }
        out
    }
}
