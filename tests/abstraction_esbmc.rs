//! The real ESBMC on abstractions of the paper's Table 1 program (emitted with markers):
//! P̂0 (R(a) = {}) is unsafe with a trace through the loop, P̂1 (R(a) = {1}) is safe by
//! k-induction.

#[path = "emit_util.rs"]
mod emit_util;

use ara::abstraction::{IndexSets, VarSet, abstract_program};
use ara::ir::cfg::Cfg;
use ara::ir::emit::{EmitOptions, emit_c};
use emit_util::*;

fn with_markers(p: &ara::ir::Program) -> String {
    let src = emit_c(
        p,
        &EmitOptions {
            markers: true,
            ..Default::default()
        },
    );
    assert_compiles(&src);
    src
}

#[test]
fn table1_p0_is_unsafe_through_the_loop() {
    let p = table1();
    let abs = abstract_program(&p, &VarSet::All, &IndexSets::empty());
    let src = with_markers(&abs.program);
    let out = run_esbmc(
        &src,
        &[
            "--unwind",
            "4",
            "--no-unwinding-assertions",
            "--compact-trace",
        ],
        120,
    );
    assert_eq!(esbmc_verdict(&out), Some(false), "{out}");
    let locs = esbmc_trace_locs(&out);
    // The trace is a path of the *original* CFG, runs the loop body at least twice (i must
    // exceed 1) and ends at the error vertex.
    assert!(Cfg::build(&p).is_path(&locs), "{locs:?}");
    assert_eq!(locs.first(), Some(&1));
    assert_eq!(&locs[locs.len() - 2..], &[6, 0], "{locs:?}");
    assert!(locs.iter().filter(|&&l| l == 5).count() >= 2, "{locs:?}");
}

#[test]
fn table1_p1_is_safe_by_k_induction() {
    let p = table1();
    let r = IndexSets::parse_track(&p, &["a=1"]).unwrap();
    let abs = abstract_program(&p, &VarSet::All, &r);
    let src = with_markers(&abs.program);
    let out = run_esbmc(&src, &["--k-induction", "--max-k-step", "10"], 300);
    assert_eq!(esbmc_verdict(&out), Some(true), "{out}");
    // A proof, not a bounded run: k-induction reports which of its steps closed the proof.
    assert!(out.contains("Solution found by the"), "{out}");
}
