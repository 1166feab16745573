//! Witnesses edited by hand are never CONFIRMED; the unedited ones are.
//!
//! Correctness witnesses: a `loop_invariant`'s location is the first character of its loop
//! statement (format 2.0), found by the front end's spans of the loop statements, not by
//! counting keywords in the text. The witnesses ara writes point at the keywords and are
//! CONFIRMED; the same witnesses edited (a wrong invariant, an invariant at another loop, at a
//! line or column no loop starts at, at a `while` in a comment or at the `while` that ends a
//! `do`, an invariant C leaves undefined) never are.
//!
//! Violation witnesses: a value out of its type's range is REJECTED (not wrapped); a waypoint
//! ara does not check (branching, an assumption over an array) makes the answer UNKNOWN; a
//! contradicted waypoint is REJECTED. Runs gcc, ESBMC and Z3 (seconds each).

use serde_norway::Value;
use std::path::{Path, PathBuf};

#[path = "svwitness/run.rs"]
mod run;
#[path = "svwitness/schema.rs"]
mod schema;
use run::{ara, validate};
use schema::*;

fn prog(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/svwitness")
        .join(name)
}

/// An `invariant_set` witness for `file` with `items` (line, column, value).
fn invariants(file: &Path, items: &[(u32, Option<u32>, &str)]) -> String {
    let text = std::fs::read(file).unwrap();
    let hash: String = {
        use sha2::Digest;
        sha2::Sha256::digest(&text)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    let name = file.file_name().unwrap().to_str().unwrap();
    let mut w = format!(
        r#"- entry_type: invariant_set
  metadata:
    format_version: "2.0"
    uuid: 3f1b7a9e-2c4d-4e5f-8a6b-0c1d2e3f4a5b
    creation_time: 2024-11-05T10:00:00Z
    producer: {{name: Hand, version: "1"}}
    task: {{input_files: [{name}], input_file_hashes: {{{name}: {hash}}}, specification: "CHECK( init(main()), LTL(G ! call(reach_error())) )", data_model: LP64, language: C}}
  content:
"#
    );
    for (line, column, v) in items {
        let column = column.map_or(String::new(), |c| format!(", column: {c}"));
        w.push_str(&format!(
            "  - invariant: {{type: loop_invariant, location: {{file_name: {name}, line: {line}{column}}}, value: \"{v}\", format: c_expression}}\n"
        ));
    }
    check_schema(&w);
    w
}

/// `ara check --witness` on a safe program (proved by the Horn engine, whose proof states
/// its invariants): the witness it writes.
fn ara_witness(file: &Path) -> String {
    witness_of_check(file, &["--strategy", "cegar", "--engine", "horn"], 0)
}

/// The witness `ara check ARGS --witness` writes for `file`, which exits with `code`.
fn witness_of_check(file: &Path, args: &[&str], code: i32) -> String {
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("witness.yml");
    let mut all = vec![
        "check",
        "--timeout",
        "300",
        "--witness",
        w.to_str().unwrap(),
    ];
    all.extend(args);
    all.push(file.to_str().unwrap());
    let o = ara(&all);
    assert_eq!(o.status.code(), Some(code), "{o:?}");
    std::fs::read_to_string(&w).unwrap()
}

/// The (line, column) of each invariant of a witness.
fn locations(w: &str) -> Vec<(u64, u64)> {
    let doc: Value = serde_norway::from_str(w).unwrap();
    s(&doc[0], "content")
        .as_sequence()
        .unwrap()
        .iter()
        .map(|i| {
            let loc = s(s(i, "invariant"), "location");
            (
                s(loc, "line").as_u64().unwrap(),
                s(loc, "column").as_u64().unwrap(),
            )
        })
        .collect()
}

fn confirmed(file: &Path, w: &str) {
    let (code, out) = validate(file, w);
    assert_eq!(code, 0, "{out}\n{w}");
    assert!(out.starts_with("CONFIRMED"), "{out}");
}

/// Never CONFIRMED: REJECTED (exit 40) or UNKNOWN (exit 20) with a reason containing `why`.
fn refused(file: &Path, w: &str, code: i32, why: &str) {
    let (c, out) = validate(file, w);
    assert_eq!(c, code, "{out}\n{w}");
    assert!(out.contains(why), "{out}");
}

// loc_comment_safe.c: loop 1 `while (i < n)` at 10:34 (after a comment whose second line
// holds `while` at column 6), loop 2 `while (j < 10)` at 12:3, loop 3 `for` at 12:25.
const LOOP1: &str = "i <= n && n <= 100 && j == 0";
const LOOP2: &str = "j <= 10 && i == n";
const LOOP3: &str = "j >= 10 && j <= 20 && i == n";

#[test]
fn ara_writes_the_keywords_of_the_loops_and_confirms_them() {
    let file = prog("loc_comment_safe.c");
    let w = ara_witness(&file);
    assert_eq!(locations(&w), vec![(10, 34), (12, 3), (12, 25)], "{w}");
    confirmed(&file, &w);
    let file = prog("loc_dowhile_safe.c");
    let w = ara_witness(&file);
    // The `while` loop, not the `while` ending the `do` (column 11), nor the `do`.
    assert_eq!(locations(&w), vec![(9, 33)], "{w}");
    confirmed(&file, &w);
}

#[test]
fn hand_written_invariants_at_the_right_loops_are_confirmed() {
    let file = prog("loc_comment_safe.c");
    confirmed(
        &file,
        &invariants(
            &file,
            &[
                (10, Some(34), LOOP1),
                (12, Some(3), LOOP2),
                (12, Some(25), LOOP3),
            ],
        ),
    );
    // 0-based columns.
    confirmed(
        &file,
        &invariants(
            &file,
            &[
                (10, Some(33), LOOP1),
                (12, Some(2), LOOP2),
                (12, Some(24), LOOP3),
            ],
        ),
    );
    // No column on a line of one loop.
    confirmed(
        &file,
        &invariants(
            &file,
            &[
                (10, None, LOOP1),
                (12, Some(3), LOOP2),
                (12, Some(25), LOOP3),
            ],
        ),
    );
}

#[test]
fn edited_locations_are_never_confirmed() {
    let file = prog("loc_comment_safe.c");
    let rejected = |items: &[(u32, Option<u32>, &str)], why: &str| {
        refused(&file, &invariants(&file, items), 40, why)
    };
    // The invariants of loops 2 and 3 swapped (each at the other's column).
    rejected(
        &[
            (10, Some(34), LOOP1),
            (12, Some(25), LOOP2),
            (12, Some(3), LOOP3),
        ],
        "fails",
    );
    // A false invariant at loop 2: not inductive.
    rejected(
        &[
            (10, Some(34), LOOP1),
            (12, Some(3), "j < 5 && i == n"),
            (12, Some(25), LOOP3),
        ],
        "consecution fails",
    );
    // Loop 1's invariant at the `while` of the comment (line 10, column 6).
    rejected(
        &[
            (10, Some(6), LOOP1),
            (12, Some(3), LOOP2),
            (12, Some(25), LOOP3),
        ],
        "no loop starts at line 10, column 6",
    );
    // A line of the comment, and a line without a loop.
    rejected(&[(9, Some(6), LOOP1)], "no loop starts at line 9");
    rejected(&[(11, Some(3), LOOP2)], "no loop starts at line 11");
    // A column between the two loops of line 12.
    rejected(
        &[(12, Some(10), LOOP2)],
        "no loop starts at line 12, column 10",
    );
    // No column on the line of two loops: ara cannot say which.
    refused(
        &file,
        &invariants(&file, &[(12, None, LOOP2)]),
        20,
        "2 loops start at line 12",
    );
}

#[test]
fn the_while_ending_a_do_is_no_loop_start() {
    // The program is unsafe: `j < 5` is false at `while (j < 10)`; the `while` ending the
    // brace-less `do` before it on the line is no loop's start.
    let file = prog("loc_dowhile_unsafe.c");
    let w = |col| invariants(&file, &[(9, Some(col), "j < 5")]);
    refused(&file, &w(33), 40, "fails");
    refused(&file, &w(11), 40, "no loop starts at line 9, column 11");
    // At the `do`: ara does not check invariants of do loops.
    refused(&file, &w(3), 20, "do loops are not checked");
    // The true invariant at the safe twin, and the false one.
    let safe = prog("loc_dowhile_safe.c");
    confirmed(&safe, &invariants(&safe, &[(9, Some(33), "j <= 10")]));
    refused(
        &safe,
        &invariants(&safe, &[(9, Some(33), "j < 5")]),
        40,
        "consecution fails",
    );
    refused(
        &safe,
        &invariants(&safe, &[(9, Some(11), "j <= 10")]),
        40,
        "no loop starts",
    );
}

/// An invariant whose C evaluation is undefined (true in Z3's bit-vectors, where `x / 0` and
/// overflows have values) is never confirmed, with the invariants that prove the program.
#[test]
fn invariants_with_undefined_behaviour_are_not_confirmed() {
    let file = prog("counter_safe.c");
    let proof = ["s == 2U * i", "(long long)i <= (long long)n", "n <= 1000U"];
    let with = |extra: &str| {
        let mut items: Vec<(u32, Option<u32>, &str)> =
            proof.iter().map(|v| (11, Some(3), *v)).collect();
        items.push((11, Some(3), extra));
        invariants(&file, &items)
    };
    confirmed(&file, &with("i <= 1000U"));
    for ub in [
        "i / 0U == 4294967295U",
        "(int)n * 0 + 2147483647 + 1 < 0",
        "((int)i << 40) == 0",
        "-(-2147483647 - 1 + (int)i * 0) < 0",
    ] {
        let (code, out) = validate(&file, &with(ub));
        assert_eq!(code, 20, "{ub}: {out}");
        assert!(
            out.contains("conditions under which C defines"),
            "{ub}: {out}"
        );
    }
}

// ----- violation witnesses ----------------------------------------------------------------------

/// `w` with `segment` (YAML of one waypoint, indented as ara writes) before the target's.
fn before_target(w: &str, waypoint: &str) -> String {
    let target = "  - segment:\n    - waypoint:\n        type: target";
    let k = w.find(target).expect("a target segment");
    format!("{}  - segment:\n{waypoint}{}", &w[..k], &w[k..])
}

#[test]
fn edited_violation_witnesses_are_never_confirmed() {
    let file = prog("wrap_unsafe.c");
    let w = witness_of_check(&file, &[], 10);
    let path = file.to_str().unwrap();
    let (code, out) = validate(&file, &w);
    assert_eq!(code, 10, "{out}\n{w}");
    let edit = |from: &str, to: &str| {
        assert!(w.contains(from), "{from}");
        w.replace(from, to)
    };
    // 2^32 + 7: an int call cannot return it (wrapped, it would be 7 and reach the error).
    refused(
        &file,
        &edit("\\result == 7", "\\result == 4294967303"),
        40,
        "4294967303 is not a value of type int",
    );
    // A contradicted value.
    refused(&file, &edit("\\result == 7", "\\result == 8"), 40, "ends");
    // The value as an assumption on x (in place of the function_return): right, out of range.
    let assume = |value: &str| {
        edit("type: function_return", "type: assumption")
            .replace(
                "line: 7\n          column: 33",
                "line: 8\n          column: 3",
            )
            .replace("\\result == 7", value)
            .replace("acsl_expression", "c_expression")
    };
    let (code, out) = validate(&file, &assume("x == 7"));
    assert_eq!(code, 10, "{out}");
    refused(
        &file,
        &assume("x == 4294967303"),
        40,
        "not a value of type int",
    );
    // An assumption over an array ara does not check: no confirmation.
    refused(
        &file,
        &before_target(
            &w,
            &format!(
                "    - waypoint:\n        type: assumption\n        action: follow\n        location:\n          file_name: {path}\n          line: 8\n          column: 3\n          function: main\n        constraint:\n          value: a[1] == 5\n          format: c_expression\n"
            ),
        ),
        20,
        "not checked",
    );
    // A branching waypoint, which no run is checked to follow.
    let branching = format!(
        "    - waypoint:\n        type: branching\n        action: follow\n        location:\n          file_name: {path}\n          line: 8\n          column: 3\n          function: main\n        constraint:\n          value: 'false'\n"
    );
    refused(&file, &before_target(&w, &branching), 20, "not checked");
}

#[test]
fn a_loop_written_through_a_macro_is_not_located() {
    let file = prog("loc_macro_safe.c");
    for col in [Some(3), None] {
        refused(
            &file,
            &invariants(&file, &[(8, col, "i <= 10U && j == i")]),
            20,
            "not located in the file",
        );
    }
}
