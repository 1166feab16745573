//! Arrays whose size is not a constant (issue 12): VLAs, `malloc`/`calloc`'d arrays, pointer
//! aliases and array parameters through the built `ara` with the real ESBMC, Z3 and gcc.
//!
//! The verdict tests use the tasks of `bench-suite/symsize` (N nondet, `N <= 1000`): their
//! truth was established with plain ESBMC 8.4 on the same programs with `N <= 4`
//! (`gen.py --bound 4`, `esbmc --unwind 20 --force-malloc-success --32`, complete unwinding,
//! 40 for `struct_heap`) plus the reasoning in `bench-suite/symsize/README.md`. A safe twin must
//! never be UNSAFE (SAFE where ara proves it, else UNKNOWN is allowed); an unsafe twin must be
//! UNSAFE (confirmed by a replay on the original program).
//!
//! The unsupported tests give each kind of pointer use ara refuses its one-line
//! `file:line:col: unsupported: ...` error, exit code 3, and no panic.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const ARA: &str = env!("CARGO_BIN_EXE_ara");

fn task(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("bench-suite/symsize")
        .join(format!("{name}.c"))
}

fn ara(args: &[&str], file: &Path) -> Output {
    Command::new(ARA)
        .args(args)
        .arg(file)
        .output()
        .expect("ara runs")
}

/// `ara check` on a task (ILP32, `secs` seconds): the exit code (0 SAFE, 10 UNSAFE, 20
/// UNKNOWN).
fn check(name: &str, secs: u32) -> (i32, String) {
    let o = ara(
        &[
            "check",
            "--data-model",
            "ilp32",
            "--timeout",
            &secs.to_string(),
        ],
        &task(name),
    );
    let text = String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
    (o.status.code().unwrap_or(-1), text)
}

/// Random testing finds each unsafe twin within seconds; the limit is a safety net.
fn assert_unsafe(name: &str) {
    let (code, text) = check(name, 60);
    assert_eq!(code, 10, "{name} must be UNSAFE:\n{text}");
    assert!(
        text.contains("replay") || text.contains("replayed"),
        "{text}"
    );
}

fn assert_safe(name: &str) {
    let (code, text) = check(name, 60);
    assert_eq!(code, 0, "{name} must be SAFE:\n{text}");
}

/// The safe twins: never UNSAFE (UNKNOWN accepted). 4 s (20 until issue 28, then 8): ara
/// proves some of these at once and ends the others UNKNOWN only at the time limit
/// (`vla2d_safe`: the bug search runs until then; at 8 s it was 10 of the 15 s of CPU of
/// `two_dimensional_vla_and_aliases`). An UNSAFE needs a run that gcc replays to the error,
/// and the runs that could be replayed come first: within 4 s the witness stage (its
/// counterexample at 0.2 s), two refinement rounds (their counterexamples refuted by the
/// solver), the bounded checker, the random runs and the cell engine's guessed candidates
/// and Spacer configurations have all run (`ARA_DEBUG_RUNS=1`, load 12); the seconds after
/// them went to the third round's checker timing out on the abstraction of a 2-D VLA.
fn assert_not_unsafe(name: &str) {
    let (code, text) = check(name, 4);
    assert!(
        code == 0 || code == 20,
        "{name} must not be UNSAFE:\n{text}"
    );
}

#[test]
fn vla_init_twins() {
    assert_safe("vla_init_safe");
    assert_unsafe("vla_init_unsafe");
}

#[test]
fn heap_array_of_structs_twins() {
    // The witness transformation proves the per-element property at any N.
    assert_safe("struct_heap_safe");
    assert_unsafe("struct_heap_unsafe");
}

#[test]
fn calloc_is_zero_malloc_is_not() {
    assert_safe("calloc_zero_safe");
    assert_unsafe("calloc_zero_unsafe");
}

#[test]
fn heap_copy_and_parameters() {
    assert_not_unsafe("heap_copy_safe");
    assert_unsafe("heap_copy_unsafe");
    assert_not_unsafe("func_param_safe");
    assert_unsafe("func_param_unsafe");
}

#[test]
fn two_dimensional_vla_and_aliases() {
    assert_not_unsafe("vla2d_safe");
    assert_unsafe("vla2d_unsafe");
    assert_not_unsafe("alias_deref_safe");
    assert_unsafe("alias_deref_unsafe");
}

/// The bounded checker on the original program (emitted with `malloc` of the real size) finds
/// the bug at a small N and its trace is confirmed on the original.
#[test]
fn bmc_on_the_original_finds_a_small_n() {
    let o = ara(
        &["bmc", "--data-model", "ilp32", "--timeout", "60"],
        &task("heap_copy_unsafe"),
    );
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(10), "{text}");
}

const HEAD: &str = "#include <stdlib.h>\nextern int __VERIFIER_nondet_int(void);\n";

/// Each refused pointer use: its one-line error at the right line, exit code 3.
#[test]
fn unsupported_pointer_uses_have_one_line_errors() {
    let cases: &[(&str, &str, u32)] = &[
        (
            "int main() { int n = __VERIFIER_nondet_int();\n int *a = malloc(n * sizeof(int)); int *b = malloc(n * sizeof(int)); int *p;\n if (n > 2) p = a; else p = b;\n return p[0]; }",
            "may point to two arrays",
            3,
        ),
        (
            "int main() { int n = __VERIFIER_nondet_int();\n int *a = malloc(n * sizeof(int));\n int *p = a + 1;\n return p[0]; }",
            "pointer arithmetic",
            3,
        ),
        (
            "int main() { int n = __VERIFIER_nondet_int();\n int *a = malloc(n * sizeof(int));\n a++;\n return 0; }",
            "pointer arithmetic on `a`",
            3,
        ),
        (
            "int main() { int n = __VERIFIER_nondet_int();\n int *a = malloc(n * sizeof(int));\n return *(a - 1); }",
            "pointer arithmetic",
            3,
        ),
        (
            "int main() { int n = __VERIFIER_nondet_int();\n int *a = malloc(n * sizeof(int));\n a = realloc(a, 2 * n * sizeof(int));\n return 0; }",
            "realloc",
            3,
        ),
        (
            "int main() { int n = __VERIFIER_nondet_int();\n int *a = malloc(n * sizeof(int));\n free(a);\n return a[0]; }",
            "after free",
            4,
        ),
        (
            "int main() { int n = __VERIFIER_nondet_int();\n int *a = malloc(n * sizeof(int));\n if (a == 0) return 1;\n return 0; }",
            "pointer arithmetic or comparison",
            3,
        ),
        (
            "int main() { int n = __VERIFIER_nondet_int();\n for (int i = 0; i < 3; i++) {\n int *a = malloc(n * sizeof(int)); a[0] = i; }\n return 0; }",
            "more than once",
            3,
        ),
        (
            "int main() { int n = __VERIFIER_nondet_int();\n for (int i = 0; i < 3; i++) {\n int a[n]; a[0] = i; }\n return 0; }",
            "variable-length array declared in a loop",
            3,
        ),
        (
            "int main() { int n = __VERIFIER_nondet_int();\n int *a = malloc(n);\n return a[0]; }",
            "not `n * sizeof(T)`",
            2,
        ),
        (
            "int main() { int n = __VERIFIER_nondet_int();\n long *a = malloc(n * sizeof(int));\n return 0; }",
            "4-byte units for 8-byte elements",
            2,
        ),
        (
            "int main() { int *p;\n return *p; }",
            "used before it is assigned an array",
            2,
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (k, (body, what, line)) in cases.iter().enumerate() {
        let f = dir.path().join(format!("u{k}.c"));
        std::fs::write(&f, format!("{HEAD}{body}\n")).unwrap();
        let o = ara(&["cfg"], &f);
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert_eq!(o.status.code(), Some(3), "case {k}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "case {k}: one line: {err}");
        let want = format!("u{k}.c:{}:", line + 2);
        assert!(
            err.contains(&want) && err.contains("unsupported:") && err.contains(what),
            "case {k}: expected `{want} ... unsupported: ...{what}`, got {err}"
        );
    }
}

/// The emitted original program allocates the arrays of symbolic size where their size is
/// assigned and compiles with gcc; the witness program bounds the witness index by the size.
#[test]
fn emitted_programs_allocate_and_compile() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("w.c");
    let o = Command::new(ARA)
        .args(["witness"])
        .arg(task("struct_heap_safe"))
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let w = std::fs::read_to_string(&out).unwrap();
    assert!(
        w.contains(
            "ps__size <= 0ul || (long long) ps__size < 0ll || (long long) ara_i_ps__x < (long long) ps__size"
        ),
        "{w}"
    );
    let keep = dir.path().join("keep");
    let o = Command::new(ARA)
        .args(["bmc", "--data-model", "ilp32", "--timeout", "60", "--keep"])
        .arg(&keep)
        .arg(task("vla_init_unsafe"))
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(10),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    let out = keep.join("program.c");
    let c = std::fs::read_to_string(&out).unwrap();
    assert!(
        c.contains("a = (int *) ara_alloc(a__size, sizeof(int));"),
        "{c}"
    );
    assert!(c.contains("a[ARA_IDX(i, a__size)] = i;"), "{c}");
    let obj = dir.path().join("a.o");
    let gcc = Command::new("gcc")
        .args(["-std=gnu11", "-c", "-w", "-o"])
        .arg(&obj)
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        gcc.status.success(),
        "{}",
        String::from_utf8_lossy(&gcc.stderr)
    );
}

fn random_search(
    name: &str,
    dm: ara::ir::DataModel,
    secs: u64,
) -> Option<ara::engines::concrete::ConcreteTrace> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/symsize")
        .join(name);
    let opts = ara::frontend::FrontendOptions {
        data_model: dm,
        ..Default::default()
    };
    let p = ara::frontend::load_file(&file, &opts).expect("loads");
    let dir = tempfile::tempdir().unwrap();
    let budget = std::time::Duration::from_secs(secs);
    ara::engines::concrete::random::random_search(
        &p,
        budget,
        std::time::Instant::now() + budget,
        dir.path(),
    )
}

/// Random testing draws the sizes as inputs (small ones first, at most 2^16 elements) and the
/// contents of `malloc`'d arrays at their allocation (logged as `ara_fill_<id>`); a hit is
/// replayed on the unmodified program with those contents as the arrays' initial values.
/// Truth: ESBMC with `n <= 24` finds the unsafe twin (25 elements needed at most: 21 counted);
/// the safe twin counts at most `n` elements.
#[test]
fn random_testing_fills_heap_arrays() {
    use ara::ir::DataModel;
    for dm in [DataModel::Lp64, DataModel::Ilp32] {
        let hit = random_search("heap_contents_unsafe.c", dm, 6).expect("a hit");
        assert!(hit.confirmed_by.contains("random testing"), "{hit:#?}");
        // The safe twin runs until the budget: 1 s (2 s until issue 28, hundreds of runs) is
        // still many runs, and each shows that a run not reaching the error gives no hit.
        assert!(random_search("heap_contents_safe.c", dm, 1).is_none());
    }
}
