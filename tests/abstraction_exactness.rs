//! Theorem 1 of the paper on the corpus (`bench-suite/corpus/*.c`), with the real ESBMC:
//! - exactness: the abstraction with V = all and R = all indexes gets the same verdict as the
//!   original program (arrays of up to 20 elements; an abstraction the checker cannot finish
//!   within its time limit is counted as not checked, and at least 20 programs must be). The
//!   original's verdict is its `// expect:` line, which `emit_corpus.rs` checks with ESBMC;
//! - soundness: for every program ESBMC finds UNSAFE, the abstractions with fewer indexes
//!   (R = {} and R = {0}) are UNSAFE too.
//!
//! Every emitted program also compiles with `gcc -std=gnu11 -c`.

use ara::abstraction::{IndexSets, Tracked, VarSet, abstract_program};
use ara::engines::checkers::{CheckOptions, CheckerKind, Mode, Verdict, check_file, esbmc};
use ara::frontend::{FrontendOptions, load_file};
use ara::ir::emit::{EmitOptions, emit_c};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench-suite/corpus");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    v.sort();
    v
}

/// `// expect: safe|unsafe` and `// unwind: K` from the file's first lines.
fn header(p: &Path) -> (bool, u32) {
    let text = std::fs::read_to_string(p).unwrap();
    let mut safe = None;
    let mut unwind = None;
    for l in text.lines().take(5) {
        if let Some(v) = l.strip_prefix("// expect: ") {
            safe = Some(v.trim() == "safe");
        }
        if let Some(v) = l.strip_prefix("// unwind: ") {
            unwind = v.trim().parse().ok();
        }
    }
    (safe.expect("expect header"), unwind.expect("unwind header"))
}

/// gcc accepts the C files `cs` (one gcc for all; `-fsyntax-only`, its parse and type check
/// without the code generation of `-c`: a third of this test's CPU went to gcc, issue 28).
fn gcc_compiles(cs: &[PathBuf]) {
    let out = std::process::Command::new("gcc")
        .args(["-std=gnu11", "-fsyntax-only"])
        .args(cs)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{cs:?} do not compile:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// ESBMC on the emitted abstraction `c` as `ara check` runs it: without its C library where
/// the text calls none of it (`esbmc::library_free`), so that the exactness below checks
/// that reading on every abstraction too.
fn esbmc(c: &Path, unwind: u32, secs: u64) -> Verdict {
    let mut o = CheckOptions::new(CheckerKind::Esbmc);
    o.mode = Mode::Unwind(unwind);
    o.timeout = Some(Duration::from_secs(secs));
    if esbmc::library_free(&std::fs::read_to_string(c).unwrap()) {
        o.extra_args.push(esbmc::NO_LIBRARY.into());
    }
    check_file(c, &o).unwrap().verdict
}

fn short(v: &Verdict) -> &'static str {
    match v {
        Verdict::Safe { .. } => "safe",
        Verdict::Unsafe => "unsafe",
        Verdict::Unknown { .. } => "unknown",
    }
}

/// Programs whose fully tracked abstraction ESBMC does not finish within minutes.
const UNFINISHED_WITH_ALL: &[&str] = &["max_safe"];

/// Programs whose fully tracked abstraction got a definite verdict.
static EXACT_CHECKED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn check_one(file: &Path, dir: &Path) -> Vec<String> {
    let mut failures = Vec::new();
    let (expect_safe, unwind) = header(file);
    let name = file.file_stem().unwrap().to_string_lossy().to_string();
    let p = load_file(file, &FrontendOptions::default()).unwrap();
    // The original's verdict: its `// expect:` line, which `emit_corpus.rs`
    // (`corpus_verdicts_hold_with_esbmc`) checks with ESBMC at the same complete unwinding
    // (run here too until issue 28: a third of this test's time).
    let original = if expect_safe { "safe" } else { "unsafe" };
    let mut all = IndexSets::empty();
    for a in p.array_ids() {
        all.0.insert(a, Tracked::All);
    }
    let mut zero = IndexSets::empty();
    for a in p.array_ids() {
        zero.insert(a, 0);
    }
    // Tracking every element of a large array turns each read into a chain of hundreds of
    // conditionals: exact, but beyond ESBMC's time limit; the exactness check takes small ones.
    let small = p
        .arrays
        .iter()
        .all(|a| a.size.as_const().is_some_and(|n| n <= 20));
    let mut cases = vec![
        ("all", all, true),
        ("none", IndexSets::empty(), false),
        ("zero", zero, false),
    ];
    // ESBMC does not finish max_safe's fully tracked abstraction within minutes: its 10 s
    // counted as not checked were half this test's time (issue 28), so it is not run.
    if !small || UNFINISHED_WITH_ALL.contains(&name.as_str()) {
        cases.remove(0);
    }
    let mut emitted = vec![];
    for (tag, r, exact) in cases {
        let abs = abstract_program(&p, &VarSet::All, &r);
        let c = dir.join(format!("{name}_{tag}.c"));
        std::fs::write(&c, emit_c(&abs.program, &EmitOptions::default())).unwrap();
        emitted.push(c.clone());
        if !exact && expect_safe {
            continue; // An over-approximation of a safe program may be either.
        }
        // Chains of conditionals over 20 elements can be slow: a shorter limit there (every
        // one is checked within 2 s on a loaded machine; max_safe's, which takes minutes, is
        // not run).
        let v = esbmc(&c, unwind, if exact { 10 } else { 60 });
        if exact && short(&v) == "unknown" {
            continue;
        }
        if exact {
            EXACT_CHECKED.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
        if short(&v) != original {
            failures.push(format!(
                "{name}: abstraction R={tag} gives {v}, original {original}"
            ));
        }
    }
    gcc_compiles(&emitted);
    failures
}

#[test]
fn abstraction_is_exact_with_everything_tracked_and_sound_with_less() {
    let files = corpus();
    assert!(files.len() >= 20, "corpus has {} programs", files.len());
    let dir = tempfile::tempdir().unwrap();
    // Two workers: the machine (and CI) has two cores.
    let chunks: Vec<Vec<PathBuf>> = (0..2)
        .map(|k| files.iter().skip(k).step_by(2).cloned().collect())
        .collect();
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|chunk| {
                let d = dir.path();
                s.spawn(move || {
                    chunk
                        .iter()
                        .flat_map(|f| check_one(f, d))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let exact = EXACT_CHECKED.load(std::sync::atomic::Ordering::SeqCst);
    assert!(exact >= 20, "only {exact} programs checked with R = all");
}
