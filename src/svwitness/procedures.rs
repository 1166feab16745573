//! Violation witnesses and playback harnesses of programs checked on their procedural form
//! (recursion, many calls: `procedures`), and the validation of their violation witnesses.
//!
//! Takes the procedural form ([`ProcProgram`]) and an UNSAFE verdict's confirmed run (or a
//! witness to validate); gives the violation witness (format 2.0), the playback harness, or
//! the validation. Each is made on a flat program: `pp` inlined deep enough for the run
//! (`ir::inline::inline_bounded`: a call deeper than the bound is `assume(false)`, the run
//! cut; every run of the inlining is a run of the program). Its statements keep their source
//! spans, and a statement of an inlined function takes the same source calls wherever it is
//! inlined ([`super::sites`]), so the flat program's machinery places the inputs at their
//! `__VERIFIER_nondet_*` calls: [`super::violation_witness_within`] and
//! [`super::playback::write_playback`] on the shallowest inlining on which ara's interpreter
//! follows the run without a cut call (`explain::inlined_for_run`; its activations tell the
//! harness that reads of two activations of one statement are not one expression's).
//!
//! Validation ([`validate_violation`]): the witness's inputs are fed to the program inlined at
//! depths 1, 2, 4, ... by the flat validator ([`super::validate::validate_ending`]) until its
//! run does not end at an assumption (a cut call ends the run as a failed assumption does).
//! Soundness: a run that does not end at an assumption hit no cut, so it is the program's own
//! run on the witness's inputs (as the flat validator's run of ara's translation is), and the
//! flat validator's answer on it stands: CONFIRMED when it reaches the witness's target,
//! REJECTED only when the witness pins every input of it. A run ending at an assumption at the
//! deepest inlining ara makes (or when the time is up) is UNKNOWN: the assumption may be a
//! cut, and no REJECTED is drawn from it.

use super::playback::write_playback as write_flat_playback;
use super::run::RunEnding;
use super::source::SourceText;
use super::validate::{Report, validate_ending};
use super::violation_witness_within;
use crate::engines::concrete::ConcreteTrace;
use crate::engines::concrete::playback::SourceOptions;
use crate::ir::Program;
use crate::ir::inline::{Frames, MAX_INLINED, inline_bounded};
use crate::ir::procs::ProcProgram;
use crate::svwitness::format::Validation;
use std::path::Path;
use std::time::{Duration, Instant};

/// The flat program the run of `trace` is made on (module doc), with its activations, or
/// why there is none.
fn inlined_for(pp: &ProcProgram, trace: &ConcreteTrace) -> Result<(Program, Frames), String> {
    crate::explain::inlined_for_run(pp, trace)
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

/// The depth of the first inlining [`validate_violation`] runs the witness on.
const FIRST_DEPTH: u32 = 2;

/// The answer for the violation `witness` of `pp` (module doc), within `timeout`.
pub fn validate_violation(
    pp: &ProcProgram,
    src: &SourceText,
    witness: &str,
    timeout: Duration,
) -> Report {
    let unknown = |why: String| Report {
        validation: Validation::Unknown(why),
        notes: vec![],
        correctness: false,
    };
    let dir = match tempfile::Builder::new().prefix("ara-validate-").tempdir() {
        Ok(d) => d,
        Err(e) => return unknown(format!("cannot create a temporary folder: {e}")),
    };
    let deadline = Instant::now() + timeout;
    let mut depth = if pp.is_recursive() { FIRST_DEPTH } else { 1 };
    loop {
        let q = match inline_bounded(pp, depth, MAX_INLINED) {
            Ok(q) => q,
            Err(why) => {
                return unknown(format!(
                    "the witness's run is cut by an assumption at every inlining of the \
                     recursion ara makes (the deepest: {} activations; deeper, {why})",
                    depth / 2
                ));
            }
        };
        let left = deadline.saturating_duration_since(Instant::now());
        let (report, ending) = validate_ending(&q, src, witness, dir.path(), left);
        if ending != Some(RunEnding::AssumeFailed) || !pp.is_recursive() {
            return report;
        }
        if Instant::now() >= deadline {
            return unknown(format!(
                "the witness's run ends at an assumption (on the program inlined {depth} \
                 activations deep: a call cut there, or an assumption of the program)"
            ));
        }
        depth *= 2;
    }
}
