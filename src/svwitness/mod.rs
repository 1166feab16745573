//! SV-COMP verification witnesses, YAML format 2.0: writing violation witnesses for ara's
//! UNSAFE verdicts and validating violation witnesses (ara's or other tools').
//!
//! Not to be confused with `abstraction::witness`, the witness-index transformation.
//!
//! - [`format`]: the format's data model (serde), liberal reading, writing.
//! - [`source`]: the original file (SHA-256, lines, calls as written).
//! - [`sites`]: the IR's nondets and errors → calls in the original file.
//! - [`write`]: a [`write::ConfirmedRun`] → a `violation_sequence` (pure).
//! - [`run`]: ADAPTER, running the original program with inputs fed per call (gcc).
//! - [`validate`]: a witness → CONFIRMED / REJECTED / UNKNOWN.
//! - [`correctness`]: a SAFE verdict's proof → an `invariant_set` (pure).
//! - [`cexpr`]: a witness's C expression → an IR expression (ara's front end).
//! - [`inductive`]: an `invariant_set` → CONFIRMED / REJECTED / UNKNOWN (Z3, Horn clauses).
//!
//! [`violation_witness_for_inputs`] ties them together for `ara check --witness`: given the
//! inputs of an UNSAFE verdict's confirmed run in the order they were read, it runs the
//! original program on them once more (recording which call read each one and which error
//! call was reached) and writes the witness only when that run reaches the error.

pub mod cexpr;
pub mod correctness;
pub mod format;
pub mod inductive;
pub mod run;
pub mod sites;
pub mod source;
pub mod validate;
pub mod write;

use crate::ir::Program;
use run::{InputPlan, RunEnding, RunRecord, run_original};
use sites::Sites;
use source::SourceText;
use std::path::Path;
use std::time::Duration;
use write::{ConfirmedRun, Provenance, WitnessInput};

/// The run of a [`RunRecord`] as a [`ConfirmedRun`], when it reached the error and every
/// input it read is a value a witness can state (a nondet call's return; an uninitialised
/// local read as 0 needs no waypoint).
pub fn confirmed_run(sites: &Sites, record: &RunRecord) -> Result<ConfirmedRun, String> {
    let RunEnding::Reached(v) = record.ending else {
        return Err(format!(
            "the run on these inputs does not reach the error ({:?})",
            record.ending
        ));
    };
    if record.reads_not_listed > 0 {
        return Err(format!(
            "the run reads more than {} inputs",
            run::MAX_LOGGED
        ));
    }
    let error = sites
        .errors
        .get(&v)
        .and_then(|e| e.first())
        .cloned()
        .ok_or_else(|| format!("the error call of vertex {v} is not found in the source"))?;
    let mut inputs = vec![];
    for (k, read) in record.reads.iter().enumerate() {
        match sites.call_of(read.vertex, read.index) {
            Some(site) => inputs.push(WitnessInput {
                call: site.call.clone(),
                value: read.value,
            }),
            None if read.value == 0 => {}
            None => {
                return Err(format!(
                    "input {} (value {}) is not read by a __VERIFIER_nondet call in the source \
                     (an uninitialised local?): format 2.0 cannot state it",
                    k + 1,
                    read.value
                ));
            }
        }
    }
    Ok(ConfirmedRun {
        inputs,
        error,
        path: None,
    })
}

/// The YAML violation witness of the run of `p` (from `file`) on `inputs` (the values of the
/// nondet reads in order), or why there is none. Runs gcc and the program in `dir`.
pub fn violation_witness_for_inputs(
    p: &Program,
    file: &Path,
    specification: &str,
    inputs: &[i128],
    dir: &Path,
    timeout: Duration,
) -> Result<String, String> {
    let src = SourceText::read(file)?;
    let sites = Sites::of(p, &src);
    let record = run_original(
        p,
        &sites,
        &InputPlan::InOrder(inputs.to_vec()),
        dir,
        timeout,
    )?;
    let run = confirmed_run(&sites, &record)?;
    Ok(write::violation_witness(p, &src, specification, &run, &Provenance::now()).to_yaml())
}

/// The YAML correctness witness of a SAFE verdict's proof of `p` (from `file`), and notes on
/// what it leaves out. Invariants are written only when ara's own check of the written text
/// ([`inductive::validate_invariants`], Z3 within `timeout`) confirms them: the first
/// confirmed [`correctness::candidates`]; otherwise the witness states no invariant (the
/// minimal honest witness), with a note saying why.
pub fn correctness_witness_for(
    p: &Program,
    file: &Path,
    specification: &str,
    proof: &crate::engines::Proof,
    timeout: Duration,
) -> Result<(String, Vec<String>), String> {
    let src = SourceText::read(file)?;
    let mut notes = vec![];
    let mut content = vec![];
    let candidates = correctness::candidates(p, &src, proof);
    if candidates.is_empty() {
        notes.push(format!(
            "the proof ({proof}) states no invariant: the witness has none"
        ));
    }
    for c in candidates {
        if c.items.is_empty() {
            notes.extend(c.notes);
            continue;
        }
        let (v, _) = inductive::validate_invariants(p, &src, &c.items, timeout);
        if let validate::Validation::Confirmed(_) = v {
            notes.extend(c.notes);
            content = c.items;
            break;
        }
        notes.push(format!(
            "the invariants written {} are not confirmed by ara validate: {v}",
            c.how
        ));
    }
    if content.is_empty() {
        notes.push("the witness states no invariant".into());
    }
    let w = correctness::correctness_witness(p, &src, specification, content, &Provenance::now());
    Ok((w.to_yaml(), notes))
}
