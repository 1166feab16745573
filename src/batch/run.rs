//! Running the tasks: one child process of the ara binary per task and tool, in parallel.
//!
//! Takes [`Task`]s and [`RunSettings`]; gives one [`Row`] per task and tool, whatever
//! happens. Each run is `ara check FILE --json ...` (or `ara bmc FILE --json ...` for a
//! baseline checker on the original program) started through [`crate::tools::run_with`]: its
//! own process group killed at the time limit (the checkers it starts die with it), a limit
//! on the resident memory of the whole process tree, and wall time, CPU time and peak memory
//! measured (`wait4`, `/proc`). Crashes, timeouts, running out of memory and output
//! that does not parse become rows with the reason.

use super::report::{Row, Verdict};
use super::task::{Runnable, Task, TaskProblem};
use crate::tools::{self, Ending, Limits, RunOutput};
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
    pub jobs: usize,
}

/// The name of ara's own rows.
pub const ARA: &str = "ara";

/// One unit of work: a task with a tool (`ara` or a baseline checker).
struct Job {
    task: Arc<Task>,
    tool: String,
}

/// Runs all tasks (`jobs` at a time) and returns their rows (in the order they finish),
/// showing progress on standard error.
pub fn run_all(tasks: Vec<Task>, s: &RunSettings) -> Vec<Row> {
    let mut queue = VecDeque::new();
    for t in tasks {
        let t = Arc::new(t);
        queue.push_back(Job {
            task: t.clone(),
            tool: ARA.into(),
        });
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
    for _ in 0..s.jobs.max(1).min(total.max(1)) {
        let queue = queue.clone();
        let tx = tx.clone();
        let s = s.clone();
        workers.push(std::thread::spawn(move || {
            loop {
                let job = match queue.lock() {
                    Ok(mut q) => q.pop_front(),
                    Err(_) => None,
                };
                let Some(job) = job else { break };
                // A panic in one task must not lose the others' rows (nor this one's).
                let row = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    run_job(&job.task, &job.tool, &s)
                }))
                .unwrap_or_else(|p| {
                    let msg = p
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    Row::not_run(
                        &job.task.name(),
                        &job.tool,
                        &job.task.property,
                        job.task.expected,
                        Verdict::Error,
                        format!("internal error in ara batch: {msg}"),
                    )
                });
                if tx.send(row).is_err() {
                    break;
                }
            }
        }));
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
    let args = command(r, tool, s);
    // ara stops itself at the time limit and answers UNKNOWN; the hard kill comes a little
    // later, for the time ara needs after its last checker run.
    let grace = (s.timeout / 10).clamp(1, 30);
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
    let out = match tools::run_with(&s.exe, &args, None, None, &limits, s.memory_mb) {
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
    row
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
    use crate::error::exit;
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
        return;
    }
    match out.ending {
        Ending::TimedOut => {
            row.set_verdict(Verdict::Timeout);
            row.reason = format!("killed at the time limit ({} s)", s.timeout);
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
            parse_report(row, code, out);
            if row.verdict == Verdict::Unknown
                && s.memory_mb.is_some()
                && mentions_memory(&row.reason)
            {
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

/// Reads the JSON report of `ara check` / `ara bmc` and checks it agrees with the exit code.
fn parse_report(row: &mut Row, code: i32, out: &RunOutput) {
    use crate::error::exit;
    let v: serde_json::Value = match serde_json::from_str(out.stdout.trim()) {
        Ok(v) => v,
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
            return;
        }
    };
    let word = v.get("verdict").and_then(|x| x.as_str()).unwrap_or("");
    let verdict = match word {
        "safe" => Verdict::True,
        "unsafe" => Verdict::False,
        "unknown" => Verdict::Unknown,
        _ => {
            row.set_verdict(Verdict::Error);
            row.reason = format!("unparsable output (exit {code}): no verdict in the JSON report");
            return;
        }
    };
    let expected_code = match verdict {
        Verdict::True => exit::OK,
        Verdict::False => exit::UNSAFE,
        _ => exit::UNKNOWN,
    };
    if code != expected_code {
        row.set_verdict(Verdict::Error);
        row.reason = format!("inconsistent answer: verdict {word} but exit code {code}");
        return;
    }
    row.set_verdict(verdict);
    let s = |x: Option<&serde_json::Value>| x.and_then(|x| x.as_str()).map(str::to_string);
    // ara check: proof / reason / trace.confirmed_by at the top; ara bmc: inside `outcome`.
    row.reason = s(v.get("proof"))
        .or_else(|| s(v.get("reason")))
        .or_else(|| s(v.pointer("/trace/confirmed_by")))
        .or_else(|| v.pointer("/outcome/verdict/reason").map(describe))
        .or_else(|| {
            v.pointer("/outcome/verdict/how")
                .map(|h| format!("proved: {}", describe(h)))
        })
        .unwrap_or_default();
    if let Some(st) = s(v.get("strategy")) {
        row.strategy = st;
    }
    if let Some(its) = v.get("iterations").and_then(|x| x.as_array()) {
        row.iterations = Some(its.len() as u32);
    }
    if let Some(arrays) = v.get("arrays").and_then(|x| x.as_array()) {
        let sum = |k: &str| {
            arrays
                .iter()
                .filter_map(|a| a.get(k).and_then(|x| x.as_u64()))
                .sum()
        };
        row.tracked = Some(sum("tracked_count"));
        row.total_elements = Some(sum("total"));
    }
    if verdict == Verdict::Unknown {
        let r = row.reason.to_ascii_lowercase();
        if r.contains("timeout") || r.contains("timed out") || r.contains("time limit") {
            row.set_verdict(Verdict::Timeout);
        }
    }
}

/// A JSON value as a short phrase: `{"proof":"complete-unwinding","bound":1}` reads
/// `complete-unwinding (bound 1)`, `{"reason":"timeout","after":1.0}` reads `timeout (after 1.0)`.
fn describe(v: &serde_json::Value) -> String {
    let plain = |x: &serde_json::Value| x.as_str().map(str::to_string).unwrap_or(x.to_string());
    let Some(o) = v.as_object() else {
        return plain(v);
    };
    let main = ["reason", "proof"].iter().find_map(|k| o.get(*k));
    let rest: Vec<String> = o
        .iter()
        .filter(|(k, _)| *k != "reason" && *k != "proof")
        .map(|(k, x)| format!("{k} {}", describe(x)))
        .collect();
    match main {
        Some(m) if rest.is_empty() => describe(m),
        Some(m) => format!("{} ({})", describe(m), rest.join(", ")),
        None => rest.join(", "),
    }
}
