//! Results of a batch run: the rows, the SV-COMP score, and the files they are written to.
//!
//! Takes the [`Row`]s of a run; gives `results.json` (rows + summary, the format `--merge`
//! and `--compare` read back), `results.csv`, the text summary printed at the end, and the
//! side-by-side comparison of two runs. The HTML page is in `html.rs`.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// What a tool answered for a task.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The property holds (ara: SAFE).
    True,
    /// The property is violated (ara: UNSAFE).
    False,
    /// No answer, with a reason.
    Unknown,
    /// Killed at the time limit.
    Timeout,
    /// Ran out of memory under the memory limit.
    OutOfMemory,
    /// The task or the tool failed (crash, bad task file, missing input, unparsable output).
    Error,
    /// Not run: a property or language ara does not check.
    Skipped,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::True => "true",
            Verdict::False => "false",
            Verdict::Unknown => "unknown",
            Verdict::Timeout => "timeout",
            Verdict::OutOfMemory => "out-of-memory",
            Verdict::Error => "error",
            Verdict::Skipped => "skipped",
        }
    }
}

/// How a verdict compares with the expected one (BenchExec's categories).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    Correct,
    Wrong,
    /// An unknown answer (also timeouts and out-of-memory).
    Unknown,
    Error,
    Skipped,
    /// An answer for a task without an expected verdict.
    Missing,
}

impl Category {
    pub fn of(verdict: Verdict, expected: Option<bool>) -> Category {
        match (verdict, expected) {
            (Verdict::True | Verdict::False, None) => Category::Missing,
            (Verdict::True, Some(e)) | (Verdict::False, Some(e)) => {
                if (verdict == Verdict::True) == e {
                    Category::Correct
                } else {
                    Category::Wrong
                }
            }
            (Verdict::Unknown | Verdict::Timeout | Verdict::OutOfMemory, _) => Category::Unknown,
            (Verdict::Error, _) => Category::Error,
            (Verdict::Skipped, _) => Category::Skipped,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Correct => "correct",
            Category::Wrong => "wrong",
            Category::Unknown => "unknown",
            Category::Error => "error",
            Category::Skipped => "skipped",
            Category::Missing => "missing",
        }
    }
}

/// The SV-COMP score of one answer: +2 correct true, +1 correct false, −32 wrong true (a
/// missed bug), −16 wrong false (a false alarm), 0 otherwise.
pub fn score(verdict: Verdict, expected: Option<bool>) -> i64 {
    match (Category::of(verdict, expected), verdict) {
        (Category::Correct, Verdict::True) => 2,
        (Category::Correct, _) => 1,
        (Category::Wrong, Verdict::True) => -32,
        (Category::Wrong, _) => -16,
        _ => 0,
    }
}

/// One task run by one tool.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The task file.
    pub task: String,
    /// `ara` (ara check) or the baseline (`esbmc`, `cbmc`: ara bmc on the original program).
    pub tool: String,
    pub property: String,
    pub expected: Option<bool>,
    pub verdict: Verdict,
    pub category: Category,
    pub score: i64,
    /// How the answer was found (the report's strategy, else the tool's mode).
    pub strategy: String,
    pub iterations: Option<u32>,
    /// Array elements tracked at the end / elements of all arrays.
    pub tracked: Option<u64>,
    pub total_elements: Option<u64>,
    pub wall_s: f64,
    pub cpu_s: f64,
    pub peak_mem_mb: f64,
    /// The data model the task was checked under (empty when it did not run).
    pub data_model: String,
    pub exit_code: Option<i32>,
    /// The proof, the unknown or error reason, or why the task was skipped.
    pub reason: String,
    /// The SV-COMP witness ara wrote for the verdict (path relative to the results
    /// directory, `witnesses/<task>.yml`), empty when none was written.
    #[serde(default)]
    pub witness: String,
    /// `ara validate`'s answer on that witness (`confirmed`, `rejected`, `unknown`), when
    /// asked for (`--validate-witnesses`).
    #[serde(default)]
    pub witness_check: String,
    /// The run's log (command, ending, standard error and output), relative to the results
    /// directory (`logs/<task>.<tool>.log`); empty when the task did not run.
    #[serde(default)]
    pub log: String,
    /// ara's error trace for an UNSAFE answer (`traces/<task>.json`, the report's `trace`
    /// object), empty otherwise.
    #[serde(default)]
    pub trace: String,
}

impl Row {
    /// A row for a task that did not run (or whose run failed before measuring anything).
    pub fn not_run(
        task: &str,
        tool: &str,
        property: &str,
        expected: Option<bool>,
        verdict: Verdict,
        reason: String,
    ) -> Row {
        Row {
            task: task.to_string(),
            tool: tool.to_string(),
            property: property.to_string(),
            expected,
            verdict,
            category: Category::of(verdict, expected),
            score: score(verdict, expected),
            strategy: String::new(),
            iterations: None,
            tracked: None,
            total_elements: None,
            wall_s: 0.0,
            cpu_s: 0.0,
            peak_mem_mb: 0.0,
            data_model: String::new(),
            exit_code: None,
            reason,
            witness: String::new(),
            witness_check: String::new(),
            log: String::new(),
            trace: String::new(),
        }
    }

    /// Sets the verdict and what follows from it (category, score).
    pub fn set_verdict(&mut self, v: Verdict) {
        self.verdict = v;
        self.category = Category::of(v, self.expected);
        self.score = score(v, self.expected);
    }
}

/// Counts and score of one tool's rows.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub tool: String,
    pub tasks: usize,
    pub score: i64,
    pub correct_true: usize,
    pub correct_false: usize,
    pub wrong_true: usize,
    pub wrong_false: usize,
    pub unknown: usize,
    pub timeout: usize,
    pub out_of_memory: usize,
    pub error: usize,
    pub skipped: usize,
    /// Answers for tasks without an expected verdict.
    pub missing: usize,
    pub wall_s: f64,
    pub cpu_s: f64,
}

impl Summary {
    pub fn wrong(&self) -> usize {
        self.wrong_true + self.wrong_false
    }
}

/// One summary per tool, in the order the tools first appear.
pub fn summarize(rows: &[Row]) -> Vec<Summary> {
    let mut out: Vec<Summary> = Vec::new();
    for r in rows {
        let i = match out.iter().position(|s| s.tool == r.tool) {
            Some(i) => i,
            None => {
                out.push(Summary {
                    tool: r.tool.clone(),
                    ..Default::default()
                });
                out.len() - 1
            }
        };
        let s = &mut out[i];
        s.tasks += 1;
        s.score += r.score;
        s.wall_s += r.wall_s;
        s.cpu_s += r.cpu_s;
        match (r.category, r.verdict) {
            (Category::Correct, Verdict::True) => s.correct_true += 1,
            (Category::Correct, _) => s.correct_false += 1,
            (Category::Wrong, Verdict::True) => s.wrong_true += 1,
            (Category::Wrong, _) => s.wrong_false += 1,
            (Category::Missing, _) => s.missing += 1,
            (_, Verdict::Timeout) => s.timeout += 1,
            (_, Verdict::OutOfMemory) => s.out_of_memory += 1,
            (_, Verdict::Error) => s.error += 1,
            (_, Verdict::Skipped) => s.skipped += 1,
            _ => s.unknown += 1,
        }
    }
    out
}

/// The contents of `results.json`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Results {
    /// ara's version that produced the file.
    pub ara_version: String,
    /// The command line of the run (for `--merge`d files, of each part).
    pub commands: Vec<String>,
    /// Run settings (timeout, memory, jobs, shard), for the reader.
    pub settings: BTreeMap<String, String>,
    pub summary: Vec<Summary>,
    pub rows: Vec<Row>,
}

impl Results {
    pub fn new(
        commands: Vec<String>,
        settings: BTreeMap<String, String>,
        mut rows: Vec<Row>,
    ) -> Self {
        sort_rows(&mut rows);
        Results {
            ara_version: env!("CARGO_PKG_VERSION").to_string(),
            commands,
            settings,
            summary: summarize(&rows),
            rows,
        }
    }

    pub fn read(path: &Path) -> Result<Results, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        serde_json::from_str(&text)
            .map_err(|e| format!("{}: not a results.json: {e}", path.display()))
    }
}

/// Rows in a stable order: by task, then ara before baselines.
pub fn sort_rows(rows: &mut [Row]) {
    rows.sort_by(|a, b| {
        (a.task.as_str(), a.tool != "ara", a.tool.as_str()).cmp(&(
            b.task.as_str(),
            b.tool != "ara",
            b.tool.as_str(),
        ))
    });
}

/// The CSV columns, in order.
pub const CSV_HEADER: &[&str] = &[
    "task",
    "tool",
    "property",
    "expected",
    "verdict",
    "category",
    "score",
    "strategy",
    "iterations",
    "tracked",
    "total_elements",
    "wall_s",
    "cpu_s",
    "peak_mem_mb",
    "data_model",
    "exit_code",
    "reason",
    "witness",
    "witness_check",
    "log",
    "trace",
];

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map(ToString::to_string).unwrap_or_default()
}

pub fn to_csv(rows: &[Row]) -> String {
    let mut out = CSV_HEADER.join(",");
    out.push('\n');
    for r in rows {
        let fields = [
            r.task.clone(),
            r.tool.clone(),
            r.property.clone(),
            opt(&r.expected),
            r.verdict.as_str().to_string(),
            r.category.as_str().to_string(),
            r.score.to_string(),
            r.strategy.clone(),
            opt(&r.iterations),
            opt(&r.tracked),
            opt(&r.total_elements),
            format!("{:.3}", r.wall_s),
            format!("{:.3}", r.cpu_s),
            format!("{:.1}", r.peak_mem_mb),
            r.data_model.clone(),
            opt(&r.exit_code),
            r.reason.clone(),
            r.witness.clone(),
            r.witness_check.clone(),
            r.log.clone(),
            r.trace.clone(),
        ];
        let line: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    out
}

/// The summary printed at the end of a run: score and counts per tool.
pub fn summary_text(summaries: &[Summary]) -> String {
    let mut out = String::new();
    for s in summaries {
        let _ = writeln!(
            out,
            "{}: score {} over {} tasks: correct {} (true {}, false {}), wrong {} (true {}, false {}), unknown {}, timeout {}, out-of-memory {}, error {}, skipped {}{}; wall {:.1} s, cpu {:.1} s",
            s.tool,
            s.score,
            s.tasks,
            s.correct_true + s.correct_false,
            s.correct_true,
            s.correct_false,
            s.wrong(),
            s.wrong_true,
            s.wrong_false,
            s.unknown,
            s.timeout,
            s.out_of_memory,
            s.error,
            s.skipped,
            if s.missing > 0 {
                format!(", no expected verdict {}", s.missing)
            } else {
                String::new()
            },
            s.wall_s,
            s.cpu_s,
        );
    }
    out
}

/// The answer shown in tables: `true`, `false`, `unknown`, ... with the category when it is
/// not plain (`false WRONG`).
fn short(r: &Row) -> String {
    match r.category {
        Category::Wrong => format!("{} WRONG", r.verdict.as_str()),
        _ => r.verdict.as_str().to_string(),
    }
}

/// Two runs side by side: one line per (task, tool) in either, then both summaries.
pub fn compare_text(this: &Results, other: &Results, other_name: &str) -> String {
    let key = |r: &Row| (r.task.clone(), r.tool.clone());
    let theirs: BTreeMap<_, &Row> = other.rows.iter().map(|r| (key(r), r)).collect();
    let ours: BTreeMap<_, &Row> = this.rows.iter().map(|r| (key(r), r)).collect();
    let mut keys: Vec<_> = ours.keys().chain(theirs.keys()).cloned().collect();
    keys.sort();
    keys.dedup();
    let w = keys
        .iter()
        .map(|(t, tool)| t.len() + tool.len() + 3)
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<w$}  {:>8}  {:<16} {:>8}  {:<16} {:>8}  change",
        "task", "expected", "this", "time", other_name, "time"
    );
    let cell = |r: Option<&&Row>| match r {
        Some(r) => (short(r), format!("{:.2}", r.wall_s)),
        None => ("-".to_string(), "-".to_string()),
    };
    let (mut differ, mut faster, mut slower) = (0, 0, 0);
    for k in &keys {
        let a = ours.get(k);
        let b = theirs.get(k);
        let expected = a
            .or(b)
            .and_then(|r| r.expected)
            .map(|e| e.to_string())
            .unwrap_or_default();
        let (va, ta) = cell(a);
        let (vb, tb) = cell(b);
        let change = match (a, b) {
            (Some(a), Some(b)) if a.verdict != b.verdict => {
                differ += 1;
                "verdict differs".to_string()
            }
            (Some(a), Some(b)) if a.wall_s > 0.0 && b.wall_s > 0.0 => {
                let ratio = b.wall_s / a.wall_s;
                if ratio > 1.25 {
                    faster += 1;
                    format!("{ratio:.1}x faster")
                } else if ratio < 0.8 {
                    slower += 1;
                    format!("{:.1}x slower", 1.0 / ratio)
                } else {
                    String::new()
                }
            }
            (None, _) => "only in other".into(),
            (_, None) => "only in this".into(),
            _ => String::new(),
        };
        let name = if k.1 == "ara" {
            k.0.clone()
        } else {
            format!("{} [{}]", k.0, k.1)
        };
        let _ = writeln!(
            out,
            "{name:<w$}  {expected:>8}  {va:<16} {ta:>8}  {vb:<16} {tb:>8}  {change}"
        );
    }
    let _ = writeln!(
        out,
        "\n{differ} verdicts differ; this run is faster on {faster} and slower on {slower} tasks (by more than 25%)"
    );
    let _ = write!(out, "this run:   {}", summary_text(&this.summary));
    let _ = write!(out, "{other_name}: {}", summary_text(&other.summary));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svcomp_scores() {
        assert_eq!(score(Verdict::True, Some(true)), 2);
        assert_eq!(score(Verdict::False, Some(false)), 1);
        assert_eq!(score(Verdict::True, Some(false)), -32);
        assert_eq!(score(Verdict::False, Some(true)), -16);
        assert_eq!(score(Verdict::Unknown, Some(true)), 0);
        assert_eq!(score(Verdict::Timeout, Some(false)), 0);
        assert_eq!(score(Verdict::True, None), 0);
        assert_eq!(Category::of(Verdict::True, None), Category::Missing);
    }

    #[test]
    fn csv_quotes_fields() {
        let mut r = Row::not_run(
            "a,b.yml",
            "ara",
            "unreach-call",
            Some(true),
            Verdict::Error,
            "say \"x\"".into(),
        );
        r.set_verdict(Verdict::Error);
        let csv = to_csv(&[r]);
        let line = csv.lines().nth(1).unwrap();
        assert!(line.starts_with("\"a,b.yml\",ara,"), "{line}");
        assert!(line.contains(",\"say \"\"x\"\"\","), "{line}");
    }

    #[test]
    fn summary_counts() {
        let rows = vec![
            Row::not_run("a", "ara", "p", Some(true), Verdict::True, String::new()),
            Row::not_run("b", "ara", "p", Some(false), Verdict::True, String::new()),
            Row::not_run(
                "c",
                "ara",
                "p",
                Some(false),
                Verdict::Timeout,
                String::new(),
            ),
            Row::not_run(
                "a",
                "esbmc",
                "p",
                Some(true),
                Verdict::Skipped,
                String::new(),
            ),
        ];
        let s = summarize(&rows);
        assert_eq!(s.len(), 2);
        assert_eq!(
            (s[0].score, s[0].correct_true, s[0].wrong_true, s[0].timeout),
            (-30, 1, 1, 1)
        );
        assert_eq!(s[1].skipped, 1);
    }
}
