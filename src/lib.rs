//! ara: index-set abstraction and CEGAR for C programs with arrays, driving bounded model
//! checkers (ESBMC, CBMC) and an SMT solver (Z3).
//!
//! The modules follow the pipeline (see ARCHITECTURE.md): `frontend` (C → [`ir::Program`]) →
//! `abstraction` (index-set abstraction, witness-index transformation) → `engines` (one
//! interface: a program and a budget in, proved / counterexample as a CFG path / unknown out;
//! the solvers' interfaces `smt` and `checkers` below them, concrete execution
//! `engines::concrete` above: a counterexample becomes UNSAFE only there) → the strategies
//! (`cegar`, the refinement loop; `svwitness`; `strategy`, the portfolio; `source_check`) →
//! `batch` and the binaries. `verdict` holds the typed verdicts up to the CLI/JSON edge.
//! The layers and their order are one table in `tests/layers.rs`: a lower layer never
//! imports a higher one.

pub mod abstraction;
pub mod batch;
pub mod cegar;
pub mod checkers;
pub mod commands;
pub mod difftest;
pub mod emit;
pub mod engines;
pub mod error;
pub mod explain;
pub mod frontend;
pub mod ir;
pub mod out;
pub mod procedures;
pub mod progress;
pub mod schedule;
pub mod smt;
pub mod source_check;
pub mod strategy;
pub mod svwitness;
pub mod tools;
pub mod verdict;

pub use error::{AraError, Result};
