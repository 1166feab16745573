//! The progress line of `ara check` (`ara::base::progress`): never on a standard error that is not a
//! terminal (tests, `ara batch`, pipes); on a terminal (`script` gives the run one, where
//! util-linux's `script` is installed) it shows the parts running and the best answer, and is
//! cleared before the report.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A small unsafe program the portfolio answers in seconds.
const PROGRAM: &str = "tests/batch/tasks/unsafe.c";

/// What only the progress line prints.
fn has_progress(text: &str) -> bool {
    text.contains("so far:") || text.contains("running:") || text.contains('\r')
}

#[test]
fn no_progress_when_stderr_is_not_a_terminal() {
    let o = Command::new(env!("CARGO_BIN_EXE_ara"))
        .args(["check", PROGRAM, "--timeout", "120"])
        .current_dir(root())
        .output()
        .expect("ara runs");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    assert_eq!(o.status.code(), Some(10), "{stdout}\n{stderr}");
    assert!(!has_progress(&stderr), "stderr: {stderr:?}");
    assert!(
        !stderr.contains('\u{1b}'),
        "no escape sequences: {stderr:?}"
    );
    assert!(!has_progress(&stdout), "stdout: {stdout:?}");
}

/// Under `script` (a pseudo-terminal), the line is drawn, then erased before the report:
/// the report's first line follows the last erase.
#[test]
fn progress_on_a_terminal_is_drawn_and_cleared() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no `script` (util-linux) to give ara a terminal");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let typescript = tmp.path().join("typescript");
    let cmd = format!(
        "{} check {PROGRAM} --timeout 120",
        env!("CARGO_BIN_EXE_ara")
    );
    let o = Command::new("script")
        .args(["-q", "-e", "-c", &cmd])
        .arg(&typescript)
        .current_dir(root())
        .output()
        .expect("script runs");
    let text = std::fs::read_to_string(&typescript).unwrap_or_default();
    assert_eq!(o.status.code(), Some(10), "{text}");
    assert!(text.contains("so far:"), "the line is drawn: {text:?}");
    // The last erase of the line comes before the verdict.
    let erased = text.rfind("\u{1b}[2K").expect("the line is erased");
    let verdict = text.find("UNSAFE").expect("the report");
    assert!(erased < verdict, "{text:?}");
    assert!(!text[verdict..].contains("so far:"), "{text:?}");
}
