//! How a program was proved safe: the [`Proof`] an engine or a checker gives with SAFE.
//!
//! Data only (and its text): the checkers (`checkers`) build it from ESBMC's and CBMC's
//! answers, the engines from their own proofs, `verdict` reports it. It sits below the
//! checkers in the layers (tests/layers.rs), so the checkers need not import the engines.

use crate::ir::Vertex;
use serde::{Deserialize, Serialize};
use std::fmt;

/// An invariant at one loop head, as a C expression over the program's own variables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoopInvariant {
    /// The CFG vertex of the loop head.
    pub vertex: Vertex,
    /// Source line of the loop head in the user's file (0 when made up by ara).
    pub line: u32,
    /// A C expression (e.g. `i >= 0 && i <= 1000`).
    pub c_expr: String,
}

/// A procedure's summary: what its every activation does, as a C formula over its
/// parameters, the globals at its entry and at its return, and its result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProcedureSummary {
    /// The procedure's name.
    pub procedure: String,
    /// Its heading with its parameters (`flip(n)`).
    pub heading: String,
    /// The line of its definition in the user's file.
    pub line: u32,
    /// For a person: `n` the parameter, `even` a global at the entry, `even'` at the
    /// return, `flip()` the result.
    pub c_expr: String,
    /// The same formula as an ACSL postcondition (`ensures`): the parameter `n` (in ACSL its
    /// value at the entry), `\old(even)`, `even`, `\result`.
    pub ensures: String,
}

/// How a program was proved safe.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "proof", rename_all = "kebab-case")]
pub enum Proof {
    /// All loops unwound `bound` times and every unwinding assertion holds.
    CompleteUnwinding { bound: u32 },
    /// The inductive step of k-induction succeeded at `k`.
    KInduction { k: u32 },
    /// An inductive invariant, checked by ara in its own SMT queries (initiation,
    /// consecution, safety).
    InductiveInvariant {
        /// Which solver configuration found it.
        found_by: String,
        invariants: Vec<LoopInvariant>,
    },
    /// Procedure summaries (and invariants of loop heads inside procedures), checked by ara
    /// against every bit-vector Horn clause of the program with its procedures.
    Summaries {
        found_by: String,
        summaries: Vec<ProcedureSummary>,
    },
}

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Proof::CompleteUnwinding { bound } => write!(f, "complete unwinding, bound {bound}"),
            Proof::KInduction { k } => write!(f, "k-induction, k = {k}"),
            Proof::InductiveInvariant {
                found_by,
                invariants,
            } => write!(
                f,
                "inductive invariant ({} loop heads, found by {found_by}, checked by ara)",
                invariants.len()
            ),
            Proof::Summaries {
                found_by,
                summaries,
            } => write!(
                f,
                "procedure summaries ({} procedures, found by {found_by}, checked by ara)",
                summaries.len()
            ),
        }
    }
}

impl Proof {
    /// The invariants of an invariant proof, one line per loop head
    /// (`  line 7 (vertex 3): i <= 10`); empty for the other proofs.
    pub fn invariant_lines(&self) -> String {
        let Proof::InductiveInvariant { invariants, .. } = self else {
            return String::new();
        };
        invariants
            .iter()
            .map(|i| format!("  line {} (vertex {}): {}\n", i.line, i.vertex, i.c_expr))
            .collect()
    }
}
