//! Procedures and recursion (issue 26): the procedural form (`ara cfg --procedures`), the Horn
//! engine's procedure summaries beside ESBMC on the source (`procedures::check`), and many
//! calls of one procedure, with the real Z3, ESBMC and gcc.
//!
//! The programs' truth (tests/procedures/*.c, copies of bench-suite/procedures with 2,000 /
//! 2,001 calls for swap_seq), established independently: each was compiled by gcc with a
//! driver feeding `__VERIFIER_nondet_*` from a list. Every `*_safe.c` ran clean on every
//! input tried (parity and evenodd: n in 0..3000 and 10^5; delay_recur: n in 0..500 and 10^5
//! with x in {-7, 0, 1, 42}; McCarthy 91: x in -300..300 and ±10^6, ±999999; swap_seq: no
//! input); every `*_unsafe.c` reached the error (abort) on its witness input: parity at
//! n = 0 and 1, evenodd at n = 0, delay_recur at n = 2, x = 5, McCarthy at x = 102,
//! swap_seq_unsafe on its own (plain ESBMC `--unwind 4 --no-unwinding-assertions` also
//! reports each recursive bug twin, VERIFICATION FAILED). By reasoning: flip(n) flips `even` n times; after three or more
//! shifts every stage holds x; f91(x) = 91 for x <= 101 and x - 10 above; an even number of
//! swaps is the identity. deep_parity_*.c (a bug only at n >= 30 even, deeper than the bug
//! search's inlinings): gcc with n in 0..120, 1000, 2^31, 2^32-1: the unsafe twin aborts at
//! exactly the even n in 30..100, the safe twin never.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

const ARA: &str = env!("CARGO_BIN_EXE_ara");
const SAFE: i32 = 0;
const UNSAFE: i32 = 10;

fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/procedures")
        .join(name)
}

/// `ara check --json --timeout T prog`: the exit code and the JSON report.
fn check(name: &str, timeout: u32) -> (i32, serde_json::Value) {
    common::check_json(&program(name), timeout)
}

/// SAFE for every nondet depth: only the summaries can say so (no bound unwinds it).
fn proved_by_summaries(name: &str) {
    let (code, j) = check(name, 120);
    assert_eq!(code, SAFE, "{name}: {j:#}");
    assert_eq!(j["strategy"], "summaries", "{j:#}");
    assert_eq!(j["proof"]["proof"], "summaries", "{j:#}");
    // Each summary in C for a person, and as an ACSL postcondition.
    for s in j["proof"]["summaries"].as_array().unwrap() {
        assert!(s["c_expr"].as_str().is_some_and(|t| !t.is_empty()), "{j:#}");
        assert!(
            s["ensures"].as_str().is_some_and(|t| !t.is_empty()),
            "{j:#}"
        );
    }
}

/// The bug twin: UNSAFE from a run replayed on the source (ESBMC's counterexample on the
/// source, or the bug search on bounded inlinings).
fn unsafe_on_source(name: &str) {
    let (code, j) = check(name, 120);
    assert_eq!(code, UNSAFE, "{name}: {j:#}");
    assert_eq!(j["trace"]["replayed_on"], "source", "{j:#}");
}

#[test]
fn parity_of_a_nondet_depth() {
    proved_by_summaries("parity_safe.c");
    unsafe_on_source("parity_unsafe.c");
}

#[test]
fn delay_line_moved_by_recursion() {
    proved_by_summaries("delay_recur_safe.c");
    unsafe_on_source("delay_recur_unsafe.c");
}

#[test]
fn mutual_recursion() {
    proved_by_summaries("evenodd_safe.c");
    unsafe_on_source("evenodd_unsafe.c");
}

#[test]
fn mccarthy_91_for_every_x_in_a_million() {
    proved_by_summaries("mccarthy91_safe.c");
    unsafe_on_source("mccarthy91_unsafe.c");
}

/// 2,000 calls of `swap()` go to the procedures' race (not the inlined program): SAFE by
/// whichever side answers first, and the odd count UNSAFE on the source.
#[test]
fn many_calls_of_one_procedure() {
    let (code, j) = check("swap_seq_safe.c", 120);
    assert_eq!(code, SAFE, "{j:#}");
    assert!(
        j["strategy"] == "summaries" || j["strategy"] == "source",
        "{j:#}"
    );
    unsafe_on_source("swap_seq_unsafe.c");
}

/// `ara cfg --procedures` prints a CFG per procedure; recursion is a call of itself.
#[test]
fn cfg_prints_every_procedure() {
    let o = Command::new(ARA)
        .args(["cfg", "--procedures"])
        .arg(program("parity_safe.c"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("procedure main:\n"), "{out}");
    assert!(out.contains("procedure flip(flip__n):\n"), "{out}");
    assert!(out.contains("flip(flip__n - 1);"), "{out}");
}

/// `ara validate FILE --witness W`: the exit code and what it printed.
fn validate(file: &Path, witness: &Path) -> (i32, String) {
    let o = Command::new(ARA)
        .args(["validate", "--timeout", "60"])
        .arg(file)
        .arg("--witness")
        .arg(witness)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
    )
}

/// A proof by summaries: the report prints each procedure's summary in C, and the
/// correctness witness states it as a function contract (format 2.1) that `ara validate`
/// confirms. A wrong contract (`flip` keeps `even`) and a true but useless one are not
/// confirmed; the contract a person would write is.
#[test]
fn summaries_witness_validates() {
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("w.yml");
    let file = program("parity_safe.c");
    let o = Command::new(ARA)
        .args(["check", "--timeout", "120", "--witness"])
        .arg(&w)
        .arg(&file)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(SAFE), "{out}");
    assert!(out.contains("\n  flip(n) (line 10): "), "{out}");
    let text = std::fs::read_to_string(&w).unwrap();
    assert!(text.contains("format_version: '2.1'"), "{text}");
    assert!(text.contains("type: function_contract"), "{text}");
    assert!(text.contains("format: acsl_expression"), "{text}");
    let (code, v) = validate(&file, &w);
    assert_eq!(code, SAFE, "{v}\n{text}");
    assert!(v.starts_with("CONFIRMED"), "{v}");
    let with = |ensures: &str| {
        let lines: Vec<String> = (text.lines())
            .map(|l| match l.trim_start().starts_with("ensures:") {
                true => format!("      ensures: '{ensures}'"),
                false => l.to_string(),
            })
            .collect();
        let p = dir.path().join("edited.yml");
        std::fs::write(&p, lines.join("\n")).unwrap();
        validate(&file, &p)
    };
    for wrong in ["even == \\old(even)", "1"] {
        let (code, v) = with(wrong);
        assert_ne!(code, SAFE, "{wrong}: {v}");
        assert!(!v.starts_with("CONFIRMED"), "{wrong}: {v}");
    }
    let (code, v) = with("even == ((n % 2 == 0) ? \\old(even) : !\\old(even))");
    assert_eq!(code, SAFE, "{v}");
}

/// `ara check --engine horn`: the summary engine alone. Its derivation of a bug 31
/// activations deep is turned into inputs (the program inlined as deep) and replayed on the
/// source with gcc; the safe twin is proved by summaries.
#[test]
fn summary_engine_bug_replayed_on_source() {
    let run = |name: &str| {
        let o = Command::new(ARA)
            .args(["check", "--engine", "horn", "--json", "--timeout", "300"])
            .arg(program(name))
            .output()
            .unwrap();
        let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        (o.status.code().unwrap_or(-1), j)
    };
    let (code, j) = run("deep_parity_unsafe.c");
    assert_eq!(code, UNSAFE, "{j:#}");
    assert_eq!(j["strategy"], "summaries", "{j:#}");
    assert_eq!(j["trace"]["replayed_on"], "source", "{j:#}");
    let by = j["trace"]["confirmed_by"].as_str().unwrap_or_default();
    assert!(by.contains("summary engine's derivation"), "{j:#}");
    let (code, j) = run("deep_parity_safe.c");
    assert_eq!(code, SAFE, "{j:#}");
    assert_eq!(j["strategy"], "summaries", "{j:#}");
}

/// Contracts with a result (`\result`) and of mutually recursive procedures validate too.
#[test]
fn result_contracts_validate() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["mccarthy91_safe.c", "evenodd_safe.c"] {
        let w = dir.path().join(format!("{name}.yml"));
        let file = program(name);
        let o = Command::new(ARA)
            .args(["check", "--timeout", "120", "--witness"])
            .arg(&w)
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(SAFE), "{name}");
        let text = std::fs::read_to_string(&w).unwrap();
        assert!(text.contains("\\result"), "{name}: {text}");
        let (code, v) = validate(&file, &w);
        assert_eq!(code, SAFE, "{name}: {v}\n{text}");
    }
}
