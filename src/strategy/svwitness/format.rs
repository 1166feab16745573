//! The data model of SV-COMP's YAML witness format 2.0 (sosy-lab's sv-witnesses, the
//! violation and correctness witness schemas of format 2.0), as serde structs.
//!
//! Takes YAML text (any tool's) and gives [`Witness`]; takes a [`Witness`] and gives YAML text.
//! Reading is liberal within the format: unknown entry types, waypoint types and extra keys
//! are kept or ignored rather than refused; scalars written as numbers or booleans where the
//! format has strings (`format_version: 2.0`, a branching `value: true`) are read as their
//! text; `location.column`/`function` and `constraint.format` may be missing (the format makes
//! them optional). Writing always fills every key the schema requires.
//!
//! The schema's constraints this module's writer keeps (checked by `tests/svwitness.rs`):
//! a file is a sequence of entries; an entry has `entry_type`, `metadata` and `content`;
//! `metadata` has `format_version` "2.0", an RFC 4122 `uuid`, an ISO 8601 `creation_time`,
//! `producer {name, version}` and `task {input_files, input_file_hashes (SHA-256 of each input
//! file), specification, data_model (ILP32 | LP64), language C}`; a `violation_sequence`'s
//! content is a sequence of `segment`s, each zero or more `avoid` waypoints then exactly one
//! `follow` waypoint, the last segment ending in the only `target` waypoint; a waypoint has
//! `type`, `action`, `location {file_name, line ≥ 1, column ≥ 1 (optional), function
//! (optional)}` and a `constraint {value, format}` except for `target` and `function_enter`;
//! `function_return` constraints are ACSL `\result <op> <constant>`; `assumption` constraints
//! are C expressions; `branching` constraints are `true`/`false` (or a switch value).

use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;

/// A witness file: a sequence of entries.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Witness {
    pub entries: Vec<Entry>,
}

/// One entry of a witness file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "entry_type", rename_all = "snake_case")]
pub enum Entry {
    /// A violation witness: the segments of waypoints an execution that violates the
    /// specification passes.
    ViolationSequence {
        metadata: Metadata,
        content: Vec<Segment>,
    },
    /// A correctness witness: invariants at loop heads or statements, and (format 2.1)
    /// function contracts.
    InvariantSet {
        metadata: Metadata,
        content: Vec<SetItem>,
    },
    /// Any other entry type (ghost instrumentation, later formats): kept by name, not read.
    #[serde(skip)]
    Other(String),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Metadata {
    #[serde(deserialize_with = "scalar_text")]
    pub format_version: String,
    #[serde(default, deserialize_with = "scalar_text")]
    pub uuid: String,
    #[serde(default, deserialize_with = "scalar_text")]
    pub creation_time: String,
    #[serde(default)]
    pub producer: Producer,
    #[serde(default)]
    pub task: Task,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Producer {
    #[serde(default, deserialize_with = "scalar_text")]
    pub name: String,
    #[serde(default, deserialize_with = "scalar_text")]
    pub version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub configuration: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command_line: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Task {
    /// One file name, or a list of them (both occur in the wild).
    #[serde(default, deserialize_with = "one_or_many")]
    pub input_files: Vec<String>,
    /// SHA-256 (hex) of each input file.
    #[serde(default)]
    pub input_file_hashes: BTreeMap<String, String>,
    #[serde(default)]
    pub specification: String,
    /// `ILP32` or `LP64`.
    #[serde(default)]
    pub data_model: String,
    #[serde(default)]
    pub language: String,
}

/// `- segment: [ - waypoint: {...}, ... ]`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Segment {
    pub segment: Vec<WaypointItem>,
}

/// `- waypoint: {...}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WaypointItem {
    pub waypoint: Waypoint,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Waypoint {
    #[serde(rename = "type")]
    pub kind: WaypointType,
    pub action: Action,
    pub location: Location,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub constraint: Option<Constraint>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WaypointType {
    Assumption,
    Branching,
    FunctionEnter,
    FunctionReturn,
    Target,
    /// A type of a later format version (`recurrence_condition`, ...).
    #[serde(other)]
    Other,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Follow,
    Avoid,
    /// An action of a later format version (`cycle`).
    #[serde(other)]
    Other,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Location {
    #[serde(deserialize_with = "scalar_text")]
    pub file_name: String,
    /// 1-based.
    pub line: u32,
    /// 1-based (format 2.0); absent: the leftmost position on the line that suits the type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Constraint {
    #[serde(deserialize_with = "scalar_text")]
    pub value: String,
    /// `c_expression` or `acsl_expression`; absent for branching constraints.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
}

/// One item of an `invariant_set`: an invariant, a function contract (format 2.1), or an
/// item of a kind ara does not read (kept, not checked).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum SetItem {
    Invariant(InvariantItem),
    Contract(ContractItem),
    Other(serde_norway::Value),
}

/// `- contract: {...}` (format 2.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ContractItem {
    pub contract: Contract,
}

/// A function contract: `requires` holds at the function's entry (after its parameters are
/// set), `ensures` at its return (`format`: `acsl_expression`, with `\old(g)` a global's value
/// at the entry, a parameter its value at the entry, `\result` the returned value).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Contract {
    /// `function_contract`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The function's definition.
    pub location: Location,
    #[serde(default = "true_text", deserialize_with = "scalar_text")]
    pub requires: String,
    #[serde(default = "true_text", deserialize_with = "scalar_text")]
    pub ensures: String,
    #[serde(default)]
    pub format: String,
}

fn true_text() -> String {
    "1".into()
}

/// `- invariant: {...}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InvariantItem {
    pub invariant: Invariant,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Invariant {
    /// `loop_invariant` or `location_invariant`.
    #[serde(rename = "type")]
    pub kind: String,
    pub location: Location,
    #[serde(deserialize_with = "scalar_text")]
    pub value: String,
    #[serde(default)]
    pub format: String,
}

/// A YAML scalar of any kind as its text (`2.0` read as a float is "2.0", `true` is "true").
fn scalar_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    use serde_norway::Value;
    match Value::deserialize(d)? {
        Value::String(s) => Ok(s),
        Value::Bool(b) => Ok(b.to_string()),
        Value::Number(n) => {
            // `2.0` parses as the float 2; the format's versions are written with a dot.
            Ok(match n.as_f64() {
                Some(f) if n.is_f64() && f.fract() == 0.0 => format!("{f:.1}"),
                _ => n.to_string(),
            })
        }
        Value::Null => Ok(String::new()),
        other => Err(serde::de::Error::custom(format!(
            "expected a scalar, found {other:?}"
        ))),
    }
}

fn one_or_many<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
    }
    Ok(match OneOrMany::deserialize(d)? {
        OneOrMany::One(s) => vec![s],
        OneOrMany::Many(v) => v,
    })
}

/// Why a witness file could not be read.
#[derive(Clone, Debug, PartialEq)]
pub struct ParseError(pub String);

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Witness {
    /// Reads a witness file. Entries of unknown types become [`Entry::Other`]; an entry of a
    /// known type that does not fit the format is an error naming the entry.
    pub fn parse(text: &str) -> Result<Witness, ParseError> {
        use serde_norway::Value;
        let doc: Value = serde_norway::from_str(text).map_err(|e| ParseError(e.to_string()))?;
        let items = match doc {
            Value::Sequence(items) => items,
            // One entry without the enclosing sequence: accepted.
            Value::Mapping(m) => vec![Value::Mapping(m)],
            _ => {
                return Err(ParseError(
                    "a witness is a sequence of entries; this file is not".into(),
                ));
            }
        };
        let mut entries = Vec::with_capacity(items.len());
        for (k, item) in items.into_iter().enumerate() {
            let ty = item
                .get("entry_type")
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| ParseError(format!("entry {}: no entry_type", k + 1)))?;
            let entry = match ty.as_str() {
                "violation_sequence" | "invariant_set" => serde_norway::from_value(item)
                    .map_err(|e| ParseError(format!("entry {} ({ty}): {e}", k + 1)))?,
                _ => Entry::Other(ty),
            };
            entries.push(entry);
        }
        Ok(Witness { entries })
    }

    /// The YAML text of the witness.
    pub fn to_yaml(&self) -> String {
        // Every value is a plain string, number or struct: serialisation cannot fail.
        serde_norway::to_string(self).unwrap_or_default()
    }
}

/// What a validation answers: CONFIRMED, REJECTED or UNKNOWN, each with the reason.
#[derive(Clone, Debug, PartialEq)]
pub enum Validation {
    Confirmed(String),
    Rejected(String),
    Unknown(String),
}

impl std::fmt::Display for Validation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Validation::Confirmed(r) => write!(f, "CONFIRMED ({r})"),
            Validation::Rejected(r) => write!(f, "REJECTED ({r})"),
            Validation::Unknown(r) => write!(f, "UNKNOWN ({r})"),
        }
    }
}

/// The integer constant of a C or ACSL literal: `5`, `-3`, `0x1F`, `7U`, `(int)5`, `(5)`.
pub fn constant(t: &str) -> Option<i128> {
    let mut t = t.trim();
    loop {
        if let Some(inner) = t.strip_prefix('(').and_then(|r| r.strip_suffix(')'))
            && !inner.contains('(')
            && !inner.contains(')')
        {
            t = inner.trim();
            continue;
        }
        // A cast `(T) c`.
        if t.starts_with('(')
            && let Some(close) = t.find(')')
            && t[1..close]
                .chars()
                .all(|c| c.is_ascii_alphabetic() || c == ' ' || c == '_')
        {
            t = t[close + 1..].trim();
            continue;
        }
        break;
    }
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r.trim()),
        None => (false, t),
    };
    let t = t.trim_end_matches(['u', 'U', 'l', 'L']);
    let v = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        i128::from_str_radix(h, 16).ok()?
    } else if t.len() > 1 && t.starts_with('0') {
        i128::from_str_radix(&t[1..], 8).ok()?
    } else {
        t.parse().ok()?
    };
    Some(if neg { -v } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;

    const OTHER_TOOL: &str = r#"
- entry_type: violation_sequence
  metadata:
    format_version: 2.0
    uuid: 0b2e5a2c-6a5e-4f6e-9d0b-3c1f1c2b7a11
    creation_time: 2024-01-01T00:00:00Z
    producer: {name: SomeTool, version: 1}
    task:
      input_files: prog.c
      input_file_hashes: {prog.c: abc}
      specification: CHECK( init(main()), LTL(G ! call(reach_error())) )
      data_model: ILP32
      language: C
  content:
    - segment:
        - waypoint:
            type: branching
            action: follow
            location: {file_name: prog.c, line: 5}
            constraint: {value: true}
    - segment:
        - waypoint: {type: target, action: follow, location: {file_name: prog.c, line: 7, column: 5}}
- entry_type: ghost_instrumentation
  content: []
"#;

    #[test]
    fn reads_other_tools_liberally() {
        let w = Witness::parse(OTHER_TOOL).unwrap();
        assert_eq!(w.entries.len(), 2);
        assert_eq!(w.entries[1], Entry::Other("ghost_instrumentation".into()));
        let Entry::ViolationSequence { metadata, content } = &w.entries[0] else {
            panic!("not a violation sequence")
        };
        assert_eq!(metadata.format_version, "2.0");
        assert_eq!(metadata.producer.version, "1");
        assert_eq!(metadata.task.input_files, vec!["prog.c".to_string()]);
        let b = &content[0].segment[0].waypoint;
        assert_eq!(b.kind, WaypointType::Branching);
        assert_eq!(b.constraint.as_ref().unwrap().value, "true");
        assert_eq!(b.location.column, None);
        assert_eq!(content[1].segment[0].waypoint.kind, WaypointType::Target);
    }

    #[test]
    fn unknown_waypoint_types_and_actions_are_kept_as_other() {
        let text = "- entry_type: violation_sequence\n  metadata: {format_version: '2.1'}\n  content:\n  - segment:\n    - waypoint: {type: recurrence_condition, action: cycle, location: {file_name: a.c, line: 1}}\n";
        let w = Witness::parse(text).unwrap();
        let Entry::ViolationSequence { content, .. } = &w.entries[0] else {
            panic!()
        };
        assert_eq!(content[0].segment[0].waypoint.kind, WaypointType::Other);
        assert_eq!(content[0].segment[0].waypoint.action, Action::Other);
    }

    #[test]
    fn malformed_files_are_errors_not_panics() {
        for text in [
            "",
            "a: [",
            "42",
            "- {entry_type: violation_sequence}",
            "- {metadata: {}}",
        ] {
            assert!(Witness::parse(text).is_err(), "{text:?}");
        }
    }
}
