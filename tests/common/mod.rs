//! Helpers shared by integration tests (`mod common;` in each test file that uses them).
// Not every test file uses every helper.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

/// `ara check --json --timeout T file`: the exit code and the JSON report (a panic naming the
/// file with ara's output when the report is not JSON).
pub fn check_json(file: &Path, timeout: u32) -> (i32, serde_json::Value) {
    let o = Command::new(env!("CARGO_BIN_EXE_ara"))
        .args(["check", "--json", "--timeout", &timeout.to_string()])
        .arg(file)
        .output()
        .expect("ara runs");
    let j = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{}: {e}: {}{}",
            file.display(),
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    });
    (o.status.code().unwrap(), j)
}

/// The budget of a run that must never prove its program (an unsafe twin; UNKNOWN is
/// accepted): `short` seconds in `scripts/test` (issue 28: these runs end at their budgets,
/// which were most of this binary's time), `full` with `ARA_FULL_BUDGETS=1`, as the
/// benchmark `scripts/bench-sorts` runs those of tests/morph.rs (the engine then gets as far
/// as it did before).
pub fn never_safe_budget(short: u64, full: u64) -> u64 {
    match std::env::var("ARA_FULL_BUDGETS").as_deref() {
        Ok("1") => full,
        _ => short,
    }
}

/// Points the library's tool lookup at the checkout's `.tools/` (tests that call the
/// library directly, not the `ara` binary).
pub fn tools() {
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
