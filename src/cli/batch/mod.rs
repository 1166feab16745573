//! `ara batch`: SV-COMP style runs over many task files.
//!
//! Takes task files (`*.yml`) or directories of them and the run settings ([`BatchArgs`]);
//! gives `results.json`, `results.csv` and `results.html` in the output directory, the
//! SV-COMP score and counts on standard output, and an exit code: 0 when no verdict is wrong,
//! [`EXIT_WRONG`] when any is. Every task gets a row, whatever happens to it.
//!
//! - `task`: finding and reading the task definitions.
//! - `run`: one child process per task and tool, in parallel, with limits and measurements.
//! - `report`: rows, score, JSON/CSV/text, comparison of two runs.
//! - `html`: the self-contained HTML page: summary, plots, table.
//! - `plot`: the page's SVG plots (quantile plots, scatter plots), from the rows.
//!
//! Logs and traces: each run's log (its command, how it ended, its standard error and output)
//! is kept as `OUT/logs/<task>.<tool>.log`, and ara's UNSAFE answers' error traces (the
//! report's `trace` object) as `OUT/traces/<task>.json`; the rows name them (`log`, `trace`)
//! and the page links them.
//!
//! Witnesses: each `ara check` run writes its SV-COMP witness (format 2.0) to
//! `OUT/witnesses/<task>.yml` (`--witness`); the row names it (`witness`), and with
//! `--validate-witnesses` the row also gets `ara validate`'s answer on it (`witness_check`).
//!
//! `--shard K/N` runs every N-th task (by sorted path) starting at the K-th, so N machines
//! split a run; `--merge DIR...` joins their `results.json` files into one results set.

pub mod html;
pub mod plot;
pub mod report;
pub mod run;
pub mod task;

use crate::base::error::AraError;
use crate::{out, outln};
use report::{Results, Row};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Exit code of `ara batch` when some verdict is wrong.
pub const EXIT_WRONG: i32 = 30;

/// The options of `ara batch`.
#[derive(clap::Args, Debug, Clone)]
pub struct BatchArgs {
    /// Task files (`*.yml`, SV-COMP format 1.x or 2.0) or directories searched recursively.
    #[arg(required_unless_present = "merge")]
    pub tasks: Vec<PathBuf>,
    /// Tasks run at the same time.
    #[arg(short, long, default_value_t = 1)]
    pub jobs: usize,
    /// Time limit per task in seconds (the run is killed a little after it).
    #[arg(long, default_value_t = 900)]
    pub timeout: u64,
    /// Memory limit per task in MiB (resident memory of all processes of the task together).
    #[arg(long)]
    pub memory_mb: Option<u64>,
    /// Directory for results.json, results.csv and results.html.
    #[arg(long, default_value = "ara-results")]
    pub out: PathBuf,
    /// The checker `ara check` drives.
    #[arg(long, value_parser = ["esbmc", "cbmc"])]
    pub checker: Option<String>,
    /// An extra argument for every `ara check` run (repeatable), e.g. `--check-arg=--theory=lia`.
    #[arg(long = "check-arg", value_name = "ARG", allow_hyphen_values = true)]
    pub check_args: Vec<String>,
    /// Also run this checker on each original program (`ara bmc`), as a baseline in the same
    /// table (repeatable).
    #[arg(long, value_parser = ["esbmc", "cbmc"])]
    pub baseline: Vec<String>,
    /// Run only the `--baseline` checkers, not `ara check` (their rows can be combined with an
    /// ara run of another build by `--merge`).
    #[arg(long, requires = "baseline")]
    pub no_ara: bool,
    /// Run only the K-th of N disjoint slices of the tasks (sorted by path), e.g. `2/4`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Combine the results of these directories (or results.json files) instead of running.
    #[arg(long, num_args = 1.., value_name = "DIR", conflicts_with_all = ["tasks", "shard"])]
    pub merge: Vec<PathBuf>,
    /// Write no SV-COMP witnesses (by default each `ara check` writes one for its SAFE or
    /// UNSAFE verdict into `OUT/witnesses/<task>.yml`).
    #[arg(long)]
    pub no_witnesses: bool,
    /// Check every witness written with `ara validate` (its answer in the `witness_check`
    /// column).
    #[arg(long, conflicts_with = "no_witnesses")]
    pub validate_witnesses: bool,
    /// Show another run's results.json (or its directory) beside this one.
    #[arg(long, value_name = "RESULTS")]
    pub compare: Option<PathBuf>,
}

/// Parses `K/N` (1 <= K <= N).
pub fn parse_shard(s: &str) -> Result<(usize, usize), AraError> {
    let bad = || AraError::Usage(format!("--shard {s}: expected K/N with 1 <= K <= N"));
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let k: usize = k.trim().parse().map_err(|_| bad())?;
    let n: usize = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || n == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// The tasks of shard K of N: positions K-1, K-1+N, ... of the sorted list. Round-robin keeps
/// the sizes of a family spread over the shards.
pub fn shard<T>(items: Vec<T>, k: usize, n: usize) -> Vec<T> {
    items
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % n == k - 1)
        .map(|(_, t)| t)
        .collect()
}

fn results_file(p: &Path) -> PathBuf {
    if p.is_dir() {
        p.join("results.json")
    } else {
        p.to_path_buf()
    }
}

/// Runs `ara batch`; returns the exit code.
pub fn main(args: BatchArgs) -> Result<i32, AraError> {
    let command = std::iter::once("ara".to_string())
        .chain(std::env::args().skip(1))
        .map(|a| {
            if a.contains([' ', '"', '\'']) {
                format!("'{a}'")
            } else {
                a
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    let other = match &args.compare {
        Some(p) => Some(
            Results::read(&results_file(p)).map_err(|e| AraError::Input {
                file: p.display().to_string(),
                msg: e,
            })?,
        ),
        None => None,
    };
    let results = if args.merge.is_empty() {
        run_tasks(&args, command)?
    } else {
        merge(&args.merge, command)?
    };
    write_results(&args.out, &results, other.as_ref().map(|o| (o, "other")))?;
    if let Some(o) = &other {
        out!("{}", report::compare_text(&results, o, "other"));
    } else {
        out!("{}", report::summary_text(&results.summary));
    }
    outln!("results: {}", args.out.join("results.html").display());
    let wrong: usize = results.summary.iter().map(|s| s.wrong()).sum();
    Ok(if wrong > 0 { EXIT_WRONG } else { 0 })
}

fn run_tasks(args: &BatchArgs, command: String) -> Result<Results, AraError> {
    let files = task::discover(&args.tasks)?;
    if files.is_empty() {
        return Err(AraError::Usage(format!(
            "no task files (*.yml) in {}",
            args.tasks
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        )));
    }
    let mut settings = BTreeMap::new();
    let files = match &args.shard {
        Some(s) => {
            let (k, n) = parse_shard(s)?;
            settings.insert("shard".into(), format!("{k}/{n}"));
            shard(files, k, n)
        }
        None => files,
    };
    let tasks: Vec<task::Task> = files.iter().map(|f| task::load(f)).collect();
    let exe = std::env::current_exe()
        .map_err(|e| AraError::Internal(format!("cannot find the ara binary: {e}")))?;
    let rs = run::RunSettings {
        exe,
        timeout: args.timeout,
        memory_mb: args.memory_mb,
        checker: args.checker.clone(),
        check_args: args.check_args.clone(),
        baselines: args.baseline.clone(),
        ara: !args.no_ara,
        jobs: args.jobs,
        witnesses: (!args.no_witnesses).then(|| run::WitnessSettings {
            out: args.out.clone(),
            validate: args.validate_witnesses,
        }),
        out: Some(args.out.clone()),
    };
    settings.insert("timeout_s".into(), args.timeout.to_string());
    settings.insert("jobs".into(), args.jobs.to_string());
    if let Some(m) = args.memory_mb {
        settings.insert("memory_mb".into(), m.to_string());
    }
    let rows = run::run_all(tasks, &rs);
    Ok(Results::new(vec![command], settings, rows))
}

/// Joins the rows of several results; a (task, tool) present twice keeps its first row.
pub fn merge(parts: &[PathBuf], command: String) -> Result<Results, AraError> {
    let mut rows: Vec<Row> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    let mut commands = Vec::new();
    let mut settings = BTreeMap::new();
    for p in parts {
        let f = results_file(p);
        let r = Results::read(&f).map_err(|e| AraError::Input {
            file: f.display().to_string(),
            msg: e,
        })?;
        commands.extend(r.commands);
        for (k, v) in r.settings {
            if k != "shard" {
                settings.insert(k, v);
            }
        }
        for row in r.rows {
            if seen.insert((row.task.clone(), row.tool.clone())) {
                rows.push(row);
            } else {
                eprintln!(
                    "warning: {} ({}) is in more than one part; keeping the first",
                    row.task, row.tool
                );
            }
        }
    }
    commands.push(command);
    Ok(Results::new(commands, settings, rows))
}

/// Writes results.json, results.csv and results.html into `dir`.
pub fn write_results(
    dir: &Path,
    res: &Results,
    other: Option<(&Results, &str)>,
) -> Result<(), AraError> {
    let io = |p: &Path, e: std::io::Error| AraError::Input {
        file: p.display().to_string(),
        msg: format!("cannot write: {e}"),
    };
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let json = serde_json::to_string_pretty(res)
        .map_err(|e| AraError::Internal(format!("results to JSON: {e}")))?;
    for (name, text) in [
        ("results.json", json),
        ("results.csv", report::to_csv(&res.rows)),
        ("results.html", html::page(res, other)),
    ] {
        let p = dir.join(name);
        std::fs::write(&p, text).map_err(|e| io(&p, e))?;
    }
    Ok(())
}
