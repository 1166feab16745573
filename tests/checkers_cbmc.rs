//! The CBMC back end on recorded CBMC 5.12 outputs (`shared/fixtures/cbmc`, with a copy in
//! `tests/checkers/cbmc_fixtures`): every program, in all three output formats. CBMC itself is
//! not needed; a fake `cbmc` script is used only for process-level behaviour.

use ara::base::tools::Ending;
use ara::engines::checkers::cbmc::{self, RunInfo, Ui};
use ara::engines::checkers::{
    CheckOptions, CheckerKind, Mode, StepKind, Trace, UnknownReason, Verdict, check_file,
};
use ara::engines::proof::Proof;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The fixtures: `shared/` beside the clone (or beside the worktrees' parent), else the copy.
fn fixtures() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for cand in [
        root.join("../shared/fixtures/cbmc"),
        root.join("../../shared/fixtures/cbmc"),
        root.join("tests/checkers/cbmc_fixtures"),
    ] {
        if cand.join("README.md").is_file() {
            return cand;
        }
    }
    panic!("no CBMC fixtures found");
}

const FORMATS: [&str; 3] = ["json", "xml", "text"];

/// The verdict and trace of fixture `name` in format `fmt`, decided from its recorded command.
fn load(name: &str, fmt: &str) -> (Verdict, Option<Trace>) {
    let dir = fixtures();
    let read =
        |f: String| std::fs::read_to_string(dir.join(&f)).unwrap_or_else(|e| panic!("{f}: {e}"));
    let cmd = read(format!("{name}.cmd"));
    let args: Vec<&str> = cmd.split_whitespace().collect();
    let out = read(format!("{name}.{fmt}.out"));
    let code: i32 = read(format!("{name}.{fmt}.exit")).trim().parse().unwrap();
    cbmc::outcome(
        &out,
        "",
        &Ending::Exited(code),
        RunInfo::from_args(&args),
        Duration::from_secs(1),
    )
}

fn source(name: &str) -> String {
    std::fs::read_to_string(fixtures().join(format!("{name}.c"))).unwrap()
}

#[test]
fn every_fixture_is_covered() {
    let mut names: Vec<String> = std::fs::read_dir(fixtures())
        .unwrap()
        .filter_map(|e| {
            let n = e.unwrap().file_name().into_string().unwrap();
            n.strip_suffix(".c").map(str::to_string)
        })
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "marker_trace",
            "reach_error_def",
            "safe_complete",
            "struct_array",
            "syntax_error",
            "unsafe_loop",
            "unwinding_incomplete"
        ]
    );
}

#[test]
fn marker_trace_gives_the_vertex_path() {
    for fmt in FORMATS {
        let (v, t) = load("marker_trace", fmt);
        assert_eq!(v, Verdict::Unsafe, "{fmt}");
        let t = t.unwrap_or_else(|| panic!("{fmt}: no trace"));
        // The static initialisation `loc = 0` is not a visit; the final 0 is the error vertex.
        assert_eq!(
            t.marker_path("loc"),
            vec![1, 2, 3, 4, 5, 4, 5, 6, 0],
            "{fmt}"
        );
        let (desc, loc) = t.failure().unwrap();
        assert_eq!(desc, "assertion 0", "{fmt}");
        let loc = loc.unwrap();
        assert_eq!(
            (loc.file.as_str(), loc.line),
            ("marker_trace.c", 4),
            "{fmt}"
        );
        assert_eq!(loc.to_string(), "marker_trace.c:4");
    }
    // The loop condition's nondet values (hidden steps of JSON and XML).
    for fmt in ["json", "xml"] {
        let t = load("marker_trace", fmt).1.unwrap();
        let n: Vec<_> = t.nondet_values(None).iter().map(|n| n.value).collect();
        assert_eq!(n, vec![Some(65545), Some(1), Some(9)], "{fmt}");
        assert!(
            t.nondet_values(None)
                .iter()
                .all(|n| n.function == "__VERIFIER_nondet_int")
        );
        // Calls are steps too.
        assert!(
            t.steps.iter().any(
                |s| matches!(&s.kind, StepKind::Call { function } if function == "reach_error")
            ),
            "{fmt}"
        );
    }
}

#[test]
fn unsafe_loop_with_nondet_input_and_array_elements() {
    for fmt in FORMATS {
        let (v, t) = load("unsafe_loop", fmt);
        assert_eq!(v, Verdict::Unsafe, "{fmt}");
        let t = t.unwrap();
        let a: Vec<_> = t.assignments().collect();
        for (k, val) in [("a[0l]", 0), ("a[4l]", 8), ("a[5l]", 10)] {
            assert!(a.contains(&(k, Some(val))), "{fmt}: {k} in {a:?}");
        }
        assert!(t.marker_path("ara_loc").is_empty());
        let n = t.nondet_values(Some(&source("unsafe_loop")));
        assert_eq!(n.len(), 1, "{fmt}: {n:?}");
        assert_eq!((n[0].lhs.as_str(), n[0].value), ("n", Some(7)), "{fmt}");
        assert_eq!(n[0].function, "__VERIFIER_nondet_int");
    }
}

#[test]
fn reach_error_defined_as_assert() {
    for fmt in FORMATS {
        let (v, t) = load("reach_error_def", fmt);
        assert_eq!(v, Verdict::Unsafe, "{fmt}");
        let t = t.unwrap();
        let n = t.nondet_values(Some(&source("reach_error_def")));
        assert_eq!(n.len(), 1, "{fmt}: {n:?}");
        assert_eq!(
            (n[0].lhs.as_str(), n[0].value),
            ("x", Some(4294967295)),
            "{fmt}"
        );
        assert!(
            t.assignments().any(|(l, v)| l == "y" && v == Some(0)),
            "{fmt}"
        );
    }
}

#[test]
fn struct_array_trace() {
    for fmt in FORMATS {
        let (v, t) = load("struct_array", fmt);
        assert_eq!(v, Verdict::Unsafe, "{fmt}");
        let t = t.unwrap();
        let a: Vec<_> = t.assignments().collect();
        assert!(a.contains(&("a[2l].q", Some(5))), "{fmt}: {a:?}");
        assert!(a.contains(&("a[3l].p", Some(3))), "{fmt}: {a:?}");
    }
}

#[test]
fn complete_unwinding_is_a_proof() {
    for fmt in FORMATS {
        let (v, t) = load("safe_complete", fmt);
        assert_eq!(
            v,
            Verdict::Safe {
                how: Proof::CompleteUnwinding { bound: 6 }
            },
            "{fmt}"
        );
        assert!(t.is_none());
    }
}

#[test]
fn failed_unwinding_assertion_is_unknown() {
    for fmt in FORMATS {
        let (v, t) = load("unwinding_incomplete", fmt);
        assert_eq!(
            v,
            Verdict::Unknown {
                reason: UnknownReason::UnwindingIncomplete { bound: 3 }
            },
            "{fmt}"
        );
        assert!(t.is_none());
    }
}

#[test]
fn syntax_error_is_input_rejected() {
    for fmt in FORMATS {
        let (v, _) = load("syntax_error", fmt);
        match v {
            Verdict::Unknown {
                reason: UnknownReason::InputRejected { message },
            } => {
                assert!(
                    message.contains("syntax error before ';'"),
                    "{fmt}: {message}"
                );
                assert!(message.contains("syntax_error.c:3"), "{fmt}: {message}");
            }
            v => panic!("{fmt}: {v}"),
        }
    }
}

#[test]
fn no_proof_without_unwinding_assertions_or_with_odd_endings() {
    let dir = fixtures();
    let out = std::fs::read_to_string(dir.join("safe_complete.json.out")).unwrap();
    let no_ua = RunInfo {
        bound: Some(6),
        unwinding_assertions: false,
    };
    let (v, _) = cbmc::outcome(&out, "", &Ending::Exited(0), no_ua, Duration::from_secs(1));
    assert!(!v.is_safe(), "{v}");
    let ua = RunInfo {
        bound: Some(6),
        unwinding_assertions: true,
    };
    for ending in [Ending::Signaled(11), Ending::Exited(134), Ending::TimedOut] {
        let (v, _) = cbmc::outcome(&out, "boom\n", &ending, ua, Duration::from_secs(2));
        assert!(!v.is_safe(), "{ending:?}: {v}");
    }
    let (v, _) = cbmc::outcome(&out, "", &Ending::TimedOut, ua, Duration::from_secs(2));
    assert_eq!(v.to_string(), "UNKNOWN (timeout after 2 s)");
    let (v, _) = cbmc::outcome(
        &out,
        "segfault here\n",
        &Ending::Signaled(11),
        ua,
        Duration::from_secs(2),
    );
    assert_eq!(
        v.to_string(),
        "UNKNOWN (checker crashed: killed by signal 11: segfault here)"
    );
    // Truncated output: no verdict.
    let (v, _) = cbmc::outcome(
        &out[..out.len() / 2],
        "",
        &Ending::Exited(0),
        ua,
        Duration::from_secs(1),
    );
    assert!(!v.is_safe() && !v.is_unsafe(), "{v}");
}

#[test]
fn argv() {
    let a = cbmc::args(
        "f.c",
        8,
        ara::ir::DataModel::Ilp32,
        Ui::Json,
        &["--x".into()],
    );
    assert_eq!(
        a,
        [
            "f.c",
            "--unwind",
            "8",
            "--unwinding-assertions",
            "--trace",
            "--json-ui",
            "--32",
            "--x"
        ]
    );
    let info = RunInfo::from_args(&a);
    assert_eq!(info.bound, Some(8));
    assert!(info.unwinding_assertions);
    let b = cbmc::args("f.c", 2, ara::ir::DataModel::Lp64, Ui::Xml, &[]);
    assert!(b.contains(&"--xml-ui".to_string()) && !b.contains(&"--32".to_string()));
}

#[test]
fn missing_cbmc_is_exit_4() {
    let mut o = CheckOptions::new(CheckerKind::Cbmc);
    o.checker_path = Some(PathBuf::from("/nonexistent/cbmc"));
    let e = check_file(&fixtures().join("safe_complete.c"), &o).unwrap_err();
    assert_eq!(e.exit_code(), 4);
    assert!(e.to_string().starts_with("cbmc not found ("), "{e}");
}

/// A fake `cbmc` (a shell script) for process-level behaviour only.
fn fake(dir: &Path, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let p = dir.join("cbmc");
    std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

#[test]
fn fake_cbmc_process_behaviour() {
    let dir = tempfile::tempdir().unwrap();
    let file = fixtures().join("safe_complete.c");
    let mut o = CheckOptions::new(CheckerKind::Cbmc);
    o.mode = Mode::Unwind(3);
    // Hangs: killed at the time limit.
    o.checker_path = Some(fake(dir.path(), "sleep 30"));
    o.timeout = Some(Duration::from_millis(500));
    let start = std::time::Instant::now();
    let out = check_file(&file, &o).unwrap();
    assert!(
        matches!(
            out.verdict,
            Verdict::Unknown {
                reason: UnknownReason::Timeout { .. }
            }
        ),
        "{}",
        out.verdict
    );
    assert!(start.elapsed() < Duration::from_secs(5));
    // Dies by a signal.
    o.timeout = None;
    o.checker_path = Some(fake(dir.path(), "echo 'about to die' >&2; kill -SEGV $$"));
    let out = check_file(&file, &o).unwrap();
    assert_eq!(
        out.verdict.to_string(),
        "UNKNOWN (checker crashed: killed by signal 11: about to die)"
    );
    // The command line it was given.
    assert_eq!(
        out.command[2..6],
        ["--unwind", "3", "--unwinding-assertions", "--trace"]
    );
    // k-induction is ESBMC's.
    o.mode = Mode::KInduction { max_k: 3 };
    assert_eq!(check_file(&file, &o).unwrap_err().exit_code(), 64);
}
