//! SV-COMP witnesses (format 2.0): the witnesses ara writes meet the format's schema and point
//! at the calls (violation witnesses) and loops (correctness witnesses) of the original file;
//! `ara validate` confirms them, rejects mutated ones (wrong inputs, lines, too weak
//! invariants) and reads other tools' witnesses. Runs gcc, ESBMC and Z3.

use ara::ir::DataModel;
use ara::strategy::svwitness::violation_witness_for_inputs;
use serde_norway::Value;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn prog(name: &str) -> PathBuf {
    root().join("tests/svwitness").join(name)
}

fn load(file: &Path, dm: DataModel) -> ara::ir::Program {
    let opts = ara::frontend::FrontendOptions {
        data_model: dm,
        ..Default::default()
    };
    ara::frontend::load_file(file, &opts).expect("loads")
}

/// ara's witness for the run of `file` on `inputs`.
fn witness_for(file: &Path, inputs: &[i128]) -> String {
    let p = load(file, DataModel::Lp64);
    let dir = tempfile::tempdir().unwrap();
    violation_witness_for_inputs(
        &p,
        file,
        ara::strategy::svwitness::write::UNREACH_CALL,
        inputs,
        &Default::default(),
        dir.path(),
        Duration::from_secs(60),
    )
    .expect("a witness")
}

// The schema's constraints, written down from the format 2.0 documentation.
#[path = "svwitness/run.rs"]
mod run;
#[path = "svwitness/schema.rs"]
mod schema;
use run::{ara, validate};
use schema::*;

/// The waypoints (type, line, column) of a witness.
fn waypoints(doc: &Value) -> Vec<(String, usize, usize)> {
    s(&doc[0], "content")
        .as_sequence()
        .unwrap()
        .iter()
        .flat_map(|seg| s(seg, "segment").as_sequence().unwrap().iter())
        .map(|i| {
            let w = s(i, "waypoint");
            let loc = s(w, "location");
            (
                string(w, "type").to_string(),
                s(loc, "line").as_u64().unwrap() as usize,
                s(loc, "column").as_u64().unwrap() as usize,
            )
        })
        .collect()
}

/// Every location is a real call of the original file: `function_return` at the `)` of a
/// nondet call, `target` at the start of the error call.
fn check_locations(file: &Path, doc: &Value) {
    let text = std::fs::read_to_string(file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    for (ty, line, col) in waypoints(doc) {
        let l: Vec<char> = lines[line - 1].chars().collect();
        let at: String = l[col - 1..].iter().collect();
        match ty.as_str() {
            "function_return" => {
                assert_eq!(l[col - 1], ')', "line {line}: {}", lines[line - 1]);
                let before: String = l[..col].iter().collect();
                assert!(
                    before.contains("__VERIFIER_nondet_"),
                    "line {line}: {}",
                    lines[line - 1]
                );
            }
            "target" => assert!(at.starts_with("reach_error("), "line {line}: {at}"),
            t => panic!("ara writes no {t} waypoints"),
        }
    }
}

// ----- writing ---------------------------------------------------------------------------------

#[test]
fn a_written_witness_meets_the_schema_and_points_at_the_calls() {
    let file = prog("two_inputs_unsafe.c");
    let w = witness_for(&file, &[11, 14]);
    let doc = check_schema(&w);
    check_locations(&file, &doc);
    let wps = waypoints(&doc);
    // Columns of the file, not of `gcc -E`'s output (a tab and runs of spaces on line 9).
    assert_eq!(
        wps,
        vec![
            ("function_return".into(), 8, 35),
            ("function_return".into(), 9, 38),
            ("target".into(), 11, 9),
        ]
    );
    assert!(w.contains("value: \\result == 14"), "{w}");
}

#[test]
fn no_witness_for_inputs_that_do_not_reach_the_error() {
    let file = prog("two_inputs_unsafe.c");
    let p = load(&file, DataModel::Lp64);
    let dir = tempfile::tempdir().unwrap();
    let e = violation_witness_for_inputs(
        &p,
        &file,
        ara::strategy::svwitness::write::UNREACH_CALL,
        &[11, 15],
        &Default::default(),
        dir.path(),
        Duration::from_secs(60),
    )
    .unwrap_err();
    assert!(e.contains("does not reach the error"), "{e}");
}

#[test]
fn a_loop_reading_inputs_gives_one_waypoint_per_read_and_the_target_in_verifier_assert() {
    let file = prog("array_assert_unsafe.c");
    let w = witness_for(&file, &[0, 1, 2, 7, 4]);
    let doc = check_schema(&w);
    check_locations(&file, &doc);
    let wps = waypoints(&doc);
    assert_eq!(wps.len(), 6);
    assert!(wps[..5].iter().all(|w| w.1 == 15));
    // The error call inside the program's own __VERIFIER_assert.
    assert_eq!(wps[5], ("target".into(), 8, 13));
    assert_eq!(validate(&file, &w).0, 10);
}

#[test]
fn a_preprocessed_file_with_line_markers_is_named_by_its_own_lines() {
    let file = prog("marked_unsafe.i");
    let w = witness_for(&file, &[-42]);
    let doc = check_schema(&w);
    check_locations(&file, &doc);
    assert_eq!(
        waypoints(&doc),
        vec![
            ("function_return".into(), 12, 33),
            ("target".into(), 13, 17),
        ]
    );
    assert_eq!(validate(&file, &w).0, 10);
}

// ----- validating ------------------------------------------------------------------------------

#[test]
fn ara_validate_confirms_its_own_witness() {
    let file = prog("two_inputs_unsafe.c");
    let (code, out) = validate(&file, &witness_for(&file, &[11, 14]));
    assert_eq!(code, 10, "{out}");
    assert!(out.starts_with("CONFIRMED"), "{out}");
}

#[test]
fn mutated_witnesses_are_rejected() {
    let file = prog("two_inputs_unsafe.c");
    let w = witness_for(&file, &[11, 14]);
    let hash = {
        let doc: Value = serde_norway::from_str(&w).unwrap();
        let h = &doc[0]["metadata"]["task"]["input_file_hashes"];
        h.as_mapping()
            .unwrap()
            .values()
            .next()
            .unwrap()
            .as_str()
            .unwrap()
            .to_string()
    };
    let mutations = [
        (
            "a wrong input value",
            w.replace("\\result == 14", "\\result == 15"),
        ),
        ("a wrong line", w.replacen("line: 9", "line: 10", 1)),
        ("a wrong target line", w.replacen("line: 11", "line: 12", 1)),
        ("a wrong hash", w.replace(&hash, &"0".repeat(64))),
        ("a malformed file", w.replace("content:", "content: [")),
        (
            "no target",
            w[..w
                .find("  - segment:\n    - waypoint:\n        type: target")
                .unwrap()]
                .to_string(),
        ),
    ];
    for (what, m) in mutations {
        assert_ne!(m, w, "{what}: the mutation changed nothing");
        let (code, out) = validate(&file, &m);
        assert_eq!(code, 40, "{what}: {out}");
        assert!(out.starts_with("REJECTED"), "{what}: {out}");
    }
}

#[test]
fn a_witness_that_leaves_inputs_open_is_unknown_not_rejected() {
    let file = prog("two_inputs_unsafe.c");
    let w = witness_for(&file, &[11, 14]);
    // Only the first input: ara reads 0 for the second, which misses the error.
    let start = w.find("  - segment:\n    - waypoint:\n        type: function_return\n        action: follow\n        location:\n          file_name").unwrap();
    let second = w[start + 10..].find("  - segment:").unwrap() + start + 10;
    let third = w[second + 10..].find("  - segment:").unwrap() + second + 10;
    let m = format!("{}{}", &w[..second], &w[third..]);
    let (code, out) = validate(&file, &m);
    assert_eq!(code, 20, "{out}");
    assert!(out.contains("no value for 1"), "{out}");
}

/// In the style of other validators' producers: `assumption` waypoints on the variables a
/// nondet call set, no columns, an unquoted format version, `input_files` as a string, no
/// hashes (with an `avoid` waypoint ara does not check: UNKNOWN; without it: CONFIRMED); then
/// a `function_return` at the call's first character.
#[test]
fn another_tools_witness_is_accepted() {
    let file = prog("two_inputs_unsafe.c");
    let w = r#"
- entry_type: violation_sequence
  metadata:
    format_version: 2.0
    uuid: 3f1b7a9e-2c4d-4e5f-8a6b-0c1d2e3f4a5b
    creation_time: 2024-11-05T10:00:00+01:00
    producer: {name: OtherVerifier, version: 3.1}
    task:
      input_files: two_inputs_unsafe.c
      specification: CHECK( init(main()), LTL(G ! call(reach_error())) )
      data_model: LP64
      language: C
  content:
  - segment:
    - waypoint: {type: assumption, action: follow, location: {file_name: two_inputs_unsafe.c, line: 9}, constraint: {value: "(x == 20)", format: c_expression}}
  - segment:
    - waypoint: {type: branching, action: avoid, location: {file_name: two_inputs_unsafe.c, line: 10, column: 5}, constraint: {value: false}}
    - waypoint: {type: assumption, action: follow, location: {file_name: two_inputs_unsafe.c, line: 10}, constraint: {value: "y == 23", format: c_expression}}
  - segment:
    - waypoint: {type: target, action: follow, location: {file_name: two_inputs_unsafe.c, line: 11}}
"#;
    // ara does not check the avoid waypoint: the run reaching the error is no confirmation.
    let (code, out) = validate(&file, w);
    assert_eq!(code, 20, "{out}");
    assert!(out.contains("avoid not checked"), "{out}");
    let avoid = "    - waypoint: {type: branching, action: avoid, location: {file_name: two_inputs_unsafe.c, line: 10, column: 5}, constraint: {value: false}}\n";
    assert!(w.contains(avoid));
    let w = &w.replace(avoid, "");
    let (code, out) = validate(&file, w);
    assert_eq!(code, 10, "{out}");
    // The same with a function_return waypoint pointing at the call's first character.
    let w2 = w.replace(
        "{type: assumption, action: follow, location: {file_name: two_inputs_unsafe.c, line: 9}, constraint: {value: \"(x == 20)\", format: c_expression}}",
        "{type: function_return, action: follow, location: {file_name: two_inputs_unsafe.c, line: 8, column: 13}, constraint: {value: \"\\\\result==20\", format: acsl_expression}}",
    );
    assert_ne!(&w2, w);
    let (code, out) = validate(&file, &w2);
    assert_eq!(code, 10, "{out}");
}

#[test]
fn location_invariants_are_unknown() {
    let file = prog("counter_safe.c");
    let w = other_tool_invariants(&file, &["i <= n"], 12)
        .replace("loop_invariant", "location_invariant");
    check_schema(&w);
    let (code, out) = validate(&file, &w);
    assert_eq!(code, 20, "{out}");
    assert!(out.contains("location invariants are not checked"), "{out}");
}

#[test]
fn a_missing_witness_file_is_an_input_error() {
    let o = ara(&[
        "validate",
        prog("two_inputs_unsafe.c").to_str().unwrap(),
        "--witness",
        "/nonexistent/w.yml",
    ]);
    assert_eq!(o.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/nonexistent/w.yml"));
}

// ----- end to end: ara check's UNSAFE verdict → witness → ara validate --------------------------

/// The witness `ara check --witness` writes for its UNSAFE verdict on `file`; with
/// `no_unwinding`, without the complete unwinding of the original (`ARA_NO_UNWINDING=1`).
fn check_witness(file: &Path, dm: &str, no_unwinding: bool) -> String {
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("witness.yml");
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_ara"));
    cmd.args(["check", "--timeout", "300", "--data-model", dm, "--witness"])
        .arg(&w)
        .arg(file);
    if no_unwinding {
        cmd.env("ARA_NO_UNWINDING", "1");
    }
    let o = cmd.output().expect("ara runs");
    assert_eq!(
        o.status.code(),
        Some(10),
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::read_to_string(&w).unwrap_or_else(|e| {
        panic!(
            "{}: no witness ({e}): {}",
            file.display(),
            String::from_utf8_lossy(&o.stderr)
        )
    })
}

/// The witness of `ara check`'s UNSAFE on each of `files` (with the data model and whether
/// without the complete unwinding) validates, and meets the schema.
fn unsafe_witnesses_validate(files: &[(&str, DataModel, bool)]) {
    for &(file, dm, no_unwinding) in files {
        let file = root().join(file);
        let dm_arg = if dm == DataModel::Ilp32 {
            "ilp32"
        } else {
            "lp64"
        };
        let w = check_witness(&file, dm_arg, no_unwinding);
        let doc = check_schema(&w);
        check_locations(&file, &doc);
        if dm == DataModel::Ilp32 {
            assert!(w.contains("data_model: ILP32"));
        }
        let (code, out) = validate(&file, &w);
        assert_eq!(code, 10, "{}: {out}\n{w}", file.display());
    }
}

/// max_last_n100_unsafe.c: the bug of random testing with 100 inputs, without the complete
/// unwinding (issue 28: its ESBMC run over 10000 elements was most of this test's CPU;
/// random testing answers first with it and without it, tests/cli.rs). At 100 inputs
/// (10,000 until issue 28, now [`a_witness_of_ten_thousand_inputs_validates`]) the witness
/// is written and validated by the same code, a waypoint per input: 1.4 s of CPU for the
/// check and 0.1 s for the validation instead of 2.7 s and 3.5 s in the suite's build.
#[test]
fn unsafe_verdicts_of_ara_check_give_witnesses_that_validate() {
    unsafe_witnesses_validate(&[
        (
            "bench-suite/corpus/assume_bound_unsafe.c",
            DataModel::Lp64,
            false,
        ),
        ("bench-suite/corpus/copy_unsafe.c", DataModel::Lp64, false),
        ("tests/cli/ilp32_long_unsafe.c", DataModel::Ilp32, false),
        (
            "tests/svwitness/max_last_n100_unsafe.c",
            DataModel::Lp64,
            true,
        ),
    ]);
}

/// The witness of random testing's bug with 10,000 inputs (120,000 lines of YAML) validates:
/// a benchmark of the witness's size (`scripts/bench-sorts`), the suite runs it at 100
/// inputs ([`unsafe_verdicts_of_ara_check_give_witnesses_that_validate`]).
#[test]
#[ignore = "benchmark (a witness of 10,000 waypoints in a debug build): scripts/bench-sorts"]
fn a_witness_of_ten_thousand_inputs_validates() {
    unsafe_witnesses_validate(&[("tests/cli/max_last_unsafe.c", DataModel::Lp64, true)]);
}

// ----- correctness witnesses: ara check's SAFE verdict → invariant_set → ara validate ---------

/// `ara check --witness` on a safe program: (exit code, stderr, witness text).
fn safe_witness(file: &Path, extra: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("witness.yml");
    let mut args = vec![
        "check",
        "--timeout",
        "300",
        "--witness",
        w.to_str().unwrap(),
    ];
    args.extend(extra);
    args.push(file.to_str().unwrap());
    let o = ara(&args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::read_to_string(&w)
        .unwrap_or_else(|e| panic!("no witness ({e}): {}", String::from_utf8_lossy(&o.stderr)))
}

/// Every loop invariant points at a loop keyword of the original file (`for`, `while`).
fn check_invariant_locations(file: &Path, doc: &Value) {
    let text = std::fs::read_to_string(file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    for item in s(&doc[0], "content").as_sequence().unwrap() {
        let loc = s(s(item, "invariant"), "location");
        let line = s(loc, "line").as_u64().unwrap() as usize;
        let col = s(loc, "column").as_u64().unwrap() as usize;
        let at: String = lines[line - 1].chars().skip(col - 1).collect();
        assert!(
            at.starts_with("for") || at.starts_with("while"),
            "line {line} column {col}: {at}"
        );
    }
}

/// The first invariant's value.
fn first_value(doc: &Value) -> String {
    let item = &s(&doc[0], "content").as_sequence().expect("content")[0];
    string(s(item, "invariant"), "value").to_string()
}

/// `w` with the first invariant's value replaced by `value`.
fn with_value(w: &str, doc: &Value, value: &str) -> String {
    let old = first_value(doc);
    let text = w.replace(&old, value);
    assert_ne!(text, w);
    text
}

/// Both with `--engine horn` (issue 28: `counter_safe.c` ran the bounded checker beside it,
/// whose k-induction gives no invariant; 2.5 s of CPU with it, 1.8 s without): the
/// invariants of a correctness witness are the Horn engine's. The same witnesses, edited,
/// are [`too_weak_or_misplaced_invariants_are_rejected`] (issue 28: one run of each check for
/// both, 1.6 s of CPU less; the rejections were a test of their own that ran the two checks
/// again).
#[test]
fn safe_verdicts_of_the_horn_engine_give_correctness_witnesses_that_validate() {
    let mut witnesses = Vec::new();
    for (file, args) in [
        (
            "tests/svwitness/counter_safe.c",
            &["--strategy", "cegar", "--engine", "horn"][..],
        ),
        (
            "bench-suite/examples/table1.c",
            &["--strategy", "cegar", "--engine", "horn"][..],
        ),
    ] {
        let file = root().join(file);
        let w = safe_witness(&file, args);
        let doc = check_schema(&w);
        assert_eq!(string(&doc[0], "entry_type"), "invariant_set");
        assert!(
            !s(&doc[0], "content").as_sequence().unwrap().is_empty(),
            "{}: no invariant in\n{w}",
            file.display()
        );
        check_invariant_locations(&file, &doc);
        // Only the program's own names: no temporaries, no inlined parameters.
        let value = first_value(&doc);
        assert!(!value.contains("::") && !value.contains("ara_"), "{value}");
        let (code, out) = validate(&file, &w);
        assert_eq!(code, 0, "{}: {out}\n{w}", file.display());
        assert!(out.starts_with("CONFIRMED"), "{out}");
        witnesses.push(w);
    }
    too_weak_or_misplaced_invariants_are_rejected(&witnesses[0], &witnesses[1]);
}

/// Edits of the Horn engine's witnesses `w` of `counter_safe.c` and `wt` of
/// `bench-suite/examples/table1.c` (from the test above) that `ara validate` rejects.
fn too_weak_or_misplaced_invariants_are_rejected(w: &str, wt: &str) {
    let w = w.to_string();
    let file = prog("counter_safe.c");
    let doc = check_schema(&w);
    // Inductive but too weak for the assertion: s is not constrained.
    let (code, out) = validate(&file, &with_value(&w, &doc, "i <= n && n <= 1000"));
    assert_eq!(code, 40, "{out}");
    assert!(out.contains("safety fails"), "{out}");
    // True at the start, not inductive.
    let (code, out) = validate(
        &file,
        &with_value(&w, &doc, "i <= 1 && i <= n && s == 2U * i"),
    );
    assert_eq!(code, 40, "{out}");
    assert!(
        out.contains("consecution fails") && out.contains("line 11"),
        "{out}"
    );
    // False at the start.
    let (code, out) = validate(&file, &with_value(&w, &doc, "i == 1"));
    assert_eq!(code, 40, "{out}");
    assert!(out.contains("initiation fails"), "{out}");
    // The right invariant at a line where no loop starts.
    let moved = w.replace("line: 11", "line: 12");
    assert_ne!(moved, w);
    let (code, out) = validate(&file, &moved);
    assert_eq!(code, 40, "{out}");
    assert!(out.contains("no loop starts at line 12"), "{out}");
    // Another file's witness.
    let (code, out) = validate(&prog("two_inputs_unsafe.c"), &w);
    assert_eq!(code, 40, "{out}");
    // A weak invariant of an array program: REJECTED by the exact check (every element).
    let table = root().join("bench-suite/examples/table1.c");
    let dt = check_schema(wt);
    let (code, out) = validate(&table, &with_value(wt, &dt, "i >= 0 && i < 2"));
    assert_eq!(code, 40, "{out}");
    assert!(out.contains("consecution fails"), "{out}");
}

/// A correctness witness as another tool writes it (goblint style: several entries per loop,
/// casts, `file_hash` in the location, no function).
fn other_tool_invariants(file: &Path, values: &[&str], line: u32) -> String {
    let text = std::fs::read(file).unwrap();
    let hash: String = {
        use sha2::Digest;
        sha2::Sha256::digest(&text)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    let name = file.file_name().unwrap().to_str().unwrap();
    let mut w = format!(
        r#"- entry_type: invariant_set
  metadata:
    format_version: "2.0"
    uuid: 3f1b7a9e-2c4d-4e5f-8a6b-0c1d2e3f4a5b
    creation_time: 2024-11-05T10:00:00Z
    producer: {{name: OtherVerifier, version: "3.1"}}
    task: {{input_files: [{name}], input_file_hashes: {{{name}: {hash}}}, specification: "CHECK( init(main()), LTL(G ! call(reach_error())) )", data_model: LP64, language: C}}
  content:
"#
    );
    for v in values {
        w.push_str(&format!(
            "  - invariant: {{type: loop_invariant, location: {{file_name: {name}, file_hash: {hash}, line: {line}, column: 3}}, value: \"{v}\", format: c_expression}}\n"
        ));
    }
    w
}

#[test]
fn other_tools_invariants_are_checked() {
    let file = prog("counter_safe.c");
    let strong = other_tool_invariants(
        &file,
        &[
            "s == 2U * i",
            "(long long )i <= (long long )n",
            "n <= 1000U",
        ],
        11,
    );
    check_schema(&strong);
    let (code, out) = validate(&file, &strong);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("CONFIRMED"), "{out}");
    // One of them missing: too weak.
    let weak = other_tool_invariants(&file, &["s == 2U * i", "n <= 1000U"], 11);
    let (code, out) = validate(&file, &weak);
    assert_eq!(code, 40, "{out}");
    // Names ara made up, side effects, calls: not read, never confirmed.
    for bad in [
        "__VERIFIER_assert__cond == 1",
        "i++ >= 0",
        "__VERIFIER_nondet_uint() >= 0",
        "nosuchvar == 0",
    ] {
        let w = other_tool_invariants(&file, &[bad, "s == 2U * i", "i <= n"], 11);
        let (code, out) = validate(&file, &w);
        assert_eq!(code, 20, "{bad}: {out}");
    }
}

#[test]
fn the_minimal_witness_of_a_program_without_loops_is_confirmed() {
    let file = root().join("tests/batch/tasks/safe.c");
    let w = safe_witness(&file, &[]);
    let doc = check_schema(&w);
    assert_eq!(string(&doc[0], "entry_type"), "invariant_set");
    let (code, out) = validate(&file, &w);
    assert_eq!(code, 0, "{out}\n{w}");
}
