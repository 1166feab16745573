//! The differential tester: random programs in ara's C subset ([`generate`], and its recursion
//! class [`recursion`], both with the array-parameter patterns [`arrparams`]) and mutants of the
//! corpus ([`mutate`]), each decided by plain ESBMC with complete unwinding (the ground truth,
//! cross-checked by gcc runs) and by `ara check` with every strategy ([`driver`]); a
//! disagreement where ara answers SAFE or UNSAFE is reduced to a small reproducer
//! ([`reduce`]). The contracts class ([`contracts`]) tests `ara validate` instead: a contract
//! of a recursive procedure, its truth ESBMC's on the program with the contract asserted in
//! exact arithmetic. `src/bin/ara-difftest.rs` is the command line, `scripts/difftest` its
//! wrapper.

pub mod arrparams;
pub mod ast;
pub mod contracts;
pub mod driver;
pub mod generate;
pub mod lits;
pub mod mutate;
pub mod print;
pub mod recursion;
pub mod reduce;
pub mod rng;
