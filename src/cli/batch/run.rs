//! Running the tasks: one child process of the ara binary per task and tool, in parallel.
//!
//! Takes [`Task`]s and [`RunSettings`]; gives one [`Row`] per task and tool, whatever
//! happens. Each run is `ara check FILE --json ...` (or `ara bmc FILE --json ...` for a
//! baseline checker on the original program) started through
//! [`crate::base::tools::run_with_own_tmp`]: its own process group killed at the time limit (the
//! checkers it starts die with it), its own temporary root removed after it ended (a child
//! killed before it could clean up leaves no folder), a limit on the resident memory of the
//! whole process tree, and wall time, CPU time and peak memory measured (`wait4`, `/proc`). Crashes, timeouts, running out of memory and output
//! that does not parse become rows with the reason. ara's JSON report is read back into ara's
//! own verdict types (`FinalVerdict`, `checkers::Verdict`): no reason text is re-parsed.

use super::report::{Row, Verdict};
use super::task::{Runnable, Task, TaskProblem};
use crate::base::tools::{self, Ending, Limits, RunOutput};
use crate::engines::checkers::{self, UnknownReason};
use crate::engines::verdict::FinalVerdict;
use crate::strategy::AnsweredBy;
use crate::strategy::cegar::TrackedSummary;
use serde::Deserialize;
use std::collections::VecDeque;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

/// How every task is run.
#[derive(Clone, Debug)]
pub struct RunSettings {
    /// The ara binary (normally the running one).
    pub exe: PathBuf,
    /// Time limit per task and tool, in seconds.
    pub timeout: u64,
    /// Memory limit per task (every process of its tree), in MiB.
    pub memory_mb: Option<u64>,
    /// `--checker` for `ara check` (ESBMC when not given).
    pub checker: Option<String>,
    /// Extra arguments for `ara check` (e.g. a strategy option).
    pub check_args: Vec<String>,
    /// Baseline checkers run on the original program (`ara bmc --checker NAME`).
    pub baselines: Vec<String>,
    /// Whether `ara check` runs (false: the baselines alone).
    pub ara: bool,
    pub jobs: usize,
    /// Where `ara check` writes witnesses (none when `None`).
    pub witnesses: Option<WitnessSettings>,
    /// The results directory, where each run leaves its log and ara's UNSAFE answers their
    /// traces (none when `None`).
    pub out: Option<PathBuf>,
}

/// Witnesses of a batch run.
#[derive(Clone, Debug)]
pub struct WitnessSettings {
    /// The results directory: witnesses go to its `witnesses/` folder.
    pub out: PathBuf,
    /// Check each witness with `ara validate`.
    pub validate: bool,
}

/// The task file's path made one file name (`bench-suite/tasks/x.yml` →
/// `bench-suite_tasks_x`), so the files of tasks of different folders do not collide.
pub fn flat_name(task: &str) -> String {
    let stem = task
        .trim_start_matches("./")
        .trim_end_matches(".yml")
        .trim_end_matches(".yaml");
    let flat: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    flat.trim_start_matches(['_', '.']).to_string()
}

/// The witness file of a task, relative to the results directory: `witnesses/<flat>.yml`
/// ([`flat_name`]).
pub fn witness_name(task: &str) -> String {
    format!("witnesses/{}.yml", flat_name(task))
}

/// The log of a task's run by a tool, relative to the results directory:
/// `logs/<flat>.<tool>.log` (the command, how it ended, its standard error and output).
pub fn log_name(task: &str, tool: &str) -> String {
    format!("logs/{}.{tool}.log", flat_name(task))
}

/// The error trace of ara's UNSAFE answer, relative to the results directory:
/// `traces/<flat>.json` (the `trace` object of `ara check --json`, as ara printed it).
pub fn trace_name(task: &str) -> String {
    format!("traces/{}.json", flat_name(task))
}

/// The name of ara's own rows.
pub const ARA: &str = "ara";

/// One unit of work: a task with a tool (`ara` or a baseline checker).
struct Job {
    task: Arc<Task>,
    tool: String,
}

/// The stack of a batch worker (it parses a child's JSON answer, nothing deep).
const WORKER_STACK: usize = 8 << 20;

/// Takes jobs from `queue` until it is empty, sending each row to `tx`.
fn work(queue: &Mutex<VecDeque<Job>>, tx: &mpsc::Sender<Row>, s: &RunSettings) {
    loop {
        let job = match queue.lock() {
            Ok(mut q) => q.pop_front(),
            Err(_) => None,
        };
        let Some(job) = job else { break };
        // A panic in one task must not lose the others' rows (nor this one's).
        let row = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            run_job(&job.task, &job.tool, s)
        }))
        .unwrap_or_else(|p| {
            Row::not_run(
                &job.task.name(),
                &job.tool,
                &job.task.property,
                job.task.expected,
                Verdict::Error,
                format!(
                    "internal error in ara batch: {}",
                    crate::base::tools::panic_message(p.as_ref())
                ),
            )
        });
        if tx.send(row).is_err() {
            break;
        }
    }
}

/// Runs all tasks (`jobs` at a time) and returns their rows (in the order they finish),
/// showing progress on standard error.
pub fn run_all(tasks: Vec<Task>, s: &RunSettings) -> Vec<Row> {
    let mut queue = VecDeque::new();
    for t in tasks {
        let t = Arc::new(t);
        if s.ara {
            queue.push_back(Job {
                task: t.clone(),
                tool: ARA.into(),
            });
        }
        for b in &s.baselines {
            queue.push_back(Job {
                task: t.clone(),
                tool: b.clone(),
            });
        }
    }
    let total = queue.len();
    let queue = Arc::new(Mutex::new(queue));
    let (tx, rx) = mpsc::channel::<Row>();
    let mut workers = Vec::new();
    for k in 0..s.jobs.max(1).min(total.max(1)) {
        let (queue, tx, s) = (queue.clone(), tx.clone(), s.clone());
        // A worker only waits for its child processes: a small stack. One that cannot start
        // (no address space) leaves its share to the others; without any, this thread works.
        let started = std::thread::Builder::new()
            .name(format!("batch-{k}"))
            .stack_size(WORKER_STACK)
            .spawn(move || work(&queue, &tx, &s));
        match started {
            Ok(w) => workers.push(w),
            Err(e) => eprintln!("ara batch: cannot start worker {k}: {e}"),
        }
    }
    if workers.is_empty() {
        work(&queue, &tx, s);
    }
    drop(tx);
    let mut progress = Progress::new(total);
    let mut rows = Vec::with_capacity(total);
    for row in rx {
        progress.row(&row);
        rows.push(row);
    }
    progress.finish();
    for w in workers {
        let _ = w.join();
    }
    rows
}

/// A progress bar on a terminal, one line per finished row otherwise (logs, CI).
struct Progress {
    bar: Option<indicatif::ProgressBar>,
    done: usize,
    total: usize,
}

impl Progress {
    fn new(total: usize) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let b = indicatif::ProgressBar::new(total as u64);
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "{bar:30} {pos}/{len} tasks, {elapsed} elapsed, eta {eta}  {wide_msg}",
            ) {
                b.set_style(style);
            }
            b
        });
        Progress {
            bar,
            done: 0,
            total,
        }
    }

    fn row(&mut self, r: &Row) {
        self.done += 1;
        let line = format!(
            "[{}/{}] {} {}: {} ({}, {:.2} s){}",
            self.done,
            self.total,
            r.task,
            r.tool,
            r.verdict.as_str(),
            r.category.as_str(),
            r.wall_s,
            if r.reason.is_empty() || matches!(r.verdict, Verdict::True | Verdict::False) {
                String::new()
            } else {
                format!(": {}", r.reason)
            }
        );
        match &self.bar {
            Some(b) => {
                // Only what needs attention goes above the bar.
                if r.category == super::report::Category::Wrong
                    || matches!(r.verdict, Verdict::Error)
                {
                    b.println(&line);
                }
                b.set_message(format!("{} {}", r.task, r.verdict.as_str()));
                b.inc(1);
            }
            None => eprintln!("{line}"),
        }
    }

    fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

/// The row of one task and tool.
fn run_job(task: &Task, tool: &str, s: &RunSettings) -> Row {
    let name = task.name();
    let r = match &task.run {
        Ok(r) => r,
        Err(TaskProblem::Error(e)) => {
            return Row::not_run(
                &name,
                tool,
                &task.property,
                task.expected,
                Verdict::Error,
                e.clone(),
            );
        }
        Err(TaskProblem::Skipped(e)) => {
            return Row::not_run(
                &name,
                tool,
                &task.property,
                task.expected,
                Verdict::Skipped,
                e.clone(),
            );
        }
    };
    let mut args = command(r, tool, s);
    let witness = s
        .witnesses
        .as_ref()
        .filter(|_| tool == ARA)
        .map(|w| (w, witness_name(&name)));
    if let Some((w, rel)) = &witness {
        let path = w.out.join(rel);
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        // A witness of an earlier run must not pass for this run's.
        let _ = std::fs::remove_file(&path);
        args.extend(["--witness".into(), path.display().to_string()]);
    }
    // ara stops itself at the time limit and answers UNKNOWN; the hard kill comes a little
    // later, for the time ara needs after its last checker run: at least 2 s (`ara check
    // --timeout 10` answered after 11.05 to 11.44 s at load 20 to 26, and a grace of 1 s
    // killed two of them in `ara batch --timeout 10` before they printed their UNKNOWN).
    let grace = (s.timeout / 10).clamp(2, 30);
    let limits = Limits {
        timeout: Some(Duration::from_secs(s.timeout + grace)),
        // Not an address-space limit: ara reserves far more address space (thread stacks)
        // than it uses; the tree's resident memory is limited instead.
        memory_mb: None,
    };
    let mut row = Row::not_run(
        &name,
        tool,
        &task.property,
        task.expected,
        Verdict::Error,
        String::new(),
    );
    row.data_model = r.data_model.arg().to_string();
    row.strategy = if tool == ARA {
        "cegar".into()
    } else {
        format!("{tool} (ara bmc, auto)")
    };
    let out = match tools::run_with_own_tmp(&s.exe, &args, None, &limits, s.memory_mb) {
        Ok(o) => o,
        Err(e) => {
            row.reason = format!("cannot run {}: {e}", s.exe.display());
            return row;
        }
    };
    row.wall_s = out.elapsed.as_secs_f64();
    row.cpu_s = out.usage.cpu.as_secs_f64();
    row.peak_mem_mb = out.usage.peak_rss_kib as f64 / 1024.0;
    classify(&mut row, &out, s);
    if let Some(dir) = &s.out {
        keep_log(&mut row, dir, &args, &out);
        if row.verdict == Verdict::False && tool == ARA {
            keep_trace(&mut row, dir, &out);
        }
    }
    if let Some((w, rel)) = &witness {
        let path = w.out.join(rel);
        // What a child killed while writing its witness left (it writes `.part`, then
        // renames it): no witness.
        let _ = std::fs::remove_file(format!("{}.part", path.display()));
        if path.is_file() {
            row.witness = rel.clone();
            if w.validate {
                row.witness_check = validate_witness(r, &path, s);
            }
        }
    }
    row
}

/// Writes `content` to `rel` under `dir` (making its folder); whether it was written.
fn write_file(dir: &std::path::Path, rel: &str, content: &str) -> bool {
    let path = dir.join(rel);
    path.parent()
        .is_none_or(|d| std::fs::create_dir_all(d).is_ok())
        && std::fs::write(&path, content).is_ok()
}

/// The text of a run's log: the command, how it ended and what it measured, then its
/// standard error and standard output.
pub fn log_text(exe: &str, args: &[String], out: &RunOutput) -> String {
    let quoted: Vec<String> = args
        .iter()
        .map(|a| {
            if a.contains([' ', '"', '\'', '$']) {
                format!("'{}'", a.replace('\'', "'\\''"))
            } else {
                a.clone()
            }
        })
        .collect();
    format!(
        "$ {exe} {}\nended: {:?}{} after {:.2} s wall, {:.2} s cpu, peak {:.1} MiB\n\n--- standard error ---\n{}\n--- standard output ---\n{}",
        quoted.join(" "),
        out.ending,
        if out.memory_exceeded {
            " (memory limit exceeded)"
        } else {
            ""
        },
        out.elapsed.as_secs_f64(),
        out.usage.cpu.as_secs_f64(),
        out.usage.peak_rss_kib as f64 / 1024.0,
        out.stderr,
        out.stdout
    )
}

/// Keeps the run's log in the results directory and names it in the row.
fn keep_log(row: &mut Row, dir: &std::path::Path, args: &[String], out: &RunOutput) {
    let rel = log_name(&row.task, &row.tool);
    if write_file(dir, &rel, &log_text("ara", args, out)) {
        row.log = rel;
    }
}

/// Keeps the `trace` object of ara's UNSAFE report (taken from the JSON as printed, so every
/// field of it is kept) and names it in the row.
fn keep_trace(row: &mut Row, dir: &std::path::Path, out: &RunOutput) {
    let Ok(v) = serde_json::from_str::<serde_json::Value>(out.stdout.trim()) else {
        return;
    };
    let Some(trace) = v.get("trace") else {
        return;
    };
    let rel = trace_name(&row.task);
    let text = serde_json::to_string_pretty(trace).unwrap_or_default();
    if write_file(dir, &rel, &(text + "\n")) {
        row.trace = rel;
    }
}

/// `ara validate` on a task's witness: `confirmed`, `rejected` or `unknown` (with why, when it
/// did not run).
fn validate_witness(r: &Runnable, witness: &std::path::Path, s: &RunSettings) -> String {
    use crate::base::error::exit;
    let mut args = vec![
        "validate".to_string(),
        r.input.display().to_string(),
        "--witness".into(),
        witness.display().to_string(),
        "--data-model".into(),
        r.data_model.arg().into(),
        "--timeout".into(),
        s.timeout.to_string(),
    ];
    if let Some(f) = &r.error_function {
        args.extend(["--error-function".into(), f.clone()]);
    }
    let limits = Limits {
        timeout: Some(Duration::from_secs(s.timeout + 10)),
        memory_mb: None,
    };
    match tools::run_with_own_tmp(&s.exe, &args, None, &limits, s.memory_mb) {
        Ok(o) => match o.ending {
            Ending::Exited(c) if c == exit::OK || c == exit::UNSAFE => "confirmed".into(),
            Ending::Exited(c) if c == exit::REJECTED => "rejected".into(),
            Ending::Exited(c) if c == exit::UNKNOWN => "unknown".into(),
            e => format!("unknown (validate ended: {e:?})"),
        },
        Err(e) => format!("unknown (cannot run validate: {e})"),
    }
}

/// The ara command line of one run.
pub fn command(r: &Runnable, tool: &str, s: &RunSettings) -> Vec<String> {
    let mut a: Vec<String> = vec![
        if tool == ARA { "check" } else { "bmc" }.into(),
        r.input.display().to_string(),
        "--json".into(),
        "--data-model".into(),
        r.data_model.arg().into(),
        "--timeout".into(),
        s.timeout.to_string(),
    ];
    if let Some(f) = &r.error_function {
        a.extend(["--error-function".into(), f.clone()]);
    }
    if tool == ARA {
        if let Some(c) = &s.checker {
            a.extend(["--checker".into(), c.clone()]);
        }
        a.extend(s.check_args.iter().cloned());
    } else {
        a.extend(["--checker".into(), tool.to_string()]);
    }
    a
}

/// The first meaningful line of the child's error output.
fn first_error_line(out: &RunOutput) -> String {
    let line = out
        .stderr
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .or_else(|| out.stdout.lines().map(str::trim).find(|l| !l.is_empty()))
        .unwrap_or("no output");
    let mut s: String = line.chars().take(300).collect();
    if s.len() < line.len() {
        s.push_str("...");
    }
    s
}

fn mentions_memory(text: &str) -> bool {
    let t = text.to_ascii_lowercase();
    [
        "bad_alloc",
        "out of memory",
        "cannot allocate memory",
        "memory allocation of",
        "memory exhausted",
        "memory limit",
    ]
    .iter()
    .any(|m| t.contains(m))
}

/// Sets the verdict and reason of a finished run from how it ended and what it printed.
fn classify(row: &mut Row, out: &RunOutput, s: &RunSettings) {
    use crate::base::error::exit;
    row.exit_code = match out.ending {
        Ending::Exited(c) => Some(c),
        _ => None,
    };
    let near_limit = s
        .memory_mb
        .is_some_and(|m| row.peak_mem_mb >= 0.8 * m as f64);
    let oom_reason = || format!("out of memory (limit {} MiB)", s.memory_mb.unwrap_or(0));
    if out.memory_exceeded {
        row.set_verdict(Verdict::OutOfMemory);
        row.reason = format!(
            "{}: killed when its processes used {:.0} MiB",
            oom_reason(),
            row.peak_mem_mb
        );
        keep_printed_verdict(
            row,
            out,
            &format!("at the memory limit ({} MiB)", s.memory_mb.unwrap_or(0)),
        );
        return;
    }
    match out.ending {
        Ending::TimedOut => {
            row.set_verdict(Verdict::Timeout);
            row.reason = format!("killed at the time limit ({} s)", s.timeout);
            keep_printed_verdict(row, out, &format!("at the time limit ({} s)", s.timeout));
        }
        Ending::Signaled(sig) => {
            if s.memory_mb.is_some() && (near_limit || mentions_memory(&out.stderr)) {
                row.set_verdict(Verdict::OutOfMemory);
                row.reason = format!("{} (killed by signal {sig})", oom_reason());
            } else {
                row.set_verdict(Verdict::Error);
                row.reason = format!(
                    "ara crashed: killed by signal {sig}: {}",
                    first_error_line(out)
                );
            }
        }
        Ending::Exited(code) if [exit::OK, exit::UNSAFE, exit::UNKNOWN].contains(&code) => {
            let out_of_memory = parse_report(row, code, out);
            if row.verdict == Verdict::Unknown && s.memory_mb.is_some() && out_of_memory {
                row.set_verdict(Verdict::OutOfMemory);
            }
        }
        Ending::Exited(code) => {
            let line = first_error_line(out);
            if s.memory_mb.is_some()
                && (mentions_memory(&out.stderr) || (near_limit && code != exit::UNSUPPORTED))
            {
                row.set_verdict(Verdict::OutOfMemory);
                row.reason = format!("{}: {line}", oom_reason());
                return;
            }
            // An unsupported construct is ara declining the task, not failing.
            row.set_verdict(if code == exit::UNSUPPORTED {
                Verdict::Unknown
            } else {
                Verdict::Error
            });
            let what = match code {
                exit::SYNTAX => "syntax error",
                exit::UNSUPPORTED => "unsupported",
                exit::TOOL_MISSING => "checker missing",
                exit::INPUT => "input file",
                exit::TOOL_FAILED => "checker failed",
                exit::USAGE => "bad arguments",
                exit::INTERNAL => "internal error",
                101 => "ara panicked",
                _ => "ara failed",
            };
            row.reason = format!("{what} (exit {code}): {line}");
        }
    }
}

/// What `ara batch` reads of `ara check --json`: ara's own types.
#[derive(Deserialize)]
struct CheckJson {
    #[serde(flatten)]
    verdict: FinalVerdict,
    strategy: Option<AnsweredBy>,
    iterations: Option<Vec<serde::de::IgnoredAny>>,
    arrays: Option<Vec<TrackedSummary>>,
}

/// What `ara batch` reads of `ara bmc --json`: the checker's verdict.
#[derive(Deserialize)]
struct BmcJson {
    #[serde(flatten)]
    verdict: checkers::Verdict,
}

/// The verdict of a report, its reason for the row, and whether a time limit or the memory
/// stopped it.
struct Reading {
    verdict: Verdict,
    reason: String,
    timed_out: bool,
    out_of_memory: bool,
}

fn read_check(j: CheckJson, row: &mut Row) -> Reading {
    if let Some(st) = j.strategy {
        row.strategy = st.to_string();
    }
    if let Some(its) = &j.iterations {
        row.iterations = Some(its.len() as u32);
    }
    if let Some(arrays) = &j.arrays {
        row.tracked = Some(arrays.iter().map(|a| a.tracked_count).sum());
        row.total_elements = Some(arrays.iter().map(|a| a.total).sum());
    }
    let (verdict, reason) = match &j.verdict {
        FinalVerdict::Safe { proof } => (Verdict::True, proof.to_string()),
        FinalVerdict::Unsafe { trace } => (Verdict::False, trace.confirmed_by.clone()),
        FinalVerdict::Unknown { reason } => (Verdict::Unknown, reason.to_string()),
    };
    let (timed_out, out_of_memory) = match &j.verdict {
        FinalVerdict::Unknown { reason } => (reason.timed_out(), reason.out_of_memory()),
        _ => (false, false),
    };
    Reading {
        verdict,
        reason,
        timed_out,
        out_of_memory,
    }
}

fn read_bmc(j: BmcJson) -> Reading {
    let (verdict, reason) = match &j.verdict {
        checkers::Verdict::Safe { how } => (Verdict::True, format!("proved: {how}")),
        checkers::Verdict::Unsafe => (Verdict::False, String::new()),
        checkers::Verdict::Unknown { reason } => (Verdict::Unknown, reason.to_string()),
    };
    let reason_is = |f: fn(&UnknownReason) -> bool| match &j.verdict {
        checkers::Verdict::Unknown { reason } => f(reason),
        _ => false,
    };
    Reading {
        verdict,
        reason,
        timed_out: reason_is(|r| matches!(r, UnknownReason::Timeout { .. })),
        out_of_memory: reason_is(|r| matches!(r, UnknownReason::OutOfMemory)),
    }
}

/// The JSON report a run printed, read into ara's types.
fn read_report(row: &mut Row, out: &RunOutput) -> Result<Reading, serde_json::Error> {
    let text = out.stdout.trim();
    if row.tool == ARA {
        serde_json::from_str::<CheckJson>(text).map(|j| read_check(j, row))
    } else {
        serde_json::from_str::<BmcJson>(text).map(read_bmc)
    }
}

/// A run killed (`at` the time or memory limit) after it printed its verdict (ara prints the
/// verdict before it writes the witness): a SAFE or UNSAFE in its whole report stands, and the
/// row says the witness was lost. The report is printed in one piece, so a report cut off by
/// the kill does not parse and the row stays as the kill made it.
fn keep_printed_verdict(row: &mut Row, out: &RunOutput, at: &str) {
    let Ok(r) = read_report(row, out) else {
        return;
    };
    if matches!(r.verdict, Verdict::True | Verdict::False) {
        row.set_verdict(r.verdict);
        row.reason = format!(
            "{}; killed {at} after printing the verdict: the witness was lost",
            r.reason
        );
    }
}

/// Reads the JSON report of `ara check` / `ara bmc` into ara's types and checks it agrees with
/// the exit code. Returns whether the report says an engine ran out of memory.
fn parse_report(row: &mut Row, code: i32, out: &RunOutput) -> bool {
    use crate::base::error::exit;
    let r = match read_report(row, out) {
        Ok(r) => r,
        Err(e) => {
            row.set_verdict(Verdict::Error);
            let first = out
                .stdout
                .lines()
                .next()
                .unwrap_or("")
                .chars()
                .take(120)
                .collect::<String>();
            row.reason = format!("unparsable output (exit {code}): {e}; output starts {first:?}");
            return false;
        }
    };
    let expected_code = match r.verdict {
        Verdict::True => exit::OK,
        Verdict::False => exit::UNSAFE,
        _ => exit::UNKNOWN,
    };
    if code != expected_code {
        row.set_verdict(Verdict::Error);
        row.reason = format!(
            "inconsistent answer: verdict {} but exit code {code}",
            r.verdict.as_str()
        );
        return false;
    }
    row.reason = r.reason;
    row.set_verdict(if r.timed_out {
        Verdict::Timeout
    } else {
        r.verdict
    });
    r.out_of_memory
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::verdict::{Inconclusive, SafeProof, Subject};
    use crate::strategy::cegar::CheckReport;
    use crate::strategy::schedule::portfolio::WitnessRun;
    use crate::strategy::schedule::{BugFinderAnswer, BugFinderRun};
    use crate::strategy::{Strategy, StrategyReport};
    use std::time::Duration;

    fn row(tool: &str) -> Row {
        Row::not_run(
            "t.yml",
            tool,
            "p",
            Some(true),
            Verdict::Error,
            String::new(),
        )
    }

    fn output(stdout: String, code: i32) -> RunOutput {
        RunOutput {
            stdout,
            stderr: String::new(),
            ending: Ending::Exited(code),
            elapsed: Duration::ZERO,
            usage: Default::default(),
            memory_exceeded: false,
        }
    }

    /// `ara check --json` as ara writes it.
    fn check_json(verdict: FinalVerdict) -> String {
        let report = StrategyReport {
            report: CheckReport {
                file: "t.c".into(),
                verdict,
                iterations: vec![],
                vars: vec![],
                arrays: vec![TrackedSummary {
                    array: "a".into(),
                    tracked: vec![1],
                    tracked_count: 1,
                    total: 30,
                    cells: vec![],
                }],
                time_abstraction_s: 0.0,
                time_checker_s: 0.0,
                time_solver_s: 0.0,
                time_total_s: 0.0,
            },
            requested: Strategy::Auto,
            strategy: AnsweredBy::None,
            witness: Some(WitnessRun {
                verdict: Some(checkers::Verdict::Unsafe),
                rejected: None,
                loops: vec![],
                seed: vec![],
                time_s: 0.0,
            }),
            bug_finder: Some(BugFinderRun {
                answer: BugFinderAnswer::Engine {
                    engine: "esbmc".into(),
                    verdict: checkers::Verdict::unknown(UnknownReason::Timeout {
                        after: Duration::from_secs(2),
                    }),
                },
                confirmation: None,
                time_s: 0.0,
            }),
            source: None,
            schedule: None,
        };
        serde_json::to_string_pretty(&report).unwrap()
    }

    #[test]
    fn a_check_report_is_read_into_ara_types() {
        let safe = FinalVerdict::Safe {
            proof: SafeProof {
                how: crate::engines::Proof::CompleteUnwinding { bound: 2 },
                engine: "esbmc".into(),
                on: Subject::Abstraction { iteration: 2 },
            },
        };
        let mut r = row(ARA);
        assert!(!parse_report(&mut r, 0, &output(check_json(safe), 0)));
        assert_eq!(r.verdict, Verdict::True);
        assert_eq!(
            r.reason,
            "proved: complete unwinding, bound 2, by esbmc on abstraction 2"
        );
        assert_eq!((r.tracked, r.total_elements), (Some(1), Some(30)));
        assert_eq!(r.strategy, "none");

        // A time limit in one part of the portfolio: a timeout row.
        let unknown = FinalVerdict::Unknown {
            reason: Inconclusive::Portfolio {
                witness: Box::new(Inconclusive::WitnessTooCoarse),
                refinement: Box::new(Inconclusive::Timeout {
                    after: Duration::from_secs(2),
                }),
                bounded_search: None,
            },
        };
        let mut r = row(ARA);
        parse_report(&mut r, 20, &output(check_json(unknown.clone()), 20));
        assert_eq!(r.verdict, Verdict::Timeout, "{}", r.reason);
        assert!(r.reason.contains("refinement loop: timeout after 2 s"));
        // The exit code must agree with the verdict.
        let mut r = row(ARA);
        parse_report(&mut r, 0, &output(check_json(unknown), 0));
        assert_eq!(r.verdict, Verdict::Error);
        assert!(r.reason.starts_with("inconsistent answer"), "{}", r.reason);
    }

    /// A child killed at the time limit after printing its report keeps its SAFE or UNSAFE
    /// (the witness it was writing is lost); a report cut off by the kill, or an UNKNOWN, is
    /// the timeout.
    #[test]
    fn a_verdict_printed_before_the_kill_is_kept() {
        let settings = RunSettings {
            exe: "ara".into(),
            timeout: 60,
            memory_mb: None,
            checker: None,
            check_args: vec![],
            baselines: vec![],
            ara: true,
            jobs: 1,
            witnesses: None,
            out: None,
        };
        let killed = |stdout: String| RunOutput {
            ending: Ending::TimedOut,
            ..output(stdout, 0)
        };
        let safe = FinalVerdict::Safe {
            proof: SafeProof {
                how: crate::engines::Proof::CompleteUnwinding { bound: 2 },
                engine: "esbmc".into(),
                on: Subject::Abstraction { iteration: 2 },
            },
        };
        let full = check_json(safe);
        let mut r = row(ARA);
        classify(&mut r, &killed(full.clone()), &settings);
        assert_eq!(r.verdict, Verdict::True, "{}", r.reason);
        assert!(r.reason.contains("the witness was lost"), "{}", r.reason);
        // Killed for memory after the report: the same.
        let mut r = row(ARA);
        let oom = RunOutput {
            memory_exceeded: true,
            ..killed(full.clone())
        };
        classify(&mut r, &oom, &settings);
        assert_eq!(r.verdict, Verdict::True, "{}", r.reason);
        assert!(
            r.reason.contains("killed at the memory limit"),
            "{}",
            r.reason
        );
        let mut r = row(ARA);
        classify(&mut r, &killed(full[..full.len() / 2].into()), &settings);
        assert_eq!(r.verdict, Verdict::Timeout, "{}", r.reason);
        assert_eq!(r.reason, "killed at the time limit (60 s)");
        let unknown = FinalVerdict::Unknown {
            reason: Inconclusive::Timeout {
                after: Duration::from_secs(2),
            },
        };
        let mut r = row(ARA);
        classify(&mut r, &killed(check_json(unknown)), &settings);
        assert_eq!(r.verdict, Verdict::Timeout, "{}", r.reason);
    }

    #[test]
    fn a_bmc_report_is_read_into_the_checkers_verdict() {
        let j = r#"{"file": "t.c", "verdict": "unknown",
                    "reason": {"reason": "out-of-memory"}, "path": []}"#;
        let mut r = row("esbmc");
        assert!(parse_report(&mut r, 20, &output(j.into(), 20)));
        assert_eq!(
            (r.verdict, r.reason.as_str()),
            (Verdict::Unknown, "out of memory")
        );
        let j = r#"{"verdict": "unknown", "reason": {"reason": "timeout", "after": 1.0}}"#;
        parse_report(&mut r, 20, &output(j.into(), 20));
        assert_eq!(r.verdict, Verdict::Timeout);
        assert_eq!(r.reason, "timeout after 1 s");
        let j = r#"{"verdict": "maybe"}"#;
        parse_report(&mut r, 20, &output(j.into(), 20));
        assert_eq!(r.verdict, Verdict::Error);
        assert!(r.reason.starts_with("unparsable output"), "{}", r.reason);
    }
}
