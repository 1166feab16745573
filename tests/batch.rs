//! `ara batch` end to end with the real ESBMC and Z3: the task folder tests/batch/tasks has a
//! safe, an unsafe, an unsupported, a malformed, a missing-input, a memory-safety, a format
//! 1.0 and an ILP32 task; tests/batch/hard times out. Every task must end in its row, the
//! score must be the SV-COMP score, and shards merged must equal the full run.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `ara batch ARGS --out OUT` from the crate root.
fn batch(args: &[&str], out: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ara"))
        .arg("batch")
        .args(args)
        .arg("--out")
        .arg(out)
        .current_dir(root())
        .output()
        .expect("ara runs")
}

fn results(out: &Path) -> Value {
    let text = std::fs::read_to_string(out.join("results.json")).expect("results.json written");
    serde_json::from_str(&text).expect("results.json parses")
}

/// The row of a task (by file name) and tool.
fn row<'a>(res: &'a Value, task: &str, tool: &str) -> &'a Value {
    res["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["task"].as_str().unwrap().ends_with(task) && r["tool"] == tool)
        .unwrap_or_else(|| panic!("no row for {task} ({tool}) in {res:#}"))
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// (task, tool, verdict, category, score) of every row, for comparing runs.
fn keys(res: &Value) -> Vec<(String, String, String, String, i64)> {
    res["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["task"].as_str().unwrap().to_string(),
                r["tool"].as_str().unwrap().to_string(),
                r["verdict"].as_str().unwrap().to_string(),
                r["category"].as_str().unwrap().to_string(),
                r["score"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn every_task_ends_in_its_row_and_the_score_is_right() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("full");
    let o = batch(
        &["tests/batch/tasks", "--jobs", "2", "--timeout", "120"],
        &out,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let res = results(&out);
    let check = |task: &str, verdict: &str, category: &str, reason: &str| {
        let r = row(&res, task, "ara");
        assert_eq!(r["verdict"], verdict, "{task}: {r:#}");
        assert_eq!(r["category"], category, "{task}: {r:#}");
        assert!(
            r["reason"].as_str().unwrap().contains(reason),
            "{task}: reason should mention {reason:?}: {r:#}"
        );
    };
    check("safe.yml", "true", "correct", "proved");
    check("unsafe.yml", "false", "correct", "reaches the error");
    check("float_unsupported.yml", "unknown", "unknown", "unsupported");
    check("malformed.yml", "error", "error", "malformed YAML");
    check("missing_input.yml", "error", "error", "not found");
    check("memsafety.yml", "skipped", "skipped", "valid-memsafety");
    // Format 1.0: 32-bit, and the error function of its property file (__VERIFIER_error).
    check("old_format.yml", "true", "correct", "proved");
    assert_eq!(row(&res, "old_format.yml", "ara")["data_model"], "ilp32");
    // 4294967295 + 1 is 0 only in a 32-bit unsigned long: checked as 64-bit it would be false.
    check("ilp32_wrap.yml", "true", "correct", "proved");
    assert_eq!(row(&res, "ilp32_wrap.yml", "ara")["data_model"], "ilp32");
    assert_eq!(row(&res, "unsafe.yml", "ara")["data_model"], "lp64");

    // Measurements and the refinement's numbers are filled in for tasks that ran.
    let safe = row(&res, "safe.yml", "ara");
    assert!(safe["wall_s"].as_f64().unwrap() > 0.0, "{safe:#}");
    assert!(safe["cpu_s"].as_f64().unwrap() > 0.0, "{safe:#}");
    assert!(safe["peak_mem_mb"].as_f64().unwrap() > 1.0, "{safe:#}");
    assert!(safe["iterations"].as_u64().unwrap() >= 1, "{safe:#}");
    assert_eq!(safe["total_elements"], 4, "{safe:#}");

    // SV-COMP score: 3 correct true (+2 each) and 1 correct false (+1).
    let s = &res["summary"][0];
    assert_eq!(s["score"], 7, "{s:#}");
    assert_eq!(
        (s["correct_true"].as_u64(), s["correct_false"].as_u64()),
        (Some(3), Some(1))
    );
    assert_eq!(
        (
            s["error"].as_u64(),
            s["skipped"].as_u64(),
            s["unknown"].as_u64()
        ),
        (Some(2), Some(1), Some(1))
    );
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("score 7 over 8 tasks"), "{stdout}");

    // The other files: a CSV line per row, and the HTML table.
    let csv = std::fs::read_to_string(out.join("results.csv")).unwrap();
    assert_eq!(csv.lines().count(), 9, "{csv}");
    assert!(csv.starts_with("task,tool,property,expected,verdict,category,score"));
    let html = std::fs::read_to_string(out.join("results.html")).unwrap();
    assert!(html.contains("<table id=\"rows\">") && html.contains("<script>"));
    assert!(html.contains("tasks/ilp32_wrap.yml"));
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
}

#[test]
fn shards_merged_equal_the_full_run_and_compare_shows_both() {
    let tmp = tempfile::tempdir().unwrap();
    let t = |n: &str| tmp.path().join(n);
    let common = ["tests/batch/tasks", "--jobs", "2", "--timeout", "120"];
    let full = batch(&common, &t("full"));
    assert_eq!(full.status.code(), Some(0), "{}", text(&full));
    let mut n_rows = 0;
    for k in ["1/3", "2/3", "3/3"] {
        let mut a = common.to_vec();
        a.extend(["--shard", k]);
        let o = batch(&a, &t(&format!("part{}", &k[..1])));
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        n_rows += results(&t(&format!("part{}", &k[..1])))["rows"]
            .as_array()
            .unwrap()
            .len();
    }
    assert_eq!(n_rows, 8, "the shards are disjoint and cover every task");
    let merged = Command::new(env!("CARGO_BIN_EXE_ara"))
        .args(["batch", "--merge"])
        .args([t("part1"), t("part2"), t("part3")])
        .arg("--out")
        .arg(t("merged"))
        .output()
        .unwrap();
    assert_eq!(merged.status.code(), Some(0), "{}", text(&merged));
    assert_eq!(keys(&results(&t("merged"))), keys(&results(&t("full"))));
    assert_eq!(results(&t("merged"))["summary"][0]["score"], 7);

    // --compare: both runs side by side.
    let cmp = Command::new(env!("CARGO_BIN_EXE_ara"))
        .args(["batch", "--merge"])
        .arg(t("part1"))
        .arg("--compare")
        .arg(t("full"))
        .arg("--out")
        .arg(t("cmp"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&cmp.stdout);
    assert!(stdout.contains("only in other"), "{stdout}");
    assert!(
        stdout.contains("this run:") && stdout.contains("other:"),
        "{stdout}"
    );
    let html = std::fs::read_to_string(t("cmp").join("results.html")).unwrap();
    assert!(html.contains("other verdict"));
}

#[test]
fn a_hard_task_times_out_and_a_baseline_gets_its_own_rows() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("hard");
    let start = std::time::Instant::now();
    let o = batch(
        &[
            "tests/batch/hard",
            "tests/batch/tasks/unsafe.yml",
            "--timeout",
            "1",
            "--jobs",
            "2",
            "--baseline",
            "esbmc",
        ],
        &out,
    );
    assert!(start.elapsed().as_secs() < 30, "{:?}", start.elapsed());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let res = results(&out);
    for tool in ["ara", "esbmc"] {
        let r = row(&res, "hard.yml", tool);
        assert!(
            ["timeout", "unknown"].contains(&r["verdict"].as_str().unwrap()),
            "{r:#}"
        );
        // ara's own timeout, or the batch's kill at the limit when ara is slower to stop.
        let reason = r["reason"].as_str().unwrap();
        assert!(
            reason.contains("timeout") || reason.contains("time limit"),
            "{r:#}"
        );
        assert!(r["wall_s"].as_f64().unwrap() < 10.0, "{r:#}");
    }
    // ESBMC finds this bug in a fraction of a second, but a loaded machine may stretch that
    // past the 1 s limit; either way the row is there, and never "true".
    let v = row(&res, "unsafe.yml", "esbmc")["verdict"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(["false", "timeout"].contains(&v.as_str()), "{v}");
    assert_eq!(
        res["summary"].as_array().unwrap().len(),
        2,
        "one summary per tool"
    );
}

/// `--no-ara` runs only the baselines; `--merge` puts their rows beside an ara run's.
#[test]
fn baselines_alone_merge_with_an_ara_run() {
    let tmp = tempfile::tempdir().unwrap();
    let t = |n: &str| tmp.path().join(n);
    let task = "tests/batch/tasks/unsafe.yml";
    let o = batch(
        &[task, "--baseline", "esbmc", "--no-ara", "--timeout", "30"],
        &t("bl"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let bl = results(&t("bl"));
    let tools: Vec<&str> = bl["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["tool"].as_str().unwrap())
        .collect();
    assert_eq!(tools, ["esbmc"], "{bl:#}");
    let o = batch(&[task, "--timeout", "30"], &t("ara"));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let merged = Command::new(env!("CARGO_BIN_EXE_ara"))
        .args(["batch", "--merge"])
        .args([t("bl"), t("ara")])
        .arg("--out")
        .arg(t("merged"))
        .output()
        .unwrap();
    assert_eq!(merged.status.code(), Some(0), "{}", text(&merged));
    let m = results(&t("merged"));
    assert_eq!(row(&m, "unsafe.yml", "esbmc")["verdict"], "false", "{m:#}");
    assert_eq!(row(&m, "unsafe.yml", "ara")["verdict"], "false", "{m:#}");
}

#[test]
fn wrong_verdicts_failures_and_memory_limits_are_rows() {
    let tmp = tempfile::tempdir().unwrap();
    // A task whose stated verdict is wrong: ara's (right) answer counts as wrong.
    let tasks = tmp.path().join("tasks");
    std::fs::create_dir(&tasks).unwrap();
    let safe_c = root().join("tests/batch/tasks/safe.c");
    let prp = root().join("tests/batch/tasks/properties/unreach-call.prp");
    std::fs::write(
        tasks.join("mislabelled.yml"),
        format!(
            "format_version: '2.0'\ninput_files: '{}'\nproperties:\n  - property_file: '{}'\n    expected_verdict: false\noptions:\n  language: C\n  data_model: ILP32\n",
            safe_c.display(),
            prp.display()
        ),
    )
    .unwrap();
    let t = tasks.to_str().unwrap();
    let o = batch(&[t], &tmp.path().join("wrong"));
    assert_eq!(
        o.status.code(),
        Some(ara::cli::batch::EXIT_WRONG),
        "{}",
        text(&o)
    );
    let res = results(&tmp.path().join("wrong"));
    let r = row(&res, "mislabelled.yml", "ara");
    assert_eq!(
        (r["category"].as_str(), r["score"].as_i64()),
        (Some("wrong"), Some(-32))
    );

    // Output that is not ara's JSON report becomes an error row, not a lost task.
    let o = batch(&[t, "--check-arg=--help"], &tmp.path().join("help"));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let res = results(&tmp.path().join("help"));
    let r = row(&res, "mislabelled.yml", "ara");
    assert_eq!(r["verdict"], "error", "{r:#}");
    assert!(
        r["reason"].as_str().unwrap().contains("unparsable output"),
        "{r:#}"
    );

    // A memory limit below what the checker needs: an out-of-memory row.
    let o = batch(&[t, "--memory-mb", "20"], &tmp.path().join("mem"));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let res = results(&tmp.path().join("mem"));
    let r = row(&res, "mislabelled.yml", "ara");
    assert_eq!(r["verdict"], "out-of-memory", "{r:#}");

    // No task files: a usage error, not an empty run.
    let o = batch(&["tests/batch/tasks/properties"], &tmp.path().join("none"));
    assert_eq!(
        o.status.code(),
        Some(ara::base::error::exit::USAGE),
        "{}",
        text(&o)
    );
    let o = batch(&["tests/batch/no_such_dir"], &tmp.path().join("none"));
    assert_eq!(
        o.status.code(),
        Some(ara::base::error::exit::INPUT),
        "{}",
        text(&o)
    );
}

#[test]
fn every_verdict_leaves_a_witness_named_in_the_results() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("w");
    let o = batch(
        &[
            "tests/batch/tasks/safe.yml",
            "tests/batch/tasks/unsafe.yml",
            "tests/batch/tasks/float_unsupported.yml",
            "--jobs",
            "2",
            "--timeout",
            "120",
            "--validate-witnesses",
        ],
        &out,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let res = results(&out);
    for (task, entry) in [
        ("safe.yml", "entry_type: invariant_set"),
        ("unsafe.yml", "entry_type: violation_sequence"),
    ] {
        let r = row(&res, task, "ara");
        let w = r["witness"].as_str().unwrap();
        assert!(w.starts_with("witnesses/") && w.ends_with(".yml"), "{r:#}");
        let yaml = std::fs::read_to_string(out.join(w)).expect("the witness is there");
        assert!(yaml.contains(entry), "{yaml}");
        assert_eq!(r["witness_check"], "confirmed", "{r:#}");
    }
    // No verdict, no witness.
    assert_eq!(row(&res, "float_unsupported.yml", "ara")["witness"], "");
    let csv = std::fs::read_to_string(out.join("results.csv")).unwrap();
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .ends_with(",witness,witness_check,log,trace")
    );
    // Each run's log is kept; ara's UNSAFE answer keeps its trace (the report's object).
    for task in ["safe.yml", "unsafe.yml", "float_unsupported.yml"] {
        let r = row(&res, task, "ara");
        let log = r["log"].as_str().unwrap();
        assert!(
            log.starts_with("logs/") && log.ends_with(".ara.log"),
            "{r:#}"
        );
        let text = std::fs::read_to_string(out.join(log)).expect("the log is there");
        assert!(text.starts_with("$ ara check "), "{text}");
        assert!(text.contains("--- standard output ---"), "{text}");
    }
    assert_eq!(row(&res, "safe.yml", "ara")["trace"], "");
    let trace = row(&res, "unsafe.yml", "ara")["trace"]
        .as_str()
        .unwrap()
        .to_string();
    let trace: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join(&trace)).unwrap()).unwrap();
    assert!(
        trace["steps"].as_array().is_some_and(|s| !s.is_empty()),
        "{trace:#}"
    );
    assert!(csv.contains(",confirmed"), "{csv}");
    let html = std::fs::read_to_string(out.join("results.html")).unwrap();
    assert!(
        html.contains("<a href=\"witnesses/"),
        "the table links the witnesses"
    );
    assert!(html.contains(">trace</a>") && html.contains(">log</a>"));
    assert!(
        html.contains("<polyline class=\"series\""),
        "the quantile plot"
    );
}

/// `scripts/results-table` writes RESULTS.md's tables and the lost/gained list of a whole run
/// against earlier ones (`--against`); its pure functions check themselves on small rows.
#[test]
fn results_table_checks_itself() {
    let out = Command::new("python3")
        .arg(root().join("scripts/results-table"))
        .arg("--selftest")
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "selftest ok");
}
