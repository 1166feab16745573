//! The real ESBMC on emitted programs: the `ara_loc` values in its counterexample trace form a
//! path of the CFG from the entry to the error vertex.

#[path = "emit_util.rs"]
mod emit_util;

use ara::ir::cfg::Cfg;
use ara::ir::emit::{EmitOptions, emit_c};
use ara::ir::*;
use emit_util::*;

fn assert_trace_is_cfg_path(p: &Program, extra: &[&str]) -> Vec<u32> {
    let src = emit_c(
        p,
        &EmitOptions {
            markers: true,
            ..Default::default()
        },
    );
    assert_compiles(&src);
    let mut args = vec!["--compact-trace", "--no-unwinding-assertions"];
    args.extend_from_slice(extra);
    let out = run_esbmc(&src, &args, 120);
    assert_eq!(esbmc_verdict(&out), Some(false), "{out}");
    let locs = esbmc_trace_locs(&out);
    let cfg = Cfg::build(p);
    assert_eq!(locs.first(), Some(&entry_vertex(p)), "{locs:?}");
    assert_eq!(locs.last(), Some(&0), "{locs:?}\n{out}");
    assert!(cfg.is_path(&locs), "{locs:?}\n{}", cfg.to_text(p));
    locs
}

#[test]
fn esbmc_trace_of_unsafe_loop_is_a_cfg_path() {
    // Table 1 with `assert(i <= 0)`: fails after one loop iteration.
    let mut b = B::new("t1u.c");
    let a = b.array("a", 30);
    let i = b.global("i");
    let p = b.finish(vec![
        store(3, a, c(1), c(9)),
        assign(4, i, c(0)),
        while_(
            5,
            ne(rd(a, v(i)), c(9)),
            vec![
                store(6, a, v(i), mul(c(2), v(i))),
                assign(7, i, add(v(i), c(1))),
            ],
            vec![],
        ),
        assert_(9, le(v(i), c(0))),
    ]);
    let locs = assert_trace_is_cfg_path(&p, &["--unwind", "5"]);
    assert_eq!(locs, vec![1, 2, 3, 4, 5, 3, 6, 0]);
}

#[test]
fn esbmc_trace_through_continue_goto_and_do_while_is_a_cfg_path() {
    let mut b = B::new("cg.c");
    let n = b.global("n");
    let s = b.global("s");
    let i = b.local("i");
    let a = b.array("a", 8);
    let again = b.label("again");
    let p = b.finish(vec![
        assign(1, n, nd()),
        assume(2, le(v(n), c(6))),
        assign(3, i, c(0)),
        while_(
            4,
            lt(v(i), v(n)),
            vec![
                if_(5, eq(v(i), c(2)), vec![st(5, StmtKind::Continue)], vec![]),
                store(6, a, v(i), add(v(i), c(1))),
            ],
            vec![assign(4, i, add(v(i), c(1)))],
        ),
        st(7, StmtKind::Label(again)),
        do_while(
            8,
            vec![
                assign(9, s, add(v(s), rd(a, bin(BinOp::Rem, v(s), c(8))))),
                if_(10, lt(v(s), c(3)), vec![st(10, StmtKind::Continue)], vec![]),
            ],
            lt(v(s), c(4)),
        ),
        if_(
            11,
            lt(v(s), c(10)),
            vec![
                assign(11, s, add(v(s), c(3))),
                st(11, StmtKind::Goto(again)),
            ],
            vec![],
        ),
        assert_(12, ne(v(s), c(10))),
    ]);
    assert_trace_is_cfg_path(&p, &["--unwind", "6"]);
}
