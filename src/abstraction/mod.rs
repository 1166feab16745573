//! Abstractions of a [`crate::ir::Program`] into array-free programs.
//! (Being written: the index-set abstraction of issue 2.)
