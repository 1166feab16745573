//! SIGINT and SIGTERM end `ara check` promptly and cleanly: the answer is UNKNOWN
//! ("interrupted by SIGINT"/"SIGTERM", exit code 20), no checker or solver it started
//! survives (their process groups are empty), and its temporary folders are gone (a TMPDIR of
//! the test's own). Runs the real ESBMC and Z3 on a program no checker answers quickly.
//!
//! A winner of the default strategy's portfolio stops the losers as promptly: with a checker
//! that never answers (a script, deaf to SIGTERM, given as `--checker-path`) racing the real
//! Horn engine or random testing, `ara check` answers long before its time limit (the
//! checker, certainly running then, would have held it to the limit) and no run of the
//! checker survives.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ARA: &str = env!("CARGO_BIN_EXE_ara");

/// `(pid, ppid, process group)` of every process, from `/proc`.
fn processes() -> Vec<(i32, i32, i32)> {
    let mut out = vec![];
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|n| n.parse().ok()) else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        // After the command name: state ppid pgrp ...
        let Some((_, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        let f: Vec<&str> = rest.split_whitespace().collect();
        // Zombies are dead already.
        if f.first() == Some(&"Z") {
            continue;
        }
        let num = |k: usize| f.get(k).and_then(|x| x.parse().ok()).unwrap_or(0);
        out.push((pid, num(1), num(2)));
    }
    out
}

/// The process groups `root`'s descendants lead (each external program ara starts leads its
/// own; a child between fork and `setpgid` is still in ara's, which is the test's).
fn descendant_groups(root: i32) -> BTreeSet<i32> {
    let procs = processes();
    let mut groups = BTreeSet::new();
    let mut frontier = vec![root];
    while let Some(p) = frontier.pop() {
        for &(pid, ppid, pgrp) in &procs {
            if ppid == p {
                if pgrp == pid {
                    groups.insert(pgrp);
                }
                frontier.push(pid);
            }
        }
    }
    groups
}

fn interrupt(sig: i32, name: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let f = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/signals/long_loop.c");
    let tools = std::env::var_os("ARA_TOOLS_DIR")
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(".tools").into());
    let child = Command::new(ARA)
        .args(["check", "--timeout", "120"])
        .arg(&f)
        .env("TMPDIR", tmp.path())
        .env("ARA_TOOLS_DIR", tools)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id() as i32;
    // Wait until ara runs a checker or solver (at least 1 s), noting their process groups.
    let start = Instant::now();
    let mut groups = BTreeSet::new();
    while start.elapsed() < Duration::from_secs(1)
        || (groups.is_empty() && start.elapsed() < Duration::from_secs(20))
    {
        groups.extend(descendant_groups(pid));
        std::thread::sleep(Duration::from_millis(20));
    }
    groups.extend(descendant_groups(pid));
    groups.remove(&pid);
    assert!(!groups.is_empty(), "ara started no external program");
    // SAFETY: kill(2) on our own child.
    unsafe { libc::kill(pid, sig) };
    let sent = Instant::now();
    let out = child.wait_with_output().unwrap();
    let took = sent.elapsed();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(took < Duration::from_secs(5), "took {took:?} to stop");
    assert_eq!(out.status.code(), Some(20), "{stdout}{stderr}");
    assert!(
        stdout.starts_with(&format!("UNKNOWN: interrupted by {name}\n")),
        "{stdout}{stderr}"
    );
    // Every group ara's children led is empty (their own children too). The last of them were
    // sent SIGKILL: on a busy machine, give them a moment to be scheduled and die.
    let survivors = survivors_after(&groups, Duration::from_secs(2));
    assert!(
        survivors.is_empty(),
        "ara {pid}; still running: {survivors:#?}"
    );
    assert_no_folder_left(tmp.path());
}

/// The processes still in `groups` once they are all gone or `within` has passed.
fn survivors_after(groups: &BTreeSet<i32>, within: Duration) -> Vec<String> {
    let survivors = || -> Vec<String> {
        processes()
            .into_iter()
            .filter(|(_, _, g)| groups.contains(g))
            .map(|(p, pp, g)| {
                let cmd = std::fs::read_to_string(format!("/proc/{p}/cmdline")).unwrap_or_default();
                format!("{p} (parent {pp}, group {g}): {}", cmd.replace('\0', " "))
            })
            .collect()
    };
    let t = Instant::now();
    while !survivors().is_empty() && t.elapsed() < within {
        std::thread::sleep(Duration::from_millis(20));
    }
    survivors()
}

fn assert_no_folder_left(tmp: &Path) {
    let left: Vec<_> = std::fs::read_dir(tmp)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "temporary folders left: {left:?}");
}

#[test]
fn sigint_stops_check_and_cleans_up() {
    interrupt(libc::SIGINT, "SIGINT");
}

#[test]
fn sigterm_stops_check_and_cleans_up() {
    interrupt(libc::SIGTERM, "SIGTERM");
}

/// A checker that answers nothing on the witness program and, on any other, records its pid
/// in `$SLOW_PIDS` and sleeps for 300 s, ignoring SIGTERM (so does its `sleep`).
const SLOW_CHECKER: &str = r#"#!/bin/sh
for a in "$@"; do
  case "$a" in
    *witness*) echo "slow checker: no answer" >&2; exit 1 ;;
  esac
done
echo $$ >> "$SLOW_PIDS"
trap '' TERM
sleep 300
"#;

/// `ara check --timeout 120 file extra…` with [`SLOW_CHECKER`] as the checker: ara's answer,
/// after at most 60 s (half the time limit, a fifth of the checker's sleep), and no run of
/// the checker left, nor a temporary folder.
fn beats_slow_checker(file: &str, extra: &[&str]) -> String {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().unwrap();
    let own = tempfile::tempdir().unwrap();
    let checker = own.path().join("slow-esbmc");
    std::fs::write(&checker, SLOW_CHECKER).unwrap();
    std::fs::set_permissions(&checker, std::fs::Permissions::from_mode(0o755)).unwrap();
    let pids = own.path().join("pids");
    let f = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/signals")
        .join(file);
    let tools = std::env::var_os("ARA_TOOLS_DIR")
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(".tools").into());
    let start = Instant::now();
    let out = Command::new(ARA)
        .args(["check", "--verbose", "--timeout", "120", "--checker-path"])
        .arg(&checker)
        .args(extra)
        .arg(&f)
        .env("TMPDIR", tmp.path())
        .env("ARA_TOOLS_DIR", tools)
        .env("SLOW_PIDS", &pids)
        .output()
        .unwrap();
    let took = start.elapsed();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        took < Duration::from_secs(60),
        "took {took:?}: {stdout}{stderr}"
    );
    let groups: BTreeSet<i32> = std::fs::read_to_string(&pids)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect();
    assert!(
        !groups.is_empty(),
        "the slow checker never ran: {stdout}{stderr}"
    );
    // Each run of the checker led its own group (its `sleep` too); killed, it ends within
    // moments, however busy the machine.
    let survivors = survivors_after(&groups, Duration::from_secs(5));
    assert!(survivors.is_empty(), "still running: {survivors:?}");
    assert_no_folder_left(tmp.path());
    stdout
}

#[test]
fn a_proof_of_the_refinement_loop_stops_the_checker_beside_it() {
    // The Horn engine proves the first abstraction while the checker runs beside it.
    let out = beats_slow_checker("count_safe.c", &[]);
    assert!(out.starts_with("SAFE"), "{out}");
    assert!(out.contains("strategy: cegar"), "{out}");
}

#[test]
fn a_bug_found_by_the_bounded_search_stops_the_refinement_loop() {
    // The refinement loop has only the checker (`--engine bounded`): it never ends on its
    // own. The bounded search's random testing runs the program into the error.
    let out = beats_slow_checker("small_bug.c", &["--engine", "bounded"]);
    assert!(out.starts_with("UNSAFE"), "{out}");
    assert!(out.contains("strategy: bmc"), "{out}");
}
