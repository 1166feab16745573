//! ara: index-set abstraction and CEGAR for C programs with arrays, driving bounded model
//! checkers (ESBMC, CBMC) and an SMT solver (Z3).
//!
//! The modules follow the pipeline (see ARCHITECTURE.md):
//! `frontend` (C → [`ir::Program`]) → `ir` (the program and its CFG) → `abstraction`
//! (index-set abstraction) → `emit` (IR → C) → `checkers` (ESBMC/CBMC runs → verdicts and
//! traces) → `engines` (one interface: a program and a budget in, proved / counterexample as a
//! CFG path / unknown out; `engines::confirm` turns a counterexample into UNSAFE) → `smt`
//! (trace formulas, Z3) → `cegar` (the refinement loop); `strategy` picks between the
//! refinement loop and the witness-index transformation (`abstraction::witness`); `verdict`
//! holds the typed verdicts up to the CLI/JSON edge.

pub mod abstraction;
pub mod batch;
pub mod cegar;
pub mod checkers;
pub mod difftest;
pub mod emit;
pub mod engines;
pub mod error;
pub mod explain;
pub mod frontend;
pub mod ir;
pub mod out;
pub mod smt;
pub mod source_check;
pub mod strategy;
pub mod svwitness;
pub mod tools;
pub mod verdict;

pub use error::{AraError, Result};
