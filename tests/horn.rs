//! The Horn-clause engine (Z3 Spacer) on small C programs.

use ara::abstraction::{IndexSets, VarSet, abstract_program};
use ara::engines::horn::encode::encode;
use ara::frontend::{FrontendOptions, load_file};
use ara::ir::{DataModel, Program};
use ara::smt::Theory;
use std::path::Path;

fn tools() {
    if std::env::var_os("ARA_TOOLS_DIR").is_none() {
        // SAFETY: set once, before any thread of this test reads it.
        unsafe { std::env::set_var("ARA_TOOLS_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/.tools")) };
    }
}

fn load(path: &str, dm: DataModel) -> Program {
    tools();
    let opts = FrontendOptions {
        data_model: dm,
        ..Default::default()
    };
    load_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join(path), &opts).unwrap()
}

fn table1_abstraction() -> Program {
    let p = load("bench-suite/examples/table1.c", DataModel::Lp64);
    let r = IndexSets::parse_track(&p, &["a=1"]).unwrap();
    abstract_program(&p, &VarSet::All, &r).program
}

#[test]
fn dump_table1() {
    let a = table1_abstraction();
    let h = encode(&a, Theory::BitVector).unwrap();
    println!("{}", h.to_smtlib("table1"));
    let h = encode(&a, Theory::Lia).unwrap();
    println!("{}", h.to_smtlib("table1"));
}
