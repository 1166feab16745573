//! Violation witnesses and playback harnesses of recursive programs (issues 26 and 27), with
//! the real ESBMC, Z3 and gcc: `ara check --witness W --playback H` on a recursive bug writes
//! a format-2.0 violation witness that `ara validate` CONFIRMS and a harness with which
//! `gcc prog.c H && ./a.out` reaches the error; the safe twin gets no violation witness; a
//! witness whose values miss the bug is REJECTED (its run is followed deeper than the first
//! inlining `ara validate` tries).
//!
//! The programs' truth, established independently:
//! - `tests/recursion/inputs_deep_{unsafe,safe}.c`: each of four nested activations of `f`
//!   reads an input in 0..3, the fourth asserts that their sum is not 11 (unsafe) or not 13
//!   (safe: at most 12). Compiled by gcc with a driver feeding every input in -1..4 to the
//!   four calls (6^4 runs): the unsafe twin fails on exactly the 4 orders of 3, 3, 3, 2, the
//!   safe twin on none.
//! - `tests/explain/recursive_bug.c`: fails at n = 5 only, 4 calls deep (its own test).
//! - `tests/recursion/evenodd_unsafe.c`: no input; `is_even(7)` is 0 (mutual recursion 8
//!   activations deep), so the assertion fails on every run (tests/recursion.rs).

use std::path::{Path, PathBuf};
use std::process::Command;

const ARA: &str = env!("CARGO_BIN_EXE_ara");
const SAFE: i32 = 0;
const UNSAFE: i32 = 10;
const REJECTED: i32 = 40;

fn program(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `ara check --witness <dir>/w.yml --playback <dir>/h.c --timeout 120 prog`: the exit code
/// and stderr.
fn check(prog: &Path, dir: &Path) -> (i32, String) {
    let o = Command::new(ARA)
        .args(["check", "--timeout", "120", "--witness"])
        .arg(dir.join("w.yml"))
        .arg("--playback")
        .arg(dir.join("h.c"))
        .arg(prog)
        .output()
        .expect("ara runs");
    (o.status.code().unwrap_or(-1), text(&o.stderr))
}

/// `ara validate prog --witness W`: the exit code and what it printed.
fn validate(prog: &Path, witness: &Path) -> (i32, String) {
    let o = Command::new(ARA)
        .args(["validate", "--timeout", "60"])
        .arg(prog)
        .arg("--witness")
        .arg(witness)
        .output()
        .expect("ara runs");
    (
        o.status.code().unwrap_or(-1),
        text(&o.stdout) + &text(&o.stderr),
    )
}

/// `gcc prog.c harness.c && ./a.out`: its exit code and stderr.
fn play(prog: &Path, harness: &Path, dir: &Path) -> (i32, String) {
    let exe = dir.join("a.out");
    let gcc = Command::new("gcc")
        .arg("-w")
        .arg(prog)
        .arg(harness)
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap();
    assert!(gcc.status.success(), "{}", text(&gcc.stderr));
    let run = Command::new(&exe).output().unwrap();
    (run.status.code().unwrap_or(-1), text(&run.stderr))
}

/// UNSAFE; the violation witness is CONFIRMED by `ara validate`, the harness reaches the
/// error with gcc. The witness's text and `ara check`'s stderr, for more checks.
fn witness_and_harness(path: &str, dir: &Path) -> (String, String) {
    let prog = program(path);
    let (code, err) = check(&prog, dir);
    assert_eq!(code, UNSAFE, "{path}: {err}");
    let w = dir.join("w.yml");
    let yaml = std::fs::read_to_string(&w).unwrap_or_else(|e| panic!("{path}: {e}: {err}"));
    assert!(yaml.contains("violation_sequence"), "{yaml}");
    let (code, out) = validate(&prog, &w);
    assert_eq!(code, UNSAFE, "{path}: {out}\n{yaml}");
    assert!(out.starts_with("CONFIRMED"), "{out}");
    let (code, played) = play(&prog, &dir.join("h.c"), dir);
    assert_eq!(code, 86, "{path}: {played}");
    assert!(played.contains("ara playback: reached"), "{played}");
    (yaml, err)
}

/// Inputs read in four nested activations: four waypoints at the one call in `f`, the values
/// of the bug; a witness with other values is REJECTED (every input pinned, the run ends
/// without the error); the safe twin is SAFE without a violation witness or harness.
#[test]
fn inputs_read_in_recursion() {
    let dir = tempfile::tempdir().unwrap();
    let (yaml, err) = witness_and_harness("tests/recursion/inputs_deep_unsafe.c", dir.path());
    // The reads of one statement in four activations are not one expression's: the harness
    // sets every input exactly.
    assert!(!err.contains("not set exactly"), "{err}");
    assert_eq!(yaml.matches("type: function_return").count(), 4, "{yaml}");
    assert_eq!(yaml.matches("line: 10\n").count(), 4, "{yaml}");
    let mut values: Vec<&str> = yaml
        .lines()
        .filter_map(|l| l.trim().strip_prefix("value: \\result == "))
        .collect();
    values.sort_unstable();
    assert_eq!(values, ["2", "3", "3", "3"], "{yaml}");

    let wrong = dir.path().join("wrong.yml");
    std::fs::write(&wrong, yaml.replace("\\result == 3", "\\result == 1")).unwrap();
    let prog = program("tests/recursion/inputs_deep_unsafe.c");
    let (code, out) = validate(&prog, &wrong);
    assert_eq!(code, REJECTED, "{out}");

    let safe = tempfile::tempdir().unwrap();
    let prog = program("tests/recursion/inputs_deep_safe.c");
    let (code, err) = check(&prog, safe.path());
    assert_eq!(code, SAFE, "{err}");
    let w = std::fs::read_to_string(safe.path().join("w.yml")).unwrap_or_default();
    assert!(!w.contains("violation_sequence"), "{w}");
    assert!(!safe.path().join("h.c").exists(), "{err}");
}

/// The bug of an input read in `main`, 4 calls deep: one waypoint, n = 5.
#[test]
fn bug_four_calls_deep() {
    let dir = tempfile::tempdir().unwrap();
    let (yaml, _) = witness_and_harness("tests/explain/recursive_bug.c", dir.path());
    assert!(yaml.contains("value: \\result == 5"), "{yaml}");
}

/// Mutual recursion without inputs: the witness is its target; `ara validate` follows the
/// run 8 activations deep.
#[test]
fn mutual_recursion_without_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let (yaml, _) = witness_and_harness("tests/recursion/evenodd_unsafe.c", dir.path());
    assert!(!yaml.contains("function_return"), "{yaml}");
}
