//! The complete unwinding of the original program in `ara check`'s default strategy: a
//! program whose loops all have constant bounds is unwound completely (`--unwind K`, K = the
//! largest bound + 1) beside the other searches, and its proof is SAFE; a loop with a nondet
//! bound does not start it, unless an assume bounds it by a small constant. Runs the real ara
//! binary with ESBMC, Z3 and gcc (`ARA_TOOLS_DIR`).

use ara::engines::unwind::unwinding_bound;
use ara::frontend::{FrontendOptions, load_file};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn tools() -> String {
    std::env::var("ARA_TOOLS_DIR")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/.tools").into())
}

fn file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/unwind")
        .join(name)
}

/// `ara check --json` on a test program: the report.
fn check(name: &str) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_ara"))
        .args(["check", "--timeout", "120", "--json"])
        .arg(file(name))
        .env("ARA_TOOLS_DIR", tools())
        .output()
        .expect("ara runs");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{name}: no JSON ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

fn bound(name: &str) -> Option<u32> {
    let p = load_file(&file(name), &FrontendOptions::default()).unwrap();
    unwinding_bound(&p)
}

/// Non-linear: no linear invariant, and 300 iterations are beyond k-induction up to 32; the
/// main binary before this engine answered UNKNOWN at 60 s.
#[test]
fn constant_bounds_are_unwound_completely() {
    assert_eq!(bound("squares_safe.c"), Some(301));
    let r = check("squares_safe.c");
    assert_eq!(r["verdict"], "safe", "{r:#}");
    assert_eq!(r["proof"]["proof"], "complete-unwinding", "{r:#}");
    assert_eq!(r["proof"]["bound"], 301, "{r:#}");
    assert_eq!(r["proof"]["on"]["program"], "original", "{r:#}");
}

#[test]
fn the_unsafe_twin_is_unsafe() {
    let r = check("squares_unsafe.c");
    assert_eq!(r["verdict"], "unsafe", "{r:#}");
}

#[test]
fn a_nondet_bound_is_not_unwound() {
    assert_eq!(bound("nondet_bound.c"), None);
}

/// A nondet size assumed in `[1, 10]` bounds every loop (`engines::unwind`, an assumed range
/// within `ASSUMED_MAX`): the complete unwinding starts at once and proves a sum of powers of
/// two no linear invariant states (before, the unwinding came only after the other stages:
/// SAFE in 28.5 s, and the same program at `n <= 30`, `bench-suite/fpi2/pow2_safe`, UNKNOWN at
/// 60 s). Truth of the twins: their header comments (plain ESBMC with complete unwinding, gcc).
#[test]
fn an_assumed_small_size_is_unwound_completely() {
    assert_eq!(bound("assumed_pow_safe.c"), Some(11));
    let r = check("assumed_pow_safe.c");
    assert_eq!(r["verdict"], "safe", "{r:#}");
    assert_eq!(r["proof"]["proof"], "complete-unwinding", "{r:#}");
    assert_eq!(r["proof"]["bound"], 11, "{r:#}");
    let r = check("assumed_pow_unsafe.c");
    assert_eq!(r["verdict"], "unsafe", "{r:#}");
}
