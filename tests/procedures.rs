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
//! swaps is the identity. deep_parity_*.c (a bug only at n >= 4 even, 5 activations deep):
//! gcc with n in 0..120, 1000, 2^31, 2^32-1: the unsafe twin aborts at exactly the even n in
//! 4..100, the safe twin never; plain ESBMC `--unwind 102` (complete: n <= 100)
//! VERIFICATION FAILED on the unsafe twin, SUCCESSFUL on the safe one.
//!
//! As ILP32 tasks (`--data-model ilp32`) the same programs have the same truth: every value
//! they compute is an `int` or `unsigned int` (32 bits in both models), and the inputs that
//! reach the errors are the same. long_bytes_*.c (the data model decides; `bytes(x)` counts
//! the bytes of an `unsigned long` by recursion on `x >> 8`): long_bytes_eq8.c asserts
//! `bytes(~0UL) == 8`: gcc (LP64) exits 0, plain ESBMC `--64 --unwind 12` (unwinding
//! assertions on: complete) VERIFICATION SUCCESSFUL, `--32 --unwind 12` VERIFICATION FAILED at
//! reach_error (bytes gives 4). long_bytes_nondet.c asserts `bytes(x) <= 4` for a nondet `x`:
//! gcc (LP64) reaches the error at x = 2^32 and 2^64 - 1 and not at 0, 1, 255, 256, 2^32 - 1;
//! ESBMC `--32 --unwind 12` (complete) VERIFICATION SUCCESSFUL, `--64` FAILED at reach_error.
//! fill_deep28_*.c (a recursion 29 activations deep fills `a[k] = s + 2k`; the unsafe twin
//! steps by 3 into a[26]): gcc with every s in -2..102 and k in -1..29: the safe twin never
//! reaches the error, the unsafe one only at k = 26 and 27 for s in 0..100; plain
//! ESBMC `--32 --unwind 36` (complete: at 28 the recursion unwinding assertion fails)
//! VERIFICATION SUCCESSFUL on the safe twin, FAILED on the unsafe one. Every value is an
//! `int`: the same truth on LP64. (Issue 28: 29 activations instead of 41 still pass the bug
//! search's inlinings, which end at 24, and ESBMC finds the bug at `--unwind 32`, not 64.) long_pow2_deep.c (`r(n) = 2^n + 1` in a `long`,
//! `r(x) != 1` for x in 0..38; found by the differential tester's recursion class, seed 3001):
//! gcc (LP64) with every x in -3..45 never reaches the error; the same file compiled with
//! `-Dlong=int` (ILP32's width) reaches it at exactly x = 32..38; plain ESBMC `--unwind 42`
//! (complete) `--32` FAILED at reach_error, `--64` VERIFICATION SUCCESSFUL.

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

/// SAFE for every nondet depth: only the summaries can say so (no bound unwinds it). With
/// `witness`, the correctness witness is written there in the same run, by the summary
/// engine alone (`--engine horn`; issue 28: ESBMC on the source beside it doubled the CPU of
/// these runs, and what they test is the summaries' contracts; the race's proof is
/// `delay_line_moved_by_recursion`'s and `many_calls_of_one_procedure`'s).
fn proved_by_summaries(name: &str, witness: Option<&Path>) {
    let (code, j) = match witness {
        None => check(name, 120),
        Some(w) => {
            let o = Command::new(ARA)
                .args(["check", "--json", "--engine", "horn", "--timeout", "120"])
                .arg("--witness")
                .arg(w)
                .arg(program(name))
                .output()
                .unwrap();
            let j = serde_json::from_slice(&o.stdout)
                .unwrap_or_else(|e| panic!("{name}: {e}: {}", String::from_utf8_lossy(&o.stderr)));
            (o.status.code().unwrap_or(-1), j)
        }
    };
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

/// The safe twin's proof by summaries is asserted by `summaries_witness_validates` (one run
/// for the proof, its printed summaries and its witness).
#[test]
fn parity_of_a_nondet_depth() {
    unsafe_on_source("parity_unsafe.c");
}

#[test]
fn delay_line_moved_by_recursion() {
    proved_by_summaries("delay_recur_safe.c", None);
    unsafe_on_source("delay_recur_unsafe.c");
}

/// The safe twin's proof by summaries: `result_contracts_validate` (one run for the proof and
/// its witness).
#[test]
fn mutual_recursion() {
    unsafe_on_source("evenodd_unsafe.c");
}

/// The safe twin's proof by summaries: `result_contracts_validate`.
#[test]
fn mccarthy_91_for_every_x_in_a_million() {
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
    // The summary engine alone (`proved_by_summaries`: why).
    let o = Command::new(ARA)
        .args(["check", "--engine", "horn", "--timeout", "120", "--witness"])
        .arg(&w)
        .arg(&file)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(SAFE), "{out}");
    // The proof of `parity_of_a_nondet_depth`'s safe twin: by summaries, each printed.
    assert!(
        out.starts_with("SAFE: proved by procedure summaries that ara checked\n"),
        "{out}"
    );
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

/// A contract is ACSL, whose arithmetic is mathematical: a contract true only because C wraps
/// (`\\result == n + k` of an unsigned add, false at n = 4294967295, k = 1) is not confirmed,
/// nor one true only by converting -1 to unsigned (`n <= -1`); the same sum written without a wrap
/// (`(unsigned long)n + k` reduced mod 2^32) is (`wrap_add_safe.c`: the program's truth).
#[test]
fn contracts_are_read_in_mathematical_integers() {
    let dir = tempfile::tempdir().unwrap();
    let file = program("wrap_add_safe.c");
    let lines = std::fs::read_to_string(&file).unwrap();
    let line = 1 + lines
        .lines()
        .position(|l| l.starts_with("unsigned int add"))
        .unwrap();
    let with = |ensures: &str| {
        let hash = ara::strategy::svwitness::source::SourceText::new("", lines.clone()).sha256();
        let path = file.display().to_string();
        let text = ara::cli::difftest::contracts::contract_witness(
            &path,
            &hash,
            "add",
            line as u32,
            ensures,
        );
        let w = dir.path().join("w.yml");
        std::fs::write(&w, text).unwrap();
        validate(&file, &w)
    };
    for wrapping in [
        "\\result == n + k",
        "\\result == ((unsigned long)n + k) % 4294967296 && n <= -1",
    ] {
        let (code, v) = with(wrapping);
        assert_ne!(code, SAFE, "{wrapping}: {v}");
        assert!(v.contains("not inductive, or not true"), "{wrapping}: {v}");
    }
    let (code, v) = with("\\result == ((unsigned long)n + k) % 4294967296");
    assert_eq!(code, SAFE, "{v}");
    assert!(v.starts_with("CONFIRMED"), "{v}");
}

/// `ara check --engine horn`: the summary engine alone. Its derivation of a bug 5
/// activations deep is turned into inputs (the program inlined as deep) and replayed on the
/// source with gcc; the safe twin is proved by summaries.
///
/// Issue 28: the bug was at n >= 30 (31 activations: 9 s of CPU, 90 % of it Z3's search for
/// the derivation, of the test's 15.6); at n >= 12, 3 s; at n >= 4, 2.2 s of CPU for both
/// twins instead of 4.3 (n >= 12). The engine runs alone (no bug search
/// whose inlinings the depth had to pass), so the smaller twins take the same path: a
/// derivation deeper than one activation turned into inputs, the program inlined as deep,
/// the run replayed on the source; and the same proof by summaries of the safe twin.
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
/// The run is the proof of the safe twins of `mccarthy_91_for_every_x_in_a_million` and
/// `mutual_recursion` (SAFE by summaries for every input).
#[test]
fn result_contracts_validate() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["mccarthy91_safe.c", "evenodd_safe.c"] {
        let w = dir.path().join(format!("{name}.yml"));
        let file = program(name);
        proved_by_summaries(name, Some(&w));
        let text = std::fs::read_to_string(&w).unwrap();
        assert!(text.contains("\\result"), "{name}: {text}");
        let (code, v) = validate(&file, &w);
        assert_eq!(code, SAFE, "{name}: {v}\n{text}");
    }
}

/// `ara check --json --data-model M --timeout T prog` (with `extra` arguments): the exit
/// code, the JSON report and what ara printed on stderr.
fn check_model(name: &str, model: &str, extra: &[&str]) -> (i32, serde_json::Value, String) {
    let o = Command::new(ARA)
        .args(["check", "--json", "--timeout", "120", "--data-model", model])
        .args(extra)
        .arg(program(name))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    let j = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{name}: {e}: {err}"));
    (o.status.code().unwrap_or(-1), j, err)
}

/// UNSAFE on an ILP32 task: replayed on the source where `gcc -m32` builds programs, else by
/// ara's replay of the program inlined (the report says why not on the source). Gives the
/// report and stderr.
fn unsafe_on_ilp32(name: &str, extra: &[&str]) -> (serde_json::Value, String) {
    let (code, j, err) = check_model(name, "ilp32", extra);
    assert_eq!(code, UNSAFE, "{name}: {j:#}\n{err}");
    match j["trace"]["replayed_on"].as_str() {
        Some("source") => {}
        Some("translation") => {
            let why = j["trace"]["not_on_source"].as_str().unwrap_or_default();
            assert!(why.contains("gcc -m32"), "{name}: {j:#}");
            let by = j["trace"]["confirmed_by"].as_str().unwrap_or_default();
            assert!(
                by.contains("replayed by ara") || by.contains("ara's replay"),
                "{j:#}"
            );
        }
        other => panic!("{name}: {other:?}: {j:#}"),
    }
    (j, err)
}

/// The recursive bug twins as ILP32 tasks (SV-COMP's usual data model): found on a machine
/// without a 32-bit libc too (the bug search's run of the bounded inlining, replayed by ara).
/// The playback harness of such a run says it was not run on the source.
#[test]
fn recursive_bugs_on_ilp32_tasks() {
    for name in [
        "parity_unsafe.c",
        "delay_recur_unsafe.c",
        "mccarthy91_unsafe.c",
    ] {
        unsafe_on_ilp32(name, &[]);
    }
    let dir = tempfile::tempdir().unwrap();
    let h = dir.path().join("h.c");
    let (j, err) = unsafe_on_ilp32("evenodd_unsafe.c", &["--playback", h.to_str().unwrap()]);
    assert!(h.exists(), "{err}");
    if j["trace"]["replayed_on"] == "translation" {
        assert!(
            err.contains("the harness was not run on your source here"),
            "{err}"
        );
    }
    // The safe twin by the summary engine alone (issue 28: 1.5 s of CPU, the race 3.2; the
    // race's proof was the summaries' too).
    let (code, j, _) = check_model("evenodd_safe.c", "ilp32", &["--engine", "horn"]);
    assert_eq!(code, SAFE, "{j:#}");
    assert_eq!(j["proof"]["proof"], "summaries", "{j:#}");
}

/// Many calls without recursion as an ILP32 task: the zero-input probe (no input at all)
/// on the whole inlining when gcc cannot run the source.
#[test]
fn many_calls_bug_on_an_ilp32_task() {
    let (j, _) = unsafe_on_ilp32("swap_seq_unsafe.c", &[]);
    assert_eq!(j["strategy"], "bmc", "{j:#}");
}

/// The data model decides reachability through a recursion over `unsigned long`: the verdict
/// follows `--data-model`, SAFE on one and UNSAFE on the other.
#[test]
fn data_model_decides_a_recursive_bug() {
    // bytes(~0UL) == 8: true on LP64, 4 on ILP32 (the bug 5 activations deep, no input).
    let (code, j, _) = check_model("long_bytes_eq8.c", "lp64", &[]);
    assert_eq!(code, SAFE, "{j:#}");
    unsafe_on_ilp32("long_bytes_eq8.c", &[]);
    // bytes(x) <= 4 for every x: true on ILP32, false on LP64 (x >= 2^32).
    let (code, j, _) = check_model("long_bytes_nondet.c", "ilp32", &[]);
    assert_eq!(code, SAFE, "{j:#}");
    let (code, j, _) = check_model("long_bytes_nondet.c", "lp64", &[]);
    assert_eq!(code, UNSAFE, "{j:#}");
    assert_eq!(j["trace"]["replayed_on"], "source", "{j:#}");
}

/// A recursive bug deeper than the bug search's inlinings (27 activations, they end at 24) as
/// an ILP32 task: ESBMC on the source finds it at `--unwind 32` but gcc cannot replay it here
/// (no 32-bit libc); the program inlined 32 deep finds it again, replayed by ara. Its safe
/// twin stays SAFE.
#[test]
fn deep_recursive_bug_on_an_ilp32_task() {
    let (j, _) = unsafe_on_ilp32("fill_deep28_unsafe.c", &[]);
    if j["trace"]["replayed_on"] == "translation" {
        let by = j["trace"]["confirmed_by"].as_str().unwrap_or_default();
        assert!(by.contains("inlined 32 activations deep"), "{j:#}");
    }
    let (code, j, _) = check_model("fill_deep28_safe.c", "ilp32", &[]);
    assert_eq!(code, SAFE, "{j:#}");
}

/// The data model decides 33 activations deep (a `long` wraps on ILP32 only): UNSAFE as an
/// ILP32 task (deeper than the bug search's inlinings: found again at ESBMC's bound), SAFE on
/// LP64.
#[test]
fn data_model_decides_a_deep_recursive_bug() {
    unsafe_on_ilp32("long_pow2_deep.c", &[]);
    let (code, j, _) = check_model("long_pow2_deep.c", "lp64", &[]);
    assert_eq!(code, SAFE, "{j:#}");
}
