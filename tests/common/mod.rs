//! Helpers shared by integration tests (`mod common;` in each test file that uses them).

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
