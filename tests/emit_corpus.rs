//! The C corpus in `bench-suite/corpus/`: every program compiles with gcc and the real ESBMC, with
//! complete unwinding (`// unwind: K` in the file; unwinding assertions on), gives the verdict
//! its `// expect:` line states. (The front end will later run the same files through ara.)

#[path = "emit_util.rs"]
mod emit_util;

use emit_util::*;
use std::path::PathBuf;

struct Case {
    path: PathBuf,
    safe: bool,
    unwind: u32,
}

fn corpus() -> Vec<Case> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("bench-suite/corpus");
    let mut cases = vec![];
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "c") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut lines = text.lines();
        let safe = match lines.next() {
            Some("// expect: safe") => true,
            Some("// expect: unsafe") => false,
            other => panic!("{}: bad first line {other:?}", path.display()),
        };
        let unwind = lines
            .next()
            .and_then(|l| l.strip_prefix("// unwind: "))
            .and_then(|k| k.parse().ok())
            .unwrap_or_else(|| panic!("{}: second line must be `// unwind: K`", path.display()));
        cases.push(Case { path, safe, unwind });
    }
    cases.sort_by(|a, b| a.path.cmp(&b.path));
    cases
}

#[test]
fn corpus_is_large_and_balanced() {
    let cases = corpus();
    let safe = cases.iter().filter(|c| c.safe).count();
    assert!(cases.len() >= 24, "{} programs", cases.len());
    assert!(
        safe * 3 >= cases.len() && safe * 3 <= 2 * cases.len(),
        "{safe} safe of {}",
        cases.len()
    );
    let readme = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("bench-suite/corpus/README.md"),
    )
    .unwrap();
    for c in &cases {
        let name = c.path.file_name().unwrap().to_string_lossy();
        let verdict = if c.safe { "safe" } else { "unsafe" };
        assert!(
            readme.contains(&format!("| {name} | {verdict} | {} |", c.unwind)),
            "README.md lacks the row for {name}"
        );
    }
}

/// `check` on every item of `items`, two at a time (issue 28: one ESBMC run after another,
/// 10 s of CPU and 20 s of wall at load 4; the machine has two cores).
fn each_in_pairs<T: Sync>(items: &[T], check: impl Fn(&T) + Sync) {
    std::thread::scope(|s| {
        for half in [0, 1] {
            let check = &check;
            s.spawn(move || items.iter().skip(half).step_by(2).for_each(check));
        }
    });
}

#[test]
fn corpus_verdicts_hold_with_esbmc() {
    each_in_pairs(&corpus(), |c| {
        let src = std::fs::read_to_string(&c.path).unwrap();
        assert_compiles(&src);
        let k = c.unwind.to_string();
        let out = run_esbmc(&src, &["--unwind", &k], 120);
        let name = c.path.display();
        assert_eq!(esbmc_verdict(&out), Some(c.safe), "{name}:\n{out}");
        if !c.safe {
            // The bug itself, not an unwinding assertion (the bound is complete).
            let violated = out.split("Violated property:").nth(1).unwrap_or("");
            assert!(violated.contains("function reach_error"), "{name}:\n{out}");
        }
    });
}

/// The programs of `bench-suite/corpus/large/` are parametric in `#define N`: at N = 10 the real
/// ESBMC, with complete unwinding, gives the verdict their `// expect:` line states for the
/// large N (their ground truth; ara's runs on them are in bench-suite/RESULTS.md).
#[test]
fn large_corpus_verdicts_hold_with_esbmc_at_small_n() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("bench-suite/corpus/large");
    let define = regex::Regex::new(r"(?m)^#define N [0-9]+$").unwrap();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    assert!(files.len() >= 14, "{} large programs", files.len());
    each_in_pairs(&files, |path| {
        let src = std::fs::read_to_string(path).unwrap();
        let name = path.display();
        let safe = match src.lines().next() {
            Some("// expect: safe") => true,
            Some("// expect: unsafe") => false,
            other => panic!("{name}: bad first line {other:?}"),
        };
        assert_eq!(define.find_iter(&src).count(), 1, "{name}: one `#define N`");
        assert_compiles(&src);
        let small = define.replace(&src, "#define N 10");
        let out = run_esbmc(&small, &["--unwind", "12"], 120);
        assert_eq!(esbmc_verdict(&out), Some(safe), "{name} at N = 10:\n{out}");
        if !safe {
            let violated = out.split("Violated property:").nth(1).unwrap_or("");
            assert!(violated.contains("function reach_error"), "{name}:\n{out}");
        }
    });
}
