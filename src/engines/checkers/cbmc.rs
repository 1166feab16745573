//! CBMC: argument vectors (`--unwind N --unwinding-assertions --trace`, plus `--json-ui`) and
//! parsers of its three output formats into a [`RunReport`]: `--json-ui` (serde structs),
//! `--xml-ui` (quick-xml events) and plain text.
//!
//! Building the command and reading the output are separate so that the verdict logic is
//! tested on recorded outputs (CBMC 5.12, `shared/fixtures/cbmc`), without the binary.
//! Exit codes: 0 all properties hold, 10 some property fails, 6 input rejected.
//! Properties are named `F.assertion.N` (assertions) and `F.unwind.N` (unwinding assertions).

use super::{
    Backend, CheckOptions, FinalStatus, Mode, PropClass, PropStatus, PropertyResult, RunCtx,
    RunReport, UnknownReason, Verdict, bmc_verdict, ending_verdict,
};
use crate::base::error::AraError;
use crate::base::tools::Ending;
use crate::ir::DataModel;
use crate::ir::trace::{SourceLoc, StepKind, Trace, TraceStep, parse_int_value, parse_text_trace};
use quick_xml::events::Event;
use regex::Regex;
use serde::Deserialize;
use std::sync::LazyLock;
use std::time::Duration;

/// The CBMC back end.
pub struct Cbmc;

/// In [`Mode::Auto`] without a time limit, the largest unwinding bound tried.
pub const AUTO_MAX_BOUND: u32 = 1024;

/// The output format asked of CBMC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ui {
    Json,
    Xml,
    Text,
}

/// The argument vector of one CBMC run on `file` unwinding loops `bound` times, with unwinding
/// assertions (so that a clean run is a proof) and a counterexample trace.
pub fn args(
    file: &str,
    bound: u32,
    data_model: DataModel,
    ui: Ui,
    extra: &[String],
) -> Vec<String> {
    let mut a: Vec<String> = vec![
        file.into(),
        "--unwind".into(),
        bound.to_string(),
        "--unwinding-assertions".into(),
        "--trace".into(),
    ];
    match ui {
        Ui::Json => a.push("--json-ui".into()),
        Ui::Xml => a.push("--xml-ui".into()),
        Ui::Text => {}
    }
    if data_model == DataModel::Ilp32 {
        a.push("--32".into());
    }
    a.extend(extra.iter().cloned());
    a
}

/// What a run's command line means for its verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunInfo {
    /// `--unwind N`.
    pub bound: Option<u32>,
    /// `--unwinding-assertions` was given: only then is a clean run a proof.
    pub unwinding_assertions: bool,
}

impl RunInfo {
    /// Reads the options that matter from an argument vector (the program name may be in it).
    pub fn from_args<S: AsRef<str>>(args: &[S]) -> RunInfo {
        let mut info = RunInfo {
            bound: None,
            unwinding_assertions: false,
        };
        let mut it = args.iter().map(|s| s.as_ref());
        while let Some(a) = it.next() {
            match a {
                "--unwind" => info.bound = it.next().and_then(|n| n.parse().ok()),
                "--unwinding-assertions" => info.unwinding_assertions = true,
                "--no-unwinding-assertions" => info.unwinding_assertions = false,
                _ => {}
            }
        }
        info
    }
}

/// The verdict and trace of one CBMC run, from its output (any of the three formats), how it
/// ended, and its command line. `limit` is reported for a timeout.
pub fn outcome(
    stdout: &str,
    stderr: &str,
    ending: &Ending,
    info: RunInfo,
    limit: Duration,
) -> (Verdict, Option<Trace>) {
    let mut report = parse_output(stdout);
    if stderr.contains("Out of memory") || stderr.contains("std::bad_alloc") {
        report.out_of_memory = true;
    }
    // For crash reports: what stderr said last (JSON/XML stdout ends in markup).
    let structured = matches!(stdout.trim_start().chars().next(), Some('[' | '<'));
    let tail = if structured {
        vec![stderr]
    } else {
        vec![stderr, stdout]
    };
    report.last_line = tail.iter().find_map(|t| {
        t.lines()
            .rev()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .map(str::to_string)
    });
    if let Some(v) = ending_verdict(ending, &report, limit) {
        return (v, None);
    }
    let exit = match ending {
        Ending::Exited(c) => Some(*c),
        _ => None,
    };
    let v = bmc_verdict(&report, info.bound, info.unwinding_assertions, exit, 0);
    let t = if v.is_unsafe() { report.trace } else { None };
    (v, t)
}

/// Parses CBMC's output, recognising the format from its first character.
pub fn parse_output(stdout: &str) -> RunReport {
    let t = stdout.trim_start();
    if t.starts_with('[') {
        parse_json(stdout).unwrap_or_else(|e| RunReport {
            last_line: Some(format!("unreadable JSON output: {e}")),
            ..Default::default()
        })
    } else if t.starts_with("<?xml") || t.starts_with("<cprover") {
        parse_xml(stdout)
    } else {
        parse_text(stdout)
    }
}

fn status_of(s: &str) -> PropStatus {
    match s {
        "SUCCESS" => PropStatus::Passed,
        "FAILURE" => PropStatus::Failed,
        _ => PropStatus::Other,
    }
}

fn rejection(text: &str) -> bool {
    matches!(
        text,
        "PARSING ERROR" | "CONVERSION ERROR" | "TYPECHECKING ERROR"
    ) || text.starts_with("failed to open")
}

/// The index of the failed property whose trace ara reports: an assertion first.
fn main_failure(props: &[PropertyResult]) -> Option<usize> {
    let failed = |p: &&PropertyResult| p.status == PropStatus::Failed;
    let pos = |q: &PropertyResult| props.iter().position(|p| std::ptr::eq(p, q));
    props
        .iter()
        .filter(failed)
        .find(|p| p.class() == PropClass::Assertion)
        .or_else(|| props.iter().find(failed))
        .and_then(pos)
}

// ---------------------------------------------------------------------------------------------
// JSON (`--json-ui`)

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonSourceLocation {
    file: Option<String>,
    line: Option<String>,
    column: Option<String>,
    function: Option<String>,
}

impl JsonSourceLocation {
    fn loc(&self) -> Option<SourceLoc> {
        Some(SourceLoc {
            file: self.file.clone()?,
            line: self.line.as_deref()?.parse().ok()?,
            col: self.column.as_deref().and_then(|c| c.parse().ok()),
        })
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonProperty {
    property: String,
    #[serde(default)]
    description: String,
    status: String,
    #[serde(default)]
    trace: Vec<JsonTraceItem>,
}

#[derive(Debug, Deserialize)]
#[serde(tag = "stepType", rename_all = "kebab-case")]
enum JsonTraceItem {
    Assignment(JsonAssignment),
    FunctionCall(JsonCall),
    FunctionReturn(JsonCall),
    Failure(JsonFailure),
    #[serde(other)]
    Other,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonAssignment {
    lhs: String,
    #[serde(default)]
    hidden: bool,
    #[serde(default)]
    internal: bool,
    source_location: Option<JsonSourceLocation>,
    value: Option<serde_json::Value>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonCall {
    #[serde(default)]
    hidden: bool,
    #[serde(default)]
    internal: bool,
    function: JsonFunction,
    source_location: Option<JsonSourceLocation>,
}

#[derive(Debug, Deserialize)]
struct JsonFunction {
    identifier: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonFailure {
    property: Option<String>,
    reason: Option<String>,
    #[serde(default)]
    hidden: bool,
    source_location: Option<JsonSourceLocation>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonMessage {
    message_text: String,
    message_type: String,
    source_location: Option<JsonSourceLocation>,
}

fn json_steps(items: &[JsonTraceItem]) -> Trace {
    let loc_fn = |s: &Option<JsonSourceLocation>| {
        (
            s.as_ref().and_then(|l| l.loc()),
            s.as_ref().and_then(|l| l.function.clone()),
        )
    };
    let mut steps = Vec::new();
    for it in items {
        match it {
            JsonTraceItem::Assignment(a) => {
                // CBMC's own bookkeeping variables are noise.
                if a.internal || a.lhs.starts_with("__CPROVER") {
                    continue;
                }
                let raw = match a.value.as_ref() {
                    Some(v) => match v.get("data") {
                        Some(serde_json::Value::String(s)) => s.clone(),
                        Some(d) => d.to_string(),
                        None => v.to_string(),
                    },
                    None => String::new(),
                };
                let (loc, function) = loc_fn(&a.source_location);
                steps.push(TraceStep {
                    loc,
                    function,
                    hidden: a.hidden,
                    kind: StepKind::Assignment {
                        lhs: a.lhs.clone(),
                        value: parse_int_value(&raw),
                        raw,
                    },
                });
            }
            JsonTraceItem::FunctionCall(c) | JsonTraceItem::FunctionReturn(c) => {
                if c.internal || c.function.identifier.starts_with("__CPROVER") {
                    continue;
                }
                let (loc, function) = loc_fn(&c.source_location);
                let f = c.function.identifier.clone();
                steps.push(TraceStep {
                    loc,
                    function,
                    hidden: c.hidden,
                    kind: if matches!(it, JsonTraceItem::FunctionCall(_)) {
                        StepKind::Call { function: f }
                    } else {
                        StepKind::Return { function: f }
                    },
                });
            }
            JsonTraceItem::Failure(f) => {
                let (loc, function) = loc_fn(&f.source_location);
                steps.push(TraceStep {
                    loc,
                    function,
                    hidden: f.hidden,
                    kind: StepKind::Failure {
                        property: f.property.clone(),
                        description: f.reason.clone().unwrap_or_default(),
                    },
                });
            }
            JsonTraceItem::Other => {}
        }
    }
    Trace { steps }
}

fn message_with_loc(text: &str, loc: Option<SourceLoc>) -> String {
    match loc {
        Some(l) => format!("{l}: {text}"),
        None => text.to_string(),
    }
}

/// Parses `--json-ui` output.
pub fn parse_json(text: &str) -> Result<RunReport, serde_json::Error> {
    let items: Vec<serde_json::Value> = serde_json::from_str(text)?;
    let mut r = RunReport::default();
    let mut errors: Vec<String> = Vec::new();
    let mut rejected = false;
    for it in items {
        if let Some(res) = it.get("result") {
            let props: Vec<JsonProperty> = serde_json::from_value(res.clone())?;
            let results: Vec<PropertyResult> = props
                .iter()
                .map(|p| PropertyResult {
                    id: p.property.clone(),
                    description: p.description.clone(),
                    function: p.property.split('.').next().map(str::to_string),
                    status: status_of(&p.status),
                })
                .collect();
            if let Some(i) = main_failure(&results) {
                r.trace = Some(json_steps(&props[i].trace));
            }
            r.properties = results;
        } else if it.get("messageType").is_some() {
            let m: JsonMessage = serde_json::from_value(it)?;
            match m.message_text.as_str() {
                "VERIFICATION SUCCESSFUL" => r.final_status = Some(FinalStatus::Successful),
                "VERIFICATION FAILED" => r.final_status = Some(FinalStatus::Failed),
                t if m.message_type == "ERROR" => {
                    if rejection(t) {
                        rejected = true;
                    }
                    errors.push(message_with_loc(
                        t,
                        m.source_location.as_ref().and_then(|l| l.loc()),
                    ));
                }
                t if t.contains("Out of memory") => r.out_of_memory = true,
                _ => {}
            }
        }
    }
    if rejected {
        r.rejected = errors.first().cloned();
    }
    Ok(r)
}

// ---------------------------------------------------------------------------------------------
// XML (`--xml-ui`)

/// Parses `--xml-ui` output (event by event: the trace elements are flat enough).
pub fn parse_xml(text: &str) -> RunReport {
    let mut r = RunReport::default();
    let mut reader = quick_xml::Reader::from_str(text);
    // Element names from the root down, and the text of the innermost.
    let mut path: Vec<String> = Vec::new();
    let mut buf = String::new();
    let mut errors: Vec<String> = Vec::new();
    let mut rejected = false;
    // The message being read: its type and location.
    let mut msg: Option<(String, Option<SourceLoc>)> = None;
    // The result being read: its index in r.properties and its steps.
    let mut result: Option<(usize, Vec<TraceStep>)> = None;
    let mut traces: Vec<(usize, Trace)> = Vec::new();
    // The trace step being read.
    let mut step: Option<TraceStep> = None;
    let attr = |e: &quick_xml::events::BytesStart, name: &str| -> Option<String> {
        e.attributes()
            .flatten()
            .find(|a| a.key.as_ref() == name)
            .and_then(|a| {
                a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                    .ok()
                    .map(|v| v.into_owned())
            })
    };
    loop {
        let ev = match reader.read_event() {
            Ok(Event::Eof) => break,
            Ok(e) => e,
            Err(e) => {
                r.last_line = Some(format!("unreadable XML output: {e}"));
                break;
            }
        };
        match ev {
            Event::Start(ref e) | Event::Empty(ref e) => {
                let name = e.name().as_ref().to_string();
                let parent = path.last().map(String::as_str);
                match name.as_str() {
                    "message" => msg = Some((attr(e, "type").unwrap_or_default(), None)),
                    "result" => {
                        let p = PropertyResult {
                            id: attr(e, "property").unwrap_or_default(),
                            description: String::new(),
                            function: None,
                            status: status_of(&attr(e, "status").unwrap_or_default()),
                        };
                        r.properties.push(PropertyResult {
                            function: p.id.split('.').next().map(str::to_string),
                            ..p
                        });
                        result = Some((r.properties.len() - 1, Vec::new()));
                    }
                    "assignment" | "function_call" | "function_return" | "failure"
                        if result.is_some() =>
                    {
                        let hidden = attr(e, "hidden").as_deref() == Some("true");
                        let kind = match name.as_str() {
                            "assignment" => StepKind::Assignment {
                                lhs: String::new(),
                                value: None,
                                raw: String::new(),
                            },
                            "function_call" => StepKind::Call {
                                function: String::new(),
                            },
                            "function_return" => StepKind::Return {
                                function: String::new(),
                            },
                            _ => StepKind::Failure {
                                property: attr(e, "property"),
                                description: attr(e, "reason").unwrap_or_default(),
                            },
                        };
                        step = Some(TraceStep {
                            loc: None,
                            function: None,
                            hidden,
                            kind,
                        });
                    }
                    "function" => {
                        if let Some(s) = step.as_mut()
                            && let StepKind::Call { function } | StepKind::Return { function } =
                                &mut s.kind
                        {
                            *function = attr(e, "identifier").unwrap_or_default();
                        }
                    }
                    "location" => {
                        let loc = (|| {
                            Some(SourceLoc {
                                file: attr(e, "file")?,
                                line: attr(e, "line")?.parse().ok()?,
                                col: attr(e, "column").and_then(|c| c.parse().ok()),
                            })
                        })();
                        // The location of a step, not of the called function's definition.
                        if parent != Some("function") {
                            if let Some(s) = step.as_mut() {
                                s.loc = loc;
                                s.function = attr(e, "function");
                            } else if let Some(m) = msg.as_mut() {
                                m.1 = loc;
                            }
                        }
                    }
                    _ => {}
                }
                if matches!(ev, Event::Start(_)) {
                    path.push(name);
                    buf.clear();
                } else {
                    end_element(
                        &name,
                        &mut r,
                        &mut msg,
                        &mut result,
                        &mut traces,
                        &mut step,
                        "",
                        &mut errors,
                        &mut rejected,
                    );
                }
            }
            Event::Text(t) => buf.push_str(&t.xml10_content()),
            Event::CData(t) => buf.push_str(&t.xml10_content()),
            Event::GeneralRef(g) => {
                if let Ok(Some(c)) = g.resolve_char_ref() {
                    buf.push(c);
                } else if let Some(s) =
                    quick_xml::escape::resolve_predefined_entity(&g.xml10_content())
                {
                    buf.push_str(s);
                }
            }
            Event::End(_) => {
                let name = path.pop().unwrap_or_default();
                let text = std::mem::take(&mut buf);
                end_element(
                    &name,
                    &mut r,
                    &mut msg,
                    &mut result,
                    &mut traces,
                    &mut step,
                    text.trim(),
                    &mut errors,
                    &mut rejected,
                );
            }
            _ => {}
        }
    }
    if rejected {
        r.rejected = errors.first().cloned();
    }
    if let Some(i) = main_failure(&r.properties) {
        r.trace = traces.into_iter().find(|(j, _)| *j == i).map(|(_, t)| t);
    }
    r
}

#[allow(clippy::too_many_arguments)]
fn end_element(
    name: &str,
    r: &mut RunReport,
    msg: &mut Option<(String, Option<SourceLoc>)>,
    result: &mut Option<(usize, Vec<TraceStep>)>,
    traces: &mut Vec<(usize, Trace)>,
    step: &mut Option<TraceStep>,
    text: &str,
    errors: &mut Vec<String>,
    rejected: &mut bool,
) {
    match name {
        "text" => {
            if let Some((ty, loc)) = msg.as_ref() {
                match text {
                    "VERIFICATION SUCCESSFUL" => r.final_status = Some(FinalStatus::Successful),
                    "VERIFICATION FAILED" => r.final_status = Some(FinalStatus::Failed),
                    t if ty == "ERROR" => {
                        *rejected |= rejection(t);
                        errors.push(message_with_loc(t, loc.clone()));
                    }
                    t if t.contains("Out of memory") => r.out_of_memory = true,
                    _ => {}
                }
            }
        }
        "message" => *msg = None,
        "full_lhs" => {
            if let Some(TraceStep {
                kind: StepKind::Assignment { lhs, .. },
                ..
            }) = step.as_mut()
            {
                *lhs = text.to_string();
            }
        }
        "full_lhs_value" => {
            if let Some(TraceStep {
                kind: StepKind::Assignment { value, raw, .. },
                ..
            }) = step.as_mut()
            {
                *raw = text.to_string();
                *value = parse_int_value(text);
            }
        }
        "assignment" | "function_call" | "function_return" | "failure" => {
            if let (Some(s), Some((_, steps))) = (step.take(), result.as_mut()) {
                let noise = match &s.kind {
                    StepKind::Assignment { lhs, .. } => lhs.starts_with("__CPROVER"),
                    StepKind::Call { function } | StepKind::Return { function } => {
                        function.starts_with("__CPROVER")
                    }
                    StepKind::Failure { .. } => false,
                };
                if !noise {
                    steps.push(s);
                }
            }
        }
        "result" => {
            if let Some((i, steps)) = result.take()
                && !steps.is_empty()
            {
                traces.push((i, Trace { steps }));
            }
        }
        "cprover-status" if r.final_status.is_none() => {
            r.final_status = match text {
                "SUCCESS" => Some(FinalStatus::Successful),
                "FAILURE" => Some(FinalStatus::Failed),
                _ => None,
            };
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------------
// Plain text

static TEXT_RESULT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^\[(?P<id>[^\]]+)\] (?:line \d+ )?(?P<d>.*): (?P<st>SUCCESS|FAILURE|UNKNOWN|ERROR)\s*$",
    )
    .unwrap()
});
static TEXT_ERROR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^file (?P<f>.+?) line (?P<l>\d+)(?: function \S+)?: (?P<m>.*)$").unwrap()
});

/// Parses CBMC's plain output (`--trace`, no UI flag).
pub fn parse_text(text: &str) -> RunReport {
    let mut r = RunReport::default();
    let mut errors = Vec::new();
    let mut rejected = false;
    for l in text.lines() {
        let t = l.trim();
        match t {
            "VERIFICATION SUCCESSFUL" => r.final_status = Some(FinalStatus::Successful),
            "VERIFICATION FAILED" => r.final_status = Some(FinalStatus::Failed),
            _ if rejection(t) => rejected = true,
            _ => {}
        }
        if t.contains("Out of memory") || t.contains("std::bad_alloc") {
            r.out_of_memory = true;
        }
        if let Some(c) = TEXT_RESULT.captures(t) {
            r.properties.push(PropertyResult {
                id: c["id"].to_string(),
                description: c["d"].to_string(),
                function: c["id"].split('.').next().map(str::to_string),
                status: status_of(&c["st"]),
            });
        } else if let Some(c) = TEXT_ERROR.captures(t) {
            errors.push(format!("{}:{}: {}", &c["f"], &c["l"], &c["m"]));
        }
    }
    if rejected {
        r.rejected = Some(
            errors
                .first()
                .cloned()
                .unwrap_or_else(|| "PARSING ERROR".into()),
        );
    }
    if let Some(pos) = text.find("\nTrace for ") {
        r.trace = parse_text_trace(&text[pos..]);
    }
    r
}

// ---------------------------------------------------------------------------------------------

impl Cbmc {
    fn run_bound(
        &self,
        ctx: &mut RunCtx,
        file: &str,
        opts: &CheckOptions,
        bound: u32,
    ) -> Result<(Verdict, Option<Trace>), AraError> {
        let a = args(file, bound, opts.data_model, Ui::Json, &opts.extra_args);
        let info = RunInfo::from_args(&a);
        let Some(out) = ctx.run(a, false)? else {
            return Ok((ctx.timeout_verdict(), None));
        };
        Ok(outcome(
            &out.stdout,
            &out.stderr,
            &out.ending,
            info,
            ctx.limit(),
        ))
    }
}

impl Backend for Cbmc {
    fn check(
        &self,
        ctx: &mut RunCtx,
        file: &str,
        opts: &CheckOptions,
    ) -> Result<(Verdict, Option<Trace>), AraError> {
        match opts.mode {
            Mode::Unwind(0) => Err(AraError::Usage(
                "an unwinding bound must be at least 1".into(),
            )),
            Mode::Unwind(n) => self.run_bound(ctx, file, opts, n),
            Mode::KInduction { .. } => Err(AraError::Usage(
                "cbmc has no k-induction; use --mode unwind or auto with cbmc".into(),
            )),
            Mode::Auto => {
                let mut bound = 1u32;
                loop {
                    let (v, t) = self.run_bound(ctx, file, opts, bound)?;
                    let incomplete = matches!(
                        v,
                        Verdict::Unknown {
                            reason: UnknownReason::UnwindingIncomplete { .. }
                        }
                    );
                    let cap = if ctx.timeout.is_some() {
                        u32::MAX / 2
                    } else {
                        AUTO_MAX_BOUND
                    };
                    if !incomplete || bound >= cap {
                        return Ok((v, t));
                    }
                    if ctx.remaining().is_some_and(|r| r.is_zero()) {
                        return Ok((ctx.timeout_verdict(), None));
                    }
                    bound *= 2;
                }
            }
        }
    }
}
