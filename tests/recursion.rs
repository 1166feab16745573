//! Recursive programs (issue 26, first step): the front end refuses recursion, `ara check`
//! answers with ESBMC on the user's source (`source_check`), with the real ESBMC and gcc.
//!
//! The programs' truth (tests/recursion/*.c), established independently: each was compiled by
//! gcc with a driver feeding `__VERIFIER_nondet_int` (every value of the small ranges:
//! McCarthy 95..101 / 95..102, array sum n in 0..5, binary search x in 0..16; and -3..20,
//! 88..103 besides): every `*_safe.c` ran clean on all of them, every `*_unsafe.c` reached the
//! error (the deterministic ones on any input; McCarthy at x = 102, the array sum at n = 5, the
//! binary search at x = 13, the nondet parity at odd n); `deep_legit_unsafe.c` aborts and
//! `deep_legit_safe.c` exits 0 under `ulimit -s unlimited` (both die of a segmentation fault
//! with the default 8 MB stack). By reasoning: f91(x) = 91 for x <= 101;
//! flip(2n) flips the global an even number of times; depth(n) = n, so `deep_unsafe.c` reaches
//! the error only at n = 10^8, through a recursion 10^8 calls deep. `declared_assert_unsafe.c`
//! fails its `__VERIFIER_assert` (gcc with a definition that asserts: abort).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

const ARA: &str = env!("CARGO_BIN_EXE_ara");
const SAFE: i32 = 0;
const UNSUPPORTED: i32 = 3;
const UNSAFE: i32 = 10;
const UNKNOWN: i32 = 20;

fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/recursion")
        .join(name)
}

/// `ara check --json --timeout T prog`: the exit code and the JSON report.
fn check(name: &str, timeout: u32) -> (i32, serde_json::Value) {
    common::check_json(&program(name), timeout)
}

/// `name_safe.c` is SAFE (by complete unwinding on the source, or by the procedure
/// summaries that race it: `procedures::check`), `name_unsafe.c` UNSAFE replayed on the
/// source with gcc.
fn twins(name: &str) {
    let (code, j) = check(&format!("{name}_safe.c"), 120);
    assert_eq!(code, SAFE, "{name}_safe: {j:#}");
    if j["strategy"] == "summaries" {
        assert_eq!(j["proof"]["proof"], "summaries", "{j:#}");
    } else {
        assert_eq!(j["strategy"], "source", "{j:#}");
        assert_eq!(j["proof"]["on"]["program"], "source", "{j:#}");
        assert_eq!(j["proof"]["proof"], "complete-unwinding", "{j:#}");
    }
    let (code, j) = check(&format!("{name}_unsafe.c"), 120);
    assert_eq!(code, UNSAFE, "{name}_unsafe: {j:#}");
    // ESBMC on the source, the bug search on bounded inlinings, or the summary engine's
    // derivation of the error (whichever answers first): replayed on the source.
    assert!(
        ["source", "bmc", "summaries"].contains(&j["strategy"].as_str().unwrap_or("")),
        "{j:#}"
    );
    assert_eq!(j["trace"]["replayed_on"], "source", "{j:#}");
}

#[test]
fn mccarthy_91() {
    twins("mccarthy");
}

#[test]
fn mccarthy_91_nondet_range() {
    twins("mccarthy_nondet");
}

#[test]
fn even_odd_mutual() {
    twins("evenodd");
}

#[test]
fn fibonacci() {
    twins("fib");
}

#[test]
fn ackermann() {
    twins("ackermann");
}

#[test]
fn hanoi() {
    twins("hanoi");
}

#[test]
fn gcd() {
    twins("gcd");
}

#[test]
fn array_sum() {
    twins("arraysum");
}

#[test]
fn binary_search() {
    twins("bsearch");
}

#[test]
fn parity_constant() {
    twins("parity");
}

/// Recursion as deep as a nondet input: no bound unwinds it completely, so never SAFE on the
/// source (and, the program being safe, never UNSAFE); ESBMC's bugs of cut-off recursion are
/// not replayed. SAFE only from the procedure summaries (tests/procedures.rs). 3 s (8, then 5
/// until issue 28: these runs end at their budgets, two cores busy at idle; the first
/// counterexamples of ESBMC on the source are replayed within 2 s at load 27).
/// ESBMC on the source without its C library (`engines::checkers::esbmc::source_library`):
/// the twins bound their input by `assume_abort_if_not`, whose `abort` ESBMC reads from
/// ara's model (a path that calls it ends). Without the library and without the model the
/// safe twin is VERIFICATION FAILED at every bound (its `abort` returns): a counterexample
/// gcc rejects, never a proof; with the model it is proved at bound 8. Truth: plain ESBMC
/// `--unwind 9` (complete), with and without `--32`: SUCCESSFUL / FAILED, and the same with
/// `--no-library` and the model; gcc with n fed in: the safe twin never reaches the error for
/// n in {-1, 0, 1, 5, 6, 7, 1000}, the bug twin at n = 6 alone.
#[test]
fn a_source_without_the_library_keeps_abort() {
    for name in ["abort_bound_safe.c", "abort_bound_unsafe.c"] {
        let text = std::fs::read_to_string(program(name)).unwrap();
        assert_eq!(
            ara::engines::checkers::esbmc::source_library(&text),
            ara::engines::checkers::esbmc::SourceLibrary::Free { abort_model: true }
        );
    }
    let (code, j) = check("abort_bound_safe.c", 60);
    assert_eq!(code, SAFE, "{j:#}");
    let (code, j) = check("abort_bound_unsafe.c", 60);
    assert_eq!(code, UNSAFE, "{j:#}");
    assert_eq!(j["trace"]["replayed_on"], "source", "{j:#}");
}

#[test]
fn unbounded_depth_is_never_unsafe() {
    for name in ["parity_nondet_safe.c", "mccarthy_nondet_wide.c"] {
        let (code, j) = check(name, 3);
        match code {
            SAFE => assert_eq!(j["strategy"], "summaries", "{j:#}"),
            _ => assert_eq!(code, UNKNOWN, "{j:#}"),
        }
    }
}

/// A bug 10^8 calls deep: ESBMC's counterexamples within its bounds do not replay (the gcc
/// run of a too deep recursion would end by a signal); UNKNOWN, never SAFE, never a crash.
/// 3 s, as above. Its reason names each side and says the transformations do not take
/// recursion (issue 26).
#[test]
fn deep_bug_is_unknown() {
    let (code, j) = check("deep_unsafe.c", 3);
    assert_eq!(code, UNKNOWN, "{j:#}");
    assert_eq!(j["reason"]["why"], "procedures", "{j:#}");
    assert!(j["reason"]["source"]["why"].is_string(), "{j:#}");
    assert!(j["reason"]["summaries"].is_string(), "{j:#}");
    assert_eq!(
        j["reason"]["not_run"],
        "the witness-index transformation and the index-set abstraction do not take recursion \
         (function depth)",
        "{j:#}"
    );
}

/// A program whose own run recurses 10^6 deep (deeper than gcc's default 8 MB stack): its
/// replay runs with a larger stack (`engines::playback::STACK_MB`), so the bug twin is UNSAFE
/// on the source; the safe twin is never UNSAFE (its replay ends, without the error). 3 s for
/// the safe twin (10, then 5 until issue 28: it runs to its budget; its first replays of
/// ESBMC's cut-off counterexamples came within 2 s, three within 5 s, at load 27).
#[test]
fn legitimately_deep_recursion_is_replayed() {
    let (code, j) = check("deep_legit_unsafe.c", 120);
    assert_eq!(code, UNSAFE, "{j:#}");
    assert_eq!(j["trace"]["replayed_on"], "source", "{j:#}");
    let (code, j) = check("deep_legit_safe.c", 3);
    assert_ne!(code, UNSAFE, "{j:#}");
}

/// The bug at an odd nondet depth is found and replayed.
#[test]
fn parity_nondet_unsafe() {
    let (code, j) = check("parity_nondet_unsafe.c", 120);
    assert_eq!(code, UNSAFE, "{j:#}");
    assert_eq!(j["trace"]["replayed_on"], "source", "{j:#}");
}

/// ESBMC ignores a declared `__VERIFIER_assert` (VERIFICATION SUCCESSFUL on this unsafe
/// program): no proof comes of its runs (`esbmc_sees_errors`), never SAFE; the bug search's
/// run of the file (the harness defines `__VERIFIER_assert`) reaches the error: UNSAFE on
/// the source.
#[test]
fn declared_verifier_assert_is_never_proved() {
    let (code, j) = check("declared_assert_unsafe.c", 30);
    assert_eq!(code, UNSAFE, "{j:#}");
    assert_eq!(j["trace"]["replayed_on"], "source", "{j:#}");
}

/// `reach_error` defined with a body that only aborts: ESBMC 8.4 passes its call by
/// (VERIFICATION SUCCESSFUL on the bug twin), so no proof comes of its runs on the source
/// (`esbmc_sees_errors`: the body must fail an assertion first thing). Before, the complete
/// unwinding on the source made a wrong SAFE of such a program (helper local27's find). Truth:
/// gcc, the bug twin aborts in `reach_error`, the safe twin exits 0; plain ESBMC `--unwind
/// 10` with the body `__assert_fail(…)` instead: FAILED / SUCCESSFUL. The safe twin is proved
/// by the summaries (the front end's reading), the bug found by the bounded inlining.
/// Issue 28: the safe twin by the summary engine alone (`--engine horn`: 2.4 s of CPU; the
/// full race took 5, ESBMC on the source and the bug search beside the summaries until their
/// proof), which asserts its proof where the race's run asserted "never UNSAFE" (an UNSAFE of
/// the race is a run of the program that gcc confirms).
#[test]
fn an_error_function_that_only_aborts_is_seen() {
    let (code, j) = check("abort_body_unsafe.c", 30);
    assert_eq!(code, UNSAFE, "{j:#}");
    // 120 s for a loaded machine: the run ends at the proof (4 s of wall alone, 25 s four at
    // a time beside a helper's load; 30 s ran out in the suite at a load of 8 on two cores).
    let o = Command::new(ARA)
        .args(["check", "--json", "--engine", "horn", "--timeout", "120"])
        .arg(program("abort_body_safe.c"))
        .output()
        .unwrap();
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(o.status.code(), Some(SAFE), "{j:#}");
    assert_eq!(j["proof"]["proof"], "summaries", "{j:#}");
}

/// `ara cfg` of a recursive program prints its procedures; `ara abstract` still refuses
/// recursion with the one-line error.
#[test]
fn cfg_prints_procedures_abstract_refuses_recursion() {
    let o = Command::new(ARA)
        .arg("cfg")
        .arg(program("fib_safe.c"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("procedure fib(fib__n) -> fib__return:"),
        "{out}"
    );
    let o = Command::new(ARA)
        .arg("abstract")
        .arg(program("fib_safe.c"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(UNSUPPORTED));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.trim_end()
            .ends_with("fib_safe.c:7:46: unsupported: recursion (function fib)"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// `ara check`'s text on `path` (no `--json`): its exit code and what it printed.
fn check_text(path: &Path, timeout: u32) -> (i32, String) {
    let o = Command::new(ARA)
        .args(["check", "--timeout", &timeout.to_string()])
        .arg(path)
        .output()
        .unwrap();
    let code = o.status.code().unwrap_or(-1);
    (code, String::from_utf8_lossy(&o.stdout).into_owned())
}

/// Issue 27 on recursion: an UNSAFE answer (whichever side found it: ESBMC on the source,
/// the bug search on bounded inlinings, or the run with inputs 0) shows the run in source
/// terms, retraced on the program inlined as deep as it goes, and the headline names the
/// failing one of two assertions of a recursive function. Truth by gcc: the program fed
/// n = -3..12 and 100 aborts at n = 5 only (acc = 5, 9, 12 at the fourth activation).
#[test]
fn recursive_bug_shows_its_trace() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/explain/recursive_bug.c");
    let (code, text) = check_text(&path, 120);
    assert_eq!(code, UNSAFE, "{text}");
    assert_eq!(text, include_str!("explain/recursive_bug.expected"));
}

/// The bug search on bounded inlinings (on this program it answered first in every run we
/// made: `strategy: bmc`, "the program inlined 1 activations deep") gives the same
/// source-level trace as any UNSAFE answer: the input, the call and its return with the
/// value, the failing assertion.
/// Truth (tests/procedures.rs): f91(102) = 92, not 91; 102 is the only failing input.
#[test]
fn bounded_search_bug_shows_its_trace() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/procedures/mccarthy91_unsafe.c");
    let (code, text) = check_text(&path, 120);
    assert_eq!(code, UNSAFE, "{text}");
    assert_eq!(
        text,
        "UNSAFE: assertion at mccarthy91_unsafe.c:14 fails
confirmed: replayed on your program: compiled with gcc and run on these inputs, it reaches the error
error trace:
  mccarthy91_unsafe.c:11  int x = __VERIFIER_nondet_int();          x = 102
  mccarthy91_unsafe.c:12  if (x < -1000000 || x > 1000000) return 0;  false
  mccarthy91_unsafe.c:13  int r = f91(x);                           f91::x = 102
  mccarthy91_unsafe.c:9   call f91
  mccarthy91_unsafe.c:9   int f91(int x) { if (x > 100) return x - 10; return f91(f91(x + 11)); }  true
  mccarthy91_unsafe.c:13  return from f91                           returns 92
  mccarthy91_unsafe.c:13  int r = f91(x);                           r = 92
  mccarthy91_unsafe.c:14  __VERIFIER_assert(x > 102 ? r == x - 10 : r == 91);  fails: x > 102 ? r == x - 10 : r == 91 = 0
inputs:
  x = 102
"
    );
}

/// `ara bmc` (the checker alone, `ara batch --baseline esbmc`) on a recursive program: the
/// checker on the user's file, its own answer (McCarthy 91 with x = 102 allowed: ESBMC
/// finds the bug; the safe twin at a bound that unwinds it completely: SAFE).
#[test]
fn ara_bmc_runs_the_checker_on_a_recursive_source() {
    let run = |name: &str, extra: &[&str]| {
        let o = Command::new(ARA)
            .arg("bmc")
            .args(extra)
            .args(["--json", "--timeout", "60"])
            .arg(program(name))
            .output()
            .expect("ara runs");
        let j: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON document");
        (o.status.code().unwrap_or(-1), j)
    };
    let (code, j) = run("mccarthy_unsafe.c", &[]);
    assert_eq!(code, UNSAFE, "{j:#}");
    assert_eq!(
        (&j["verdict"], &j["on"]),
        (&"unsafe".into(), &"source".into())
    );
    let (code, j) = run("mccarthy_safe.c", &["--unwind", "16"]);
    assert_eq!(code, SAFE, "{j:#}");
    assert_eq!(j["verdict"], "safe", "{j:#}");
}
