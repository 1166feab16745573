//! Writing violation witnesses: a confirmed run of the original program as a format 2.0
//! `violation_sequence`.
//!
//! Takes the program, its source file, the specification and a [`ConfirmedRun`] (the inputs
//! the run read, each with its source call, and the error call it reached); gives the
//! [`Witness`]. Pure: the entry's uuid and creation time come in [`Provenance`].
//!
//! Each input is one segment with a `function_return` waypoint at the call's closing
//! parenthesis, constraint `\result == v` in ACSL (format 2.0 prescribes `function_return`,
//! not `assumption`, for the value a call returns: `assumption` constrains variables before a
//! statement); the last segment is the `target` at the first character of the error call.
//! Every input of the run has a waypoint, so the witness admits exactly the run ara
//! confirmed (a deterministic program on fixed inputs); branching waypoints would add nothing
//! and are not written. (A run too long for that gets fewer: `super::compress`, or its target
//! alone, `super::MAX_WAYPOINTS`.) Linear in the run's inputs and assumptions.

use super::format::{
    Action, Constraint, Entry, Location, Metadata, Producer, Segment, Task, Waypoint, WaypointItem,
    WaypointType, Witness,
};
use super::source::{Call, Pos, SourceText};
use crate::ir::{DataModel, Program, Vertex};

/// One input of a confirmed run: the value its nondet call returned.
#[derive(Clone, Debug, PartialEq)]
pub struct WitnessInput {
    /// The `__VERIFIER_nondet_*` call in the original file.
    pub call: Call,
    /// The value as the call's type reads it.
    pub value: i128,
}

/// Initial values of uninitialised locals the run read: a C constraint (`a[0] == 9 && x ==
/// 5`) evaluated before the statement at `at`, which the run passes once, after its first
/// `before` inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct WitnessAssumption {
    pub at: Pos,
    pub constraint: String,
    pub before: usize,
    /// How many values the constraint states (its conjuncts).
    pub values: usize,
}

/// A run of the original program that reaches the error.
#[derive(Clone, Debug, PartialEq)]
pub struct ConfirmedRun {
    /// Every input the run read, in order.
    pub inputs: Vec<WitnessInput>,
    /// The initial values it read, with where to state them.
    pub assumptions: Vec<WitnessAssumption>,
    /// The error call reached (`reach_error()`, or the assertion).
    pub error: Call,
    /// The CFG path, when known (for the record; the inputs determine the run).
    pub path: Option<Vec<Vertex>>,
}

/// The entry's identity: a fresh RFC 4122 uuid and the time of writing (ISO 8601, UTC).
#[derive(Clone, Debug, PartialEq)]
pub struct Provenance {
    pub uuid: String,
    pub creation_time: String,
}

impl Provenance {
    pub fn now() -> Provenance {
        Provenance {
            uuid: uuid::Uuid::new_v4().to_string(),
            creation_time: humantime::format_rfc3339_seconds(std::time::SystemTime::now())
                .to_string(),
        }
    }
}

/// SV-COMP's specification of unreach-call for `reach_error`.
pub const UNREACH_CALL: &str = "CHECK( init(main()), LTL(G ! call(reach_error())) )";

/// The metadata of an entry about `src`.
pub fn metadata(
    src: &SourceText,
    specification: &str,
    dm: DataModel,
    prov: &Provenance,
) -> Metadata {
    Metadata {
        format_version: "2.0".into(),
        uuid: prov.uuid.clone(),
        creation_time: prov.creation_time.clone(),
        producer: Producer {
            name: "ara".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            ..Default::default()
        },
        task: Task {
            input_files: vec![src.path.clone()],
            input_file_hashes: [(src.path.clone(), src.sha256())].into(),
            specification: specification.into(),
            data_model: match dm {
                DataModel::Ilp32 => "ILP32",
                DataModel::Lp64 => "LP64",
            }
            .into(),
            language: "C".into(),
        },
    }
}

fn location(src: &SourceText, at: Pos) -> Location {
    Location {
        file_name: src.path.clone(),
        line: at.line,
        column: Some(at.column),
        function: src.function_at(at.line),
    }
}

fn segment(kind: WaypointType, location: Location, constraint: Option<Constraint>) -> Segment {
    Segment {
        segment: vec![WaypointItem {
            waypoint: Waypoint {
                kind,
                action: Action::Follow,
                location,
                constraint,
            },
        }],
    }
}

/// The violation witness of `run`.
pub fn violation_witness(
    p: &Program,
    src: &SourceText,
    specification: &str,
    run: &ConfirmedRun,
    prov: &Provenance,
) -> Witness {
    let mut content: Vec<Segment> = vec![];
    let assume = |a: &WitnessAssumption| {
        segment(
            WaypointType::Assumption,
            location(src, a.at),
            Some(Constraint {
                value: a.constraint.clone(),
                format: Some("c_expression".into()),
            }),
        )
    };
    // Linear in the run: the assumptions in the order of the inputs they come before.
    let mut order: Vec<&WitnessAssumption> = run.assumptions.iter().collect();
    order.sort_by_key(|a| a.before);
    let mut next = order.iter().peekable();
    for (k, i) in run.inputs.iter().enumerate() {
        while let Some(a) = next.next_if(|a| a.before <= k) {
            content.push(assume(a));
        }
        content.push(segment(
            WaypointType::FunctionReturn,
            location(src, i.call.rparen),
            Some(Constraint {
                value: format!("\\result == {}", i.value),
                format: Some("acsl_expression".into()),
            }),
        ));
    }
    content.extend(next.map(|a| assume(a)));
    content.push(segment(
        WaypointType::Target,
        location(src, run.error.start),
        None,
    ));
    Witness {
        entries: vec![Entry::ViolationSequence {
            metadata: metadata(src, specification, p.data_model, prov),
            content,
        }],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROG: &str =
        "int main() {\n  int x = __VERIFIER_nondet_int();\n  if (x == -5) reach_error();\n}\n";

    #[test]
    fn golden_violation_witness() {
        let src = SourceText::new("t.c", PROG.to_string());
        let p = Program {
            file: "t.c".into(),
            data_model: DataModel::Ilp32,
            vars: vec![],
            arrays: vec![],
            labels: vec![],
            body: vec![],
            num_vertices: 2,
            loop_sites: vec![],
        };
        let nd = &src.calls_on(2, &|n| n.starts_with("__VERIFIER"))[0];
        let err = &src.calls_on(3, &|n| n == "reach_error")[0];
        let run = ConfirmedRun {
            inputs: vec![WitnessInput {
                call: nd.clone(),
                value: -5,
            }],
            assumptions: vec![],
            error: err.clone(),
            path: None,
        };
        let prov = Provenance {
            uuid: "00000000-0000-4000-8000-000000000000".into(),
            creation_time: "2026-01-01T00:00:00Z".into(),
        };
        let text = violation_witness(&p, &src, UNREACH_CALL, &run, &prov).to_yaml();
        let expected = format!(
            r#"- entry_type: violation_sequence
  metadata:
    format_version: '2.0'
    uuid: 00000000-0000-4000-8000-000000000000
    creation_time: 2026-01-01T00:00:00Z
    producer:
      name: ara
      version: {}
    task:
      input_files:
      - t.c
      input_file_hashes:
        t.c: {}
      specification: CHECK( init(main()), LTL(G ! call(reach_error())) )
      data_model: ILP32
      language: C
  content:
  - segment:
    - waypoint:
        type: function_return
        action: follow
        location:
          file_name: t.c
          line: 2
          column: 33
          function: main
        constraint:
          value: \result == -5
          format: acsl_expression
  - segment:
    - waypoint:
        type: target
        action: follow
        location:
          file_name: t.c
          line: 3
          column: 16
          function: main
"#,
            env!("CARGO_PKG_VERSION"),
            src.sha256()
        );
        assert_eq!(text, expected);
        // And it reads back as it was written.
        assert_eq!(
            Witness::parse(&text).unwrap(),
            violation_witness(&p, &src, UNREACH_CALL, &run, &prov)
        );
    }
}
