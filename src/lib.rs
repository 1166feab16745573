//! ara: index-set abstraction and CEGAR for C programs with arrays, driving bounded model
//! checkers (ESBMC, CBMC) and an SMT solver (Z3).
//!
//! One folder per layer, lowest first (ARCHITECTURE.md, "Layers"; `tests/layers.rs` fails
//! when a lower layer imports a higher one):
//! - `base`: errors, stdout, the progress line, running external tools;
//! - `ir`: the program, its CFG, C types, printing (`ir::emit`: the program as C), constant
//!   evaluation, a checker's trace as data (`ir::trace`);
//! - `frontend`: C → [`ir::Program`];
//! - `abstraction`: the index-set abstraction, the witness-index transformation, the
//!   rewritings for proofs (`generalize`, `relayout`);
//! - `engines`: one interface (a program and a budget in; proved / counterexample as a CFG
//!   path / unknown out) over the solvers' interfaces (`engines::smt`, `engines::checkers`),
//!   concrete execution (`engines::concrete`: a counterexample becomes UNSAFE only there)
//!   and the typed verdicts (`engines::verdict`, up to the CLI/JSON edge);
//! - `strategy`: the refinement loop (`strategy::cegar`), the portfolio as data
//!   (`strategy::schedule`), procedures and recursion (`strategy::procedures`,
//!   `strategy::source_check`), SV-COMP witnesses (`strategy::svwitness`), the explanation
//!   of a verdict (`strategy::explain`);
//! - `cli`: each command's body (`cli::commands`), `ara batch`, the differential tester.

pub mod abstraction;
pub mod base;
pub mod cli;
pub mod engines;
pub mod frontend;
pub mod ir;
pub mod strategy;

pub use base::error::{AraError, Result};
