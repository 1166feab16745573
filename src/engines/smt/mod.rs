//! Trace formulas and the SMT solver (the check step of CEGAR).
//!
//! Takes a program, its CFG and a path of the CFG that ends in the error vertex; gives an
//! SMT-LIB 2 script whose models are the executions along that path (`encode`), and runs Z3 on
//! it (`z3`): a model gives the inputs of a real error trace, an unsat core names the
//! statements and branches (and through them the array reads) that make the path infeasible.

pub mod encode;
pub mod sexp;
pub mod z3;

pub use encode::{
    ArrayRead, Conjunct, ConjunctKind, ExprEncoder, FreeArray, FreeVar, NondetUse, Query, Theory,
    encode_path, entry_vertex, var_index_term,
};
pub use z3::{
    ArrayValue, Model, NondetValue, SolverAnswer, VarValue, forced_value, forced_value_before,
    minimize_core, solve, solve_prefix, solve_subset, solve_without_core,
};
