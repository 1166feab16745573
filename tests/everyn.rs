//! Guessed candidates (`guess`: concrete runs, fitted closed forms, Houdini on the one-cell
//! clauses, ara's bit-vector check) with the real Z3 on programs of nondet size N
//! (tests/everyn/: safe programs and bug twins; truth: gcc runs of both at N from 1 to 1000
//! (the twins reach the error, the safe ones never), and the closed forms worked out in
//! each file's first line).

mod common;
use ara::engines::horn::morph::HornCells;
use ara::engines::{Budget, Engine, EngineVerdict, Proof};
use ara::frontend::{FrontendOptions, load_file};
use common::{never_safe_budget, tools};
use std::path::Path;
use std::time::Duration;

/// The guessed candidates alone (no Spacer stage, no template engine) on
/// `tests/everyn/<name>.c` for at most `secs` seconds.
fn guess(name: &str, secs: u64) -> EngineVerdict {
    tools();
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/everyn/{name}.c"));
    let p = load_file(&file, &FrontendOptions::default()).unwrap();
    let engine = HornCells {
        cells: vec![],
        houdini_at: None,
        guess: true,
        ..HornCells::default()
    };
    let budget = Budget {
        timeout: Some(Duration::from_secs(secs)),
        ..Default::default()
    };
    engine.check(&p, &budget).unwrap().verdict
}

fn by_guess(v: &EngineVerdict) -> bool {
    matches!(v, EngineVerdict::Proved(Proof::InductiveInvariant { found_by, .. })
        if found_by.starts_with("guess"))
}

/// A recurrence with a linear closed form over a `malloc`'d array, and an accumulator in a
/// one-element array: proved for every N (generous limit: the machine is shared).
#[test]
fn recurrence_and_accumulator_are_proved_for_every_n() {
    for name in ["linrec_safe", "accsum_safe"] {
        let v = guess(name, 60);
        assert!(by_guess(&v), "{name}: {v:?}");
    }
}

/// Conditional and modular updates: a sum that flips with the parity of `i` stored into a
/// `malloc`'d array, and a count of the multiples of 3 (residue classes of scalars and cells,
/// bounds of `3·cnt - i`: `engines::horn::residue`).
#[test]
fn modular_updates_are_proved_for_every_n() {
    for name in ["altpar_safe", "mod3count_safe"] {
        let v = guess(name, 90);
        assert!(by_guess(&v), "{name}: {v:?}");
    }
}

/// A recurrence with a quadratic closed form (`b[i] == i*i + i + 1`): its certificate has
/// products of the cell index, which ara's check computes in a width that holds them.
#[test]
fn quadratic_recurrence_is_proved_for_every_n() {
    let v = guess("sqrec_safe", 120);
    assert!(by_guess(&v), "{v:?}");
}

/// Accumulators whose closed form names several scalars or a residue class of two
/// (`engines::horn::hull`): complementary counts taken counting down (`pos + neg + i ==
/// N - 1`, `i >= -1`), a sum of `3, 1, 3, …` counting down (per class of `i mod 2` and
/// `N mod 2`), and a sum of elements assumed in 0..3 (`s <= 3·i`, checked after the
/// implied facts are left out: `engines::horn::reduce`).
#[test]
fn accumulators_over_several_scalars_are_proved_for_every_n() {
    for name in ["signcount_safe", "pairdown_safe", "bounded_safe"] {
        let v = guess(name, 120);
        assert!(by_guess(&v), "{name}: {v:?}");
    }
}

/// The bug twins are never proved. Each run goes to the engine's end (the guessed
/// candidates' Houdini, too weak: 0.3 to 3.3 s each, load 5), not to its budget, so a shorter
/// budget would only cut off the step where a wrong proof could come.
///
/// Issue 28: `scripts/test` runs the eight twins of the safe programs this binary proves
/// (their candidate families: linear and quadratic closed forms, an accumulator, residue
/// classes, several scalars), two at a time (12.5 s of CPU and 23 s of wall at load 5 for
/// the ten one after another); `ARA_FULL_BUDGETS=1` (`scripts/bench-sorts`) adds the twins
/// of the two dev programs no test proves, `seq3` (a chain of three arrays, 3.3 s, the
/// costliest) and `modfill` (alternating values, whose residue class `altpar` and
/// `mod3count` keep), with a budget of 60 s.
#[test]
fn bug_twins_are_not_proved() {
    // The costliest two first, one per thread.
    let mut names = vec![
        "sqrec_unsafe",
        "pairdown_unsafe",
        "bounded_unsafe",
        "signcount_unsafe",
        "accsum_unsafe",
        "linrec_unsafe",
        "mod3count_unsafe",
        "altpar_unsafe",
    ];
    if std::env::var("ARA_FULL_BUDGETS").as_deref() == Ok("1") {
        names.extend(["seq3_unsafe", "modfill_unsafe"]);
    }
    let secs = never_safe_budget(20, 60);
    std::thread::scope(|s| {
        for half in [0, 1] {
            let names = &names;
            s.spawn(move || {
                for name in names.iter().skip(half).step_by(2) {
                    let v = guess(name, secs);
                    assert!(!matches!(v, EngineVerdict::Proved(_)), "{name}: {v:?}");
                }
            });
        }
    });
}

/// What the guessed candidates prove among the dev programs (a measurement, not a test:
/// `cargo test --release --test everyn -- --ignored --nocapture`).
#[test]
#[ignore]
fn measure_dev_programs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/everyn");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| Some(e.ok()?.path().file_stem()?.to_str()?.to_string()))
        .collect();
    names.sort();
    for n in names {
        let t = std::time::Instant::now();
        let v = guess(&n, 30);
        let what = match &v {
            EngineVerdict::Proved(_) => "SAFE".to_string(),
            EngineVerdict::Unknown(r) => format!("{r:?}").chars().take(160).collect(),
            other => format!("{other:?}").chars().take(160).collect(),
        };
        println!("{n}\t{:.1}\t{what}", t.elapsed().as_secs_f64());
    }
}

/// The template engine alone (two cells per array, no Spacer stage, no guessed candidates)
/// on `tests/everyn/<name>.c` for at most `secs` seconds.
fn template(name: &str, secs: u64) -> EngineVerdict {
    tools();
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/everyn/{name}.c"));
    let p = load_file(&file, &FrontendOptions::default()).unwrap();
    let engine = HornCells {
        cells: vec![],
        houdini_at: Some(0),
        guess: false,
        ..HornCells::default()
    };
    let budget = Budget {
        timeout: Some(Duration::from_secs(secs)),
        ..Default::default()
    };
    engine.check(&p, &budget).unwrap().verdict
}

/// A prefix maximum over `malloc`'d arrays: its invariant relates two arrays at one index
/// (`m[w] >= a[w]`) and two cells of one array (`w1 < w2 < i ⇒ m[w1] <= m[w2]`). A benchmark,
/// not part of `scripts/test` (issue 28): 29 s of CPU in the suite's build at load 28, most
/// of it Z3's bit-vector check of the invariant, which a budget of 120 s cut off under load
/// (UNKNOWN, "the check timed out"); `scripts/bench-sorts` runs it in a release build.
/// Its bug twins, which must never be proved, stay in the suite (below); a template proof
/// with facts between two cells of one array is guarded by tests/morph.rs
/// (`sorted_input_is_proved_by_the_template_engine`), the prefix maxima of nondet size by
/// the every-N benchmark (`cond_prefix_max_*`).
#[test]
#[ignore = "benchmark (Z3's check of the invariant, seconds to minutes): scripts/bench-sorts"]
fn prefix_maximum_is_proved_by_facts_between_arrays() {
    let v = template("prefmax_safe", 300);
    assert!(
        matches!(&v, EngineVerdict::Proved(Proof::InductiveInvariant { found_by, .. })
            if found_by.starts_with("houdini")),
        "{v:?}"
    );
}

/// The prefix maximum's twins break one of its two facts each (truth: gcc runs,
/// `prefmax_low_unsafe` reaches the error on ascending inputs, `prefmax_drop_unsafe` on
/// descending ones, the safe program on neither): the template engine never proves them.
#[test]
fn prefix_maximum_twins_are_never_proved() {
    for name in ["prefmax_low_unsafe", "prefmax_drop_unsafe"] {
        let v = template(name, 20);
        assert!(!matches!(v, EngineVerdict::Proved(_)), "{name}: {v:?}");
    }
}
