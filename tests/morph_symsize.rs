//! The cell-morphing Horn engine (`--engine horn-cells`) on arrays that may have no element:
//! VLAs, `malloc`/`calloc`'d arrays of nondet size, an array of constant size 0 (guarded
//! cells, see the `engines::horn::morph` module doc). Safe/unsafe twins `tests/morph/*_safe.c`
//! and `*_unsafe.c` (ground truth: ESBMC with complete unwinding at n <= 6, LP64 and ILP32,
//! gcc runs, and reasoning; each file's first comment says why).
//!
//! Ground truth: `esbmc F --unwind 8 --force-malloc-success --no-pointer-check
//! --no-bounds-check --no-div-by-zero-check [--32]` answered VERIFICATION SUCCESSFUL for every
//! `_safe.c` (`late_calloc_safe.c` with `--unwind 30`: ESBMC's `calloc` runs `memset` over the
//! bytes) and FAILED in `reach_error` for every `_unsafe.c`, in both data models; gcc runs
//! with chosen nondets reach the error of `sum_malloc_zero_unsafe.c` exactly at n = 0, of
//! `size0_const_unsafe.c` exactly at n = 3.

use ara::engines::horn::morph::HornCells;
use ara::engines::{Budget, Engine, EngineVerdict, Proof};
use ara::frontend::{FrontendOptions, load_file};
use std::path::Path;
use std::time::Duration;

fn tools() {
    if std::env::var_os("ARA_TOOLS_DIR").is_none() {
        // SAFETY: set before any thread of this test reads it (same value from every test).
        unsafe {
            std::env::set_var(
                "ARA_TOOLS_DIR",
                concat!(env!("CARGO_MANIFEST_DIR"), "/.tools"),
            )
        };
    }
}

/// The engine on `path` for at most `secs` seconds.
fn cells(path: &str, secs: u64) -> EngineVerdict {
    tools();
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let p = load_file(&file, &FrontendOptions::default()).unwrap();
    let budget = Budget {
        timeout: Some(Duration::from_secs(secs)),
        keep_dir: std::env::var_os("ARA_HORN_KEEP").map(Into::into),
        ..Default::default()
    };
    HornCells::default().check(&p, &budget).unwrap().verdict
}

/// The twins of this file (`<name>_safe.c`, `<name>_unsafe.c`) of one kind.
fn twins(kind: &str) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/morph");
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(&format!("_{kind}.c")))
        .map(|n| format!("tests/morph/{n}"))
        .collect();
    out.sort();
    out
}

#[test]
fn unsafe_twins_of_symbolic_size_are_never_safe() {
    let files = twins("unsafe");
    assert_eq!(files.len(), 6, "{files:?}");
    std::thread::scope(|s| {
        for half in [0, 1] {
            let files = &files;
            s.spawn(move || {
                for f in files.iter().skip(half).step_by(2) {
                    let v = cells(f, 8);
                    println!("{f}: {v}");
                    assert!(!matches!(v, EngineVerdict::Proved(_)), "{f}: {v:?}");
                    assert!(!matches!(v, EngineVerdict::Counterexample(_)), "{f}: {v:?}");
                }
            });
        }
    });
}

/// A proof with its invariants printed over the cells, within `secs`.
fn assert_proved(f: &str, secs: u64) {
    let v = cells(f, secs);
    let EngineVerdict::Proved(Proof::InductiveInvariant {
        invariants,
        found_by,
    }) = &v
    else {
        panic!("{f}: {v:?}");
    };
    println!("{f}: {found_by}: {invariants:?}");
    assert!(found_by.starts_with("spacer-cells k"), "{found_by}");
    assert!(invariants.iter().all(|i| i.c_expr.starts_with("forall w1")));
}

// Generous budgets: the tests run side by side with others (each came within 20 s on a
// loaded machine).

/// calloc'd after a loop: the reads in the allocation's block see the zeros.
#[test]
fn a_read_in_the_block_of_its_allocation_is_proved() {
    assert_proved("tests/morph/late_calloc_safe.c", 120);
}

#[test]
fn max_over_a_vla_is_proved() {
    assert_proved("tests/morph/max_vla_safe.c", 240);
}

/// The size may be 0 (the unsafe twin fails exactly then).
#[test]
fn a_sum_over_a_malloc_array_that_may_be_empty_is_proved() {
    assert_proved("tests/morph/sum_malloc_zero_safe.c", 240);
}

#[test]
fn an_array_of_size_zero_is_no_obstacle() {
    assert_proved("tests/morph/size0_const_safe.c", 120);
}
