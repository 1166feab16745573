//! The trace of a run of the original program that reaches the error: what UNSAFE shows.
//!
//! Data only (and its text): [`ConcreteTrace`] (the vertex path, its steps for people, the
//! inputs, how it was confirmed, on which program the replay ran), [`InputValue`],
//! [`ReplayedOn`], and [`describe_path`] (a CFG path, one line per step). Built by concrete
//! execution (`engines::concrete`: confirmation, replay, random testing, playback), held by
//! `verdict::FinalVerdict::Unsafe`; it sits below `verdict` in the layers (tests/layers.rs).

use crate::ir::cfg::Cfg;
use crate::ir::{Program, Vertex};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// A confirmed error trace on the original program.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ConcreteTrace {
    /// The vertex path, ending in 0.
    pub path: Vec<Vertex>,
    /// One line per step: `vertex (line N): statement`.
    pub steps: Vec<String>,
    /// Values of the nondeterministic inputs, in the order they are read.
    pub inputs: Vec<InputValue>,
    /// How the trace was confirmed.
    pub confirmed_by: String,
    /// Which program the confirming replay compiled: the user's file or ara's translation of
    /// it (`engines::concrete::playback`).
    #[serde(default)]
    pub replayed_on: ReplayedOn,
    /// Why not on the user's file (with [`ReplayedOn::Translation`], when it was tried).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_on_source: Option<String>,
    /// The values of the `__VERIFIER_nondet_*` calls, all of them, in the order the confirmed
    /// run read them (what a violation witness states; not in the JSON report, whose
    /// `inputs` say the same for a reader).
    #[serde(skip)]
    pub nondet_values: Vec<i128>,
    /// The initial values of uninitialised locals the confirmed run used (zero elsewhere;
    /// `nondets` empty): what a violation witness states as assumptions.
    #[serde(skip)]
    pub initial_values: crate::engines::smt::Model,
}

/// Which program a confirming replay compiled.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ReplayedOn {
    /// ara's translation of the program (emitted from the IR: `engines::concrete::replay`).
    #[default]
    Translation,
    /// The user's own file, compiled by gcc with a harness of the inputs
    /// (`engines::concrete::playback`).
    Source,
}

impl std::fmt::Display for ReplayedOn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ReplayedOn::Translation => "replayed on ara's translation",
            ReplayedOn::Source => "replayed on your source with gcc",
        })
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct InputValue {
    pub what: String,
    #[serde(deserialize_with = "wide_int")]
    pub value: i128,
}

/// An `i128` written as a JSON number, read back also where serde buffers the value (a
/// tagged or flattened enum holds numbers as 64-bit integers).
fn wide_int<'de, D: serde::Deserializer<'de>>(d: D) -> Result<i128, D::Error> {
    struct Wide;
    impl serde::de::Visitor<'_> for Wide {
        type Value = i128;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("an integer")
        }
        fn visit_i64<E>(self, v: i64) -> Result<i128, E> {
            Ok(v.into())
        }
        fn visit_u64<E>(self, v: u64) -> Result<i128, E> {
            Ok(v.into())
        }
        fn visit_i128<E>(self, v: i128) -> Result<i128, E> {
            Ok(v)
        }
        fn visit_u128<E: serde::de::Error>(self, v: u128) -> Result<i128, E> {
            i128::try_from(v).map_err(E::custom)
        }
    }
    d.deserialize_any(Wide)
}

/// One line per step of a path, for people.
pub fn describe_path(p: &Program, cfg: &Cfg, path: &[Vertex]) -> String {
    let mut out = String::new();
    for (i, &v) in path.iter().enumerate() {
        let node = cfg.node(v);
        let what = match &node.action {
            crate::ir::cfg::Action::ErrorVertex => "ERROR".to_string(),
            crate::ir::cfg::Action::ExitVertex => "EXIT".to_string(),
            crate::ir::cfg::Action::Stmt(s) => crate::ir::print::stmt_head(p, s),
        };
        let branch = path
            .get(i + 1)
            .map(|&w| cfg.describe_edge(p, v, w))
            .filter(|s| !s.is_empty())
            .map(|s| format!("  [{s}]"))
            .unwrap_or_default();
        let _ = writeln!(out, "{v:>4} (line {}): {what}{branch}", node.span.line);
    }
    out
}
