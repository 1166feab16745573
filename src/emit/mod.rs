//! Emitter: [`crate::ir::Program`] → C text. (Being written: issue 2.)
