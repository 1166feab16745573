//! Checker back ends: run a model checker (ESBMC, CBMC) on a C file and turn its output into a
//! [`Verdict`] and, for a bug, a [`Trace`].
//!
//! Takes a C file and [`CheckOptions`]; gives a [`CheckerOutcome`]. Each checker is one module
//! (`esbmc`, `cbmc`) that builds argument vectors and parses output into a [`RunReport`]; the
//! verdict logic here works on that typed report only.
//!
//! Proof discipline: SAFE only from complete unwinding with unwinding assertions on and passing,
//! or from ESBMC's k-induction (forward condition or inductive step). UNSAFE only when the
//! violated property is a user assertion / `reach_error`. Everything else is UNKNOWN with the
//! reason.

pub mod cbmc;
pub mod esbmc;

pub use crate::ir::trace::{NondetValue, SourceLoc, StepKind, Trace, TraceStep};

use crate::base::error::AraError;
use crate::base::tools::{self, Ending, Limits, RunOutput, Tool};
use crate::engines::proof::Proof;
use crate::ir::DataModel;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::{Duration, Instant};

/// The model checkers ara can drive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CheckerKind {
    Esbmc,
    Cbmc,
}

impl CheckerKind {
    pub fn tool(self) -> Tool {
        match self {
            CheckerKind::Esbmc => Tool::Esbmc,
            CheckerKind::Cbmc => Tool::Cbmc,
        }
    }

    fn backend(self) -> &'static dyn Backend {
        match self {
            CheckerKind::Esbmc => &esbmc::Esbmc,
            CheckerKind::Cbmc => &cbmc::Cbmc,
        }
    }
}

impl fmt::Display for CheckerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tool().name())
    }
}

impl FromStr for CheckerKind {
    type Err = AraError;
    fn from_str(s: &str) -> Result<Self, AraError> {
        match s.to_ascii_lowercase().as_str() {
            "esbmc" => Ok(CheckerKind::Esbmc),
            "cbmc" => Ok(CheckerKind::Cbmc),
            _ => Err(AraError::Usage(format!(
                "unknown checker `{s}` (expected esbmc or cbmc)"
            ))),
        }
    }
}

/// How hard to try.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// One bounded run unwinding every loop this many times (with unwinding assertions).
    Unwind(u32),
    /// ESBMC k-induction up to `max_k`.
    KInduction { max_k: u32 },
    /// ESBMC: k-induction up to k = 32, then incremental BMC (bug search and complete-unwinding
    /// proofs for growing k) in the remaining time. CBMC: doubling unwinding bounds.
    #[default]
    Auto,
}

/// Everything a checker run needs besides the file.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    pub kind: CheckerKind,
    pub mode: Mode,
    /// Wall-clock limit for the whole check (all runs together).
    pub timeout: Option<Duration>,
    /// Address-space limit of the checker process.
    pub memory_mb: Option<u64>,
    /// The checker binary (else found by [`tools::find_tool`]).
    pub checker_path: Option<PathBuf>,
    /// `Ilp32` → `--32`.
    pub data_model: DataModel,
    /// Keep each run's command line, stdout and stderr in this folder.
    pub keep_dir: Option<PathBuf>,
    /// Passed to the checker after ara's own arguments.
    pub extra_args: Vec<String>,
}

impl CheckOptions {
    pub fn new(kind: CheckerKind) -> Self {
        CheckOptions {
            kind,
            mode: Mode::Auto,
            timeout: None,
            memory_mb: None,
            checker_path: None,
            data_model: DataModel::default(),
            keep_dir: None,
            extra_args: Vec::new(),
        }
    }
}

/// Why there is no answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "kebab-case")]
pub enum UnknownReason {
    /// No bug within `bound` unwindings, but an unwinding assertion failed: loops run longer.
    UnwindingIncomplete {
        bound: u32,
    },
    /// k-induction found neither a bug nor a proof up to `max_k`.
    KInductionGaveUp {
        max_k: u32,
    },
    /// ESBMC's inductive step claimed a proof at `k`; ara does not trust it (see
    /// `checkers::esbmc`).
    InductionNotTrusted {
        k: u32,
    },
    /// Stopped because another strategy of `ara check --strategy auto` answered first.
    Cancelled,
    /// Stopped because ara was interrupted by a signal.
    Interrupted {
        by: crate::base::tools::Interrupt,
    },
    /// The time limit was reached.
    Timeout {
        #[serde(serialize_with = "secs", deserialize_with = "from_secs")]
        after: Duration,
    },
    OutOfMemory,
    /// The problem ara would build is too large to solve within any budget it has (e.g. Horn
    /// clauses of thousands of cut points over thousands of variables); what and how large.
    TooLarge {
        what: String,
    },
    /// Killed by a signal or an unexpected exit code; `detail` has the last stderr line.
    Crashed {
        detail: String,
    },
    /// The checker rejected the input (parse or type error); its message.
    InputRejected {
        message: String,
    },
    /// A property other than an assertion failed (e.g. a memory-safety check).
    OtherPropertyViolated {
        description: String,
    },
    /// The checker itself answered unknown, or said something ara cannot read as an answer.
    CheckerUnknown {
        detail: String,
    },
    /// An invariant a solver found failed ara's own check (initiation, consecution, safety),
    /// or could not be read or translated.
    InvariantRejected {
        why: String,
    },
    /// The SMT solver answered unknown, or something ara cannot read.
    SolverUnknown {
        detail: String,
    },
    /// The engine cannot handle the program (e.g. arrays for the Horn-clause engine).
    Unsupported {
        what: String,
    },
    /// A Horn engine's configurations gave up without a proof: what each tried and why
    /// (`--verbose`, `--json`; the report's first line says it without the configurations,
    /// `explain`).
    HornGaveUp {
        attempts: Vec<HornAttempt>,
    },
}

/// One configuration of a Horn engine that gave up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HornAttempt {
    /// The configuration (`lia-global-iuc`, `houdini`).
    pub config: String,
    /// The cells of a cell-morphing encoding (`k1l`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cells: Option<String>,
    #[serde(flatten)]
    pub why: HornWhy,
}

/// Why a configuration of a Horn engine gave up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "gave_up", rename_all = "kebab-case")]
pub enum HornWhy {
    /// The error is derivable in the cell abstraction (a derivation tree, no path of the
    /// program): no invariant over these cells.
    DerivableInCells,
    /// The error is derivable, but no path of the program was found from the derivation.
    NoPath { why: String },
    /// The strongest inductive invariant of the template's candidates does not exclude the
    /// error.
    TemplateTooWeak { candidates: usize },
    /// The solver answered unknown or failed (its words).
    Solver { detail: String },
}

impl fmt::Display for HornAttempt {
    /// The attempt as the engine reports it, configuration first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = &self.config;
        match &self.why {
            HornWhy::DerivableInCells => write!(
                f,
                "{name} ({}): the error is derivable in the cell abstraction (a derivation \
                 tree, no path of the program)",
                self.cells.as_deref().unwrap_or_default()
            ),
            HornWhy::NoPath { why } => write!(f, "{name}: error derivable, but {why}"),
            HornWhy::TemplateTooWeak { candidates } => write!(
                f,
                "{name} ({candidates} candidates): the template's strongest inductive \
                 invariant does not exclude the error"
            ),
            HornWhy::Solver { detail } => write!(f, "{name}: {detail}"),
        }
    }
}

impl fmt::Display for UnknownReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnknownReason::UnwindingIncomplete { bound } => {
                write!(f, "unwinding assertion failed at bound {bound}")
            }
            UnknownReason::InductionNotTrusted { k } => {
                write!(f, "k-induction's inductive step (k = {k}) is not trusted")
            }
            UnknownReason::KInductionGaveUp { max_k } => {
                write!(f, "k-induction gave up at k = {max_k}")
            }
            UnknownReason::Timeout { after } => write!(f, "timeout after {}", fmt_secs(*after)),
            UnknownReason::OutOfMemory => f.write_str("out of memory"),
            UnknownReason::TooLarge { what } => write!(f, "too large: {what}"),
            UnknownReason::Crashed { detail } => write!(f, "checker crashed: {detail}"),
            UnknownReason::InputRejected { message } => write!(f, "input rejected: {message}"),
            UnknownReason::OtherPropertyViolated { description } => {
                write!(
                    f,
                    "a property other than an assertion failed: {description}"
                )
            }
            UnknownReason::Cancelled => write!(f, "stopped: another strategy answered first"),
            UnknownReason::Interrupted { by } => write!(f, "{by}"),
            UnknownReason::CheckerUnknown { detail } => {
                write!(f, "checker answered unknown: {detail}")
            }
            UnknownReason::InvariantRejected { why } => write!(f, "invariant rejected: {why}"),
            UnknownReason::SolverUnknown { detail } => {
                write!(f, "solver answered unknown: {detail}")
            }
            UnknownReason::Unsupported { what } => write!(f, "unsupported: {what}"),
            UnknownReason::HornGaveUp { attempts } => {
                f.write_str("solver answered unknown: ")?;
                for (i, a) in attempts.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    a.fmt(f)?;
                }
                Ok(())
            }
        }
    }
}

/// The answer of a check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Verdict {
    Safe { how: Proof },
    Unsafe,
    Unknown { reason: UnknownReason },
}

impl Verdict {
    pub fn unknown(reason: UnknownReason) -> Self {
        Verdict::Unknown { reason }
    }
    pub fn is_safe(&self) -> bool {
        matches!(self, Verdict::Safe { .. })
    }
    pub fn is_unsafe(&self) -> bool {
        matches!(self, Verdict::Unsafe)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Safe { how } => write!(f, "SAFE (proved: {how})"),
            Verdict::Unsafe => f.write_str("UNSAFE"),
            Verdict::Unknown { reason } => write!(f, "UNKNOWN ({reason})"),
        }
    }
}

/// The result of [`check_file`].
#[derive(Clone, Debug, Serialize)]
pub struct CheckerOutcome {
    pub verdict: Verdict,
    /// The counterexample of an UNSAFE verdict.
    pub trace: Option<Trace>,
    /// Wall-clock time of all runs.
    #[serde(serialize_with = "secs")]
    pub time: Duration,
    pub checker: CheckerKind,
    /// The command line of the run that decided the verdict (program first).
    pub command: Vec<String>,
}

/// A duration as seconds (a JSON number).
pub fn secs<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

/// Reads what [`secs`] wrote.
pub fn from_secs<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
    let s = f64::deserialize(d)?;
    Duration::try_from_secs_f64(s).map_err(serde::de::Error::custom)
}

/// `5 s`, `1.5 s`.
pub fn fmt_secs(d: Duration) -> String {
    if d.subsec_millis() == 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

/// Runs the checker of `opts.kind` on `c_file`.
///
/// Errors: a missing checker ([`AraError::ToolMissing`], e.g. `esbmc not found (run
/// scripts/setup or set ARA_ESBMC)`), a missing input file, a mode the checker does not
/// support, or a failure to start the checker. Everything the checker answers, including
/// rejecting the input, crashing or timing out, is a [`Verdict`].
pub fn check_file(c_file: &Path, opts: &CheckOptions) -> Result<CheckerOutcome, AraError> {
    let exe = tools::find_tool(opts.kind.tool(), opts.checker_path.as_deref())?;
    if !c_file.is_file() {
        return Err(AraError::Input {
            file: c_file.display().to_string(),
            msg: "no such file".into(),
        });
    }
    let file = std::path::absolute(c_file).map_err(|e| AraError::Input {
        file: c_file.display().to_string(),
        msg: e.to_string(),
    })?;
    // The checkers may leave files in their working folder; give them a fresh one.
    let work = tempfile::Builder::new()
        .prefix("ara-check-")
        .tempdir()
        .map_err(|e| AraError::Internal(format!("cannot create a temporary folder: {e}")))?;
    if let Some(k) = &opts.keep_dir {
        std::fs::create_dir_all(k).map_err(|e| AraError::Input {
            file: k.display().to_string(),
            msg: format!("cannot create the folder: {e}"),
        })?;
    }
    let mut ctx = RunCtx {
        exe,
        cwd: work.path().to_path_buf(),
        keep_dir: opts.keep_dir.clone(),
        start: Instant::now(),
        timeout: opts.timeout,
        memory_mb: opts.memory_mb,
        runs: 0,
        command: Vec::new(),
    };
    let (verdict, trace) = opts
        .kind
        .backend()
        .check(&mut ctx, &file.to_string_lossy(), opts)?;
    let trace = if verdict.is_unsafe() { trace } else { None };
    Ok(CheckerOutcome {
        verdict,
        trace,
        time: ctx.start.elapsed(),
        checker: opts.kind,
        command: ctx.command,
    })
}

/// One checker back end: builds its runs and reads their outputs.
pub(crate) trait Backend: Sync {
    fn check(
        &self,
        ctx: &mut RunCtx,
        file: &str,
        opts: &CheckOptions,
    ) -> Result<(Verdict, Option<Trace>), AraError>;
}

/// The state shared by the runs of one check: the binary, the time budget, the kept files.
pub(crate) struct RunCtx {
    pub exe: PathBuf,
    pub cwd: PathBuf,
    pub keep_dir: Option<PathBuf>,
    pub start: Instant,
    pub timeout: Option<Duration>,
    pub memory_mb: Option<u64>,
    pub runs: usize,
    /// The command line of the latest run.
    pub command: Vec<String>,
}

/// Time granted after the checker's own time limit before we kill it.
const GRACE: Duration = Duration::from_millis(500);

impl RunCtx {
    /// Time left of the whole check's budget (`None`: no limit).
    pub fn remaining(&self) -> Option<Duration> {
        self.timeout.map(|t| t.saturating_sub(self.start.elapsed()))
    }

    /// The time limit to report on a timeout: the configured one, else the time spent.
    pub fn limit(&self) -> Duration {
        self.timeout.unwrap_or_else(|| self.start.elapsed())
    }

    /// The timeout verdict for this check.
    pub fn timeout_verdict(&self) -> Verdict {
        Verdict::unknown(UnknownReason::Timeout {
            after: self.limit(),
        })
    }

    /// Runs the checker with `args`. `Ok(None)` when no time is left to start it. The kill
    /// comes `GRACE` after the remaining budget so that a checker given its own `--timeout`
    /// can stop by itself first.
    pub fn run(
        &mut self,
        args: Vec<String>,
        own_limit: bool,
    ) -> Result<Option<RunOutput>, AraError> {
        let remaining = self.remaining();
        if remaining.is_some_and(|r| r.is_zero()) {
            return Ok(None);
        }
        self.runs += 1;
        let mut cmd = vec![self.exe.display().to_string()];
        cmd.extend(args.iter().cloned());
        self.command = cmd;
        let limits = Limits {
            timeout: remaining.map(|r| if own_limit { r + GRACE } else { r }),
            memory_mb: self.memory_mb,
        };
        let out = tools::run(&self.exe, &args, Some(&self.cwd), None, &limits)?;
        if let Some(k) = &self.keep_dir {
            let n = self.runs;
            let quoted: Vec<String> = self.command.iter().map(|a| shell_quote(a)).collect();
            let write = |name: String, text: &str| {
                std::fs::write(k.join(&name), text).map_err(|e| AraError::Input {
                    file: k.join(name).display().to_string(),
                    msg: format!("cannot write: {e}"),
                })
            };
            write(format!("run{n}.cmd"), &(quoted.join(" ") + "\n"))?;
            write(format!("run{n}.stdout"), &out.stdout)?;
            write(format!("run{n}.stderr"), &out.stderr)?;
            write(format!("run{n}.ending"), &format!("{:?}\n", out.ending))?;
        }
        Ok(Some(out))
    }
}

fn shell_quote(a: &str) -> String {
    if !a.is_empty()
        && a.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
    {
        a.to_string()
    } else {
        format!("'{}'", a.replace('\'', r"'\''"))
    }
}

/// The status of one property in a checker's results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum PropStatus {
    Passed,
    Failed,
    /// Not checked / unknown / error.
    Other,
}

/// What a property is about, for the verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PropClass {
    /// A loop-unwinding assertion: failing means "bound too small", not a bug.
    Unwinding,
    /// `assert`, `__assert_fail`, `reach_error`: the property ara checks.
    Assertion,
    /// Anything else (memory safety, overflow…).
    Other,
}

/// One property of a run's results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PropertyResult {
    /// The checker's name for it (`main.assertion.1`, `main.unwind.0`); may be empty.
    pub id: String,
    pub description: String,
    /// The function it is in, when known.
    pub function: Option<String>,
    pub status: PropStatus,
}

impl PropertyResult {
    pub fn class(&self) -> PropClass {
        let d = self.description.trim();
        // ESBMC bounds recursion with `recursion unwinding assertion` (id `f.assertion.N`).
        if d.starts_with("unwinding assertion")
            || d.starts_with("recursion unwinding assertion")
            || self.id.contains(".unwind.")
        {
            PropClass::Unwinding
        } else if d.starts_with("assertion")
            || self.id.contains(".assertion.")
            || matches!(
                self.function.as_deref(),
                Some("reach_error" | "__VERIFIER_error")
            )
        {
            PropClass::Assertion
        } else {
            PropClass::Other
        }
    }
}

/// The checker's final line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum FinalStatus {
    Successful,
    Failed,
    Unknown,
}

/// Everything ara reads from one checker run, independent of the checker.
#[derive(Clone, Debug, Default, Serialize)]
pub struct RunReport {
    pub final_status: Option<FinalStatus>,
    /// The results list (may be empty when the checker printed none).
    pub properties: Vec<PropertyResult>,
    /// The violated property of the counterexample, when one was printed.
    pub violated: Option<PropertyResult>,
    pub trace: Option<Trace>,
    /// The checker rejected the input: its (first) error message.
    pub rejected: Option<String>,
    pub out_of_memory: bool,
    /// The checker stopped at its own time limit.
    pub timed_out: bool,
    /// The last non-empty line of stderr (or stdout), for crash reports.
    pub last_line: Option<String>,
}

impl RunReport {
    /// The first failed property of the run, the violated one of the trace first.
    fn failed(&self) -> Vec<&PropertyResult> {
        let mut v: Vec<&PropertyResult> = self.violated.iter().collect();
        v.extend(
            self.properties
                .iter()
                .filter(|p| p.status == PropStatus::Failed),
        );
        v
    }
}

/// The verdict from how the run ended, when that alone decides it (timeout, out of memory,
/// rejected input, crash by signal).
pub(crate) fn ending_verdict(
    ending: &Ending,
    report: &RunReport,
    limit: Duration,
) -> Option<Verdict> {
    if let (Ending::TimedOut, Some(by)) = (ending, crate::base::tools::interrupted()) {
        return Some(Verdict::unknown(UnknownReason::Interrupted { by }));
    }
    // Past the command's end the run stopped for the time limit, not for another answer.
    if *ending == Ending::TimedOut
        && crate::base::tools::cancelled()
        && !crate::base::tools::past_end()
    {
        return Some(Verdict::unknown(UnknownReason::Cancelled));
    }
    if *ending == Ending::TimedOut || report.timed_out {
        return Some(Verdict::unknown(UnknownReason::Timeout { after: limit }));
    }
    if report.out_of_memory {
        return Some(Verdict::unknown(UnknownReason::OutOfMemory));
    }
    if let Some(m) = &report.rejected {
        return Some(Verdict::unknown(UnknownReason::InputRejected {
            message: m.clone(),
        }));
    }
    if let Ending::Signaled(s) = ending {
        return Some(Verdict::unknown(UnknownReason::Crashed {
            detail: with_last_line(format!("killed by signal {s}"), report),
        }));
    }
    None
}

fn with_last_line(what: String, report: &RunReport) -> String {
    match &report.last_line {
        Some(l) => format!("{what}: {l}"),
        None => what,
    }
}

/// The verdict of one bounded run. `bound` is the unwinding bound; `unwinding_assertions`
/// whether they were on (without them a clean run proves nothing). `ok_exit` says whether the
/// exit code fits the final status (checked by the caller per checker).
pub(crate) fn bmc_verdict(
    report: &RunReport,
    bound: Option<u32>,
    unwinding_assertions: bool,
    exit: Option<i32>,
    success_exit: i32,
) -> Verdict {
    let failed = report.failed();
    if report.final_status == Some(FinalStatus::Failed) || !failed.is_empty() {
        if failed.iter().any(|p| p.class() == PropClass::Assertion) {
            return Verdict::Unsafe;
        }
        if failed.iter().any(|p| p.class() == PropClass::Unwinding) {
            return match bound {
                Some(bound) => Verdict::unknown(UnknownReason::UnwindingIncomplete { bound }),
                None => Verdict::unknown(UnknownReason::CheckerUnknown {
                    detail: "an unwinding assertion failed".into(),
                }),
            };
        }
        if let Some(p) = failed.first() {
            return Verdict::unknown(UnknownReason::OtherPropertyViolated {
                description: p.description.clone(),
            });
        }
        return Verdict::unknown(UnknownReason::CheckerUnknown {
            detail: "verification failed, but no failed property was reported".into(),
        });
    }
    match report.final_status {
        Some(FinalStatus::Successful) => {
            if exit != Some(success_exit) {
                return Verdict::unknown(UnknownReason::Crashed {
                    detail: with_last_line(
                        format!("success reported with exit code {exit:?}"),
                        report,
                    ),
                });
            }
            match bound {
                Some(bound) if unwinding_assertions => Verdict::Safe {
                    how: Proof::CompleteUnwinding { bound },
                },
                _ => Verdict::unknown(UnknownReason::CheckerUnknown {
                    detail: "no bug found, but without unwinding assertions that is no proof"
                        .into(),
                }),
            }
        }
        Some(FinalStatus::Unknown) => Verdict::unknown(UnknownReason::CheckerUnknown {
            detail: with_last_line("verification unknown".into(), report),
        }),
        _ => Verdict::unknown(UnknownReason::Crashed {
            detail: with_last_line(
                match exit {
                    Some(c) => format!("no verdict, exit code {c}"),
                    None => "no verdict".into(),
                },
                report,
            ),
        }),
    }
}

/// The last non-empty line of stderr, else of stdout.
pub(crate) fn last_line(out: &RunOutput) -> Option<String> {
    [&out.stderr, &out.stdout].iter().find_map(|t| {
        t.lines()
            .rev()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .map(str::to_string)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays() {
        let s = Verdict::Safe {
            how: Proof::CompleteUnwinding { bound: 11 },
        };
        assert_eq!(s.to_string(), "SAFE (proved: complete unwinding, bound 11)");
        assert_eq!(
            Verdict::Safe {
                how: Proof::KInduction { k: 2 }
            }
            .to_string(),
            "SAFE (proved: k-induction, k = 2)"
        );
        assert_eq!(Verdict::Unsafe.to_string(), "UNSAFE");
        let t = Verdict::unknown(UnknownReason::Timeout {
            after: Duration::from_secs(1),
        });
        assert_eq!(t.to_string(), "UNKNOWN (timeout after 1 s)");
        assert_eq!(
            Verdict::unknown(UnknownReason::UnwindingIncomplete { bound: 3 }).to_string(),
            "UNKNOWN (unwinding assertion failed at bound 3)"
        );
        assert_eq!("ESBMC".parse::<CheckerKind>().unwrap(), CheckerKind::Esbmc);
        assert_eq!(CheckerKind::Cbmc.to_string(), "cbmc");
        assert!("z3".parse::<CheckerKind>().is_err());
    }

    #[test]
    fn serializes() {
        let v = serde_json::to_value(Verdict::Safe {
            how: Proof::KInduction { k: 2 },
        })
        .unwrap();
        assert_eq!(
            v,
            serde_json::json!({"verdict": "safe", "how": {"proof": "k-induction", "k": 2}})
        );
        let v = serde_json::to_value(Verdict::unknown(UnknownReason::Timeout {
            after: Duration::from_millis(1500),
        }))
        .unwrap();
        assert_eq!(
            v,
            serde_json::json!({"verdict": "unknown", "reason": {"reason": "timeout", "after": 1.5}})
        );
    }

    fn prop(id: &str, d: &str, st: PropStatus) -> PropertyResult {
        PropertyResult {
            id: id.into(),
            description: d.into(),
            function: None,
            status: st,
        }
    }

    #[test]
    fn bmc_logic() {
        let mut r = RunReport {
            final_status: Some(FinalStatus::Failed),
            properties: vec![
                prop(
                    "main.unwind.0",
                    "unwinding assertion loop 0",
                    PropStatus::Failed,
                ),
                prop("reach_error.assertion.1", "assertion 0", PropStatus::Passed),
            ],
            ..Default::default()
        };
        assert_eq!(
            bmc_verdict(&r, Some(3), true, Some(10), 0),
            Verdict::unknown(UnknownReason::UnwindingIncomplete { bound: 3 })
        );
        r.properties[1].status = PropStatus::Failed;
        assert_eq!(bmc_verdict(&r, Some(3), true, Some(10), 0), Verdict::Unsafe);
        let ok = RunReport {
            final_status: Some(FinalStatus::Successful),
            ..Default::default()
        };
        assert!(bmc_verdict(&ok, Some(6), true, Some(0), 0).is_safe());
        // No unwinding assertions, or an odd exit code: no proof.
        assert!(!bmc_verdict(&ok, Some(6), false, Some(0), 0).is_safe());
        assert!(!bmc_verdict(&ok, Some(6), true, Some(1), 0).is_safe());
        assert!(!bmc_verdict(&ok, None, true, Some(0), 0).is_safe());
        let other = RunReport {
            final_status: Some(FinalStatus::Failed),
            violated: Some(prop(
                "",
                "dereference failure: NULL pointer",
                PropStatus::Failed,
            )),
            ..Default::default()
        };
        assert!(matches!(
            bmc_verdict(&other, Some(2), true, Some(1), 0),
            Verdict::Unknown {
                reason: UnknownReason::OtherPropertyViolated { .. }
            }
        ));
    }
}
