//! Abstractions of a [`crate::ir::Program`] into array-free programs.
//!
//! Takes a program and the abstraction's parameters, gives a program of the same CFG shape
//! (same vertex ids, plus auxiliary ones for symbolic cells) without arrays: the index-set
//! abstraction with cells ([`index_set`]); and the witness-index transformation ([`witness`]),
//! which also removes the loops.

pub mod generalize;
pub mod index_set;
pub mod relayout;
pub mod witness;

pub use index_set::{
    Abstraction, AuxVertices, IndexSets, SymCell, Tracked, VarSet, abstract_program,
    abstract_program_with, array_size,
};
