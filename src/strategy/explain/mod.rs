//! ara's answer in words a user reads: the first line says the verdict and why, an UNSAFE
//! answer shows the run that fails in source terms, a SAFE one its invariants per loop.
//!
//! Takes the program (when the front end read it), the final verdict and the text of the
//! user's file; gives an [`Explanation`]: the headline (`SAFE: every loop unwound completely
//! (bound 30)`, `UNSAFE: assertion at prog.c:11 fails after 2 iterations`, `UNKNOWN: ...`),
//! the source-level error trace ([`trace::SourceTrace`], from the confirmed run's inputs
//! replayed step by step on the IR by [`run`]) and the invariants simplified
//! ([`invariant`]). `--json` prints it as it is (the schema is in `docs/json.md`); the text
//! ([`Explanation::text`]) is what `ara check` prints, the engines' details after it only
//! with `--verbose`. Nothing here decides a verdict: the trace is shown only for a run that
//! was already confirmed, and a run the interpreter cannot follow to the error falls back
//! to the path the engines gave, with the reason (the headline then names the path's
//! failing statement). A program checked on its source (recursion, many calls:
//! [`explain_procedures`]) has its run retraced on its procedures inlined as deep as the run
//! goes, each activation's call and return shown. [`explain_engine`] words one engine's
//! answer for `ara bmc` (a counterexample there is a lead, and says so).

pub mod invariant;
pub mod run;
pub mod text;
pub mod trace;

use crate::engines::checkers::{HornWhy, UnknownReason};
use crate::engines::concrete::trace::{ConcreteTrace, ReplayedOn};
use crate::engines::verdict::FinalVerdict;
use crate::engines::verdict::{Inconclusive, Subject};
use crate::engines::{EngineVerdict, Proof};
use crate::ir::cfg::{Action, Cfg};
use crate::ir::procs::{ProcId, ProcProgram};
use crate::ir::{Program, StmtKind};
use serde::Serialize;
use std::fmt::Write as _;
use trace::{FailureKind, SourceTrace};

/// A loop invariant in plain terms.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlainInvariant {
    /// The loop's line in the user's file (0 when ara made the loop).
    pub line: u32,
    pub text: String,
}

/// A procedure summary in plain terms (`flip(n)` at its line: the formula).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlainSummary {
    pub heading: String,
    pub line: u32,
    pub text: String,
}

/// Where `ara check` wrote what is too long to print (paths), when it did.
#[derive(Clone, Debug, Default)]
pub struct Written {
    /// Every input ([`Explanation::inputs_text`]), when more than [`text::MAX_INPUTS_SHOWN`].
    pub inputs: Option<String>,
    /// The whole trace ([`Explanation::trace_text`]), when longer than
    /// [`text::MAX_STEPS_SHOWN`] steps.
    pub trace: Option<String>,
}

/// What `ara check` says to a user.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Explanation {
    /// The first line: the verdict and, in words, why.
    pub headline: String,
    /// UNSAFE: the failing run in source terms.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<SourceTrace>,
    /// UNSAFE without `trace`: why the run could not be shown step by step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace_unavailable: Option<String>,
    /// SAFE by invariants: one per loop, simplified.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub invariants: Vec<PlainInvariant>,
    /// SAFE by procedure summaries: one per procedure, simplified.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub summaries: Vec<PlainSummary>,
}

/// The explanation of `verdict` for `p` (the program as the front end read it; `None` for a
/// program checked on its source); `source` is the text of the user's file.
pub fn explain(p: Option<&Program>, verdict: &FinalVerdict, source: Option<&str>) -> Explanation {
    let mut e = Explanation {
        headline: String::new(),
        trace: None,
        trace_unavailable: None,
        invariants: vec![],
        summaries: vec![],
    };
    match verdict {
        FinalVerdict::Safe { proof } => {
            if let Proof::InductiveInvariant { invariants, .. } = &proof.how {
                let ranges = p.map(invariant::Ranges::of).unwrap_or_default();
                e.invariants = invariants
                    .iter()
                    .map(|i| PlainInvariant {
                        line: i.line,
                        text: invariant::simplify_in(&i.c_expr, &ranges),
                    })
                    .collect();
            }
            if let Proof::Summaries { summaries, .. } = &proof.how {
                e.summaries = summaries.iter().map(plain_summary).collect();
            }
            e.headline = safe_headline(p, &proof.how, &proof.on);
        }
        FinalVerdict::Unsafe { trace } => {
            match p.ok_or_else(|| "the front end did not read the program".to_string()) {
                Ok(p) => match retrace(p, trace, source) {
                    Ok(t) => e.trace = Some(t),
                    Err(why) => e.trace_unavailable = Some(why),
                },
                Err(why) => e.trace_unavailable = Some(why),
            }
            e.headline = match (&e.trace, p) {
                (Some(t), _) => unsafe_headline(Some(t)),
                (None, Some(p)) => match path_site(p, &trace.path) {
                    // The confirmed path's last statement is the failing site.
                    Some((kind, at)) => failure_words(kind, &at, ""),
                    None => {
                        let why = e.trace_unavailable.as_deref().unwrap_or_default();
                        format!("UNSAFE: the error is reached (where is not shown: {why})")
                    }
                },
                (None, None) => unsafe_headline(None),
            };
        }
        FinalVerdict::Unknown { reason } => e.headline = unknown_headline(reason),
    }
    e
}

/// The explanation of one engine's answer on `p` (`ara bmc`, which confirms nothing): a
/// proof in the words of `ara check` (its invariants simplified); a counterexample as what it
/// is, a lead, with the place where its path fails ([`lead_headline`]); an unknown with its
/// reason. `on`: the program the engine checked (`p` itself, or an abstraction of it whose
/// path is one of `p`'s CFG).
pub fn explain_engine(
    p: &Program,
    v: &EngineVerdict,
    on: Subject,
    source: Option<&str>,
) -> Explanation {
    let headline = match v {
        EngineVerdict::Proved(how) => {
            let proof = crate::engines::verdict::SafeProof {
                how: how.clone(),
                engine: String::new(),
                on,
            };
            return explain(Some(p), &FinalVerdict::Safe { proof }, source);
        }
        EngineVerdict::Counterexample(c) => lead_headline(p, &c.path, &on),
        EngineVerdict::Unknown(r @ UnknownReason::HornGaveUp { .. }) => {
            format!("UNKNOWN: no proof: {}", horn_words(r))
        }
        EngineVerdict::Unknown(reason) => format!("UNKNOWN: {reason}"),
    };
    Explanation {
        headline,
        trace: None,
        trace_unavailable: None,
        invariants: vec![],
        summaries: vec![],
    }
}

/// `UNSAFE: assertion at prog.c:25 fails on a path the checker found (...)`: the place of the
/// path's last statement before the error, and that the path is a lead, not a confirmed run.
fn lead_headline(p: &Program, path: &[crate::ir::Vertex], on: &Subject) -> String {
    let (whose, why) = match on {
        Subject::Original => (
            "a path the checker found",
            "a lead: ara bmc does not run it on your program; ara check does",
        ),
        _ => (
            "a path of the abstraction",
            "a lead: the abstraction may be too coarse; ara check refines it",
        ),
    };
    match path_site(p, path) {
        Some((kind, at)) => failure_words(kind, &at, &format!(" on {whose} ({why})")),
        None => format!("UNSAFE: the error is reached on {whose} ({why})"),
    }
}

/// Where a CFG path of `p` that ends in the error fails: its last statement before the error
/// (an assertion, else a call of an error function) as `prog.c:LINE`.
fn path_site(p: &Program, path: &[crate::ir::Vertex]) -> Option<(FailureKind, String)> {
    if path.last() != Some(&crate::ir::VERTEX_ERROR) {
        return None;
    }
    let cfg = Cfg::build(p);
    let n = (path.iter().rev())
        .find(|&&v| v != crate::ir::VERTEX_ERROR && (v as usize) < cfg.nodes.len())
        .map(|&v| cfg.node(v))
        .filter(|n| n.span.line > 0)?;
    let kind = match &n.action {
        Action::Stmt(s) if matches!(s.kind, StmtKind::Assert(_)) => FailureKind::Assertion,
        _ => FailureKind::ErrorCall,
    };
    Some((
        kind,
        format!("{}:{}", text::short_file(&p.file), n.span.line),
    ))
}

/// The explanation of `verdict` for a program checked on its source (recursion, many
/// calls: `procedures`), whose procedural form `pp` the front end read (when it could): as
/// [`explain`], and an UNSAFE run is retraced on the program inlined from `pp` as deep as
/// the run goes ([`retrace_procedures`]), its calls and returns shown. When it cannot be,
/// the headline names the place of the error if the program has one only ([`error_site`]:
/// the run went through it), else says why it does not.
pub fn explain_procedures(
    pp: Option<&ProcProgram>,
    verdict: &FinalVerdict,
    source: Option<&str>,
) -> Explanation {
    let mut e = explain(None, verdict, source);
    let FinalVerdict::Unsafe { trace } = verdict else {
        return e;
    };
    let Some(pp) = pp else {
        e.headline = "UNSAFE: the error is reached (where is not shown: the front end could \
                      not read the program)"
            .into();
        return e;
    };
    match retrace_procedures(pp, trace, source) {
        Ok(t) => {
            e.headline = unsafe_headline(Some(&t));
            e.trace = Some(t);
            e.trace_unavailable = None;
        }
        Err(why) => {
            let sites = error_sites(pp);
            e.headline = match error_site(pp) {
                Some((kind, line)) => {
                    let at = format!("{}:{line}", text::short_file(&pp.program.file));
                    failure_words(kind, &at, "")
                }
                None => format!(
                    "UNSAFE: the error is reached; which of the program's {} error sites is \
                     not shown ({why})",
                    sites.len()
                ),
            };
            e.trace_unavailable = Some(why);
        }
    }
    e
}

/// The deepest inlining [`inlined_for_run`] tries (a recursion never called is never cut
/// off by the size limit).
const RETRACE_MAX_DEPTH: u32 = 1 << 17;

/// The confirmed run of `t` step by step on `pp` inlined as deep as it goes
/// ([`inlined_for_run`]), with the activations of its calls.
fn retrace_procedures(
    pp: &ProcProgram,
    t: &ConcreteTrace,
    source: Option<&str>,
) -> Result<SourceTrace, String> {
    let (q, frames, r) = inlined_for_run(pp, t)?;
    Ok(trace::source_trace(&q, &r, source, Some(&frames)))
}

/// `pp` inlined at depths 1, 2, 4, ... until no call the confirmed run of `t` makes is cut
/// (`ir::inline::inline_bounded_frames`: the inlining's runs are runs of the program), with
/// its activations and the run on it; `Err` with the reason when the run is deeper than an
/// inlining of [`crate::ir::inline::MAX_INLINED`] statements, or the interpreter cannot
/// follow it. The witness and the playback harness of a recursive program's run are made on
/// this program (`svwitness::procedures`).
pub fn inlined_for_run(
    pp: &ProcProgram,
    t: &ConcreteTrace,
) -> Result<(Program, crate::ir::inline::Frames, run::Run), String> {
    use crate::ir::inline::{MAX_INLINED, inline_bounded_frames};
    let mut depth = 1;
    loop {
        let (q, frames) = inline_bounded_frames(pp, depth, MAX_INLINED).map_err(|why| {
            format!("ara shows a run step by step on the program inlined, and {why}")
        })?;
        // Not without its dead variables (as `retrace` does): `frames` names the variables
        // that receive calls' results, and no engine ran this program.
        let cfg = Cfg::build(&q);
        match run::run(&q, &cfg, &t.nondet_values, &t.initial_values) {
            Ok(r) => return Ok((q, frames, r)),
            // A call cut at this depth (or an assumption of the program's: then no depth
            // helps, and the size limit ends the search).
            Err(why) if why == run::ASSUMPTION_FAILS && depth < RETRACE_MAX_DEPTH => {
                depth = (depth * 2).min(RETRACE_MAX_DEPTH);
            }
            Err(why) => return Err(format!("ara's step-by-step rerun of it: {why}")),
        }
    }
}

/// The places of `pp` where the error is entered: (0 for an assertion, 1 for a call of an
/// error function; its line).
fn error_sites(pp: &ProcProgram) -> std::collections::BTreeSet<(u8, u32)> {
    let ids = std::iter::once(None).chain((0..pp.procs.len() as u32).map(|i| Some(ProcId(i))));
    let mut sites = std::collections::BTreeSet::new();
    for id in ids {
        let q = pp.body_program(id);
        let cfg = Cfg::build(&q);
        for n in &cfg.nodes {
            if !n.succs.iter().any(|e| e.to == crate::ir::VERTEX_ERROR) {
                continue;
            }
            let kind = match &n.action {
                Action::Stmt(s) if matches!(s.kind, StmtKind::Assert(_)) => 0,
                _ => 1,
            };
            sites.insert((kind, n.span.line));
        }
    }
    sites
}

/// The one place of `pp` where the error is entered (an assertion, or a call of an error
/// function), with its line, if all its procedures have one only.
pub fn error_site(pp: &ProcProgram) -> Option<(FailureKind, u32)> {
    let mut it = error_sites(pp).into_iter();
    match (it.next(), it.next()) {
        (Some((0, line)), None) => Some((FailureKind::Assertion, line)),
        (Some((_, line)), None) => Some((FailureKind::ErrorCall, line)),
        _ => None,
    }
}

/// The confirmed run of `trace` step by step, on the program as `strategy::check` ran it.
fn retrace(p: &Program, t: &ConcreteTrace, source: Option<&str>) -> Result<SourceTrace, String> {
    let p = crate::ir::dead::remove_dead_vars(p);
    let cfg = Cfg::build(&p);
    let r = run::run(&p, &cfg, &t.nondet_values, &t.initial_values)?;
    Ok(trace::source_trace(&p, &r, source, None))
}

/// A summary simplified for a reader: `even'` read as one word while simplifying.
fn plain_summary(s: &crate::engines::ProcedureSummary) -> PlainSummary {
    const POST: &str = "__post";
    let text = invariant::simplify(&s.c_expr.replace('\'', POST)).replace(POST, "'");
    PlainSummary {
        heading: s.heading.clone(),
        line: s.line,
        text,
    }
}

fn safe_headline(p: Option<&Program>, how: &Proof, on: &Subject) -> String {
    let every = p.map(every_size).unwrap_or_default();
    match (how, on) {
        (Proof::InductiveInvariant { .. }, Subject::Relayout) => format!(
            "SAFE: proved{every} by an inductive invariant that ara checked, on the program \
             with its 2-D arrays laid out in rows of a constant length (the invariant's \
             indexes are that layout's)"
        ),
        (Proof::InductiveInvariant { .. }, Subject::Generalized { constants }) => format!(
            "SAFE: proved for every N up to {} by an inductive invariant that ara checked, on \
             the program with that constant loop bound made a nondet N (the invariant's N)",
            crate::engines::verdict::numbers(constants)
        ),
        (Proof::InductiveInvariant { .. }, _) => {
            format!("SAFE: proved{every} by an inductive invariant that ara checked")
        }
        (Proof::Summaries { .. }, _) => {
            "SAFE: proved by procedure summaries that ara checked".into()
        }
        (_, Subject::Witness) => format!(
            "SAFE: proved for every array size, on the program with one element per array \
             and one iteration per loop ({})",
            proof_words(how)
        ),
        (Proof::CompleteUnwinding { bound }, Subject::Abstraction { .. }) => format!(
            "SAFE: every loop unwound completely (bound {bound}) on an abstraction that keeps \
             only the array elements that matter"
        ),
        (Proof::CompleteUnwinding { bound }, _) => {
            format!("SAFE: every loop unwound completely (bound {bound})")
        }
        (Proof::KInduction { k }, _) => format!("SAFE: proved by k-induction (k = {k})"),
    }
}

fn proof_words(how: &Proof) -> String {
    match how {
        Proof::CompleteUnwinding { bound } => format!("unwound completely, bound {bound}"),
        Proof::KInduction { k } => format!("k-induction, k = {k}"),
        Proof::InductiveInvariant { .. } => "an inductive invariant".into(),
        Proof::Summaries { .. } => "procedure summaries".into(),
    }
}

/// ` for every N` when arrays' sizes are variables (their names), else nothing.
fn every_size(p: &Program) -> String {
    let mut names: Vec<String> = vec![];
    for a in &p.arrays {
        if let crate::ir::Size::Var(v) = a.size {
            let n = p.var(v).display.clone();
            if !p.var(v).synthetic && !names.contains(&n) {
                names.push(n);
            }
        }
    }
    match names.len() {
        0 if p.has_symbolic_sizes() => " for every array size".into(),
        0 => String::new(),
        _ => format!(" for every {}", names.join(" and ")),
    }
}

fn unsafe_headline(t: Option<&SourceTrace>) -> String {
    let Some(t) = t else {
        return "UNSAFE: the error is reached (the run is below)".into();
    };
    let at = format!("{}:{}", text::short_file(&t.file), t.failure.line);
    let mut after = match t.iterations {
        0 => String::new(),
        1 => " after 1 iteration".into(),
        n => format!(" after {n} iterations"),
    };
    if let Some((f, deep)) = open_calls(&t.steps).last() {
        let _ = match deep {
            1 => write!(after, " in {f}"),
            n => write!(after, " in {f}, {n} calls deep"),
        };
    }
    failure_words(t.failure.kind, &at, &after)
}

/// The calls `steps` enter and do not leave (a run that fails inside a function), each with
/// how many activations of its function are open then.
fn open_calls(steps: &[trace::Step]) -> Vec<(String, usize)> {
    fn go(steps: &[trace::Step], open: &mut Vec<String>) {
        for s in steps {
            match s {
                trace::Step::Call { function, .. } => open.push(function.clone()),
                trace::Step::Return { .. } => {
                    open.pop();
                }
                trace::Step::Loop {
                    failing: Some(f), ..
                } => go(f, open),
                _ => {}
            }
        }
    }
    let mut open = vec![];
    go(steps, &mut open);
    (0..open.len())
        .map(|k| {
            let f = &open[k];
            (f.clone(), open[..=k].iter().filter(|g| *g == f).count())
        })
        .collect()
}

/// `UNSAFE: assertion at prog.c:11 fails after 2 iterations` (`after` may be empty).
fn failure_words(kind: FailureKind, at: &str, after: &str) -> String {
    match kind {
        FailureKind::Assertion => format!("UNSAFE: assertion at {at} fails{after}"),
        FailureKind::ErrorCall => format!("UNSAFE: the error call at {at} is reached{after}"),
    }
}

fn unknown_headline(r: &Inconclusive) -> String {
    if let Inconclusive::Portfolio { .. } | Inconclusive::Procedures { .. } = r
        && r.timed_out()
    {
        return "UNKNOWN: neither a proof nor a bug was found within the time limit".into();
    }
    format!("UNKNOWN: {}", reason_words(r))
}

/// An UNKNOWN reason in words: what was tried and why it gave up, a Horn engine's without
/// its configurations (they stay in `--verbose` and `--json`, the reason's `Display`).
pub fn reason_words(r: &Inconclusive) -> String {
    match r {
        Inconclusive::Engine { engine, on, reason } if engine.starts_with("spacer") => {
            let on = crate::engines::verdict::subject_words(on);
            let who = crate::engines::verdict::engine_words(engine);
            format!("{who} on {on} found no proof: {}", horn_words(reason))
        }
        Inconclusive::Procedures {
            source,
            summaries,
            not_run,
        } => format!(
            "ESBMC on your source: {}; procedure summaries: {summaries}; {not_run}",
            reason_words(source)
        ),
        Inconclusive::Portfolio {
            witness,
            refinement,
            bounded_search,
        } => {
            let mut s = format!(
                "{}; refinement loop: {}",
                reason_words(witness),
                reason_words(refinement)
            );
            if let Some(b) = bounded_search {
                let _ = write!(s, "; bounded search: {}", reason_words(b));
            }
            s
        }
        other => other.to_string(),
    }
}

/// Why a Horn engine gave up, in words: each kind of failure once, in the order met.
fn horn_words(reason: &UnknownReason) -> String {
    match reason {
        UnknownReason::HornGaveUp { attempts } => {
            let mut whys: Vec<&str> = vec![];
            for a in attempts {
                let why = match a.why {
                    HornWhy::DerivableInCells => {
                        "the error is derivable when only a few array cells are tracked"
                    }
                    HornWhy::NoPath { .. } => {
                        "its clauses derive the error, but no run of the program was found \
                         from the derivation"
                    }
                    HornWhy::TemplateTooWeak { .. } => {
                        "the strongest invariant its templates give does not exclude the error"
                    }
                    HornWhy::Solver { .. } => "Z3 answered unknown",
                };
                if !whys.contains(&why) {
                    whys.push(why);
                }
            }
            let tried = match attempts.len() {
                1 => "one attempt".to_string(),
                n => format!("{n} attempts"),
            };
            format!("{} ({tried})", whys.join("; "))
        }
        UnknownReason::InvariantRejected { .. } => {
            "the invariant Z3 found failed ara's own check".into()
        }
        UnknownReason::Crashed { .. } => "Z3 crashed".into(),
        UnknownReason::Timeout { after } => {
            format!(
                "no invariant within {}",
                crate::engines::checkers::fmt_secs(*after)
            )
        }
        other => other.to_string(),
    }
}

impl Explanation {
    /// The text `ara check` prints (before the details of `--verbose`). `trace` is the
    /// verdict's trace; `files`, where the caller wrote what is too long to print.
    pub fn text(&self, trace: Option<&ConcreteTrace>, files: &Written) -> String {
        let mut out = format!("{}\n", self.headline);
        for i in &self.invariants {
            let at = match i.line {
                0 => "a loop of ara's".to_string(),
                l => format!("loop at line {l}"),
            };
            let _ = writeln!(out, "  {at}: {}", i.text);
        }
        for s in &self.summaries {
            let _ = writeln!(out, "  {} (line {}): {}", s.heading, s.line, s.text);
        }
        let Some(ct) = trace else { return out };
        let _ = writeln!(out, "confirmed: {}", confirmed(ct));
        match &self.trace {
            Some(t) => {
                let steps = text::steps_capped(t, files.trace.as_deref());
                let _ = write!(out, "error trace:\n{steps}");
                match files.inputs.as_deref() {
                    Some(f) => {
                        let _ = writeln!(out, "inputs: {} values, written to {f}", t.inputs.len());
                    }
                    None if !t.inputs.is_empty() => {
                        let _ = write!(out, "inputs:\n{}", text::inputs(&t.inputs));
                    }
                    None => {}
                }
            }
            None => {
                let why = self.trace_unavailable.as_deref().unwrap_or("");
                match ct.replayed_on {
                    _ if ct.path.is_empty() && ct.steps.is_empty() => {
                        let _ = writeln!(out, "error trace: not shown ({why})");
                    }
                    // A recursive program, checked by ESBMC on the source: its steps.
                    ReplayedOn::Source if ct.path.is_empty() => {
                        let _ = writeln!(
                            out,
                            "error trace (ESBMC's counterexample on your source; {why}):"
                        );
                    }
                    _ => {
                        let _ = writeln!(out, "error trace (as ara's engines found it; {why}):");
                    }
                }
                for s in &ct.steps {
                    let _ = writeln!(out, "  {s}");
                }
                if !ct.inputs.is_empty() {
                    let _ = writeln!(out, "inputs:");
                    for i in &ct.inputs {
                        let _ = writeln!(out, "  {} = {}", i.what, i.value);
                    }
                }
            }
        }
        out
    }

    /// Whether the inputs are too many to print: then [`Explanation::inputs_text`] goes to a
    /// file.
    pub fn inputs_to_file(&self) -> bool {
        self.trace
            .as_ref()
            .is_some_and(|t| t.inputs.len() > text::MAX_INPUTS_SHOWN)
    }

    /// Whether the trace has more steps than are printed ([`text::MAX_STEPS_SHOWN`]): then
    /// [`Explanation::trace_text`] goes to a file.
    pub fn trace_to_file(&self) -> bool {
        self.trace
            .as_ref()
            .is_some_and(|t| text::step_lines(t) > text::MAX_STEPS_SHOWN)
    }

    /// The whole error trace, every step.
    pub fn trace_text(&self) -> String {
        self.trace.as_ref().map(text::steps).unwrap_or_default()
    }

    /// Every input, one per line, with the line that read it.
    pub fn inputs_text(&self) -> String {
        let Some(t) = &self.trace else {
            return String::new();
        };
        t.inputs
            .iter()
            .map(|i| {
                let u = if i.uninitialised {
                    " (uninitialised)"
                } else {
                    ""
                };
                format!("{} = {}{u}  (line {})\n", i.name, i.value, i.line)
            })
            .collect()
    }
}

/// How the run was confirmed, in words.
fn confirmed(t: &ConcreteTrace) -> String {
    let mut s = match t.replayed_on {
        ReplayedOn::Source => {
            "replayed on your program: compiled with gcc and run on these inputs, it reaches \
             the error"
                .to_string()
        }
        ReplayedOn::Translation => "replayed on ara's translation of your program: compiled \
                                    with gcc and run on these inputs, it reaches the error"
            .to_string(),
    };
    if let Some(why) = &t.not_on_source {
        let _ = write!(s, " (not replayed on your source: {why})");
    }
    s
}

#[cfg(test)]
mod tests;
