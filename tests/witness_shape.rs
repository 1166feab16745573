//! The shape of the witness-index transformation (no checker needed, gcc only): no arrays, no
//! loops, only forward jumps, C that gcc compiles, the original lines in comments; the loop
//! forms and witness indexes it picks; what it rejects; the seed read from a trace.

use ara::abstraction::witness::{LoopForm, witness_program};
use ara::base::tools::{Ending, Limits, Tool, find_tool, run};
use ara::engines::checkers::{StepKind, Trace, TraceStep};
use ara::frontend::{FrontendOptions, load_file, parse_source};
use ara::ir::emit::{EmitOptions, emit_c};
use ara::ir::{Expr, LabelId, Program, Stmt, StmtKind};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every C file of the witness programs and of the corpus.
fn programs() -> Vec<PathBuf> {
    let mut out = vec![];
    for dir in ["tests/witness", "bench-suite/corpus"] {
        for e in std::fs::read_dir(root().join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "c") {
                out.push(p);
            }
        }
    }
    out.sort();
    assert!(out.len() >= 50, "{} programs", out.len());
    out
}

fn load(path: &Path) -> Program {
    load_file(path, &FrontendOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn src(text: &str) -> Program {
    parse_source(text, "t.c", &FrontendOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// No loops, no break/continue, no array access; every goto jumps to a later label.
fn check_shape(p: &Program, name: &str) {
    assert!(p.arrays.is_empty(), "{name}: arrays left");
    let mut order: Vec<(bool, LabelId)> = vec![];
    fn expr_ok(e: &Expr) -> bool {
        let mut ok = true;
        e.visit(&mut |x| ok &= !matches!(x, Expr::Read(..)));
        ok
    }
    fn go(ss: &[Stmt], order: &mut Vec<(bool, LabelId)>, name: &str) {
        for s in ss {
            match &s.kind {
                StmtKind::While { .. }
                | StmtKind::DoWhile { .. }
                | StmtKind::Break
                | StmtKind::Continue
                | StmtKind::Store(..)
                | StmtKind::Call(_) => panic!("{name}: {:?} left", s.kind),
                StmtKind::Assign(_, e) | StmtKind::Assume(e) | StmtKind::Assert(e) => {
                    assert!(expr_ok(e), "{name}: array read left")
                }
                StmtKind::If(c, t, e) => {
                    assert!(expr_ok(c), "{name}: array read left");
                    go(t, order, name);
                    go(e, order, name);
                }
                StmtKind::Block(b) => go(b, order, name),
                StmtKind::Goto(l) => order.push((true, *l)),
                StmtKind::Label(l) => order.push((false, *l)),
                StmtKind::ParAssign(xs) => {
                    assert!(xs.iter().all(|(_, e)| expr_ok(e)), "{name}: read left")
                }
                StmtKind::Error | StmtKind::Exit | StmtKind::Skip => {}
            }
        }
    }
    go(&p.body, &mut order, name);
    for (k, (is_goto, l)) in order.iter().enumerate() {
        if *is_goto {
            assert!(
                order[k + 1..].iter().any(|(g, m)| !g && m == l),
                "{name}: goto {} does not jump forward",
                p.labels[l.0 as usize]
            );
        }
    }
}

fn strip_comments(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(k) = rest.find("/*") {
        out.push_str(&rest[..k]);
        rest = rest[k..].split_once("*/").map_or("", |(_, r)| r);
    }
    out.push_str(rest);
    out
}

/// gcc accepts every text of `texts` as C (one gcc for all of them; `-fsyntax-only`: its
/// parse and type check, not the code generation of `-c`, half of gcc's time on these and
/// most of this binary's, issue 28).
fn gcc_compiles(texts: &[&str], name: &str) {
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<String> = texts
        .iter()
        .enumerate()
        .map(|(k, text)| {
            let c = dir.path().join(format!("w{k}.c"));
            std::fs::write(&c, text).unwrap();
            c.display().to_string()
        })
        .collect();
    let gcc = find_tool(Tool::Gcc, None).expect("gcc");
    let args: Vec<String> = [
        "-std=gnu11",
        "-fsyntax-only",
        "-Werror=implicit-function-declaration",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain(files)
    .collect();
    let limits = Limits {
        timeout: Some(Duration::from_secs(60)),
        memory_mb: None,
    };
    let out = run(&gcc, &args, None, None, &limits).unwrap();
    assert_eq!(out.ending, Ending::Exited(0), "{name}: gcc: {}", out.stderr);
}

#[test]
fn every_program_becomes_array_free_loop_free_c_that_gcc_compiles() {
    let mut rejected = vec![];
    for path in programs() {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let p = load(&path);
        let w = match witness_program(&p) {
            Ok(w) => w,
            Err(e) => {
                assert_eq!(e.exit_code(), 3, "{name}: {e}");
                rejected.push(name);
                continue;
            }
        };
        check_shape(&w.program, &name);
        let text = emit_c(&w.program, &EmitOptions::default());
        let main = strip_comments(&text[text.find("int main(void)").expect("main")..]);
        for word in ["while", "for (", "do {", "["] {
            assert!(!main.contains(word), "{name}: `{word}` in\n{main}");
        }
        let marked = emit_c(
            &w.program,
            &EmitOptions {
                markers: true,
                ..Default::default()
            },
        );
        gcc_compiles(&[&text, &marked], &name);
    }
    // Only the loops made of gotos are outside the scheme.
    assert_eq!(rejected, vec!["goto_safe.c", "goto_unsafe.c"]);
}

#[test]
fn struct_fields_share_one_witness_index_and_loops_are_full() {
    let p = load(&root().join("tests/witness/motivating_example.c"));
    let w = witness_program(&p).unwrap();
    assert_eq!(w.witnesses.len(), 1);
    assert_eq!(w.witnesses[0].size, ara::ir::Size::Const(100000));
    let names: Vec<&str> = w.witnesses[0]
        .arrays
        .iter()
        .map(|a| p.array(*a).display.as_str())
        .collect();
    assert_eq!(names, vec!["a[].p", "a[].q"]);
    let forms: Vec<LoopForm> = w.loops.iter().map(|l| l.form).collect();
    assert_eq!(forms, vec![LoopForm::Full, LoopForm::Full]);
    assert!(
        w.loops
            .iter()
            .all(|l| l.havocked.is_empty() && !l.other_iteration)
    );
    let text = emit_c(&w.program, &EmitOptions::default());
    // The body's statements keep their lines; the loop's own statements carry its line.
    assert!(text.contains("/* line 22 */"), "{text}");
    assert!(text.contains("/* line 23 */"), "{text}");
    assert!(text.contains("/* line 26 */"), "{text}");
    assert!(text.contains("i = 100000u; /* line 21 */"), "{text}");
}

#[test]
fn loop_forms() {
    let p = src(r#"
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int a[8];
int b[8];
int main() {
  int i, s = 0, n = __VERIFIER_nondet_int();
  for (i = 0; i < 8; i++) a[i] = i;
  for (i = 0; i < n; i++) b[i] = 1;
  for (i = 0; i < 5; i++) s = s + i;
  i = 0;
  while (a[i] != 3) i = i + 2;
  do { s = 1; } while (0);
  __VERIFIER_assert(s >= 0);
  return 0;
}
"#);
    let w = witness_program(&p).unwrap();
    let forms: Vec<(LoopForm, Option<&str>)> = w
        .loops
        .iter()
        .map(|l| (l.form, l.iterator.as_deref()))
        .collect();
    assert_eq!(
        forms,
        vec![
            (LoopForm::Full, Some("i")),
            (LoopForm::Witness, Some("i")),
            (LoopForm::Range, Some("i")),
            (LoopForm::Havoc, None),
            (LoopForm::Once, None),
        ]
    );
    // Arrays of one size share a witness index.
    assert_eq!(w.witnesses.len(), 1);
    assert_eq!(w.witnesses[0].arrays.len(), 2);
    // `s` is havocked by the summing loop; the havoc loop havocs its iterator.
    assert_eq!(w.loops[2].havocked, vec!["s"]);
    assert_eq!(w.loops[3].havocked, vec!["i"]);
    check_shape(&w.program, "loop_forms");
}

#[test]
fn initialiser_list_is_selected_by_the_witness_index() {
    let p = load(&root().join("tests/witness/init_list_unsafe.c"));
    let w = witness_program(&p).unwrap();
    let text = emit_c(&w.program, &EmitOptions::default());
    assert!(text.contains("ara_x_v = ara_i_v == 3 ? 0 : 1;"), "{text}");
}

#[test]
fn loops_made_of_gotos_and_jumps_into_loops_are_rejected() {
    let p = load(&root().join("bench-suite/corpus/goto_safe.c"));
    let e = witness_program(&p).unwrap_err();
    assert_eq!(e.exit_code(), 3);
    assert!(e.to_string().contains("jumps backwards"), "{e}");
    let p = src(r#"
extern int __VERIFIER_nondet_int(void);
int a[4];
int main() {
  int i = 0;
  if (__VERIFIER_nondet_int()) goto inside;
  for (i = 0; i < 4; i++) {
  inside:
    a[i] = 1;
  }
  return 0;
}
"#);
    let e = witness_program(&p).unwrap_err();
    assert!(e.to_string().contains("into a loop body"), "{e}");
}

#[test]
fn unsafe_constants_and_wrapping_iterators_are_not_counting_loops() {
    // `u >= 0` always holds for an unsigned iterator (it wraps around); a char cannot reach
    // 200; `i <= INT_MAX` wraps: all become the havoc form.
    let p = src(r#"
extern int __VERIFIER_nondet_int(void);
int a[300];
int main() {
  unsigned int u;
  char c;
  int i;
  for (u = 9; u >= 0; u--) a[u] = 1;
  for (c = 0; c < 200; c++) a[c] = 2;
  for (i = 0; i <= 2147483647; i++) a[0] = 3;
  for (i = 0; i < 300; i++) a[i] = 4;
  return 0;
}
"#);
    let w = witness_program(&p).unwrap();
    let forms: Vec<LoopForm> = w.loops.iter().map(|l| l.form).collect();
    assert_eq!(
        forms,
        vec![
            LoopForm::Havoc,
            LoopForm::Havoc,
            LoopForm::Havoc,
            LoopForm::Full
        ]
    );
}

fn assign(lhs: &str, v: i128) -> TraceStep {
    TraceStep {
        loc: None,
        function: Some("main".into()),
        hidden: false,
        kind: StepKind::Assignment {
            lhs: lhs.into(),
            value: Some(v),
            raw: v.to_string(),
        },
    }
}

#[test]
fn seed_is_the_traced_witness_index_for_every_array_of_its_size() {
    let p = load(&root().join("tests/witness/motivating_example.c"));
    let w = witness_program(&p).unwrap();
    let name = w.witnesses[0].name.clone();
    // ESBMC shows the declaration of the local first (`= 0`), then the nondet value.
    let trace = Trace {
        steps: vec![assign(&name, 0), assign("i", 3), assign(&name, 99999)],
    };
    let seed = w.seed_from_trace(&trace);
    for a in p.array_ids() {
        assert_eq!(seed.indexes(&p, a), vec![99999], "{}", p.array(a).display);
    }
    // Values outside the array are not indexes.
    let trace = Trace {
        steps: vec![assign(&name, 100000)],
    };
    assert!(w.seed_from_trace(&trace).0.is_empty());
}

#[test]
fn cli_writes_the_witness_program() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("w.c");
    let st = std::process::Command::new(env!("CARGO_BIN_EXE_ara"))
        .args(["witness", "--markers", "-o"])
        .arg(&out)
        .arg(root().join("tests/witness/break_safe.c"))
        .status()
        .unwrap();
    assert!(st.success());
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("ara_loc = "), "{text}");
    assert!(
        text.contains("witness index ara_i_a in [0, 100000) for a"),
        "{text}"
    );
    assert!(text.contains("loop at line 18: full, iterator i"), "{text}");
    gcc_compiles(&[&text], "break_safe.c");
    let st = std::process::Command::new(env!("CARGO_BIN_EXE_ara"))
        .args(["witness", "--no-line-comments"])
        .arg(root().join("bench-suite/corpus/goto_unsafe.c"))
        .output()
        .unwrap();
    assert_eq!(st.status.code(), Some(3));
    let err = String::from_utf8_lossy(&st.stderr);
    assert!(
        err.contains("goto_unsafe.c:19:5: unsupported: witness transformation"),
        "{err}"
    );
}

/// A witness index is aligned with the index an assertion outside every loop reads (an
/// `assume` before it), never when a loop holds an assertion: there the witness index must
/// stay free to pick the failing iteration.
#[test]
fn witness_index_aligned_with_the_checked_index_only_without_errors_in_loops() {
    let w = witness_program(&load(&root().join("tests/witness/align_search_safe.c"))).unwrap();
    assert_eq!(w.aligned.len(), 1, "{:?}", w.aligned);
    assert_eq!(w.aligned[0].1, 25, "the `if` around the assertion");
    let w = witness_program(&load(
        &root().join("tests/witness/align_two_reads_unsafe.c"),
    ))
    .unwrap();
    assert_eq!(w.aligned.iter().map(|a| a.1).collect::<Vec<_>>(), vec![18]);
    let w = witness_program(&load(
        &root().join("tests/witness/align_loop_assert_unsafe.c"),
    ))
    .unwrap();
    assert!(w.aligned.is_empty(), "{:?}", w.aligned);
}
