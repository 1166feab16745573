//! Robustness of the engines (issue 15): every fault is UNKNOWN with a reason, never a panic,
//! never a hang. Large input ends within the time limit and a memory limit (the Horn encoder
//! honours the budget and stays linear); thread spawns that fail under a virtual-memory limit
//! are an engine's unknown; the child aras of `ara batch` leave no temporary folder, however
//! they end. Runs the real ESBMC and Z3.

use ara::engines::checkers::UnknownReason;
use ara::engines::horn::encode::{EncodeLimits, encode, encode_limited};
use ara::engines::smt::Theory;
use ara::frontend::{FrontendOptions, parse_source};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const ARA: &str = env!("CARGO_BIN_EXE_ara");

const PRELUDE: &str = "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n";

fn tools_dir() -> PathBuf {
    std::env::var_os("ARA_TOOLS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(".tools"))
}

/// Writes `body` after the prelude into `dir/name`.
fn program(dir: &Path, name: &str, body: &str) -> PathBuf {
    let f = dir.join(name);
    std::fs::write(&f, format!("{PRELUDE}{body}")).unwrap();
    f
}

/// `n` calls of one small function in a straight line: safe. Inlined, about `3n` variables
/// and vertices (each call its own parameter, result and label).
fn repeated_calls(n: usize) -> String {
    let calls = "x = inc(x);\n".repeat(n);
    format!(
        "int inc(int x) {{ return x + 1; }}\n\
         int main() {{ int x = __VERIFIER_nondet_int(); int y = x;\n\
         if (x < 0 || x > 1000) return 0;\n{calls}if (x != y + {n}) reach_error(); return 0; }}\n"
    )
}

/// `ara args...` under `ulimit -v kb` (through `sh`), with its wall time.
fn ara_limited(kb: u64, args: &[&str], env: &[(&str, &Path)]) -> (Output, Duration) {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -v {kb}; exec \"$0\" \"$@\""))
        .arg(ARA)
        .args(args)
        .env("ARA_TOOLS_DIR", tools_dir());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let t = Instant::now();
    let o = cmd.output().expect("sh runs");
    (o, t.elapsed())
}

/// The exit code, after checking that ara did not crash (no panic, no signal, not 101).
fn code(o: &Output, what: &str) -> i32 {
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("panicked"), "{what}: {err}");
    assert!(!err.contains("overflowed its stack"), "{what}: {err}");
    let c = o
        .status
        .code()
        .unwrap_or_else(|| panic!("{what}: killed by a signal: {err}"));
    assert_ne!(c, 101, "{what}: {err}");
    c
}

/// A chain of 3000 inlined calls took 214 s and 4 GB with `--timeout 5` (the Horn encoder
/// copied every variable's value at every vertex and ignored the deadline), and 3000 calls of
/// one function did not get through the front end (cubic fresh names). Now it ends within the
/// limit under a 4 GB address-space limit; safe, so SAFE or UNKNOWN. The front end's time
/// counts against the limit (its fresh names come from an index now: 0.15 s in a release
/// build, 20,000 calls 1.7 s), so the whole command returns within `--timeout 5` and 2 s;
/// asserted with a generous bound (a debug build on a loaded machine).
#[test]
fn three_thousand_calls_end_in_time_under_a_memory_limit() {
    let d = tempfile::tempdir().unwrap();
    let f = program(d.path(), "calls.c", &repeated_calls(3000));
    let f = f.to_str().unwrap();
    for engine in ["horn", "both"] {
        let mut args: Vec<&str> = "check --verbose --timeout 5 --strategy cegar --engine"
            .split(' ')
            .collect();
        args.extend([engine, f]);
        let (o, took) = ara_limited(4_000_000, &args, &[]);
        let c = code(&o, engine);
        let out = String::from_utf8_lossy(&o.stdout);
        println!(
            "{engine}: {:.1} s, exit {c}: {}",
            took.as_secs_f64(),
            out.trim()
        );
        assert!(c == 0 || c == 20, "{engine}: {c} {out}");
        // The check itself (after the front end) within the limit and a margin; all of it
        // within minutes (before: 214 s).
        let total = checking_time(&out).expect("a time line");
        assert!(total < 20.0, "{engine}: the check took {total} s");
        assert!(took < Duration::from_secs(20), "{engine}: {took:?}");
    }
}

/// The `total` of the report's `time:` line (the check after the front end), in seconds.
fn checking_time(report: &str) -> Option<f64> {
    let line = report.lines().find(|l| l.starts_with("time:"))?;
    let total = line.split("total ").nth(1)?;
    total.trim_end_matches(" s").trim().parse().ok()
}

const LOOPS: &str = "int main() { int x = __VERIFIER_nondet_int(); int i, j;
  for (i = 0; i < 3; i++) x = x + 1;
  for (j = 0; j < 3; j++) x = x - 1;
  if (x > 1000000) reach_error(); return 0; }
";

/// The encoder stops with a typed reason when the clauses would be too large, past its
/// deadline; within its limits it gives the clauses [`encode`] gives.
#[test]
fn the_horn_encoder_stops_when_too_large_or_late() {
    if std::env::var_os("ARA_TOOLS_DIR").is_none() {
        // SAFETY: set before any thread of this test reads it (same value from every test).
        unsafe { std::env::set_var("ARA_TOOLS_DIR", tools_dir()) };
    }
    let p = parse_source(
        &format!("{PRELUDE}{LOOPS}"),
        "loops.c",
        &FrontendOptions::default(),
    )
    .unwrap();
    let small = EncodeLimits {
        max_terms: 5,
        ..Default::default()
    };
    let r = encode_limited(&p, Theory::BitVector, false, &small).unwrap();
    assert!(
        matches!(r, Err(UnknownReason::TooLarge { .. })),
        "{:?}",
        r.err()
    );
    let late = EncodeLimits {
        deadline: Some(Instant::now()),
        ..Default::default()
    };
    let r = encode_limited(&p, Theory::Lia, true, &late).unwrap();
    assert!(
        matches!(r, Err(UnknownReason::Timeout { .. })),
        "{:?}",
        r.err()
    );
    let ok = encode_limited(&p, Theory::BitVector, false, &EncodeLimits::default())
        .unwrap()
        .unwrap();
    let plain = encode(&p, Theory::BitVector).unwrap();
    assert_eq!(ok.to_smtlib("loops.c"), plain.to_smtlib("loops.c"));
    assert_eq!(ok.preds.len(), 2);
}

/// Safe: `a[1] = 9` stops the loop at `i = 1` at the latest.
const ARRAYS: &str = "extern void __VERIFIER_assert(int);
int main(void) {
  int a[30];
  int i = 0;
  a[1] = 9;
  while (a[i] != 9) {
    a[i] = 2 * i;
    i = i + 1;
  }
  __VERIFIER_assert(i <= 1);
  return 0;
}
";

/// Under an address-space limit every thread used to get a 1 GiB stack, and a scoped spawn
/// that could not get one panicked (`ulimit -v 3000000`, `--strategy auto`). Now threads take
/// the stack the limit leaves room for, and one that cannot start is an engine's unknown:
/// a verdict or UNKNOWN, never a panic, at every limit tried.
#[test]
fn a_memory_limit_makes_no_thread_panic() {
    let d = tempfile::tempdir().unwrap();
    let f = program(d.path(), "arrays.c", ARRAYS);
    let f = f.to_str().unwrap();
    for kb in [3_000_000, 1_500_000, 400_000, 150_000] {
        for strategy in ["auto", "cegar"] {
            let args = ["check", "--timeout", "30", "--strategy", strategy, f];
            let (o, took) = ara_limited(kb, &args, &[]);
            let what = format!("ulimit -v {kb}, {strategy}");
            let c = code(&o, &what);
            let out = String::from_utf8_lossy(&o.stdout);
            println!(
                "{what}: {:.1} s, exit {c}: {}",
                took.as_secs_f64(),
                out.lines().next().unwrap_or("")
            );
            assert!(c == 0 || c == 20, "{what}: {c} {out}");
        }
    }
}

/// A checker that stops its parent (the child `ara check`) and waits: the child can neither
/// finish nor clean up, and `ara batch` kills it after the grace (SIGKILL), as happens to a
/// child slow to stop on a loaded machine.
const STOPPING_CHECKER: &str = "#!/bin/sh\nkill -STOP $PPID\nexec sleep 30\n";

/// Before, every child `ara check` killed this way left its temporary folders (`ara-check-*`,
/// `ara-strategy-*`, `ara-bmc-*`) in the temporary root; now each child gets a root of its
/// own inside the batch's, removed after the child ended.
#[test]
fn a_killed_child_of_batch_leaves_no_temporary_folder() {
    let d = tempfile::tempdir().unwrap();
    let (tasks, root) = (d.path().join("tasks"), d.path().join("root"));
    std::fs::create_dir_all(&tasks).unwrap();
    std::fs::create_dir_all(&root).unwrap();
    program(&tasks, "arrays.c", ARRAYS);
    std::fs::write(
        tasks.join("unreach-call.prp"),
        "CHECK( init(main()), LTL(G ! call(reach_error())) )\n",
    )
    .unwrap();
    std::fs::write(
        tasks.join("arrays.yml"),
        "format_version: '2.0'\ninput_files: 'arrays.c'\nproperties:\n  \
         - property_file: unreach-call.prp\n    expected_verdict: true\n\
         options:\n  language: C\n  data_model: LP64\n",
    )
    .unwrap();
    let checker = d.path().join("stopping_checker");
    std::fs::write(&checker, STOPPING_CHECKER).unwrap();
    std::fs::set_permissions(
        &checker,
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let out = d.path().join("out");
    let args = [
        "batch",
        tasks.to_str().unwrap(),
        "--timeout",
        "1",
        "--jobs",
        "1",
        "--out",
        out.to_str().unwrap(),
    ];
    let env = [("TMPDIR", root.as_path()), ("ARA_ESBMC", checker.as_path())];
    let (o, took) = ara_limited(8_000_000, &args, &env);
    code(&o, "batch");
    let results = std::fs::read_to_string(out.join("results.json")).expect("results written");
    assert!(results.contains("arrays.yml"), "{results}");
    let left: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(left.is_empty(), "left in the temporary root: {left:?}");
    assert!(took < Duration::from_secs(60), "{took:?}");
}
