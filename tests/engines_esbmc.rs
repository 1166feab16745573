//! The engine interface with the real ESBMC, Z3 and gcc: `engines::bmc::Bmc` through
//! `&dyn Engine` (proofs, counterexamples as CFG paths, typed unknowns), and
//! `engines::concrete::confirm` on the original program (confirmed by replay, infeasible with a core,
//! not a path). ESBMC and Z3 are found through `ARA_TOOLS_DIR` (or `scripts/setup`).

use ara::abstraction::{IndexSets, VarSet, abstract_program};
use ara::base::tools::Limits;
use ara::engines::bmc::Bmc;
use ara::engines::checkers::UnknownReason;
use ara::engines::checkers::{CheckOptions, CheckerKind, Mode};
use ara::engines::concrete::confirm::{ConfirmOptions, Confirmation, confirm};
use ara::engines::smt::Theory;
use ara::engines::verdict::Unconfirmed;
use ara::engines::{Budget, Engine, EngineVerdict, Proof};
use ara::frontend::{FrontendOptions, load_file};
use ara::ir::cfg::Cfg;
use ara::ir::{Program, VERTEX_ERROR};
use std::path::PathBuf;
use std::time::Duration;

fn load(rel: &str) -> Program {
    let f = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    load_file(&f, &FrontendOptions::default()).expect("the program loads")
}

fn esbmc(mode: Mode) -> Box<dyn Engine> {
    let mut o = CheckOptions::new(CheckerKind::Esbmc);
    o.mode = mode;
    Box::new(Bmc::new(o, "program", "engines_esbmc test".into()))
}

fn budget(secs: u64) -> Budget {
    Budget {
        timeout: Some(Duration::from_secs(secs)),
        ..Budget::default()
    }
}

fn confirm_on(p: &Program, path: &[u32], dir: &std::path::Path) -> Confirmation {
    let opts = ConfirmOptions {
        theory: Theory::BitVector,
        limits: Limits {
            timeout: Some(Duration::from_secs(60)),
            memory_mb: None,
        },
        dir,
        keep_tag: None,
    };
    confirm(p, &Cfg::build(p), path, &opts).expect("no fault of ara's")
}

/// A bug of the original: a counterexample whose path is a CFG error path, and its
/// confirmation replays it.
#[test]
fn a_bug_is_a_cfg_path_and_is_confirmed_by_replay() {
    let p = load("bench-suite/corpus/init_check_unsafe.c");
    let out = esbmc(Mode::Unwind(12)).check(&p, &budget(120)).unwrap();
    assert_eq!(out.engine, "esbmc");
    let EngineVerdict::Counterexample(cex) = out.verdict else {
        panic!("{:?}", out.verdict)
    };
    let cfg = Cfg::build(&p);
    assert!(cfg.is_path(&cex.path), "{:?}", cex.path);
    assert_eq!(cex.path.last(), Some(&VERTEX_ERROR));
    let dir = tempfile::tempdir().unwrap();
    match confirm_on(&p, &cex.path, dir.path()) {
        Confirmation::Confirmed(trace) => {
            assert_eq!(trace.path, cex.path);
            assert!(trace.confirmed_by.contains("reaches the error"));
        }
        other => panic!("{other:?}"),
    }
}

/// The paper's Table 1 program: the abstraction without tracked elements has a counterexample
/// that is infeasible on the original (with an unsat core); the original is proved.
#[test]
fn a_spurious_trace_is_infeasible_and_a_safe_program_is_proved() {
    let p = load("bench-suite/examples/table1.c");
    let abs = abstract_program(&p, &VarSet::All, &IndexSets::empty());
    let out = esbmc(Mode::Auto).check(&abs.program, &budget(120)).unwrap();
    let EngineVerdict::Counterexample(cex) = out.verdict else {
        panic!("{:?}", out.verdict)
    };
    let dir = tempfile::tempdir().unwrap();
    match confirm_on(&p, &cex.path, dir.path()) {
        Confirmation::Infeasible { core, .. } => assert!(!core.is_empty()),
        other => panic!("{other:?}"),
    }
    let out = esbmc(Mode::Auto).check(&p, &budget(120)).unwrap();
    assert!(
        matches!(
            out.verdict,
            EngineVerdict::Proved(Proof::CompleteUnwinding { .. } | Proof::KInduction { .. })
        ),
        "{:?}",
        out.verdict
    );
}

/// What is not an error path of the CFG is never confirmed (nor given to the solver).
#[test]
fn a_non_path_is_unconfirmed() {
    let p = load("bench-suite/corpus/init_check_unsafe.c");
    let dir = tempfile::tempdir().unwrap();
    for path in [vec![1, 0], vec![1, 2], vec![9999, 0], vec![]] {
        match confirm_on(&p, &path, dir.path()) {
            Confirmation::Unconfirmed(Unconfirmed::NotAnErrorPath { path: p }) => {
                assert_eq!(p, path)
            }
            other => panic!("{path:?}: {other:?}"),
        }
    }
}

/// A bound too small (the loop of Table 1 may run twice) is a typed unknown, never a proof.
#[test]
fn a_bound_too_small_is_unknown() {
    let p = load("bench-suite/examples/table1.c");
    let out = esbmc(Mode::Unwind(1)).check(&p, &budget(120)).unwrap();
    assert_eq!(
        out.verdict,
        EngineVerdict::Unknown(UnknownReason::UnwindingIncomplete { bound: 1 })
    );
}
