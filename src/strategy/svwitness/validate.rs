//! Validating witnesses (ara's or any tool's): violation witnesses by running the original
//! program on their inputs (this module), correctness witnesses (invariant sets) by
//! [`super::inductive`].
//!
//! Takes the program, its source file and the witness text; gives a [`Validation`]:
//! CONFIRMED, REJECTED or UNKNOWN, each with its reason.
//!
//! The witness's follow waypoints are read in order: a `function_return` at a
//! `__VERIFIER_nondet_*` call with `\result == v` gives that call the value `v` (another
//! comparison gives a value satisfying it, chosen by ara); an `assumption` `x == v` (or a
//! conjunction of such) right after a statement that reads `x` from a nondet call gives that
//! call `v`. The program, compiled with gcc, is run with each value given to the call its
//! waypoint names, in order; a read no waypoint pins gets 0 ([`super::run`]). An `assumption`
//! over uninitialised locals of `main` (`a[3] == 7 && x == 5`; elements of variable-size
//! arrays and of `malloc`'d blocks too, `p[2] == 7` naming the block pointer `p` was
//! assigned) gives them those initial values (others start at 0), and the run evaluates the
//! constraint before the statement at the waypoint's line, the first time it gets there
//! ([`super::locals`]: an element that does not exist there, not yet allocated or past the
//! size, makes it false); the order of such waypoints among the others is not checked. At the
//! line of a declaration (a VLA's, a block's allocation) it is checked before the next
//! statement, and the witness is then not taken as exact.
//!
//! Soundness of the answers:
//! - CONFIRMED only when that run reaches the error at the witness's target after passing
//!   every value waypoint, and ara checked every waypoint of the witness: a run of the
//!   original program, so the violation is real and the witness leads to it. A waypoint ara
//!   cannot check (branching, function_enter, avoid, an assumption over what no nondet call or
//!   uninitialised local sets, a constraint ara does not read) makes a run that reaches the
//!   error UNKNOWN: no run may follow the witness, and ara's run may be another.
//! - A value no run can have is REJECTED: `\result == 4294967303` for an `int` call (ACSL's
//!   integers are mathematical), `x == v` with `v` out of the range of `x`'s type or of the
//!   type of the call that set it. Such values are never wrapped into the type.
//! - REJECTED for a malformed witness, a witness of another file (its SHA-256), a waypoint
//!   that points at no call, or a run that does not do what the witness says *when the witness
//!   pins every input of that run exactly*: the program is deterministic on fixed inputs, so
//!   every execution the witness admits is this run. Uninitialised locals count as inputs:
//!   the run records every initial value it reads before writing it ([`super::locals`]), and
//!   the witness is exact only when its assumptions state each of them, at statements before
//!   which the run had not written them (so they speak of the initial values), and the run
//!   could follow every such read.
//! - An assumption at a line outside `main`, before the declarations of the locals it names,
//!   or with no statement is REJECTED: the format's location names the statement before which
//!   the constraint is evaluated, where the names must be in scope.
//! - UNKNOWN otherwise: a run that missed the error while some input was chosen by ara may
//!   have missed it only because of that choice.

// The answer of a validation, at the path its users know.
pub use super::format::Validation;
use super::format::constant;
use super::format::{Action, Entry, Location, Segment, Waypoint, WaypointType, Witness};
use super::locals::{self, Local, Place, Point};
use super::run::{InputPlan, RunEnding, RunRecord, run_original};
use super::sites::Sites;
use super::source::{Call, SourceText};
use crate::engines::smt::{ArrayValue, Model, VarValue};
use crate::ir::inline::{MAX_INLINED, inline_bounded};
use crate::ir::{BinOp, DataModel, Expr, IntType, Program, StmtKind, VarId};
use std::path::Path;
use std::time::{Duration, Instant};

/// The answer and what it did not check.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub validation: Validation,
    /// Waypoints the run could not check, and other remarks.
    pub notes: Vec<String>,
    /// A correctness witness (its CONFIRMED says SAFE; a violation witness's says UNSAFE).
    pub correctness: bool,
}

impl Report {
    /// UNKNOWN for `why`, with no notes.
    fn unknown(why: String) -> Report {
        Report {
            validation: Validation::Unknown(why),
            notes: vec![],
            correctness: false,
        }
    }
}

/// What the witness asks of a run.
struct Plan {
    /// (call id, value, waypoint description) in order.
    inputs: Vec<(usize, i128, String)>,
    /// Initial values of uninitialised locals the assumptions state.
    initial: Model,
    /// The statements of those assumptions, with their constraints, and their descriptions.
    points: Vec<(Point, String)>,
    /// Every input value is the witness's own (not chosen by ara).
    exact: bool,
    /// The waypoints ara did not check (a run reaching the error is then no confirmation:
    /// the witness may describe another run).
    unchecked: Vec<String>,
    target: Location,
    notes: Vec<String>,
}

impl Plan {
    /// A waypoint ara does not check: noted, and the answer can be no CONFIRMED.
    fn unchecked(&mut self, note: String) {
        self.notes.push(note.clone());
        self.unchecked.push(note);
    }
}

pub fn validate(
    p: &Program,
    src: &SourceText,
    witness: &str,
    dir: &Path,
    timeout: Duration,
) -> Report {
    validate_ending(p, src, witness, dir, timeout).0
}

/// [`validate`], and how the run of a violation witness ended (`None`: no run).
pub fn validate_ending(
    p: &Program,
    src: &SourceText,
    witness: &str,
    dir: &Path,
    timeout: Duration,
) -> (Report, Option<RunEnding>) {
    if let Some(r) = correctness(p, src, witness, timeout) {
        return (r, None);
    }
    let mut notes = vec![];
    let mut ending = None;
    let validation = match plan_of(p, src, witness) {
        Err(v) => v,
        Ok(plan) => {
            notes.clone_from(&plan.notes);
            let sites = Sites::of(p, src);
            let calls = InputPlan::AtCalls(plan.inputs.iter().map(|i| (i.0, i.1)).collect());
            let points: Vec<Point> = plan.points.iter().map(|pt| pt.0.clone()).collect();
            match run_original(p, &sites, &calls, &plan.initial, &points, dir, timeout) {
                Err(e) => Validation::Unknown(format!("the run failed: {e}")),
                Ok(record) => {
                    let (v, more) = judge(p, src, &sites, &plan, &record);
                    notes.extend(more);
                    ending = Some(record.ending);
                    v
                }
            }
        }
    };
    let report = Report {
        validation,
        notes,
        correctness: false,
    };
    (report, ending)
}

/// The answer for a witness about a program with procedures (recursion, many calls: no
/// inlined program of ara's): a correctness witness's function contracts are checked
/// ([`super::contracts::validate_contracts`]), a violation witness's run on the program
/// inlined as deep as it goes ([`validate_violation`]); invariants
/// without contracts are not (UNKNOWN).
pub fn validate_procedures(
    pp: &crate::ir::procs::ProcProgram,
    src: &SourceText,
    witness: &str,
    timeout: Duration,
) -> Report {
    let unknown = Report::unknown;
    let w = match Witness::parse(witness) {
        Ok(w) => w,
        Err(e) => return unknown(format!("malformed witness: {e}")),
    };
    let mut contracts = vec![];
    let mut notes = vec![];
    let mut metadata = None;
    for e in &w.entries {
        match e {
            Entry::ViolationSequence { .. } => {
                return validate_violation(pp, src, witness, timeout);
            }
            Entry::InvariantSet {
                metadata: m,
                content,
            } => {
                metadata.get_or_insert(m);
                for i in content {
                    match i {
                        super::format::SetItem::Contract(c) => contracts.push(c.contract.clone()),
                        super::format::SetItem::Invariant(x) => notes.push(format!(
                            "line {}: the {} is not checked (a program with procedures: ara \
                             checks its function contracts)",
                            x.invariant.location.line, x.invariant.kind
                        )),
                        super::format::SetItem::Other(_) => {
                            notes.push("an item of a kind ara does not read is not checked".into())
                        }
                    }
                }
            }
            Entry::Other(_) => {}
        }
    }
    let Some(m) = metadata else {
        return unknown("malformed witness: no violation_sequence or invariant_set entry".into());
    };
    let (validation, more) = match same_file(m, src) {
        Err(v) => (v, vec![]),
        Ok(()) => super::contracts::validate_contracts(pp, &contracts, timeout),
    };
    notes.extend(more);
    Report {
        validation,
        notes,
        correctness: true,
    }
}

/// The depth of the first inlining [`validate_violation`] runs the witness on.
const FIRST_DEPTH: u32 = 2;

/// The answer for the violation `witness` of a program with procedures `pp`, within
/// `timeout`.
///
/// The witness's inputs are fed to the program inlined at depths 2, 4, 8, ... (a program without
/// recursion: its whole inlining) by the flat validator ([`validate_ending`]) until its
/// run does not end at an assumption (a cut call ends the run as a failed assumption does).
/// Soundness: a run that does not end at an assumption hit no cut, so it is the program's own
/// run on the witness's inputs (as the flat validator's run of ara's translation is), and the
/// flat validator's answer on it stands: CONFIRMED when it reaches the witness's target,
/// REJECTED only when the witness pins every input of it. A run ending at an assumption at the
/// deepest inlining ara makes (or when the time is up) is UNKNOWN: the assumption may be a
/// cut, and no REJECTED is drawn from it.
pub fn validate_violation(
    pp: &crate::ir::procs::ProcProgram,
    src: &SourceText,
    witness: &str,
    timeout: Duration,
) -> Report {
    let unknown = Report::unknown;
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

/// The answer for a correctness witness (invariant sets and no violation sequence), checked
/// by [`super::inductive`]; `None` for any other witness.
fn correctness(p: &Program, src: &SourceText, text: &str, timeout: Duration) -> Option<Report> {
    let w = Witness::parse(text).ok()?;
    let mut items = vec![];
    let mut metadata = None;
    for e in &w.entries {
        match e {
            Entry::ViolationSequence { .. } => return None,
            Entry::InvariantSet {
                metadata: m,
                content,
            } => {
                metadata.get_or_insert(m);
                items.extend(content.iter().filter_map(|i| match i {
                    super::format::SetItem::Invariant(x) => Some(x.clone()),
                    _ => None,
                }));
            }
            Entry::Other(_) => {}
        }
    }
    let m = metadata?;
    let (validation, notes) = match same_file(m, src) {
        Err(v) => (v, vec![]),
        Ok(()) => super::inductive::validate_invariants(p, src, &items, timeout),
    };
    Some(Report {
        validation,
        notes,
        correctness: true,
    })
}

/// REJECTED when the witness's hashes name another file than `src`.
fn same_file(metadata: &super::format::Metadata, src: &SourceText) -> Result<(), Validation> {
    let hashes = &metadata.task.input_file_hashes;
    let own = basename(&src.path);
    for (name, hash) in hashes {
        if (hashes.len() == 1 || basename(name) == own) && !hash.eq_ignore_ascii_case(&src.sha256())
        {
            return Err(Validation::Rejected(format!(
                "the witness is for another file: SHA-256 of {name} is {hash}, of {} {}",
                src.path,
                src.sha256()
            )));
        }
    }
    Ok(())
}

/// The data model a witness's first entry names (`ILP32`/`LP64`, or `32bit`/`64bit`).
pub fn data_model_of(text: &str) -> Option<crate::ir::DataModel> {
    let w = Witness::parse(text).ok()?;
    let dm = w.entries.iter().find_map(|e| match e {
        Entry::ViolationSequence { metadata, .. } | Entry::InvariantSet { metadata, .. } => {
            Some(metadata.task.data_model.to_ascii_uppercase())
        }
        Entry::Other(_) => None,
    })?;
    match dm.as_str() {
        "ILP32" | "32BIT" => Some(crate::ir::DataModel::Ilp32),
        "LP64" | "64BIT" => Some(crate::ir::DataModel::Lp64),
        _ => None,
    }
}

fn basename(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// The witness's violation sequence as a plan, or the answer when there is nothing to run.
fn plan_of(p: &Program, src: &SourceText, text: &str) -> Result<Plan, Validation> {
    let w = Witness::parse(text)
        .map_err(|e| Validation::Rejected(format!("malformed witness: {e}")))?;
    let violation = w.entries.iter().find_map(|e| match e {
        Entry::ViolationSequence { metadata, content } => Some((metadata, content)),
        _ => None,
    });
    let Some((metadata, content)) = violation else {
        return Err(Validation::Rejected(
            "malformed witness: no violation_sequence or invariant_set entry".into(),
        ));
    };
    same_file(metadata, src)?;
    plan_of_segments(p, src, content)
}

fn describe(k: usize, w: &Waypoint) -> String {
    let col = w.location.column.map_or(String::new(), |c| format!(":{c}"));
    format!(
        "waypoint {k} ({:?} at line {}{col})",
        w.kind, w.location.line
    )
    .replace("FunctionReturn", "function_return")
    .replace("FunctionEnter", "function_enter")
    .replace("Assumption", "assumption")
    .replace("Branching", "branching")
    .replace("Target", "target")
}

fn plan_of_segments(
    p: &Program,
    src: &SourceText,
    content: &[Segment],
) -> Result<Plan, Validation> {
    let sites = Sites::of(p, src);
    let mut plan = Plan {
        inputs: vec![],
        initial: Model::default(),
        points: vec![],
        exact: true,
        unchecked: vec![],
        target: Location {
            file_name: String::new(),
            line: 0,
            column: None,
            function: None,
        },
        notes: vec![],
    };
    let mut target = None;
    let mut k = 0;
    for (s, seg) in content.iter().enumerate() {
        for item in &seg.segment {
            k += 1;
            let w = &item.waypoint;
            let what = describe(k, w);
            if target.is_some() {
                return Err(Validation::Rejected(format!(
                    "malformed witness: {what} comes after the target"
                )));
            }
            if w.action != Action::Follow {
                plan.unchecked(format!("{what}: action avoid not checked"));
                continue;
            }
            if w.location.line == 0 || w.location.line > src.num_lines() {
                return Err(Validation::Rejected(format!(
                    "{what}: line {} is not a line of {}",
                    w.location.line, src.path
                )));
            }
            match w.kind {
                WaypointType::Target => {
                    if s + 1 != content.len() {
                        return Err(Validation::Rejected(format!(
                            "malformed witness: {what} is not in the last segment"
                        )));
                    }
                    target = Some(w.location.clone());
                }
                WaypointType::FunctionReturn => {
                    function_return(p.data_model, src, &sites, w, &what, &mut plan)?
                }
                WaypointType::Assumption => assumption(p, src, &sites, w, &what, &mut plan)?,
                _ => plan.unchecked(format!("{what}: not checked")),
            }
        }
    }
    plan.target = target
        .ok_or_else(|| Validation::Rejected("malformed witness: no target waypoint".into()))?;
    Ok(plan)
}

/// Whether a waypoint's location names `call` (its line, and its column anywhere from the
/// call's first character to its closing parenthesis, 0- or 1-based; no column: any).
fn names_call(loc: &Location, call: &Call) -> bool {
    let c = loc.column;
    loc.line == call.rparen.line
        && c.is_none_or(|c| c + 1 >= call.start.column && c <= call.rparen.column + 1)
        || loc.line == call.start.line
            && c.is_none_or(|c| c + 1 >= call.start.column)
            && call.start.line != call.rparen.line
}

fn function_return(
    dm: DataModel,
    src: &SourceText,
    sites: &Sites,
    w: &Waypoint,
    what: &str,
    plan: &mut Plan,
) -> Result<(), Validation> {
    let Some(call) = sites
        .calls
        .iter()
        .find(|c| names_call(&w.location, &c.call))
    else {
        let any_call = src
            .calls_on(w.location.line, &|_| true)
            .iter()
            .any(|c| names_call(&w.location, c));
        if any_call {
            plan.exact = false;
            plan.unchecked(format!(
                "{what}: the return of a function other than a nondet function is not checked"
            ));
            return Ok(());
        }
        return Err(Validation::Rejected(format!(
            "{what} points at no function call: line {} reads `{}`",
            w.location.line,
            src.line_text(w.location.line).trim()
        )));
    };
    match w.constraint.as_ref().and_then(|c| result_value(&c.value)) {
        Some((v, exact)) => {
            in_range(call.ty, v, dm, exact, what)?;
            plan.exact &= exact;
            plan.inputs.push((call.id, v, what.into()));
        }
        None => {
            plan.exact = false;
            plan.unchecked(format!(
                "{what}: constraint not understood, value left open"
            ));
        }
    }
    Ok(())
}

/// `x == 5 && y == -1` right after `x = __VERIFIER_nondet_int();`: values for those calls;
/// `a[3] == 7 && x == 5` over uninitialised locals of `main`: their initial values, the
/// constraint checked before the statement the location names ([`initial_values`]).
fn assumption(
    p: &Program,
    src: &SourceText,
    sites: &Sites,
    w: &Waypoint,
    what: &str,
    plan: &mut Plan,
) -> Result<(), Validation> {
    let eqs = w.constraint.as_ref().map(|c| equations(&c.value));
    let Some(Some(eqs)) = eqs else {
        plan.unchecked(format!("{what}: not checked"));
        return Ok(());
    };
    let uninitialised = locals::uninitialised(p);
    let mut places = vec![];
    for (name, v) in eqs {
        let plain = !name.contains(['[', '.']);
        if let Some((id, ty)) = plain
            .then(|| nondet_source_of(p, src, sites, &name, w.location.line))
            .flatten()
        {
            // The variable holds the call's value converted to its own type.
            in_range(sites.calls[id].ty, v, p.data_model, true, what)?;
            in_range(ty, v, p.data_model, true, what)?;
            plan.inputs.push((id, v, what.into()));
            continue;
        }
        match locals::parse_place(p, &name).filter(|pl| uninitialised.contains(&pl.local())) {
            Some(pl) => places.push((pl, v)),
            None => {
                // Perhaps a variable ara cannot name: its value is ara's choice.
                plan.exact = false;
                plan.unchecked(format!(
                    "{what}: {name} == {v} not checked (neither a nondet call nor an \
                     uninitialised local of main sets {name})"
                ));
            }
        }
    }
    if !places.is_empty() {
        initial_values(p, src, w, what, places, plan)?;
    }
    Ok(())
}

/// Initial values of uninitialised locals stated before the statement at `w`'s location:
/// given to the run as the locals' initial values, and the constraint checked at the
/// statement's first pass ([`locals`]). REJECTED when the location cannot see the locals
/// (another function, a line before their declaration) or holds no statement.
fn initial_values(
    p: &Program,
    src: &SourceText,
    w: &Waypoint,
    what: &str,
    places: Vec<(Place, i128)>,
    plan: &mut Plan,
) -> Result<(), Validation> {
    let line = w.location.line;
    let origin = src.origin(line);
    let declared = |pl: Place| match pl.local() {
        Local::Var(v) => p.var(v).span.line,
        Local::Array(a) => p.array(a).span.line,
    };
    if src.function_at(line).as_deref() != Some("main")
        || places.iter().any(|(pl, _)| declared(*pl) > origin)
    {
        return Err(Validation::Rejected(format!(
            "{what}: the locals it names are not in scope at line {line}"
        )));
    }
    // The first statement of the line; a declaration's line (the allocation of a variable-size
    // array is its declaration's, or the assignment of the pointer a block is named by): the
    // next statement.
    let allocations: Vec<VarId> = places
        .iter()
        .filter_map(|(pl, _)| match pl {
            Place::Elem(a, _) => locals::size_var(p.array(*a).size),
            Place::Var(_) => None,
        })
        .collect();
    let mut on_line = vec![];
    let mut after = None;
    p.visit_stmts(&mut |s| {
        if matches!(s.kind, StmtKind::Label(_) | StmtKind::Block(_))
            || matches!(&s.kind, StmtKind::Assign(n, _) if allocations.contains(n))
        {
            return;
        }
        if s.span.line == origin {
            on_line.push((s.id, s.span));
        } else if s.span.line > origin && after.is_none() {
            after = Some(s.id);
        }
    });
    let vertex = match on_line.first() {
        Some(&(v, _)) => {
            let spans: std::collections::BTreeSet<_> = on_line.iter().map(|x| x.1).collect();
            let text = src.line_text(line);
            let first_col = (text.len() - text.trim_start().len()) as u32 + 1;
            if spans.len() > 1 && w.location.column.is_some_and(|c| c != first_col) {
                plan.exact = false;
                plan.unchecked(format!(
                    "{what}: the line holds several statements; checked before the first"
                ));
            }
            v
        }
        None if places.iter().any(|(pl, _)| declared(*pl) == origin) => {
            plan.exact = false;
            plan.notes.push(format!(
                "{what}: at a declaration; checked before the next statement"
            ));
            after.ok_or_else(|| {
                Validation::Rejected(format!("{what}: no statement follows line {line}"))
            })?
        }
        None => {
            return Err(Validation::Rejected(format!(
                "{what} points at no statement: line {line} reads `{}`",
                src.line_text(line).trim()
            )));
        }
    };
    let mut parts = vec![];
    for &(pl, v) in &places {
        let ty = match pl {
            Place::Var(x) => p.var(x).ty,
            Place::Elem(a, _) => p.array(a).elem,
        };
        in_range(ty, v, p.data_model, true, what)?;
        let value = ty.wrap(v, p.data_model);
        match pl {
            Place::Var(var) => plan.initial.vars.push(VarValue { var, value }),
            Place::Elem(array, k) => plan.initial.arrays.push(ArrayValue {
                array,
                index: i128::from(k),
                value,
            }),
        }
        let ty = if i32::try_from(v).is_ok() {
            IntType::Int
        } else if i64::try_from(v).is_ok() {
            IntType::LongLong
        } else {
            IntType::ULongLong
        };
        parts.push(Expr::bin(
            BinOp::Eq,
            locals::place_expr(pl),
            Expr::Const(v, ty),
        ));
    }
    let constraint = parts
        .into_iter()
        .reduce(|a, b| Expr::bin(BinOp::LogAnd, a, b));
    plan.points.push((
        Point {
            vertex,
            constraint,
            places: places.iter().map(|x| x.0).collect(),
            locals: vec![],
        },
        what.to_string(),
    ));
    Ok(())
}

/// The nondet call whose value the statement nearest before physical line `line` assigns to
/// the variable the user named `name`, and that variable's type.
fn nondet_source_of(
    p: &Program,
    src: &SourceText,
    sites: &Sites,
    name: &str,
    line: u32,
) -> Option<(usize, IntType)> {
    let mut best: Option<(u32, usize, IntType)> = None;
    p.visit_stmts(&mut |s| {
        let StmtKind::Assign(v, Expr::Nondet(_)) = &s.kind else {
            return;
        };
        let var = p.var(*v);
        if var.display.rsplit("::").next() != Some(name) {
            return;
        }
        let Some(id) = sites
            .nondets
            .get(&s.id)
            .and_then(|n| n.first())
            .and_then(|n| n.1)
        else {
            return;
        };
        let at = sites.calls[id].call.start.line;
        if at <= line && best.is_none_or(|b| at > b.0) {
            best = Some((at, id, var.ty));
        }
    });
    let _ = src;
    best.map(|b| (b.1, b.2))
}

/// REJECTED when the witness asks a value of type `ty` to equal `v` (`exact`) outside the
/// type's range (`\result == 4294967303` for an `int`): no run passes such a waypoint, and
/// wrapping the value would run another program than the witness describes; UNKNOWN when ara
/// chose `v` for another comparison.
fn in_range(
    ty: IntType,
    v: i128,
    dm: DataModel,
    exact: bool,
    what: &str,
) -> Result<(), Validation> {
    if ty.wrap(v, dm) == v {
        return Ok(());
    }
    let (lo, hi) = ty.range(dm);
    let why = format!(
        "{what}: {v} is not a value of type {} (from {lo} to {hi})",
        ty.c_name()
    );
    Err(if exact {
        Validation::Rejected(why)
    } else {
        Validation::Unknown(why)
    })
}

/// The value `\result <op> c` asks for: `(c, true)` for `==`, a value satisfying another
/// comparison with `false` (ara's choice).
fn result_value(text: &str) -> Option<(i128, bool)> {
    let t = text
        .trim()
        .trim_start_matches('(')
        .trim_end_matches(')')
        .trim();
    for op in ["==", "!=", "<=", ">=", "<", ">"] {
        let Some(k) = t.find(op) else { continue };
        let (a, b) = (t[..k].trim(), t[k + op.len()..].trim());
        let (c, op) = if a == "\\result" {
            (constant(b)?, op)
        } else if b == "\\result" {
            let flipped = match op {
                "<=" => ">=",
                ">=" => "<=",
                "<" => ">",
                ">" => "<",
                o => o,
            };
            (constant(a)?, flipped)
        } else {
            return None;
        };
        return Some(match op {
            "==" => (c, true),
            "!=" | ">" => (c + 1, false),
            "<" => (c - 1, false),
            _ => (c, false),
        });
    }
    None
}

/// `x == 5 && (y == -1)` as [(x, 5), (y, -1)]; `None` when it is not such a conjunction.
fn equations(text: &str) -> Option<Vec<(String, i128)>> {
    let mut out = vec![];
    for part in text.split("&&") {
        let part = part.trim().trim_start_matches('(').trim_end_matches(')');
        let (a, b) = part.split_once("==")?;
        let (a, b) = (a.trim(), b.trim());
        // A variable, or an element `a[3]`, `m[1][2]`, `s[4].f`.
        let ident = |s: &str| {
            !s.is_empty()
                && (s.as_bytes()[0].is_ascii_alphabetic() || s.as_bytes()[0] == b'_')
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '[' | ']' | '.' | ' '))
        };
        let (name, c) = if ident(a) {
            (a, constant(b)?)
        } else if ident(b) {
            (b, constant(a)?)
        } else {
            return None;
        };
        out.push((name.to_string(), c));
    }
    Some(out)
}

/// The answer for a finished run.
fn judge(
    p: &Program,
    src: &SourceText,
    sites: &Sites,
    plan: &Plan,
    r: &RunRecord,
) -> (Validation, Vec<String>) {
    let mut notes = vec![];
    let v = judge_run(p, src, sites, plan, r, &mut notes);
    (v, notes)
}

fn judge_run(
    p: &Program,
    src: &SourceText,
    sites: &Sites,
    plan: &Plan,
    r: &RunRecord,
    notes: &mut Vec<String>,
) -> Validation {
    let pinned = r.reads.iter().filter(|x| x.pinned).count();
    let open = r.reads.len() - pinned;
    // Initial values of uninitialised locals the run read that no assumption states (ara
    // gave them 0), and whether every such read was followed.
    let stated: Vec<Place> = plan
        .points
        .iter()
        .flat_map(|x| x.0.places.clone())
        .collect();
    let open_initial = r
        .locals
        .initial_reads
        .iter()
        .filter(|(pl, _)| !stated.contains(pl))
        .count();
    let needs_tracking = !locals::uninitialised(p).is_empty()
        || p.arrays
            .iter()
            .any(|a| a.init == crate::ir::ArrayInit::Nondet);
    let followed = !needs_tracking || r.locals.complete;
    // An assumption at a statement before which its locals were written speaks of the
    // written values, not the initial ones ara gave: ara's reading of it is a guess.
    let mut mapped = true;
    for (k, (_, what)) in plan.points.iter().enumerate() {
        if r.locals.points.get(k).is_some_and(|x| x.passed && !x.clean) {
            mapped = false;
            notes.push(format!(
                "{what}: its locals are written before it, so its values are not their \
                 initial values (ara gave them anyway)"
            ));
        }
    }
    // Every execution the witness admits is this run.
    let exact = plan.exact
        && open == 0
        && open_initial == 0
        && followed
        && mapped
        && r.reads_not_listed == 0;
    let why_open = || {
        if open > 0 {
            format!("; the witness gives no value for {open} of the run's inputs (ara read 0)")
        } else if open_initial > 0 {
            format!(
                "; the witness gives no value for {open_initial} initial value(s) of \
                 uninitialised locals the run read (ara gave 0)"
            )
        } else if !followed {
            "; not every read of an uninitialised local could be followed".into()
        } else {
            "; some input values were chosen by ara".into()
        }
    };
    let fail = |msg: String| {
        if exact {
            Validation::Rejected(msg)
        } else {
            Validation::Unknown(msg + &why_open())
        }
    };
    if pinned < plan.inputs.len()
        && !matches!(r.ending, RunEnding::TimedOut | RunEnding::Signaled(_))
    {
        let (_, _, what) = &plan.inputs[pinned];
        let end = match &r.ending {
            RunEnding::Reached(v) => format!("reached the error{}", at_line(sites, *v)),
            _ => "ended".to_string(),
        };
        return fail(format!(
            "the run {end} before passing {what} (after {pinned} of its {} inputs)",
            plan.inputs.len()
        ));
    }
    if r.locals.complete && !matches!(r.ending, RunEnding::TimedOut | RunEnding::Signaled(_)) {
        for (k, (_, what)) in plan.points.iter().enumerate() {
            let rec = r.locals.points.get(k).cloned().unwrap_or_default();
            if !rec.passed {
                return fail(format!("the run never reaches the statement of {what}"));
            }
            if !rec.held {
                return fail(format!("the constraint of {what} does not hold on the run"));
            }
        }
    }
    match &r.ending {
        RunEnding::Reached(v) => {
            let errors = sites.errors.get(v).cloned().unwrap_or_default();
            if target_matches(src, &plan.target, &errors) && !plan.unchecked.is_empty() {
                Validation::Unknown(format!(
                    "the run reaches the error at line {} (the witness's target), but ara did \
                     not check {} of the witness's waypoints, so the run may not be the one \
                     the witness describes ({})",
                    plan.target.line,
                    plan.unchecked.len(),
                    plan.unchecked.join("; ")
                ))
            } else if target_matches(src, &plan.target, &errors) {
                Validation::Confirmed(format!(
                    "the original program, compiled with gcc and run on the witness's {} \
                     input value(s){}, reaches the error at line {} (the witness's target)",
                    plan.inputs.len(),
                    match plan.initial.vars.len() + plan.initial.arrays.len() {
                        0 => String::new(),
                        n => format!(" and {n} initial value(s) of uninitialised locals"),
                    },
                    plan.target.line
                ))
            } else {
                fail(format!(
                    "the run reaches the error{}, the witness's target is line {}",
                    at_line(sites, *v),
                    plan.target.line
                ))
            }
        }
        RunEnding::AssumeFailed => fail("an assumption fails on the run".into()),
        RunEnding::Exited(c) => fail(format!(
            "the run ends (exit code {c}) without reaching the error"
        )),
        RunEnding::Signaled(s) => Validation::Unknown(format!(
            "the run was killed by signal {s} (an out-of-bounds access traps)"
        )),
        RunEnding::TimedOut => Validation::Unknown("the run did not finish in time".into()),
    }
}

fn at_line(sites: &Sites, v: crate::ir::Vertex) -> String {
    match sites.errors.get(&v).and_then(|e| e.first()) {
        Some(c) => format!(" at line {}", c.start.line),
        None => String::new(),
    }
}

/// The target names one of the error calls (its line; its column anywhere in the call or
/// before it on the line, as tools point at the statement or the call).
fn target_matches(src: &SourceText, t: &Location, errors: &[Call]) -> bool {
    let _ = src;
    errors
        .iter()
        .any(|c| t.line == c.start.line && t.column.is_none_or(|col| col <= c.rparen.column + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_and_result_constraints() {
        assert_eq!(constant("5"), Some(5));
        assert_eq!(constant(" -3 "), Some(-3));
        assert_eq!(constant("0x1F"), Some(31));
        assert_eq!(constant("4294967295U"), Some(4294967295));
        assert_eq!(constant("(int) 7"), Some(7));
        assert_eq!(constant("(-2)"), Some(-2));
        assert_eq!(constant("x"), None);
        assert_eq!(result_value("\\result == 5"), Some((5, true)));
        assert_eq!(result_value("(\\result==-1)"), Some((-1, true)));
        assert_eq!(result_value("3 == \\result"), Some((3, true)));
        assert_eq!(result_value("\\result > 3"), Some((4, false)));
        assert_eq!(result_value("10 >= \\result"), Some((10, false)));
        assert_eq!(result_value("x == 5"), None);
    }

    #[test]
    fn assumption_equations() {
        assert_eq!(
            equations("x == 5 && (y == -1)"),
            Some(vec![("x".into(), 5), ("y".into(), -1)])
        );
        assert_eq!(equations("0 == n"), Some(vec![("n".into(), 0)]));
        assert_eq!(
            equations("a[3] == 7 && s[1].f == -2"),
            Some(vec![("a[3]".into(), 7), ("s[1].f".into(), -2)])
        );
        assert_eq!(equations("x > 5"), None);
        assert_eq!(equations("x == y"), None);
    }
}
