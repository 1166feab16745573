//! Index terms over frozen values and witness cells on arrays of symbolic size (issues 12 and
//! 13): golden abstractions, `ara abstract --track a=n-1`, one-line errors for bad terms, and
//! real checks (Z3, ESBMC) of safe/unsafe twins in `tests/terms/`.
//!
//! Truth of the twins, established without ara: each program with `1000000` replaced by 4,
//! plain ESBMC 8.4 with complete unwinding (`--unwind 8`, 40 for `calloc_last_safe`, whose
//! `calloc` model loops; `--force-malloc-success --no-pointer-check --no-bounds-check
//! --no-div-by-zero-check`): every `*_safe.c` VERIFICATION SUCCESSFUL, every `*_unsafe.c`
//! VERIFICATION FAILED; gcc runs of the unsafe twins reach the error (`n = 1` for sentinel
//! and strcpy, `n = 1, a[0] = x = 5` for find and search, `k = 0` for the stale term) and of
//! the safe ones on the same inputs do not. Each header comment says why. (`find_vla_safe`
//! is not proved yet: Spacer finds no invariant within 60 s; only its twin is checked.)

#[path = "emit_util.rs"]
mod emit_util;

use ara::abstraction::{IndexSets, VarSet, abstract_program};
use ara::engines::horn::Horn;
use ara::engines::{Budget, Engine, EngineVerdict};
use ara::frontend::{FrontendOptions, parse_source};
use ara::ir::Program;
use ara::ir::emit::{EmitOptions, emit_c};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

const ARA: &str = env!("CARGO_BIN_EXE_ara");

use emit_util::tools_dir as tools;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/terms/{name}.c"))
}

fn parse(src: &str) -> Program {
    parse_source(src, "t.c", &FrontendOptions::default()).unwrap()
}

fn load(name: &str) -> Program {
    // The front end reads C without the preprocessor here: the header comments go.
    let src = std::fs::read_to_string(data(name)).unwrap();
    let code: Vec<&str> = src.lines().filter(|l| !l.starts_with("//")).collect();
    parse(&code.join("\n"))
}

const PRELUDE: &str = "extern int __VERIFIER_nondet_int(void);\n\
    extern void __VERIFIER_assert(int);\n\
    extern void *calloc(unsigned long, unsigned long);\n";

/// The body of `main` of the emitted abstraction, trimmed, without line comments.
fn main_text(p: &Program) -> String {
    let c = emit_c(p, &EmitOptions::default());
    emit_util::assert_compiles(&c);
    let start = c.find("int main(void)").expect("main");
    c[start..]
        .lines()
        .map(|l| match l.find(" /* line") {
            Some(k) => l[..k].trim().to_string(),
            None => l.trim().to_string(),
        })
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

fn golden(actual: &str, expected: &str) {
    let e: Vec<&str> = expected.trim().lines().map(str::trim).collect();
    assert_eq!(actual, e.join("\n"), "\n--- actual ---\n{actual}");
}

fn abstraction(p: &Program, track: &[&str]) -> Program {
    let r = IndexSets::parse_track(p, track).unwrap();
    abstract_program(p, &VarSet::All, &r).program
}

/// `n` is assigned twice: before the allocation the cell is reset to the `calloc`'d
/// contents (0), after the write to a fresh value.
const CALLOC_TWICE: &str = "int main(void) {\n  int n = __VERIFIER_nondet_int();\n\
    int *a = calloc(n, sizeof(int));\n  a[n - 1] = 5;\n  n = 3;\n\
    __VERIFIER_assert(a[n - 1] == 5);\n  return 0;\n}\n";

#[test]
fn term_cell_golden() {
    let p = parse(&format!("{PRELUDE}{CALLOC_TWICE}"));
    golden(
        &main_text(&abstraction(&p, &["a=n-1"])),
        r#"
        int main(void)
        {
        int n;
        unsigned long a__size; /* size of a */
        int a__nm1 = 0; /* a[n-1] */
        { n = __VERIFIER_nondet_int(); a__nm1 = 0; }
        a__size = (unsigned long) n;
        a__nm1 = (long long) (n - 1) == (long long) n - 1ll ? 5 : a__nm1;
        { n = 3; a__nm1 = __VERIFIER_nondet_int(); }
        if (!(((long long) (n - 1) == (long long) n - 1ll ? a__nm1 : __VERIFIER_nondet_int()) == 5)) reach_error();
        exit(0);
        return 0;
        }
        "#,
    );
}

#[test]
fn symbolic_witness_and_size_term_golden() {
    let p = parse(&format!("{PRELUDE}{CALLOC_TWICE}"));
    // A term over the size variable itself is reset at the allocation; the witness has no
    // upper bound and the guard compares with the size variable.
    golden(
        &main_text(&abstraction(&p, &["a=a__size/2+1,w"])),
        r#"
        int main(void)
        {
        int n;
        unsigned long a__size; /* size of a */
        long long w;
        int a__w = 0; /* a[w] */
        int a__a__sized2p1 = 0; /* a[a__size/2+1] */
        __VERIFIER_assume(0ll <= w);
        n = __VERIFIER_nondet_int();
        { a__size = (unsigned long) n; a__a__sized2p1 = 0; }
        { a__w = n - 1 == w ? 5 : a__w; a__a__sized2p1 = (unsigned long long) (n - 1) == (unsigned long long) a__size / 2ull + 1ull ? 5 : a__a__sized2p1; }
        n = 3;
        if (!(!(!(0 <= n - 1 && n - 1 < a__size) || n - 1 == w) || (n - 1 == w ? a__w : (unsigned long long) (n - 1) == (unsigned long long) a__size / 2ull + 1ull ? a__a__sized2p1 : __VERIFIER_nondet_int()) == 5)) reach_error();
        exit(0);
        return 0;
        }
        "#,
    );
}

fn ara(args: &[&str]) -> Output {
    Command::new(ARA)
        .env("ARA_TOOLS_DIR", tools())
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn abstract_track_term_writes_c() {
    let f = data("sentinel_safe");
    let out = ara(&["abstract", f.to_str().unwrap(), "--track", "a=n-1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    emit_util::assert_compiles(&text);
    for line in [
        "int a__nm1; /* a[n-1] */",
        "{ n = __VERIFIER_nondet_int(); a__nm1 = __VERIFIER_nondet_int(); } /* line 14 */",
        "a__nm1 = (long long) (n - 1) == (long long) n - 1ll ? 0 : a__nm1; /* line 18 */",
    ] {
        assert!(text.contains(line), "{line}\n--- in ---\n{text}");
    }
}

#[test]
fn bad_track_terms_are_one_line_usage_errors() {
    let f = data("sentinel_safe");
    for (bad, msg) in [
        (
            "a=m-1",
            "bad index `m-1` for array `a`: unknown variable `m` (known: n, ",
        ),
        ("a=n*2", "unexpected text after the variable"),
        ("a=n/0", "the divisor is not a positive constant"),
        ("a=n-x", "the addend is not a constant"),
    ] {
        let out = ara(&["abstract", f.to_str().unwrap(), "--track", bad]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(64), "{bad}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{bad}: {err}");
        assert!(err.contains(msg), "{bad}: {err}");
    }
}

fn horn(p: &Program, secs: u64) -> EngineVerdict {
    // SAFETY: set before the engine reads it (same value from every test).
    unsafe { std::env::set_var("ARA_TOOLS_DIR", tools()) };
    let budget = Budget {
        timeout: Some(Duration::from_secs(secs)),
        ..Default::default()
    };
    Horn::default().check(p, &budget).unwrap().verdict
}

#[test]
fn term_cells_are_reset_when_their_variable_changes() {
    // Without the reset, `a@k` would keep the 1 written before `k = k + 1`: a wrong proof.
    let unsafe_ = abstraction(&load("stale_term_unsafe"), &["a=k"]);
    let v = horn(&unsafe_, 20);
    assert!(!matches!(v, EngineVerdict::Proved(_)), "{v:?}");
    let safe = abstraction(&load("stale_term_safe"), &["a=k-1"]);
    let v = horn(&safe, 20);
    // The safe twin is not proved either: `a@(k-1)` is reset by `k = k + 1` (the write
    // came before, so the element is unknown): sound, not precise.
    assert!(!matches!(v, EngineVerdict::Proved(_)), "{v:?}");
}

#[test]
fn calloc_term_is_zero_at_the_allocation_and_malloc_is_not() {
    let safe = abstraction(&load("calloc_last_safe"), &["a=n-1"]);
    let v = horn(&safe, 30);
    assert!(matches!(v, EngineVerdict::Proved(_)), "{v:?}");
    let unsafe_ = abstraction(&load("malloc_last_unsafe"), &["a=n-1"]);
    let v = horn(&unsafe_, 20);
    assert!(!matches!(v, EngineVerdict::Proved(_)), "{v:?}");
}

fn check(name: &str, args: &[&str]) -> String {
    let f = data(name);
    let mut all = vec!["check", "--timeout", "60", "--verbose"];
    all.extend_from_slice(args);
    all.push(f.to_str().unwrap());
    String::from_utf8_lossy(&ara(&all).stdout).into_owned()
}

#[test]
fn check_proves_sentinel_and_strcpy_at_nondet_n_with_the_term_n_minus_1() {
    for name in ["sentinel_safe", "strcpy_safe"] {
        let text = check(name, &["--strategy", "cegar"]);
        assert!(text.starts_with("SAFE"), "{name}: {text}");
        assert!(text.contains("+= n-1"), "{name}: {text}");
    }
}

#[test]
fn check_proves_search_over_a_vla_of_nondet_size_with_a_witness_cell() {
    let text = check(
        "search_vla_safe",
        &["--strategy", "cegar", "--engine", "horn"],
    );
    assert!(text.starts_with("SAFE"), "{text}");
    assert!(text.contains("cells {w}"), "{text}");
}

#[test]
fn unsafe_twins_are_never_safe() {
    for name in [
        "sentinel_unsafe",
        "strcpy_unsafe",
        "find_vla_unsafe",
        "search_vla_unsafe",
    ] {
        let text = check(name, &["--strategy", "cegar", "--max-iterations", "6"]);
        assert!(!text.starts_with("SAFE"), "{name}: {text}");
    }
}
