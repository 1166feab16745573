//! Violation witnesses of runs that read uninitialised locals (SV-COMP: their contents are
//! nondeterministic): the initial values are `assumption` waypoints before the statement after
//! the declaration; `ara validate` gives them to its run, checks them at their statement, and
//! rejects witnesses whose values or lines are wrong. And SAFE verdicts proved by complete
//! unwinding get the invariants of a short Horn-engine search. Runs gcc (and ESBMC/Z3 for
//! `ara check`).

use ara::engines::smt::{ArrayValue, Model, VarValue};
use ara::ir::DataModel;
use serde_norway::Value;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[path = "svwitness/run.rs"]
mod run;
#[path = "svwitness/schema.rs"]
mod schema;
use run::{ara, validate};
use schema::{check_schema, s, string};

fn prog(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/svwitness")
        .join(name)
}

fn load(file: &Path) -> ara::ir::Program {
    let opts = ara::frontend::FrontendOptions {
        data_model: DataModel::Lp64,
        ..Default::default()
    };
    ara::frontend::load_file(file, &opts).expect("loads")
}

/// ara's witness for the run of `file` on `inputs` with the initial values `initial`.
fn witness_for(file: &Path, inputs: &[i128], initial: &Model) -> Result<String, String> {
    let p = load(file);
    let dir = tempfile::tempdir().unwrap();
    ara::strategy::svwitness::violation_witness_for_inputs(
        &p,
        file,
        ara::strategy::svwitness::write::UNREACH_CALL,
        inputs,
        initial,
        dir.path(),
        Duration::from_secs(60),
    )
}

/// The waypoints (type, line, constraint) of a witness.
fn waypoints(doc: &Value) -> Vec<(String, u64, String)> {
    s(&doc[0], "content")
        .as_sequence()
        .unwrap()
        .iter()
        .flat_map(|seg| s(seg, "segment").as_sequence().unwrap().iter())
        .map(|i| {
            let w = s(i, "waypoint");
            let c = w
                .get("constraint")
                .map_or(String::new(), |c| string(c, "value").to_string());
            (
                string(w, "type").to_string(),
                s(s(w, "location"), "line").as_u64().unwrap(),
                c,
            )
        })
        .collect()
}

/// The model of `uninit_scalar_unsafe.c`'s error: a[0] = 7, x = -4 (n = 3 is the input).
fn scalar_model(p: &ara::ir::Program) -> Model {
    let a = p.array_by_name("a").unwrap();
    let x = p.var_ids().find(|&v| p.var(v).display == "x").unwrap();
    Model {
        nondets: vec![],
        vars: vec![VarValue { var: x, value: -4 }],
        arrays: vec![
            ArrayValue {
                array: a,
                index: 0,
                value: 7,
            },
            // Written before it is read: no waypoint states it.
            ArrayValue {
                array: a,
                index: 2,
                value: 5,
            },
        ],
    }
}

#[test]
fn initial_values_are_assumptions_before_the_statement_after_the_declarations() {
    let file = prog("uninit_scalar_unsafe.c");
    let p = load(&file);
    let w = witness_for(&file, &[3], &scalar_model(&p)).expect("a witness");
    let doc = check_schema(&w);
    assert_eq!(
        waypoints(&doc),
        vec![
            // Before `int n = __VERIFIER_nondet_int();`, which follows both declarations.
            ("assumption".into(), 10, "x == -4 && a[0] == 7".into()),
            ("function_return".into(), 10, "\\result == 3".into()),
            ("target".into(), 13, String::new()),
        ],
        "{w}"
    );
    assert!(w.contains("column: 3"), "{w}");
    let (code, out) = validate(&file, &w);
    assert_eq!(code, 10, "{out}\n{w}");
    assert!(out.starts_with("CONFIRMED"), "{out}");
    assert!(out.contains("2 initial value(s)"), "{out}");

    // A wrong value: the run (every value pinned) misses the error.
    let (code, out) = validate(&file, &w.replace("x == -4", "x == 4"));
    assert_eq!(code, 40, "{out}");
    assert!(out.starts_with("REJECTED"), "{out}");
    // A line before the declarations: the locals are not in scope there.
    let (code, out) = validate(&file, &w.replacen("line: 10", "line: 7", 1));
    assert_eq!(code, 40, "{out}");
    assert!(out.contains("not in scope"), "{out}");
    // A line after the if, which the run never reaches before the error.
    let (code, out) = validate(&file, &w.replacen("line: 10", "line: 15", 1));
    assert_eq!(code, 40, "{out}");
    assert!(out.contains("never reaches"), "{out}");
    // Without the assumption ara gives the locals 0: not the error, but not exact either.
    let open = w.replace("x == -4 && a[0] == 7", "1 == 1");
    let (code, out) = validate(&file, &open);
    assert_eq!(code, 20, "{out}");
    assert!(
        out.contains("initial value(s) of uninitialised locals"),
        "{out}"
    );
}

#[test]
fn a_loop_test_reading_an_uninitialised_array_is_followed() {
    let file = prog("uninit_loop_unsafe.c");
    let p = load(&file);
    let a = p.array_by_name("a").unwrap();
    let model = Model {
        nondets: vec![],
        vars: vec![],
        // a[0] == 5 stops the loop at once; a[1] is never read.
        arrays: vec![
            ArrayValue {
                array: a,
                index: 0,
                value: 5,
            },
            ArrayValue {
                array: a,
                index: 1,
                value: 5,
            },
        ],
    };
    let w = witness_for(&file, &[], &model).expect("a witness");
    let doc = check_schema(&w);
    let wps = waypoints(&doc);
    assert_eq!(wps[0], ("assumption".into(), 11, "a[0] == 5".into()), "{w}");
    assert_eq!(wps.len(), 2, "{w}");
    let (code, out) = validate(&file, &w);
    assert_eq!(code, 10, "{out}\n{w}");
    // a[0] = 6, then a[1] (not stated: ara gives 0) stops nothing, a[2] stops the loop at 2.
    let (code, out) = validate(&file, &w.replace("a[0] == 5", "a[0] == 6"));
    assert_eq!(code, 20, "{out}");
    let (code, out) = validate(&file, &w.replace("a[0] == 5", "a[0] == 6 && a[1] == 0"));
    assert_eq!(code, 40, "{out}");
}

#[test]
fn ara_check_writes_a_witness_that_validates() {
    let file = prog("uninit_scalar_unsafe.c");
    let dir = tempfile::tempdir().unwrap();
    let wf = dir.path().join("w.yml");
    let o = ara(&[
        "check",
        "--timeout",
        "60",
        "--witness",
        wf.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(10),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let w = std::fs::read_to_string(&wf).expect("a witness");
    check_schema(&w);
    assert!(w.contains("type: assumption"), "{w}");
    let (code, out) = validate(&file, &w);
    assert_eq!(code, 10, "{out}\n{w}");
}

// ----- variable-size arrays and malloc'd blocks ---------------------------------------------

/// Initial values of elements of array `display` (by flat index).
fn elements(p: &ara::ir::Program, display: &str, values: &[(i128, i128)]) -> Vec<ArrayValue> {
    let array = p
        .array_ids()
        .find(|&a| p.array(a).display == display)
        .unwrap_or_else(|| panic!("no array {display}"));
    values
        .iter()
        .map(|&(index, value)| ArrayValue {
            array,
            index,
            value,
        })
        .collect()
}

/// ara's witness of `file` on `inputs` with the initial array values `arrays` is CONFIRMED
/// and has the waypoints `expected`; each `(from, to)` of `wrong` makes it REJECTED with a
/// message holding the third part. Gives the witness.
fn confirmed_and_mutants(
    file: &str,
    inputs: &[i128],
    arrays: &[(&str, &[(i128, i128)])],
    expected: &[(&str, u64, &str)],
    wrong: &[(&str, &str, &str)],
) -> String {
    let file = prog(file);
    let p = load(&file);
    let model = Model {
        nondets: vec![],
        vars: vec![],
        arrays: arrays
            .iter()
            .flat_map(|(d, vs)| elements(&p, d, vs))
            .collect(),
    };
    let w = witness_for(&file, inputs, &model).expect("a witness");
    let doc = check_schema(&w);
    let expected: Vec<(String, u64, String)> = expected
        .iter()
        .map(|(t, l, c)| (t.to_string(), *l, c.to_string()))
        .collect();
    assert_eq!(waypoints(&doc), expected, "{w}");
    let (code, out) = validate(&file, &w);
    assert_eq!(code, 10, "{out}\n{w}");
    assert!(
        out.contains("initial value(s) of uninitialised locals"),
        "{out}"
    );
    for (from, to, why) in wrong {
        assert!(w.contains(from), "{from}: {w}");
        let (code, out) = validate(&file, &w.replacen(from, to, 1));
        assert_eq!(code, 40, "{from} -> {to}: {out}");
        assert!(out.contains(why), "{from} -> {to}: {out}");
    }
    w
}

#[test]
fn an_element_of_a_variable_size_array_read_before_it_is_written_is_stated() {
    // a[0] is written before it is read (not stated), a[2] never read.
    confirmed_and_mutants(
        "vla_read_unsafe.c",
        &[3],
        &[("a", &[(0, 5), (1, 42), (2, 9)])],
        &[
            ("function_return", 6, "\\result == 3"),
            // Before `a[0] = 1;`, the statement after the declaration.
            ("assumption", 9, "a[1] == 42"),
            ("target", 11, ""),
        ],
        &[
            ("a[1] == 42", "a[1] == 41", "without reaching"),
            // An element that does not exist (n = 3): the constraint does not hold.
            ("a[1] == 42", "a[1] == 42 && a[3] == 0", "does not hold"),
            ("line: 9", "line: 7", "not in scope"),
            ("line: 9", "line: 13", "never reaches"),
        ],
    );
}

#[test]
fn an_element_of_a_malloced_block_read_before_it_is_written_is_stated() {
    let w = confirmed_and_mutants(
        "heap_read_unsafe.c",
        &[4, 2],
        &[("p", &[(2, 7), (3, -1)])],
        &[
            ("function_return", 7, "\\result == 4"),
            // Before `int k = ...;`, the statement after the allocation.
            ("assumption", 10, "p[2] == 7"),
            ("function_return", 10, "\\result == 2"),
            ("target", 13, ""),
        ],
        &[
            ("p[2] == 7", "p[2] == 6", "without reaching"),
            ("line: 10", "line: 6", "not in scope"),
            ("line: 10", "line: 15", "never reaches"),
        ],
    );
    // At the allocation's line: read as "after the allocation", checked before the next
    // statement (not exact, so a wrong value there is no REJECTED).
    let at_alloc = w.replacen("line: 10", "line: 9", 1);
    let (code, out) = validate(&prog("heap_read_unsafe.c"), &at_alloc);
    assert_eq!(code, 10, "{out}\n{at_alloc}");
    // The same witness for the `calloc` twin: a zeroed block has no initial value to state,
    // so `p[2] == 7` is not an input there and the run (p[2] == 0) misses the error.
    let twin = prog("calloc_read_safe.c");
    let (heap, calloc) = (src_of("heap_read_unsafe.c"), src_of("calloc_read_safe.c"));
    let w = w
        .replace(&heap.sha256(), &calloc.sha256())
        .replace(&heap.path, &calloc.path);
    let (code, out) = validate(&twin, &w);
    assert_eq!(code, 20, "{out}\n{w}");
    assert!(out.contains("without reaching"), "{out}");
}

fn src_of(name: &str) -> ara::strategy::svwitness::source::SourceText {
    ara::strategy::svwitness::source::SourceText::read(&prog(name)).unwrap()
}

#[test]
fn a_field_of_a_variable_size_array_of_structs_is_stated() {
    // The front end splits `struct pair s[n]` into `s[].p` and `s[].q`; s[0].p is written.
    confirmed_and_mutants(
        "vla_struct_unsafe.c",
        &[2],
        &[("s[].q", &[(1, 4)]), ("s[].p", &[(0, 8), (1, 8)])],
        &[
            ("function_return", 8, "\\result == 2"),
            ("assumption", 11, "s[1].q == 4"),
            ("target", 13, ""),
        ],
        &[
            ("s[1].q == 4", "s[1].q == 5", "without reaching"),
            ("line: 11", "line: 15", "never reaches"),
        ],
    );
}

#[test]
fn an_initial_value_that_cannot_be_stated_is_left_open_at_zero() {
    let file = prog("vla_zero_unsafe.c");
    let p = load(&file);
    let initial = |v| Model {
        nondets: vec![],
        vars: vec![],
        arrays: elements(&p, "a", &[(1, v)]),
    };
    // The statement after `int a[n];` shares its line: no waypoint can state a[1] there, but
    // its 0 is what a validator's run gives an unstated initial value.
    let w = witness_for(&file, &[2], &initial(0)).expect("a witness");
    let doc = check_schema(&w);
    assert!(!w.contains("type: assumption"), "{w}");
    assert_eq!(waypoints(&doc).len(), 2, "{w}");
    let (code, out) = validate(&file, &w);
    assert_eq!(code, 10, "{out}\n{w}");
    // Another value: the witness is that of the run with a[1] zero (it reaches the error too).
    assert_eq!(
        witness_for(&file, &[2], &initial(3)).map(|w| waypoints(&check_schema(&w))),
        Ok(waypoints(&doc))
    );
}

// ----- correctness witnesses of proofs by complete unwinding -----------------------------------

/// ara's correctness witness of `file` proved by complete unwinding (`bound`), with a search of
/// `budget` (more than `ara check`'s 10 s, so that a loaded machine does not fail the tests)
/// on the abstraction `proved` tracked: (witness, notes).
fn unwinding_witness(
    file: &Path,
    bound: u32,
    budget: Duration,
    proved: Option<&[ara::strategy::cegar::TrackedSummary]>,
) -> (String, Vec<String>) {
    let p = load(file);
    ara::strategy::svwitness::correctness_witness_for(
        &p,
        file,
        ara::strategy::svwitness::write::UNREACH_CALL,
        &ara::engines::Proof::CompleteUnwinding { bound },
        Duration::from_secs(60),
        ara::strategy::svwitness::Search { budget, proved },
    )
    .expect("a witness")
}

#[test]
fn a_proof_by_complete_unwinding_gets_the_invariants_of_a_short_search() {
    let file = prog("unwound_counter_safe.c");
    // What `ara check` proves this program by (its loop has a constant bound).
    let (w, notes) = unwinding_witness(&file, 21, Duration::from_secs(60), None);
    let doc = check_schema(&w);
    let items = s(&doc[0], "content").as_sequence().unwrap();
    assert_eq!(items.len(), 1, "{w}\n{notes:?}");
    let loc = s(s(&items[0], "invariant"), "location");
    assert_eq!(s(loc, "line").as_u64(), Some(8), "{w}");
    let (code, out) = validate(&file, &w);
    assert_eq!(code, 0, "{out}\n{w}");
    assert!(out.starts_with("CONFIRMED"), "{out}");
    // Without a search (a zero budget): the minimal witness.
    let (w, _) = unwinding_witness(&file, 21, Duration::ZERO, None);
    assert!(w.contains("content: []"), "{w}");
}

#[test]
fn a_large_array_is_searched_on_the_abstraction_that_was_proved() {
    let file = prog("tracked_safe.c");
    let tracked = [ara::strategy::cegar::TrackedSummary {
        array: "a".into(),
        tracked: vec![5],
        tracked_count: 1,
        total: 100_000,
        cells: vec![],
    }];
    let witness = |proved| unwinding_witness(&file, 6, Duration::from_secs(60), proved);
    let (w, notes) = witness(Some(&tracked[..]));
    let doc = check_schema(&w);
    assert_eq!(
        s(&doc[0], "content").as_sequence().unwrap().len(),
        1,
        "{w}\n{notes:?}"
    );
    assert!(w.contains("a[5]"), "{w}");
    let (code, out) = validate(&file, &w);
    assert_eq!(code, 0, "{out}\n{w}");
    // Not an abstraction's proof: 100000 elements are not searched.
    let (w, notes) = witness(None);
    assert!(w.contains("content: []"), "{w}");
    assert!(
        notes.iter().any(|n| n.contains("100000 array elements")),
        "{notes:?}"
    );
}

/// The witness is part of the answer: its invariant search and checks fit in what is left of
/// `--timeout` (`ara batch` kills ara shortly after the limit, and a killed run loses its
/// verdict), so a proof found near the limit still comes with its (perhaps minimal) witness.
#[test]
fn the_witness_is_written_within_the_time_limit() {
    let file = prog("unwound_counter_safe.c");
    let d = tempfile::tempdir().unwrap();
    let w = d.path().join("w.yml");
    let start = std::time::Instant::now();
    let o = ara(&[
        "check",
        "--timeout",
        "4",
        "--witness",
        w.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    let took = start.elapsed();
    let out = String::from_utf8_lossy(&o.stdout);
    // ara's own slack after the limit is a moment (its last runs stop, the minimal witness).
    assert!(took < Duration::from_secs(7), "took {took:?}: {out}");
    if out.starts_with("SAFE") {
        check_schema(&std::fs::read_to_string(&w).expect("a witness"));
    }
}
