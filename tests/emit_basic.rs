//! Emitter tests on hand-built IR programs: golden text, gcc acceptance, marker paths.

#[path = "emit_util.rs"]
mod emit_util;

use ara::ir::emit::{EmitOptions, emit_c};
use ara::ir::*;
use emit_util::*;

#[test]
fn table1_plain_golden() {
    let p = table1();
    let src = emit_c(&p, &EmitOptions::default());
    assert_compiles(&src);
    let expected = r#"
int i;
int a[30];
int main(void)
{
    a[1] = 9; /* line 3 */
    i = 0; /* line 4 */
    while (a[i] != 9) { /* line 5 */
        a[i] = 2 * i; /* line 6 */
        i = i + 1; /* line 7 */
    }
    if (!(i <= 1)) reach_error(); /* line 9 */
    return 0;
}"#;
    assert!(norm(&src).ends_with(&norm(expected)), "{src}");
    // The prelude: intrinsics and the reach_error definition naming the file; no markers.
    assert!(src.contains(
        "void reach_error(void) { __assert_fail(\"0\", \"table1.c\", 0, \"reach_error\"); }"
    ));
    assert!(src.contains("extern void __VERIFIER_assume(int);"));
    assert!(!src.contains("ara_loc"));
    assert!(
        !src.contains("__VERIFIER_nondet_"),
        "no nondet used, none declared"
    );
}

#[test]
fn table1_markers_golden() {
    let p = table1();
    let src = emit_c(
        &p,
        &EmitOptions {
            markers: true,
            line_comments: false,
            header_comment: None,
        },
    );
    assert_compiles(&src);
    let expected = r#"
unsigned int ara_loc;
int i;
int a[30];
int main(void)
{
    ara_loc = 1; a[1] = 9;
    ara_loc = 2; i = 0;
    while (1) {
        ara_loc = 3; if (!(a[i] != 9)) break;
        ara_loc = 4; a[i] = 2 * i;
        ara_loc = 5; i = i + 1;
    }
    ara_loc = 6; if (!(i <= 1)) { ara_loc = 0; reach_error(); }
    ara_loc = 7;
    return 0;
}"#;
    assert!(norm(&src).ends_with(&norm(expected)), "{src}");
    assert_eq!(check_marker_paths(&p, 1), 0);
}

#[test]
fn kitchen_sink_compiles_and_markers_follow_the_cfg() {
    let p = kitchen_sink();
    let src = emit_c(&p, &EmitOptions::default());
    assert_compiles(&src);
    // Nondet functions of the types used, with their SV-COMP return types.
    for d in [
        "extern int __VERIFIER_nondet_int(void);",
        "extern char __VERIFIER_nondet_char(void);",
        "extern unsigned char __VERIFIER_nondet_uchar(void);",
        "extern _Bool __VERIFIER_nondet_bool(void);",
    ] {
        assert!(src.contains(d), "{d} missing:\n{src}");
    }
    assert!(!src.contains("__VERIFIER_nondet_long"));
    // Locals at the top of main, initialised when they have a value; user names as comments.
    assert!(norm(&src).contains("int main(void) { unsigned char uc; _Bool flag; int i; int j = 3; short t[5] = {((short) 1), ((short) -2), ((short) 3)}; int s__p[4]; /* s[].p */"), "{src}");
    assert!(src.contains("unsigned long big = 5ul;"));
    // The swap reads both variables before writing either.
    assert!(
        norm(&src)
            .contains("{ int ara_t0 = j; int ara_t1 = i; i = ara_t0; j = ara_t1; } /* line 21 */"),
        "{src}"
    );
    // `continue` in a loop with a step goes to the step.
    assert!(src.contains("goto ara_cont_7;"), "{src}");
    assert!(src.contains("  L1: ;"));
    let errors = check_marker_paths(&p, 300);
    assert!(errors > 0, "some runs should reach the error");
}

#[test]
fn do_while_continue_with_markers_passes_the_test_marker() {
    let mut b = B::new("dw.c");
    let x = b.local("x");
    let p = b.finish(vec![
        assign(1, x, nd()),
        do_while(
            2,
            vec![
                assign(3, x, add(v(x), c(1))),
                if_(4, lt(v(x), c(3)), vec![st(4, StmtKind::Continue)], vec![]),
            ],
            lt(v(x), c(5)),
        ),
        assert_(6, ne(v(x), c(7))),
    ]);
    let src = emit_c(
        &p,
        &EmitOptions {
            markers: true,
            ..Default::default()
        },
    );
    assert!(
        norm(&src).contains("ara_loc = 5; goto ara_cont_2; /* line 4 */"),
        "{src}"
    );
    assert!(
        norm(&src).contains("ara_cont_2: ara_loc = 2; } while (x < 5); /* line 2 */"),
        "{src}"
    );
    let plain = emit_c(&p, &EmitOptions::default());
    assert!(norm(&plain).contains("continue; /* line 4 */"), "{plain}");
    assert_compiles(&plain);
    check_marker_paths(&p, 100);
}

#[test]
fn options_header_file_name_and_no_line_comments() {
    let mut b = B::new("we\"ird */ name.c");
    let big = b.array("big", 1_000_000);
    let p = b.finish(vec![store(1, big, c(999_999), c(1))]);
    let src = emit_c(
        &p,
        &EmitOptions {
            markers: false,
            line_comments: false,
            header_comment: Some("abstraction of x.c */ with\ntwo lines".into()),
        },
    );
    assert_compiles(&src);
    assert!(
        src.starts_with("/* abstraction of x.c * / with */\n/* two lines */\n"),
        "{src}"
    );
    assert!(src.contains(r#""we\"ird */ name.c""#), "{src}");
    assert!(src.contains("int big[1000000];"));
    assert!(!src.contains("/* line"));
}

#[test]
fn generated_names_avoid_user_names() {
    let mut b = B::new("names.c");
    let x = b.global("ara_t0");
    let y = b.global("y");
    let _l = b.label("ara_cont_2");
    let p = b.finish(vec![
        st(1, StmtKind::ParAssign(vec![(x, v(y)), (y, v(x))])),
        while_(
            2,
            lt(v(y), c(3)),
            vec![st(3, StmtKind::Continue)],
            vec![assign(4, y, add(v(y), c(1)))],
        ),
    ]);
    let src = emit_c(&p, &EmitOptions::default());
    assert_compiles(&src);
    assert!(src.contains("int ara_t0_1 = y;"), "{src}");
    assert!(src.contains("ara_cont_2_1: ;"), "{src}");
}
