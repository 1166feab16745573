//! Violation witnesses and playback harnesses of programs checked on their procedural form
//! (recursion, many calls: `procedures`).
//!
//! Takes the procedural form ([`ProcProgram`]) and an UNSAFE verdict's confirmed run; gives
//! the violation witness (format 2.0) or the playback harness. Each is made on a flat program: `pp` inlined deep enough for the run
//! (`ir::inline::inline_bounded`: a call deeper than the bound is `assume(false)`, the run
//! cut; every run of the inlining is a run of the program). Its statements keep their source
//! spans, and a statement of an inlined function takes the same source calls wherever it is
//! inlined ([`super::sites`]), so the flat program's machinery places the inputs at their
//! `__VERIFIER_nondet_*` calls: [`super::violation_witness_within`] and
//! [`super::playback::write_playback`] on the shallowest inlining on which ara's interpreter
//! follows the run without a cut call (`explain::inlined_for_run`; its activations tell the
//! harness that reads of two activations of one statement are not one expression's).
//!
//! Their validation is [`super::validate::validate_violation`]'s (on the program inlined as
//! deep as the witness's run goes).

use super::playback::write_playback as write_flat_playback;
use super::violation_witness_within;
use crate::engines::concrete::ConcreteTrace;
use crate::engines::concrete::playback::SourceOptions;
use crate::ir::Program;
use crate::ir::inline::Frames;
use crate::ir::procs::ProcProgram;
use std::path::Path;
use std::time::{Duration, Instant};

/// The flat program the run of `trace` is made on (module doc), with its activations, or
/// why there is none.
fn inlined_for(pp: &ProcProgram, trace: &ConcreteTrace) -> Result<(Program, Frames), String> {
    crate::strategy::explain::inlined_for_run(pp, trace)
        .map(|(q, frames, _)| (q, frames))
        .map_err(|why| format!("the run is not followed on the program inlined: {why}"))
}

/// The violation witness of the confirmed `trace` of `pp` (from `file`), and its notes; made
/// in `dir` before `deadline` (module doc).
pub fn violation_witness(
    pp: &ProcProgram,
    file: &Path,
    specification: &str,
    trace: &ConcreteTrace,
    dir: &Path,
    deadline: Instant,
) -> Result<(String, Vec<String>), String> {
    let (q, _) = inlined_for(pp, trace)?;
    violation_witness_within(
        &q,
        file,
        specification,
        &trace.nondet_values,
        &trace.initial_values,
        dir,
        deadline,
    )
}

/// `ara check --playback FILE` for a program checked on its procedural form: the harness of
/// the confirmed `trace` written to `out`; the notes for the user, or why there is none.
pub fn write_playback(
    pp: &ProcProgram,
    opts: &SourceOptions,
    trace: &ConcreteTrace,
    out: &Path,
    timeout: Duration,
) -> Result<Vec<String>, String> {
    let (q, frames) = inlined_for(pp, trace)?;
    write_flat_playback(&q, opts, trace, out, timeout, Some(&frames))
}
