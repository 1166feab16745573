//! `ara check --strategy witness|auto` with the real ESBMC (and Z3 for `auto`): the pattern
//! programs of the paper's Table 3, soundness on every unsafe program (the witness strategy
//! never says SAFE), the portfolio resolving what the witness program cannot, and the JSON
//! report. ESBMC and Z3 are found through `ARA_TOOLS_DIR` (or `scripts/setup`).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `ara check --json ARGS FILE`: exit code and the JSON report.
fn check(file: &Path, args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_ara"))
        .arg("check")
        .arg("--json")
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    let code = out.status.code().unwrap_or(-1);
    let json = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{}: exit {code}, no JSON ({e}): {}{}",
            file.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (code, json)
}

/// The C files of a folder whose header has `line`.
fn with_header(dir: &str, line: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .filter(|p| {
            std::fs::read_to_string(p)
                .unwrap()
                .lines()
                .take(3)
                .any(|l| l == line)
        })
        .collect();
    out.sort();
    out
}

fn name(p: &Path) -> String {
    p.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn table3_patterns_are_proved_safe_by_the_witness_strategy() {
    // N = 100000 in every one of them.
    for f in [
        "motivating_example.c",
        "relation_mem.c",
        "break_safe.c",
        "nested_struct.c",
    ] {
        let (code, j) = check(
            &root().join("tests/witness").join(f),
            &["--strategy", "witness"],
        );
        assert_eq!(code, 0, "{f}: {j:#}");
        assert_eq!(j["verdict"], "safe", "{f}");
        assert_eq!(j["strategy"], "witness", "{f}");
        assert_eq!(j["requested"], "witness", "{f}");
        assert_eq!(j["proof"]["on"]["program"], "witness", "{f}: {j:#}");
        let proof = j["proof"]["text"].as_str().unwrap();
        assert!(
            proof.contains("witness-index transformation"),
            "{f}: {proof}"
        );
        assert!(j["witness"]["time_s"].as_f64().unwrap() < 30.0, "{f}");
    }
}

#[test]
fn every_program_marked_witness_safe_is_proved() {
    let files = with_header("tests/witness", "// witness: safe");
    assert!(files.len() >= 11, "{files:?}");
    for f in files {
        let (code, j) = check(&f, &["--strategy", "witness"]);
        assert_eq!(code, 0, "{}: {j:#}", name(&f));
    }
}

/// Theorem 1 of the paper: whatever the original can reach, the transformed program can. So
/// the witness strategy never says SAFE for a program with a bug (every unsafe program of the
/// corpus, large ones included, and of `tests/witness`).
#[test]
fn witness_strategy_never_says_safe_on_an_unsafe_program() {
    let mut files = with_header("bench-suite/corpus", "// expect: unsafe");
    assert_eq!(files.len(), 16);
    files.extend(with_header("bench-suite/corpus/large", "// expect: unsafe"));
    files.extend(with_header("tests/witness", "// expect: unsafe"));
    assert!(files.len() >= 35, "{}", files.len());
    for f in files {
        let (code, j) = check(&f, &["--strategy", "witness"]);
        assert_eq!(code, 20, "{}: {j:#}", name(&f));
        assert_eq!(j["verdict"], "unknown");
        let why = j["reason"]["why"].as_str().unwrap();
        assert!(
            why == "witness-too-coarse" || why == "witness-not-applicable",
            "{}: {j:#}",
            name(&f)
        );
    }
}

/// The safe programs of the corpus the witness strategy proves (the others need relations
/// between elements, accumulators or loops made of gotos).
#[test]
fn witness_strategy_on_the_safe_corpus() {
    let mut proved = vec![];
    for f in with_header("bench-suite/corpus", "// expect: safe") {
        let (code, j) = check(&f, &["--strategy", "witness"]);
        assert!(code == 0 || code == 20, "{}: {j:#}", name(&f));
        if code == 0 {
            proved.push(name(&f));
        }
    }
    for p in [
        "assume_bound_safe.c",
        "copy_safe.c",
        "init_check_safe.c",
        "struct_safe.c",
        "switch_safe.c",
        "three_arrays_safe.c",
    ] {
        assert!(
            proved.contains(&p.to_string()),
            "{p} not proved: {proved:?}"
        );
    }
}

#[test]
fn partial_lesser_bound_witness_unknown_auto_confirms_the_bug() {
    let f = root().join("tests/witness/partial_lesser_bound.c");
    let (code, j) = check(&f, &["--strategy", "witness"]);
    assert_eq!(code, 20, "{j:#}");
    assert_eq!(j["reason"]["why"], "witness-too-coarse");
    assert!(j["reason"]["text"].as_str().unwrap().contains("too coarse"));
    assert_eq!(j["witness"]["verdict"], "unsafe");
    // The only element the witness program can fail on is the last one.
    assert_eq!(j["witness"]["seed"], serde_json::json!([["a", 15]]));

    let (code, j) = check(&f, &["--timeout", "120"]);
    assert_eq!(code, 10, "{j:#}");
    assert_eq!(j["verdict"], "unsafe");
    assert_eq!(j["requested"], "auto");
    let by = j["strategy"].as_str().unwrap();
    assert!(by == "cegar" || by == "bmc", "{by}");
    assert!(
        j["trace"]["confirmed_by"]
            .as_str()
            .unwrap()
            .contains("reaches the error"),
        "{j:#}"
    );
    // The refinement loop started from the witness index (unless its first checker run timed
    // out on a loaded machine: then a witness cell replaced the seed, as the loop does).
    let tracked = &j["arrays"][0]["tracked"];
    let first = j["iterations"][0]["refinement"].as_str().unwrap_or("");
    assert!(
        tracked.as_array().unwrap().contains(&Value::from(15))
            || first.starts_with("engines gave no answer"),
        "{j:#}"
    );
}

#[test]
fn auto_proves_safe_what_the_witness_program_cannot() {
    // A loop that is no counting loop (table1) and a loop-carried relation (max).
    for f in [
        "bench-suite/corpus/table1_safe.c",
        "bench-suite/corpus/max_safe.c",
    ] {
        let (code, j) = check(&root().join(f), &["--timeout", "120"]);
        assert_eq!(code, 0, "{f}: {j:#}");
        assert_eq!(j["witness"]["verdict"], "unsafe", "{f}");
        let by = j["strategy"].as_str().unwrap();
        assert!(by == "cegar" || by == "bmc", "{f}: {by}");
    }
}

#[test]
fn report_keeps_the_cegar_fields_and_adds_the_strategy() {
    let f = root().join("bench-suite/corpus/init_check_unsafe.c");
    for strategy in ["cegar", "auto"] {
        let (code, j) = check(&f, &["--strategy", strategy, "--timeout", "120"]);
        assert_eq!(code, 10, "{strategy}: {j:#}");
        for key in [
            "file",
            "verdict",
            "trace",
            "iterations",
            "vars",
            "arrays",
            "time_abstraction_s",
            "time_checker_s",
            "time_solver_s",
            "time_total_s",
            "strategy",
            "requested",
        ] {
            assert!(j.get(key).is_some(), "{strategy}: no `{key}` in {j:#}");
        }
        assert_eq!(j["requested"], strategy);
    }
    // Text output: the verdict first in words, then (`--verbose`) the details, from the
    // engine's own first line and the strategy on.
    let out = Command::new(env!("CARGO_BIN_EXE_ara"))
        .args(["check", "--strategy", "witness", "--verbose"])
        .arg(root().join("tests/witness/motivating_example.c"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(
            "SAFE: proved for every array size, on the program with one element per array \
             and one iteration per loop (unwound completely, bound 1)"
        ),
        "{text}"
    );
    let mut details = lines.skip_while(|l| *l != "details:").skip(1);
    assert!(
        details
            .next()
            .unwrap_or_default()
            .starts_with("SAFE (proved: complete unwinding"),
        "{text}"
    );
    assert_eq!(details.next(), Some("strategy: witness"), "{text}");
}
