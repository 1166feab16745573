//! Front end on SV-COMP-style files through `load_file` (which runs `gcc -E`), on `.i` files,
//! and on bad inputs.

use ara::base::error::AraError;
use ara::frontend::{FrontendOptions, load_file};
use ara::ir::cfg::Cfg;
use ara::ir::{ArrayInit, Program, Storage};
use std::path::{Path, PathBuf};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/frontend")
        .join(name)
}

fn load(name: &str) -> (Program, String) {
    let p = load_file(&data(name), &FrontendOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    let text = Cfg::build(&p).to_text(&p);
    (p, text)
}

fn has_all(text: &str, needles: &[&str]) {
    for n in needles {
        assert!(text.contains(n), "missing `{n}` in\n{text}");
    }
}

#[test]
fn sv_array_init() {
    let (p, text) = load("sv_array_init.c");
    let a = p.array(p.array_by_name("a").unwrap());
    assert_eq!(
        (a.size.as_const().unwrap(), a.storage),
        (100000, Storage::Local)
    );
    has_all(
        &text,
        &[
            "1: i = 0; -> [2]  [line 11]",
            "2: while (i < 100000) -> [T:3, F:5]  [line 11]",
            "3: a[i] = 42; -> [4]  [line 12]",
            "7: assert(a[i] == 42); -> [T:8, F:0]  [line 15]",
            "9: exit; -> [10]  [line 17]",
        ],
    );
    assert_eq!(p.num_vertices, 11);
}

#[test]
fn sv_struct_array_with_inlined_function() {
    let (p, text) = load("sv_struct_array.c");
    let x = p.array(p.array_by_name("pts[].x").unwrap());
    assert_eq!(
        (x.name.as_str(), x.size.as_const().unwrap(), x.init.clone()),
        ("pts__x", 50, ArrayInit::Zero)
    );
    has_all(
        &text,
        &[
            "assume(n <= 50); -> [T:3]  [line 23]",
            "pts__y[i] = __VERIFIER_nondet_int();",
            "sum_x__s = sum_x__s + pts__x[sum_x__k]; -> [14]",
            "s = sum_x__ret;",
            "assert(s == (int) n);",
        ],
    );
}

#[test]
fn sv_with_glibc_assert_and_stdio() {
    let (p, text) = load("sv_assert_h.c");
    assert_eq!(
        p.array(p.array_by_name("count").unwrap()).init,
        ArrayInit::Zero
    );
    has_all(
        &text,
        &[
            "if (k < 0 || k >= 10) -> [T:5, F:6]  [line 15]",
            "continue; -> [2]",
            "count[k] = count[k] + 1;",
            "8: ; -> [9]  [line 20]",
            "9: assert(i == 10); -> [T:10, F:0]  [line 21]",
            "exit; -> [14]  [line 24]",
        ],
    );
}

#[test]
fn sv_implicit_int_main() {
    let (_, text) = load("sv_implicit_int.c");
    has_all(
        &text,
        &[
            "3: A[i] = i; -> [4]  [line 14]",
            "5: assert(A[1023] == 1023); -> [T:6, F:0]  [line 17]",
            "6: EXIT",
        ],
    );
}

#[test]
fn sv_matrix_switch_goto() {
    let (p, text) = load("sv_matrix_switch.c");
    let m = p.array(p.array_by_name("m").unwrap());
    assert_eq!(
        (m.size, m.dims.clone()),
        (
            ara::ir::Size::Const(20),
            vec![ara::ir::Size::Const(4), ara::ir::Size::Const(5)]
        )
    );
    has_all(
        &text,
        &[
            "m[r * 5 + c] = 0;",
            "m[r * 5 + c] = (int) (r * 5 + c);",
            "goto out; -> [18]",
            "m[19] != 4 * 5 - 1) -> [T:19, F:20]  [line 30]",
            "19: reach_error(); -> [0]  [line 31]",
        ],
    );
}

#[test]
fn preprocessed_i_files_keep_original_lines() {
    let dir = tempfile::tempdir().unwrap();
    let i = dir.path().join("prog.i");
    std::fs::write(
        &i,
        "# 1 \"prog.c\"\n# 1 \"<built-in>\"\n# 1 \"prog.c\"\n# 1 \"lib.h\" 1\nint lib_x;\n# 2 \"prog.c\" 2\n\nint main() {\n  lib_x = 1;\n  return 0;\n}\n",
    )
    .unwrap();
    let p = load_file(&i, &FrontendOptions::default()).unwrap();
    let text = Cfg::build(&p).to_text(&p);
    assert!(text.contains("1: lib_x = 1; -> [2]  [line 4]"), "{text}");
}

#[test]
fn syntax_errors_point_into_the_c_file() {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path().join("bad.c");
    std::fs::write(
        &c,
        "#include <stdio.h>\n\nint main() {\n  int x = 1\n  return x;\n}\n",
    )
    .unwrap();
    let e = load_file(&c, &FrontendOptions::default()).unwrap_err();
    assert_eq!(e.exit_code(), 2);
    match &e {
        AraError::Syntax { file, line, .. } => {
            assert!(file.ends_with("bad.c"), "{e}");
            assert_eq!(*line, 5, "{e}");
        }
        other => panic!("{other}"),
    }
    // gcc -E itself fails: its first error line is reported.
    let c2 = dir.path().join("inc.c");
    std::fs::write(
        &c2,
        "int x;\n#include \"missing.h\"\nint main() { return 0; }\n",
    )
    .unwrap();
    let e = load_file(&c2, &FrontendOptions::default()).unwrap_err();
    match &e {
        AraError::Syntax {
            file,
            line,
            col,
            msg,
        } => {
            assert!(file.ends_with("inc.c"), "{e}");
            assert_eq!((*line, *col), (2, 10), "{e}");
            assert!(msg.contains("missing.h"), "{e}");
        }
        other => panic!("{other}"),
    }
}

#[test]
fn unsupported_positions_in_c_files() {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path().join("ptr.c");
    std::fs::write(
        &c,
        "#include <stdlib.h>\n#include <stdio.h>\nint main() {\n  int *p = malloc(sizeof(int));\n  p = realloc(p, 2 * sizeof(int));\n  return 0;\n}\n",
    )
    .unwrap();
    let e = load_file(&c, &FrontendOptions::default()).unwrap_err();
    assert_eq!(e.exit_code(), 3);
    let s = e.to_string();
    assert!(
        s.contains("ptr.c:5:") && s.contains("unsupported: realloc"),
        "{s}"
    );
}

#[test]
fn bad_inputs_are_input_errors() {
    let dir = tempfile::tempdir().unwrap();
    let opts = FrontendOptions::default();
    let check = |path: &Path, needle: &str| {
        let e = load_file(path, &opts).unwrap_err();
        assert_eq!(e.exit_code(), 5, "{e}");
        assert!(e.to_string().contains(needle), "{e}");
    };
    check(&dir.path().join("nope.c"), "no such file");
    check(dir.path(), "directory");
    let empty = dir.path().join("empty.c");
    std::fs::write(&empty, "  \n").unwrap();
    check(&empty, "empty");
    let bin = dir.path().join("bin.c");
    std::fs::write(&bin, b"int main\0() {}").unwrap();
    check(&bin, "binary");
    let latin = dir.path().join("latin.c");
    std::fs::write(&latin, b"int main() { return 0; } /* \xe9 */").unwrap();
    check(&latin, "binary");
}
