//! Running `ara` from the witness tests (shared by `svwitness.rs` and `svwitness_locals.rs`).
//! ara finds the tools through the environment (`ARA_TOOLS_DIR`, else `scripts/setup`'s).

use std::path::Path;
use std::process::{Command, Output};

pub fn ara(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ara"))
        .args(args)
        .output()
        .expect("ara runs")
}

/// `ara validate FILE --witness W`: (exit code, stdout).
pub fn validate(file: &Path, witness: &str) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("witness.yml");
    std::fs::write(&w, witness).unwrap();
    let o = ara(&[
        "validate",
        file.to_str().unwrap(),
        "--witness",
        w.to_str().unwrap(),
    ]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    (o.status.code().unwrap_or(-1), out)
}
