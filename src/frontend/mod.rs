//! Front end: C source (`.c` through `gcc -E`, or preprocessed `.i`) → [`crate::ir::Program`].
//! (Being written: see issue 2.)
