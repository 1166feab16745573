//! Abstractions of a [`crate::ir::Program`] into array-free programs.
//!
//! Takes a program and the abstraction's parameters, gives a program of the same CFG shape
//! (same vertex ids) without arrays: the index-set abstraction ([`index_set`]); and the
//! witness-index transformation ([`witness`]), which also removes the loops.

pub mod index_set;
pub mod witness;

pub use index_set::{
    Abstraction, IndexSets, Tracked, VarSet, abstract_program, abstract_program_with,
};
