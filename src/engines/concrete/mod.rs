//! Concrete execution: runs of the original program, compiled with gcc, on chosen inputs.
//! The one way to UNSAFE (ARCHITECTURE.md: an engine's counterexample is a lead until a run
//! of the original program reaches the error).
//!
//! - [`confirm`]: an engine's counterexample (a CFG path) on the original program: its trace
//!   formula, then the replay of the model's inputs.
//! - [`replay`]: the original program emitted as C with a harness of the inputs, gcc, a run;
//!   shared by confirmation, random testing and witness validation.
//! - [`compile`]: gcc for those runs (the replay's arguments; a text compiled before in the
//!   process is linked from its binary, not compiled again).
//! - [`random`]: random testing of the original program (each hit replayed before it counts).
//! - [`playback`]: a confirmed run's inputs fed to the user's own file (not ara's
//!   translation), and what that run means for UNSAFE.
//! - [`trace`]: the trace types ([`ConcreteTrace`]) the verdict holds (data only, below
//!   `verdict` in the layers).
//!
//! Used by the refinement loop, the portfolio (`strategy`) and witness validation
//! (`svwitness`); uses the engines' types (`engines::Counterexample`), `smt` and `emit`.

pub mod compile;
pub mod confirm;
pub mod playback;
pub mod random;
pub mod replay;
pub mod trace;

pub use trace::{ConcreteTrace, InputValue, ReplayedOn, describe_path};
