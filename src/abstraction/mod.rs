//! Abstractions of a [`crate::ir::Program`] into array-free programs.
//!
//! Takes a program and the abstraction's parameters, gives a program of the same CFG shape
//! (same vertex ids) without arrays. Now: the index-set abstraction ([`index_set`]).

pub mod index_set;

pub use index_set::{
    Abstraction, IndexSets, Tracked, VarSet, abstract_program, abstract_program_with,
};
