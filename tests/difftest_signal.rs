//! SIGINT ends a running `ara-difftest run` promptly with the counts of the cases that
//! finished (the cases still running are stopped and left out). Runs the real ESBMC, gcc and
//! ara.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn sigint_stops_the_tester_and_prints_the_counts() {
    let out = tempfile::tempdir().unwrap();
    let tools = std::env::var_os("ARA_TOOLS_DIR")
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(".tools").into());
    let child = Command::new(env!("CARGO_BIN_EXE_ara-difftest"))
        .args(["run", "--seconds", "600", "--jobs", "1", "--seed", "7"])
        .arg("--ara")
        .arg(env!("CARGO_BIN_EXE_ara"))
        .arg("--out")
        .arg(out.path())
        .env("ARA_TOOLS_DIR", tools)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    let sent = Instant::now();
    // SAFETY: a plain kill(2) of our own child.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let o = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        sent.elapsed() < Duration::from_secs(30),
        "took {:?}",
        sent.elapsed()
    );
    assert!(
        stdout.contains("interrupted (Sigint)"),
        "{stdout}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout.contains("programs: "), "{stdout}");
}
