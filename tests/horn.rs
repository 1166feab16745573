//! The Horn-clause engine (Z3 Spacer) on small C programs.

mod common;
use ara::abstraction::{IndexSets, VarSet, abstract_program};
use ara::engines::checkers::UnknownReason;
use ara::engines::horn::certify::{Interp, bv_definitions, check as check_invariants};
use ara::engines::horn::encode::{encode, encode_wrapped};
use ara::engines::horn::{Horn, PORTFOLIO};
use ara::engines::smt::Theory;
use ara::engines::smt::sexp::parse_all;
use ara::engines::{Budget, Engine, EngineVerdict, Proof};
use ara::frontend::{FrontendOptions, load_file, parse_source};
use ara::ir::cfg::Cfg;
use ara::ir::{DataModel, Program};
use common::{never_safe_budget, tools};
use std::path::Path;
use std::time::Duration;

fn opts(dm: DataModel) -> FrontendOptions {
    tools();
    FrontendOptions {
        data_model: dm,
        ..Default::default()
    }
}

fn load(path: &str) -> Program {
    load_dm(path, DataModel::Lp64)
}

fn load_dm(path: &str, dm: DataModel) -> Program {
    load_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join(path), &opts(dm)).unwrap()
}

fn table1_abstraction(src: &Program) -> Program {
    let r = IndexSets::parse_track(src, &["a=1"]).unwrap();
    abstract_program(src, &VarSet::All, &r).program
}

fn check(p: &Program) -> EngineVerdict {
    // Generous: the tests run side by side (a proof usually comes within seconds, and ends
    // the check).
    check_for(p, 60)
}

/// The Horn engine on `p` for at most `secs` seconds.
fn check_for(p: &Program, secs: u64) -> EngineVerdict {
    // ARA_HORN_KEEP=DIR keeps the clauses and answers of the last check, for debugging.
    let budget = Budget {
        timeout: Some(Duration::from_secs(secs)),
        keep_dir: std::env::var_os("ARA_HORN_KEEP").map(Into::into),
        ..Default::default()
    };
    Horn::default().check(p, &budget).unwrap().verdict
}

#[test]
fn table1_abstraction_is_safe_with_an_invariant() {
    let a = table1_abstraction(&load("bench-suite/examples/table1.c"));
    let v = check(&a);
    let EngineVerdict::Proved(Proof::InductiveInvariant {
        invariants,
        found_by,
    }) = &v
    else {
        panic!("{v:?}");
    };
    println!("{found_by}: {invariants:?}");
    assert_eq!(invariants.len(), 1);
    assert!(invariants[0].line > 0);
    assert!(invariants[0].c_expr.contains('i'), "{invariants:?}");
}

/// The verdict on `tests/horn/<name>.c` within `secs` seconds, printed for the record.
fn verdict_of(name: &str, dm: DataModel, secs: u64) -> EngineVerdict {
    let p = load_dm(&format!("tests/horn/{name}.c"), dm);
    let t = std::time::Instant::now();
    let v = check_for(&p, secs);
    println!("{name} ({dm:?}, {:.1} s): {v:?}", t.elapsed().as_secs_f64());
    v
}

/// An unsafe program: never proved; a counterexample must be a path of the CFG to the error.
/// 15 s: every configuration gets its quick slice, which is where Spacer answers on these
/// (a counterexample through a loop of 128 iterations, `char_unsafe`, takes longer under
/// load: then UNKNOWN, the other programs show the counterexamples' paths).
fn assert_not_proved(name: &str, dm: DataModel) {
    assert_not_proved_for(name, dm, 15);
}

/// [`assert_not_proved`] with a budget of `secs` seconds.
fn assert_not_proved_for(name: &str, dm: DataModel, secs: u64) {
    let p = load_dm(&format!("tests/horn/{name}.c"), dm);
    let t = std::time::Instant::now();
    let v = check_for(&p, secs);
    println!("{name} ({dm:?}, {:.1} s): {v:?}", t.elapsed().as_secs_f64());
    match v {
        EngineVerdict::Proved(_) => panic!("{name}: SAFE on an unsafe program"),
        EngineVerdict::Counterexample(c) => {
            assert!(Cfg::build(&p).is_path(&c.path), "{c:?}");
            assert_eq!(c.path.last(), Some(&0));
        }
        EngineVerdict::Unknown(_) => {}
    }
}

/// 240 s (60 until issue 28): a proof comes within seconds alone, but at load 10 to 30 the
/// stages' wall-clock slices ran out (`division_of_negatives`: UNKNOWN after 59 s); the
/// budget costs nothing where the proof comes.
fn assert_proved(name: &str, dm: DataModel) {
    let v = verdict_of(name, dm, 240);
    assert!(matches!(v, EngineVerdict::Proved(_)), "{name}: {v:?}");
}

#[test]
fn table1_unsafe_variant_is_a_counterexample() {
    let a = table1_abstraction(&load("tests/horn/table1_unsafe.c"));
    let v = check(&a);
    let EngineVerdict::Counterexample(c) = &v else {
        panic!("{v:?}");
    };
    assert_eq!(c.path.first(), Some(&1));
    assert_eq!(c.path.last(), Some(&0));
}

#[test]
fn table1_coarse_abstraction_is_not_safe() {
    // R(a) = {}: the abstraction is unsafe (the paper's P0), its path a lead.
    let src = load("bench-suite/examples/table1.c");
    let a = abstract_program(&src, &VarSet::All, &IndexSets::empty()).program;
    let v = check(&a);
    let EngineVerdict::Counterexample(c) = &v else {
        panic!("{v:?}");
    };
    assert!(Cfg::build(&a).is_path(&c.path), "{c:?}");
}

#[test]
fn unsigned_wrap_around() {
    assert_not_proved("uwrap_unsafe", DataModel::Lp64);
    assert_proved("uwrap_safe", DataModel::Lp64);
}

/// `char_unsafe` gets 3 s in `scripts/test` (15 with `ARA_FULL_BUDGETS=1`; issue 28: its
/// run always ended at the 15 s limit, 11 s of CPU, then at 5 s, 4.7 s of CPU at load 3).
/// What it guards comes early: the integer configurations without wrap-around
/// (`lia-no-iuc`, `lia-global`) answer with the invariant `c >= 0` of the unbounded counter
/// within 0.1 s of their start (0.08 s, 0.03 s at load 12) and ara's bit-vector check
/// rejects it (the 5 s run's answer at load 3: "lia-global: safety fails"); with 3 s the
/// first round still gives each of the seven configurations its slice (3/7 s, four times
/// the slowest of those answers), so both answers come and are rejected. What 15 s
/// added is the counterexample through 128 iterations: a derivation after 1.1 s of the 2 s
/// slice of the fourth configuration, the run's end at 6 s at load 4, none in 15 s at load 12
/// (then the run waited them out); the paths of counterexamples are the other programs'.
#[test]
fn char_conversion() {
    assert_not_proved_for("char_unsafe", DataModel::Lp64, never_safe_budget(3, 15));
    assert_proved("char_safe", DataModel::Lp64);
}

/// `shift_unsafe` gets 5 s in `scripts/test` (15 with `ARA_FULL_BUDGETS=1`), as
/// `char_unsafe` above (issue 28: its run ended at the 15 s limit or with a counterexample
/// after 10.7 s, 4 s of CPU with the run below, at load 17). The wrong proof it guards
/// against comes early: with `ARA_DEBUG_RUNS=1` the third and fourth configurations' Z3 runs
/// answered 0.14 s and 0.09 s after their start (at 4.0 s, after the first two's 2 s slices
/// of the 15 s; with 5 s each slice is 5/7 s and they start by 1.5 s) and ara's bit-vector
/// check rejected their invariant ("lia-global: safety fails"). The counterexample's path
/// through the loop is the other programs' (`uwrap_unsafe`, `div_unsafe`, `long_ilp32`).
/// Issue 28 also dropped a 2 s run on `shift_safe.c`, whose answer was printed and not
/// asserted (no configuration proves it: UNKNOWN at any limit).
#[test]
fn shifts() {
    assert_not_proved_for("shift_unsafe", DataModel::Lp64, never_safe_budget(5, 15));
}

#[test]
fn division_of_negatives() {
    assert_not_proved("div_unsafe", DataModel::Lp64);
    assert_proved("div_safe", DataModel::Lp64);
}

#[test]
fn ilp32_long() {
    assert_not_proved("long_ilp32", DataModel::Lp64);
    assert_proved("long_ilp32", DataModel::Ilp32);
}

#[test]
fn nondet_loop_is_safe() {
    assert_proved("nondet_sum_safe", DataModel::Lp64);
}

fn z3() -> std::path::PathBuf {
    tools();
    ara::base::tools::find_tool(ara::base::tools::Tool::Z3, None).unwrap()
}

fn interp(vertex: u32, text: &str) -> Interp {
    Interp {
        vertex,
        body: parse_all(text).unwrap().remove(0),
    }
}

#[test]
fn wrong_invariants_are_rejected() {
    let a = table1_abstraction(&load("bench-suite/examples/table1.c"));
    let bv = encode(&a, Theory::BitVector).unwrap();
    let limits = ara::base::tools::Limits {
        timeout: Some(Duration::from_secs(20)),
        memory_mb: None,
    };
    // The predicate's arguments by name: `I` stands for i, `A` for a[1] (the front end may
    // leave other variables, e.g. an inlined function's parameter, among them).
    let pos = |name: &str| {
        let k = bv.args.iter().position(|(v, _)| a.var(*v).name == name);
        format!("p{}", k.unwrap_or_else(|| panic!("no argument {name}")))
    };
    let (pi, pa) = (pos("i"), pos("a__1"));
    let run = |text: &str, theory: Theory| {
        let text = text.replace('I', &pi).replace('A', &pa);
        let defs = bv_definitions(&a, &bv, &[interp(3, &text)], theory).unwrap();
        check_invariants(&z3(), &bv, &defs, &limits).map_err(|e| e.to_string())
    };
    // Right: i <= 1 && a[1] == 9 (in bit-vectors and in integers).
    run(
        "(and (bvsle I #x00000001) (= A #x00000009))",
        Theory::BitVector,
    )
    .unwrap();
    run("(and (<= I 1) (= A 9))", Theory::Lia).unwrap();
    // i == 0 holds initially, but the loop runs on when a[0] != 9.
    let e = run("(= I #x00000000)", Theory::BitVector).unwrap_err();
    assert!(e.contains("consecution"), "{e}");
    // Everything is invariant, but not safe.
    let e = run("true", Theory::BitVector).unwrap_err();
    assert!(e.contains("safety"), "{e}");
    // a[1] == 8 does not even hold initially.
    let e = run("(= A 8)", Theory::Lia).unwrap_err();
    assert!(e.contains("initiation"), "{e}");
    // Over unbounded integers i >= 0 is invariant for `i++`; in C it is too only with a bound.
    let e = run("(>= I 0)", Theory::Lia).unwrap_err();
    assert!(e.contains("safety"), "{e}");
}

#[test]
fn integer_invariant_that_wraps_in_c_is_rejected() {
    // Over the integers `i <= 10` is invariant for `i = i - 1` (unsigned): not in C.
    let p = load("tests/horn/uwrap_unsafe.c");
    let bv = encode(&p, Theory::BitVector).unwrap();
    let v = bv.preds[0].vertex;
    let defs = bv_definitions(&p, &bv, &[interp(v, "(<= p0 10)")], Theory::Lia).unwrap();
    let limits = ara::base::tools::Limits::default();
    let e = check_invariants(&z3(), &bv, &defs, &limits)
        .unwrap_err()
        .to_string();
    assert!(e.contains("consecution"), "{e}");
}

#[test]
fn compound_premises_narrow_and_stay_exact() {
    // Under a premise `i div 300 < 1` or `i < 300*k` (k <= 2) the conclusion is translated with
    // `i` in fewer bits (certify, "Contexts"); the check must still tell true from false.
    let p = load("tests/horn/quot_ctx.c");
    let bv = encode(&p, Theory::BitVector).unwrap();
    let v = bv.preds[0].vertex;
    let pos = |name: &str| {
        let k = bv.args.iter().position(|(x, _)| p.var(*x).name == name);
        format!("p{}", k.unwrap_or_else(|| panic!("no argument {name}")))
    };
    let (pi, pk) = (pos("i"), pos("k"));
    let limits = ara::base::tools::Limits {
        timeout: Some(Duration::from_secs(20)),
        memory_mb: None,
    };
    let run = |text: &str| {
        let text = text.replace('I', &pi).replace('K', &pk);
        let defs = bv_definitions(&p, &bv, &[interp(v, &text)], Theory::Lia).unwrap();
        (
            defs.clone(),
            check_invariants(&z3(), &bv, &defs, &limits).map_err(|e| e.to_string()),
        )
    };
    let (defs, ok) = run("(and (<= K 2) (=> (< (div I 300) 1) (< I 300)))");
    ok.unwrap();
    // The conclusion reads `i` in 10 bits (0 <= i <= 299), the premise in its type's 34.
    assert!(defs.contains(&format!("((_ extract 9 0) {pi})")), "{defs}");
    run("(and (<= K 2) (=> (< I (* 300 K)) (< I 600)))")
        .1
        .unwrap();
    for wrong in [
        "(and (<= K 2) (=> (< (div I 300) 1) (< I 200)))",
        "(and (<= K 2) (=> (< I (* 300 K)) (< I 500)))",
        "(and (<= K 2) (=> (>= (div I 300) 2) (>= I 700)))",
    ] {
        let e = run(wrong).1.unwrap_err();
        assert!(e.contains("consecution"), "{wrong}: {e}");
    }
}

/// A script standing for z3 in `dir`; `body` is its shell code (stdin: the script).
fn fake_z3(dir: &Path, body: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let f = dir.join("z3");
    std::fs::write(&f, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o755)).unwrap();
    f
}

fn check_with(
    z3: Option<std::path::PathBuf>,
    p: &Program,
    secs: u64,
) -> Result<EngineVerdict, ara::base::error::AraError> {
    let h = Horn {
        z3,
        ..Default::default()
    };
    let budget = Budget {
        timeout: Some(Duration::from_secs(secs)),
        ..Default::default()
    };
    h.check(p, &budget).map(|o| o.verdict)
}

#[test]
fn z3_missing_is_an_error() {
    let a = table1_abstraction(&load("bench-suite/examples/table1.c"));
    let e = check_with(Some("/nonexistent/z3".into()), &a, 10).unwrap_err();
    assert_eq!(e.exit_code(), ara::base::error::exit::TOOL_MISSING, "{e}");
}

#[test]
fn z3_faults_are_unknown() {
    let a = table1_abstraction(&load("bench-suite/examples/table1.c"));
    let dir = tempfile::tempdir().unwrap();
    let crash = fake_z3(dir.path(), "cat >/dev/null; kill -SEGV $$");
    let v = check_with(Some(crash), &a, 10).unwrap();
    assert!(
        matches!(v, EngineVerdict::Unknown(UnknownReason::Crashed { .. })),
        "{v:?}"
    );
    let unknown = fake_z3(dir.path(), "cat >/dev/null; echo unknown");
    let v = check_with(Some(unknown), &a, 10).unwrap();
    assert!(
        matches!(v, EngineVerdict::Unknown(UnknownReason::HornGaveUp { .. })),
        "{v:?}"
    );
    let slow = fake_z3(dir.path(), "cat >/dev/null; sleep 30");
    let v = check_with(Some(slow), &a, 2).unwrap();
    assert!(
        matches!(v, EngineVerdict::Unknown(UnknownReason::Timeout { .. })),
        "{v:?}"
    );
}

#[test]
fn a_lying_solver_does_not_make_safe() {
    // Spacer's answer is forged (`true` proves nothing); the check is the real z3.
    let a = table1_abstraction(&load("tests/horn/table1_unsafe.c"));
    let dir = tempfile::tempdir().unwrap();
    let real = z3();
    let liar = fake_z3(
        dir.path(),
        &format!(
            "s=$(cat)\ncase \"$s\" in *declare-rel*) echo unsat; echo '(forall ((A (_ BitVec 32)) (B (_ BitVec 32))) (= (inv_3 A B) true))';; \
             *) printf '%s' \"$s\" | exec {} \"$@\";; esac",
            real.display()
        ),
    );
    let v = check_with(Some(liar), &a, 20).unwrap();
    assert!(
        matches!(
            v,
            EngineVerdict::Unknown(UnknownReason::InvariantRejected { .. })
        ),
        "{v:?}"
    );
}

#[test]
fn arrays_are_unsupported() {
    let p = load("bench-suite/examples/table1.c");
    let v = check(&p);
    assert!(
        matches!(v, EngineVerdict::Unknown(UnknownReason::Unsupported { .. })),
        "{v:?}"
    );
}

#[test]
fn portfolio_names_are_distinct() {
    let mut names: Vec<&str> = PORTFOLIO.iter().map(|c| c.name).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), PORTFOLIO.len());
}

const COUNTER: &str = "extern void __VERIFIER_assert(int);
int main(void) {
  int x = 0;
  while (x < 3) {
    x = x + 1;
  }
  __VERIFIER_assert(x == 3);
  return 0;
}
";

#[test]
fn golden_clauses_of_a_counter() {
    let p = parse_source(COUNTER, "counter.c", &opts(DataModel::Lp64)).unwrap();
    let h = encode(&p, Theory::BitVector).unwrap();
    let text = h.to_smtlib("counter.c");
    println!("{text}");
    let expected = "; counter.c
(set-logic HORN)
(declare-fun inv_2 ((_ BitVec 32)) Bool)
; clause entry -> 2
(assert (forall ((x@0 (_ BitVec 32)) (x@1 (_ BitVec 32))) (=> (= x@1 #x00000000) (inv_2 x@1))))
; clause 2 -> error
(assert (forall ((x@0 (_ BitVec 32)) (t2_3 Bool) (t2_4 Bool) (t4_0 Bool) (t4_5 Bool) (x@1 (_ BitVec 32))) (=> (and (inv_2 x@0) (= t2_3 (bvslt x@0 #x00000003)) (= t2_4 (not (bvslt x@0 #x00000003))) (= t4_0 (and t2_4 (not (= x@0 #x00000003)))) (= t4_5 (and t2_4 (= x@0 #x00000003))) t4_0) false)))
; clause 2 -> 2
(assert (forall ((x@0 (_ BitVec 32)) (t2_3 Bool) (t2_4 Bool) (t4_0 Bool) (t4_5 Bool) (x@1 (_ BitVec 32))) (=> (and (inv_2 x@0) (= t2_3 (bvslt x@0 #x00000003)) (= t2_4 (not (bvslt x@0 #x00000003))) (= x@1 (bvadd x@0 #x00000001)) t2_3) (inv_2 x@1))))
";
    assert_eq!(text, expected);
    let w = encode_wrapped(&p).unwrap().to_smtlib("counter.c");
    assert!(
        w.contains("(= x@1 (ite (> (+ x@0 1) 2147483647) (- (+ x@0 1) 4294967296) (ite (< (+ x@0 1) (- 2147483648)) (+ (+ x@0 1) 4294967296) (+ x@0 1))))"),
        "{w}"
    );
}

/// The branches assign constants: `y <= 10` after `y = y ± 1` needs an invariant bounding `y`
/// from both sides in bit-vectors (Spacer's integer ones are rejected), which only the last
/// configuration found, after a minute on a loaded machine; the merge is the same.
const BRANCHES: &str = "extern void __VERIFIER_assert(int);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 0;
  int y = 0;
  while (x < 10) {
    if (__VERIFIER_nondet_int()) { y = 1; } else { y = 2; }
    x = x + 1;
  }
  __VERIFIER_assert(y <= 2);
  return 0;
}
";

#[test]
fn branches_merge_with_ite_not_paths() {
    let p = parse_source(BRANCHES, "branches.c", &opts(DataModel::Lp64)).unwrap();
    let h = encode(&p, Theory::Lia).unwrap();
    let text = h.to_smtlib("branches.c");
    println!("{text}");
    let lp = h
        .clauses
        .iter()
        .find(|c| c.from.is_some() && c.to.is_some())
        .unwrap();
    // One merged version of y after the `if`, an ite over the edge taken.
    assert!(
        lp.constraints
            .iter()
            .any(|c| c.contains("(ite t") && c.starts_with("(= y@3")),
        "{text}"
    );
    assert!(
        lp.consts.iter().any(|(n, s)| n == "nd0" && s == "Int"),
        "{text}"
    );
    let t = std::time::Instant::now();
    let v = check(&p);
    println!("branches ({:.1} s): {v:?}", t.elapsed().as_secs_f64());
    assert!(matches!(v, EngineVerdict::Proved(_)), "{v:?}");
    // The twin: a merge that lost the `else` branch would prove it.
    let twin = BRANCHES.replace("y <= 2", "y <= 1");
    let p = parse_source(&twin, "branches.c", &opts(DataModel::Lp64)).unwrap();
    let v = check_for(&p, 15);
    assert!(!matches!(v, EngineVerdict::Proved(_)), "{v:?}");
}

/// The strcpy loop of the Table 4 family (scripts/gen-bench) with the property the tracked
/// terminator src[N-1] = 0 alone proves: the copy stops by N-1.
fn strcpy_bound(n: u64) -> String {
    format!(
        "extern void __VERIFIER_assert(int);
extern char __VERIFIER_nondet_char(void);
char src[{n}];
char dst[{n}];
int main(void) {{
  int i;
  for (i = 0; i < {n} - 1; i++) {{
    src[i] = __VERIFIER_nondet_char();
  }}
  src[{n} - 1] = 0;
  i = 0;
  while (src[i] != 0) {{
    dst[i] = src[i];
    i++;
  }}
  __VERIFIER_assert(i <= {n} - 1);
  return 0;
}}
"
    )
}

/// `cargo test --release --test horn bench_strcpy -- --ignored --nocapture`: time per N of
/// the strcpy abstraction with R(src) = {N-1} (not a timed test: prints the figures).
#[test]
#[ignore]
fn bench_strcpy() {
    let sizes: Vec<u64> = match std::env::var("ARA_BENCH_N") {
        Ok(s) => s.split(',').filter_map(|x| x.parse().ok()).collect(),
        Err(_) => vec![1_000, 10_000, 100_000, 1_000_000],
    };
    for n in sizes {
        let p = parse_source(&strcpy_bound(n), "strcpy.c", &opts(DataModel::Ilp32)).unwrap();
        let r = IndexSets::parse_track(&p, &[&format!("src={}", n - 1)]).unwrap();
        let a = abstract_program(&p, &VarSet::All, &r).program;
        let t = std::time::Instant::now();
        let budget = Budget {
            timeout: Some(Duration::from_secs(60)),
            keep_dir: std::env::var_os("ARA_HORN_KEEP").map(Into::into),
            ..Default::default()
        };
        let o = Horn::default().check(&a, &budget).unwrap();
        let how = match &o.verdict {
            EngineVerdict::Proved(Proof::InductiveInvariant { found_by, .. }) => {
                format!("SAFE by {found_by}")
            }
            v => format!("{v:?}"),
        };
        println!("N = {n}: {how}, {:.2} s", t.elapsed().as_secs_f64());
    }
}

/// A counterexample of the Horn engine on an array-free original carries the nondets' values
/// in the order the path reads them, and `confirm_cex` confirms it by replaying them.
#[test]
fn counterexample_inputs_are_replayed() {
    use ara::engines::concrete::confirm::{ConfirmOptions, Confirmation, confirm_cex};
    let p = load("tests/horn/inputs_unsafe.c");
    let v = check(&p);
    let EngineVerdict::Counterexample(c) = &v else {
        panic!("{v:?}");
    };
    assert_eq!(c.inputs.as_deref(), Some(&[7, 12345][..]), "{c:?}");
    let dir = tempfile::tempdir().unwrap();
    let opts = ConfirmOptions {
        theory: Theory::BitVector,
        limits: ara::base::tools::Limits {
            timeout: Some(Duration::from_secs(60)),
            memory_mb: None,
        },
        dir: dir.path(),
        keep_tag: None,
    };
    let got = confirm_cex(&p, &p, &Cfg::build(&p), c, &opts).unwrap();
    let Confirmation::Confirmed(t) = got else {
        panic!("{got:?}");
    };
    assert!(t.confirmed_by.contains("engine's input values"), "{t:?}");
    assert_eq!(t.nondet_values, vec![7, 12345]);
    // Wrong values fall back to the trace formula, which still confirms the path.
    let mut wrong = c.clone();
    wrong.inputs = Some(vec![1, 2]);
    let got = confirm_cex(&p, &p, &Cfg::build(&p), &wrong, &opts).unwrap();
    let Confirmation::Confirmed(t) = got else {
        panic!("{got:?}");
    };
    assert!(!t.confirmed_by.contains("engine's input values"), "{t:?}");
}

/// Hoare partition with the pivot `a[0]` as the sentinel of the downward scan, abstracted
/// with R(a) = {0} (the EUREKA paper's partition proof): Spacer inlines one of the four loop
/// heads and leaves it out of its certificate; `true` in its place failed ara's check, the
/// clauses with that predicate resolved away pass. 240 s (issue 28): a proof in 2 s alone,
/// but at load 15 to 20 its stages' wall-clock budgets ran out and the 60 s of `check` ended
/// in UNKNOWN; a larger budget costs nothing where the proof comes.
///
/// N = 10 (issue 28; 1000 until then: 15 s of wall and 4.4 s of CPU at load 17, the proof at
/// N = 10 in 0.7 s): the same program with `#define N 10` (bench-suite/tasks, the same
/// generator), whose certificate also has three invariants for the four heads, one inlined
/// and resolved away, which is what this test guards; the omission and the resolution are
/// also checked on their own by `omitted_predicates_are_resolved_away`. Truth of the N = 10
/// task: ESBMC with complete unwinding (`--unwind 12`, LP64 and `--32`) VERIFICATION
/// SUCCESSFUL, and the reasoning in its header, which holds for every N. The task at
/// N = 1000 is the bench-suite's (`ara batch`).
#[test]
fn partition_with_a0_alone_is_safe_despite_inlining() {
    let src = load_dm("bench-suite/tasks/hpartition_safe_n10.c", DataModel::Ilp32);
    let r = IndexSets::parse_track(&src, &["a=0"]).unwrap();
    let a = abstract_program(&src, &VarSet::All, &r).program;
    let v = check_for(&a, 240);
    assert!(
        matches!(&v, EngineVerdict::Proved(Proof::InductiveInvariant { invariants, .. })
            if invariants.len() == 3),
        "{v:?}"
    );
}

/// Nested loops: the outer head has no clause to itself (its every path enters the inner
/// loop or leaves), so Z3 may inline it.
const NESTED: &str = "extern void __VERIFIER_assert(int);
int main(void) {
  int x = 0;
  int y = 0;
  while (x < 3) {
    y = 0;
    while (y < 2) { y = y + 1; }
    x = x + 1;
  }
  __VERIFIER_assert(x == 3);
  return 0;
}
";

/// Resolving away a predicate the certificate omits: the join of the clauses into and out
/// of it; the inner loop's invariant alone then passes ara's check, while `true` for the
/// outer head fails it. A head with a clause to itself is never eliminated.
#[test]
fn omitted_predicates_are_resolved_away() {
    use ara::engines::horn::certify::{eliminate, omitted};
    let p = parse_source(NESTED, "nested.c", &opts(DataModel::Lp64)).unwrap();
    let bv = encode(&p, Theory::BitVector).unwrap();
    let looping = |v: u32| {
        bv.clauses
            .iter()
            .any(|c| c.from == Some(v) && c.to == Some(v))
    };
    let inner = bv
        .preds
        .iter()
        .map(|p| p.vertex)
        .find(|&v| looping(v))
        .unwrap();
    let outer = bv
        .preds
        .iter()
        .map(|p| p.vertex)
        .find(|&v| !looping(v))
        .unwrap();
    let pos = |name: &str| {
        let k = bv.args.iter().position(|(v, _)| p.var(*v).name == name);
        format!("p{}", k.unwrap())
    };
    let (x, y) = (pos("x"), pos("y"));
    let inv = format!(
        "(and (bvsge {x} #x00000000) (bvslt {x} #x00000003) (bvsge {y} #x00000000) (bvsle {y} #x00000002))"
    );
    let names: Vec<String> = (0..bv.args.len()).map(|i| format!("A{i}")).collect();
    let binders: Vec<String> = bv
        .args
        .iter()
        .zip(&names)
        .map(|((_, sort), n)| format!("({n} {sort})"))
        .collect();
    let cert = parse_all(&format!(
        "(and (= ara_error false) (forall ({}) (= (inv_{inner} {}) true)))",
        binders.join(" "),
        names.join(" ")
    ))
    .unwrap();
    assert_eq!(omitted(&bv, &cert), vec![outer]);
    let limits = ara::base::tools::Limits {
        timeout: Some(Duration::from_secs(20)),
        memory_mb: None,
    };
    let check_with = |sys: &ara::engines::horn::encode::HornSystem, interps: &[Interp]| {
        let defs = bv_definitions(&p, sys, interps, Theory::BitVector).unwrap();
        check_invariants(&z3(), sys, &defs, &limits).map_err(|e| e.to_string())
    };
    let both = [interp(inner, &inv), interp(outer, "true")];
    assert!(check_with(&bv, &both).is_err());
    let (e, gone) = eliminate(&bv, &[outer]);
    assert_eq!(gone, vec![outer]);
    assert_eq!(e.preds.len(), 1);
    assert!(
        e.clauses
            .iter()
            .all(|c| c.from != Some(outer) && c.to != Some(outer))
    );
    check_with(&e, &[interp(inner, &inv)]).unwrap();
    // The joined clauses are not vacuous: a wrong inner invariant still fails.
    assert!(check_with(&e, &[interp(inner, &format!("(bvsle {y} #x00000001)"))]).is_err());
    let (same, none) = eliminate(&bv, &[inner]);
    assert!(none.is_empty());
    assert_eq!(same.clauses.len(), bv.clauses.len());
}

/// A certificate with a product beyond 128 bits is checked exactly: `4*x*x != 0` (x an
/// unsigned long, up to 2^130) is refused where it does not exclude the error (x = 2^63,
/// where 128-bit arithmetic would wrap the product to 0 and accept it), and accepted where
/// it does (truth: the first program reaches the error with x = 2^63; the second returns
/// early on x = 0 and never changes x).
#[test]
fn products_beyond_128_bits_are_checked_exactly() {
    let limits = ara::base::tools::Limits {
        timeout: Some(Duration::from_secs(60)),
        memory_mb: None,
    };
    let run = |name: &str| {
        let p = load(&format!("tests/horn/{name}.c"));
        let bv = encode(&p, Theory::BitVector).unwrap();
        let k = bv
            .args
            .iter()
            .position(|(v, _)| p.var(*v).name == "x")
            .expect("x is an argument");
        let text = format!("(not (= (* 4 p{k} p{k}) 0))");
        let interps: Vec<Interp> = bv.preds.iter().map(|q| interp(q.vertex, &text)).collect();
        let defs = bv_definitions(&p, &bv, &interps, Theory::Lia).unwrap();
        check_invariants(&z3(), &bv, &defs, &limits).map_err(|e| e.to_string())
    };
    let e = run("square_wrap_unsafe").unwrap_err();
    assert!(e.contains("safety"), "{e}");
    run("square_wrap_safe").unwrap();
}
