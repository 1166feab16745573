//! ara's verdicts, typed up to the CLI/JSON edge.
//!
//! Takes the answers of the engines, of [`crate::engines::concrete::confirm`] and of the refinement loop;
//! gives [`FinalVerdict`]: SAFE with a [`SafeProof`] (the engine's proof and the program it
//! holds for), UNSAFE with a confirmed [`ConcreteTrace`], or UNKNOWN with an [`Inconclusive`]
//! reason. `Display` is the text of the report; `Serialize` the JSON (`--json`), which
//! `ara batch` reads back with `Deserialize` into these same types. In JSON, proofs and reasons
//! carry their text too (`"text"`), for readers that want one line; it is never read back.

use crate::engines::checkers::{UnknownReason, Verdict, fmt_secs, from_secs, secs};
use crate::engines::concrete::trace::ConcreteTrace;
use crate::engines::proof::Proof;
use crate::ir::Vertex;
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;
use std::time::Duration;

/// Which program an engine checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "program", rename_all = "kebab-case")]
pub enum Subject {
    /// The original program.
    Original,
    /// The index-set abstraction of iteration `iteration` of the refinement loop.
    Abstraction { iteration: u32 },
    /// The witness-index transformation.
    Witness,
    /// The user's own source file, as the checker read it (`source_check`: programs the
    /// front end refuses for recursion).
    Source,
    /// The program with its grids of a symbolic row length laid out with a constant one
    /// (`abstraction::relayout`).
    Relayout,
    /// The program with its constant loop bounds made a nondet size up to them
    /// (`abstraction::generalize`): a proof holds for every size up to each constant.
    /// `i64`, not `i128`: serde's internally tagged enums cannot read an `i128` back, and
    /// `ara batch` reads this from `ara check --json` (the bounds are at most `i32::MAX`).
    Generalized { constants: Vec<i64> },
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Subject::Original => f.write_str("the original program"),
            Subject::Abstraction { iteration } => write!(f, "abstraction {iteration}"),
            Subject::Witness => f.write_str("the witness-index transformation"),
            Subject::Source => f.write_str("your source"),
            Subject::Relayout => {
                f.write_str("the program with its 2-D arrays in rows of a constant length")
            }
            Subject::Generalized { constants } => write!(
                f,
                "the program with its constant loop bound {} made a nondet N up to it",
                numbers(constants)
            ),
        }
    }
}

/// `1000` or `1000, 2000`.
pub fn numbers(values: &[i64]) -> String {
    let words: Vec<String> = values.iter().map(i64::to_string).collect();
    words.join(", ")
}

/// Which stage of ara gave a verdict ([`Answerer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// The witness-index transformation through the checker.
    Witness,
    /// The refinement loop on the index-set abstraction.
    Refinement,
    /// Random testing of the original program (in the bug search).
    RandomTesting,
    /// An engine of the bug search on the original program (or a program laid out anew).
    BugSearch,
    /// ESBMC on the user's source (a recursive program).
    Source,
    /// Procedure summaries (a recursive program).
    Summaries,
    /// The one engine `--engine` chose.
    Engine,
}

/// What gave a verdict, in words a user reads: the stage, its engine and the program it ran
/// on (`cell morphing (...) on the program relaid with its 2-D arrays in rows of a constant
/// length`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answerer {
    pub stage: Stage,
    /// The engine that answered (`esbmc`, `spacer-cells`), when the stage names one.
    pub engine: Option<String>,
    pub on: Subject,
}

impl fmt::Display for Answerer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let engine = self.engine.as_deref().map(engine_words);
        let on = subject_words(&self.on);
        match (self.stage, engine) {
            (Stage::RandomTesting, _) => f.write_str("random testing of the original program"),
            (Stage::Refinement, Some(e)) => write!(f, "the refinement loop: {e} on {on}"),
            (Stage::Refinement, None) => {
                write!(f, "the refinement loop on the index-set abstraction")
            }
            // The stage races proofs and bug finders alike: the engine and its program say
            // what answered; "bug search" would mislead on a proof.
            (Stage::BugSearch, Some(e)) => write!(f, "{e} on {on}"),
            (Stage::Engine, Some(e)) => write!(f, "{e} on {on} (the engine --engine chose)"),
            (Stage::Summaries, _) => write!(f, "procedure summaries (Z3's Horn engine) on {on}"),
            (Stage::BugSearch, None) => write!(f, "the engines on {on}"),
            (Stage::Engine, None) => write!(f, "the engine --engine chose, on {on}"),
            (_, Some(e)) => write!(f, "{e} on {on}"),
            (_, None) => f.write_str(&on),
        }
    }
}

/// An engine's name in words: `ESBMC`, `cell morphing (Z3's Horn engine over a few array cells)`.
pub fn engine_words(engine: &str) -> String {
    match engine {
        "esbmc" => "ESBMC".into(),
        "cbmc" => "CBMC".into(),
        e if e.starts_with("spacer-cells") => {
            "cell morphing (Z3's Horn engine over a few array cells)".into()
        }
        e if e.starts_with("spacer") => "Z3's Horn engine".into(),
        e => e.into(),
    }
}

/// The program an engine checked, in words.
pub fn subject_words(on: &Subject) -> String {
    match on {
        Subject::Abstraction { iteration } => {
            format!("the index-set abstraction (iteration {iteration})")
        }
        Subject::Witness => "the witness-index transformation (one element per array, one \
                             iteration per loop)"
            .into(),
        Subject::Relayout => {
            "the program relaid with its 2-D arrays in rows of a constant length".into()
        }
        other => other.to_string(),
    }
}

/// A proof of the original program: an engine's proof of a program that over-approximates it
/// (or of the program itself).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SafeProof {
    #[serde(flatten)]
    pub how: Proof,
    /// The engine that proved it (`esbmc`, `cbmc`, `spacer`).
    pub engine: String,
    /// The program it proved.
    pub on: Subject,
}

impl fmt::Display for SafeProof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "proved: {}, by {} on {}", self.how, self.engine, self.on)
    }
}

/// Why a counterexample did not become UNSAFE.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "kebab-case")]
pub enum Unconfirmed {
    /// The engine's path is not a path of the CFG that ends in the error vertex.
    NotAnErrorPath { path: Vec<Vertex> },
    /// The path's trace formula is unsatisfiable on the original program.
    Infeasible,
    /// The solver answered neither sat nor unsat (its words).
    SolverUnknown { detail: String },
    /// The formula is satisfiable, but the replay of its model did not reach the error.
    ReplayFailed { detail: String },
}

impl fmt::Display for Unconfirmed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unconfirmed::NotAnErrorPath { path } => write!(
                f,
                "the checker's trace is not an error path of the CFG: {path:?}"
            ),
            Unconfirmed::Infeasible => f.write_str("the path is infeasible (SMT)"),
            Unconfirmed::SolverUnknown { detail } => write!(f, "solver: {detail}"),
            Unconfirmed::ReplayFailed { detail } => {
                write!(f, "feasible trace not confirmed by replay: {detail}")
            }
        }
    }
}

/// Why ara has no verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "kebab-case")]
pub enum Inconclusive {
    /// An engine found neither a proof nor a counterexample.
    Engine {
        engine: String,
        on: Subject,
        reason: UnknownReason,
    },
    /// An engine's counterexample was not confirmed on the original program.
    Unconfirmed {
        engine: String,
        on: Subject,
        reason: Unconfirmed,
    },
    /// The witness program has a counterexample: only a lead (the transformation may be too
    /// coarse).
    WitnessTooCoarse,
    /// The program cannot be transformed (the transformation's message).
    WitnessNotApplicable { message: String },
    /// The refinement loop reached `--max-iterations`.
    IterationLimit { max: u32 },
    /// The time limit of the whole check was reached.
    Timeout {
        #[serde(serialize_with = "secs", deserialize_with = "from_secs")]
        after: Duration,
    },
    /// No widening of the abstraction excludes a spurious trace.
    CannotExclude,
    /// The refinement added nothing and the trace came again.
    NoProgress,
    /// Stopped because another strategy answered first.
    Cancelled,
    /// ara itself was interrupted by a signal.
    Interrupted { by: crate::base::tools::Interrupt },
    /// The refinement loop failed with an error (its message).
    RefinementFailed { message: String },
    /// ara's replay of its translation reached the error, but the user's file compiled by gcc
    /// with every input of that run does not (`engines::concrete::playback`): ara's front end and gcc
    /// read the program differently, so the trace is no evidence.
    FrontEndDisagreement { detail: String },
    /// A program checked on its procedural form (recursion, many calls) with no answer:
    /// ESBMC on the source's reason, the procedure summaries', and why the transformations
    /// (witness-index, index-set) were not run on it.
    Procedures {
        source: Box<Inconclusive>,
        summaries: String,
        not_run: String,
    },
    /// `auto`: no part answered; each part's reason.
    Portfolio {
        witness: Box<Inconclusive>,
        refinement: Box<Inconclusive>,
        bounded_search: Option<Box<Inconclusive>>,
    },
}

impl Inconclusive {
    /// Whether a time limit stopped it (any part of a portfolio).
    pub fn timed_out(&self) -> bool {
        self.any_part(&|r| {
            matches!(
                r,
                Inconclusive::Timeout { .. }
                    | Inconclusive::Engine {
                        reason: UnknownReason::Timeout { .. },
                        ..
                    }
            )
        })
    }

    /// Whether an engine ran out of memory (any part of a portfolio).
    pub fn out_of_memory(&self) -> bool {
        self.any_part(&|r| {
            matches!(
                r,
                Inconclusive::Engine {
                    reason: UnknownReason::OutOfMemory,
                    ..
                }
            )
        })
    }

    /// Whether `f` holds for this reason or, for a portfolio, for one of its parts.
    fn any_part(&self, f: &dyn Fn(&Inconclusive) -> bool) -> bool {
        match self {
            Inconclusive::Portfolio {
                witness,
                refinement,
                bounded_search,
            } => {
                witness.any_part(f)
                    || refinement.any_part(f)
                    || bounded_search.as_ref().is_some_and(|b| b.any_part(f))
            }
            Inconclusive::Procedures { source, .. } => source.any_part(f),
            other => f(other),
        }
    }
}

impl fmt::Display for Inconclusive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Inconclusive::Engine { on, reason, .. } => {
                if *on == Subject::Witness {
                    f.write_str("witness: ")?;
                }
                write!(f, "checker: {reason}")
            }
            Inconclusive::Unconfirmed { on, reason, .. } => {
                if *on == Subject::Original {
                    f.write_str("counterexample not confirmed: ")?;
                }
                reason.fmt(f)
            }
            Inconclusive::WitnessTooCoarse => {
                f.write_str("witness abstraction too coarse (its counterexample may be spurious)")
            }
            Inconclusive::WitnessNotApplicable { message } => {
                write!(f, "witness transformation not applicable: {message}")
            }
            Inconclusive::IterationLimit { max } => write!(f, "iteration limit ({max}) reached"),
            Inconclusive::Timeout { after } => write!(f, "timeout after {}", fmt_secs(*after)),
            Inconclusive::CannotExclude => {
                f.write_str("refinement cannot exclude a spurious trace")
            }
            Inconclusive::NoProgress => f.write_str("refinement made no progress"),
            Inconclusive::Cancelled => f.write_str("stopped: another strategy answered first"),
            Inconclusive::Interrupted { by } => write!(f, "{by}"),
            Inconclusive::RefinementFailed { message } => {
                write!(f, "refinement loop: {message}")
            }
            Inconclusive::FrontEndDisagreement { detail } => {
                write!(f, "front end disagreement: {detail}")
            }
            Inconclusive::Procedures {
                source,
                summaries,
                not_run,
            } => write!(
                f,
                "ESBMC on the source: {source}; procedure summaries: {summaries}; {not_run}"
            ),
            Inconclusive::Portfolio {
                witness,
                refinement,
                bounded_search,
            } => {
                write!(f, "{witness}; refinement loop: {refinement}")?;
                if let Some(b) = bounded_search {
                    write!(f, "; bounded search: {b}")?;
                }
                Ok(())
            }
        }
    }
}

/// The final answer.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "verdict", rename_all = "lowercase")]
pub enum FinalVerdict {
    Safe {
        #[serde(serialize_with = "with_text")]
        proof: SafeProof,
    },
    Unsafe {
        trace: ConcreteTrace,
    },
    Unknown {
        #[serde(serialize_with = "with_text")]
        reason: Inconclusive,
    },
}

impl FinalVerdict {
    /// SAFE or UNSAFE.
    pub fn is_definite(&self) -> bool {
        !matches!(self, FinalVerdict::Unknown { .. })
    }
}

impl fmt::Display for FinalVerdict {
    /// The first line of the report: `SAFE (proved: ...)`, `UNSAFE (replay: ...)`,
    /// `UNKNOWN (...)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FinalVerdict::Safe { proof } => write!(f, "SAFE ({proof})"),
            FinalVerdict::Unsafe { trace } => {
                write!(f, "UNSAFE ({}; {}", trace.confirmed_by, trace.replayed_on)?;
                if let Some(why) = &trace.not_on_source {
                    write!(f, ", not on your source: {why}")?;
                }
                f.write_str(")")
            }
            FinalVerdict::Unknown { reason } => write!(f, "UNKNOWN ({reason})"),
        }
    }
}

/// `value`'s fields with its text: `{"text": "...", ...}`.
pub fn with_text<T: Serialize + fmt::Display, S: Serializer>(
    value: &T,
    s: S,
) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct WithText<'a, T> {
        text: String,
        #[serde(flatten)]
        value: &'a T,
    }
    WithText {
        text: value.to_string(),
        value,
    }
    .serialize(s)
}

/// One bounded run of ESBMC on the user's source (issue 26's first step, `source_check`).
#[derive(Clone, Debug, Serialize)]
pub struct SourceRun {
    pub bound: u32,
    #[serde(flatten)]
    pub answer: Verdict,
    /// What the replay of its counterexample on the source did (for a bug).
    pub replay: Option<String>,
    pub time_s: f64,
}

impl std::fmt::Display for SourceRun {
    /// `--unwind K: VERDICT (time)[; what the replay did]`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "--unwind {}: {} ({})",
            self.bound,
            self.answer,
            fmt_secs(Duration::from_millis((self.time_s * 1000.0) as u64))
        )?;
        if let Some(s) = &self.replay {
            write!(f, "; {s}")?;
        }
        Ok(())
    }
}

/// The verdict in words: what answered (none for UNKNOWN).
pub fn verdict_words(v: &FinalVerdict) -> Option<String> {
    match v {
        FinalVerdict::Safe { proof } => Some(format!("SAFE: {}", proof_words(&proof.how))),
        FinalVerdict::Unsafe { trace } => Some(format!(
            "UNSAFE: {}, {}",
            trace.confirmed_by, trace.replayed_on
        )),
        FinalVerdict::Unknown { .. } => None,
    }
}

/// The proof's words for the report.
pub fn proof_words(how: &Proof) -> String {
    match how {
        Proof::CompleteUnwinding { bound } => format!(
            "every recursion and loop unwound completely (bound {bound}) by ESBMC on your source"
        ),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::concrete::trace::InputValue;

    fn round_trip(v: &FinalVerdict) -> serde_json::Value {
        let j = serde_json::to_value(v).unwrap();
        let back: FinalVerdict = serde_json::from_value(j.clone()).unwrap();
        assert_eq!(&back, v, "{j:#}");
        j
    }

    /// `ara batch` reads `ara check --json`'s text: a proof on the generalized program must
    /// read back (its constants were `i128`, which the tagged enum could not read: three
    /// SAFE answers of `bench-suite/everyn-forms` lost as "unparsable output").
    #[test]
    fn a_proof_on_the_generalized_program_reads_back_from_text() {
        let v = FinalVerdict::Safe {
            proof: SafeProof {
                how: Proof::KInduction { k: 2 },
                engine: "spacer-cells".into(),
                on: Subject::Generalized {
                    constants: vec![1000000, 2147483643],
                },
            },
        };
        let text = serde_json::to_string(&v).unwrap();
        let back: FinalVerdict = serde_json::from_str(&text).expect(&text);
        assert_eq!(back, v);
    }

    #[test]
    fn safe_reads_as_before_and_round_trips() {
        let v = FinalVerdict::Safe {
            proof: SafeProof {
                how: Proof::KInduction { k: 2 },
                engine: "esbmc".into(),
                on: Subject::Abstraction { iteration: 3 },
            },
        };
        assert_eq!(
            v.to_string(),
            "SAFE (proved: k-induction, k = 2, by esbmc on abstraction 3)"
        );
        let j = round_trip(&v);
        assert_eq!(
            j,
            serde_json::json!({"verdict": "safe", "proof": {
                "text": "proved: k-induction, k = 2, by esbmc on abstraction 3",
                "proof": "k-induction", "k": 2, "engine": "esbmc",
                "on": {"program": "abstraction", "iteration": 3}}})
        );
    }

    /// What answered, in words: the stage, the engine and the program, no configuration.
    #[test]
    fn answerers_in_words() {
        let by = |stage, engine: Option<&str>, on| {
            let engine = engine.map(String::from);
            Answerer { stage, engine, on }.to_string()
        };
        assert_eq!(
            by(
                Stage::Refinement,
                Some("esbmc"),
                Subject::Abstraction { iteration: 2 }
            ),
            "the refinement loop: ESBMC on the index-set abstraction (iteration 2)"
        );
        assert_eq!(
            by(Stage::Refinement, None, Subject::Original),
            "the refinement loop on the index-set abstraction"
        );
        assert_eq!(
            by(Stage::BugSearch, Some("spacer-cells"), Subject::Relayout),
            "cell morphing (Z3's Horn engine over a few array cells) on the program relaid with its 2-D arrays in rows of a constant length"
        );
        assert_eq!(
            by(Stage::RandomTesting, None, Subject::Original),
            "random testing of the original program"
        );
        assert_eq!(
            by(Stage::Witness, Some("esbmc"), Subject::Witness),
            "ESBMC on the witness-index transformation (one element per array, one iteration \
             per loop)"
        );
        assert_eq!(
            by(Stage::BugSearch, Some("esbmc"), Subject::Original),
            "ESBMC on the original program"
        );
    }

    #[test]
    fn unknown_reasons_are_typed() {
        let v = FinalVerdict::Unknown {
            reason: Inconclusive::Portfolio {
                witness: Box::new(Inconclusive::WitnessTooCoarse),
                refinement: Box::new(Inconclusive::IterationLimit { max: 5 }),
                bounded_search: Some(Box::new(Inconclusive::Engine {
                    engine: "esbmc".into(),
                    on: Subject::Original,
                    reason: UnknownReason::Timeout {
                        after: Duration::from_secs(3),
                    },
                })),
            },
        };
        assert_eq!(
            v.to_string(),
            "UNKNOWN (witness abstraction too coarse (its counterexample may be spurious); \
             refinement loop: iteration limit (5) reached; bounded search: checker: timeout \
             after 3 s)"
        );
        let j = round_trip(&v);
        assert_eq!(j["reason"]["why"], "portfolio");
        let FinalVerdict::Unknown { reason } = v else {
            unreachable!()
        };
        assert!(reason.timed_out());
        assert!(!reason.out_of_memory());
        assert!(!Inconclusive::NoProgress.timed_out());
    }

    #[test]
    fn unsafe_round_trips_with_wide_inputs() {
        let v = FinalVerdict::Unsafe {
            trace: ConcreteTrace {
                path: vec![1, 2, 0],
                steps: vec!["   1 (line 3): x = 1".into()],
                inputs: vec![
                    InputValue {
                        what: "__VERIFIER_nondet_ulonglong() at line 2".into(),
                        value: u64::MAX as i128,
                    },
                    InputValue {
                        what: "__VERIFIER_nondet_longlong() at line 2".into(),
                        value: i64::MIN as i128,
                    },
                ],
                replayed_on: crate::engines::concrete::trace::ReplayedOn::Translation,
                not_on_source: None,
                confirmed_by: "replay".into(),
                nondet_values: vec![],
                initial_values: Default::default(),
            },
        };
        assert_eq!(
            v.to_string(),
            "UNSAFE (replay; replayed on ara's translation)"
        );
        let j = round_trip(&v);
        assert_eq!(j["trace"]["replayed_on"], "translation");
        // Reports written before the field read back as replayed on the translation.
        let mut old = j.clone();
        old["trace"].as_object_mut().unwrap().remove("replayed_on");
        let back: FinalVerdict = serde_json::from_value(old).unwrap();
        assert_eq!(back, v);
    }
}
