//! SV-COMP verification witnesses, YAML format 2.0: writing violation witnesses for ara's
//! UNSAFE verdicts and validating violation witnesses (ara's or other tools').
//!
//! Not to be confused with `abstraction::witness`, the witness-index transformation.
//!
//! - [`format`]: the format's data model (serde), liberal reading, writing.
//! - [`source`]: the original file (SHA-256, lines, calls as written).
//! - [`sites`]: the IR's nondets and errors → calls in the original file.
//! - [`write`]: a [`write::ConfirmedRun`] → a `violation_sequence` (pure).
//! - [`locals`]: uninitialised locals in a run (initial values read, assumption points).
//! - [`run`]: ADAPTER, running the original program with inputs fed per call (gcc).
//! - [`validate`]: a witness → CONFIRMED / REJECTED / UNKNOWN.
//! - [`correctness`]: a SAFE verdict's proof → an `invariant_set` (pure).
//! - [`contracts`]: a proof by procedure summaries → format 2.1 function contracts, and their
//!   validation for programs with procedures (the summary engine's clauses, Z3).
//! - [`cexpr`]: a witness's C expression → an IR expression (ara's front end).
//! - [`defined`]: the condition under which C defines an expression's value.
//! - [`inductive`]: an `invariant_set` → CONFIRMED / REJECTED / UNKNOWN (Z3, Horn clauses).
//! - [`search`]: invariants for proofs that state none (a short run of the Horn engine).
//! - [`procedures`]: violation witnesses and playback harnesses for programs checked on their
//!   procedural form (recursion, many calls), on the program inlined as deep as the run goes
//!   (their validation: [`validate::validate_violation`]).
//!
//! [`violation_witness_for_inputs`] ties them together for `ara check --witness`: given the
//! inputs of an UNSAFE verdict's confirmed run in the order they were read and the initial
//! values of its uninitialised locals, it runs the original program on them once more
//! (recording which call read each input, which initial values were read before being
//! written, and which error call was reached) and writes the witness only when that run
//! reaches the error. [`violation_witness_within`] does it before a deadline (each run of the
//! program gets only the time left; none starts with too little) and keeps the witness small:
//! at most [`MAX_WAYPOINTS`] (10^4) waypoints, else the target alone, and at most
//! [`MAX_STATED_VALUES`] initial values in its assumptions, else none (a long run's zero
//! values are not stated, and its middle ones are set to zero when the run still reaches the
//! error without them). A run whose inputs and initial values are all zero, in a large
//! program (at least [`LARGE_PROGRAM`] vertices) with one error call, gets the target alone
//! without a run: the confirmed run reached that
//! call, so a witness of no other waypoint states a true claim (and a validator's run from
//! zero values follows it).

pub mod cexpr;
pub mod contracts;
pub mod correctness;
pub mod defined;
pub mod format;
pub mod inductive;
pub mod locals;
pub mod playback;
pub mod procedures;
pub mod run;
pub mod search;
pub mod sites;
pub mod source;
pub mod validate;
pub mod write;

use crate::engines::smt::Model;
use crate::ir::{Program, StmtKind, Vertex};
use locals::{Local, Place, Point};
use run::{InputPlan, RunEnding, RunRecord, run_original};
use sites::Sites;
use source::{Pos, SourceText};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};
use write::{ConfirmedRun, Provenance, WitnessAssumption, WitnessInput};

/// The run of a [`RunRecord`] as a [`ConfirmedRun`], when it reached the error and every
/// input it read is a value a witness can state: a nondet call's return (a read of no call
/// that read 0 needs no waypoint), or the initial value of an uninitialised local of `main`
/// read before it was written, stated before the statement after its declaration (for a
/// variable-size array or a `malloc`'d block: after its allocation; the `points` of the run, from [`writer_points`]; `initial` holds the values the run started
/// with, zero elsewhere).
pub fn confirmed_run(
    p: &Program,
    src: &SourceText,
    sites: &Sites,
    record: &RunRecord,
    initial: &Model,
    points: &[Point],
) -> Result<ConfirmedRun, String> {
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
    // Per read, the number of inputs written before it.
    let mut written_before = Vec::with_capacity(record.reads.len() + 1);
    for (k, read) in record.reads.iter().enumerate() {
        written_before.push(inputs.len());
        match sites.call_of(read.vertex, read.index) {
            Some(site) => inputs.push(WitnessInput {
                call: site.call.clone(),
                value: read.value,
            }),
            None if read.value == 0 => {}
            None => {
                return Err(format!(
                    "input {} (value {}) is not read by a __VERIFIER_nondet call in the source \
                     (an uninitialised local of a loop or an inlined function?): format 2.0 \
                     cannot state it",
                    k + 1,
                    read.value
                ));
            }
        }
    }
    written_before.push(inputs.len());
    let assumptions = assumptions(p, src, record, initial, points, &written_before)?;
    Ok(ConfirmedRun {
        inputs,
        assumptions,
        error,
        path: None,
    })
}

/// The assumption waypoints of the initial values `record` read (one per point, a
/// conjunction of `place == value`). A zero that cannot be stated is left open, as a nondet
/// read of 0 at no call is: `ara validate` gives 0 to what no waypoint states. So are all
/// zeros of a run reading more than [`MAX_STATED_VALUES`] initial values (as [`compress`]
/// leaves its zero inputs open): the witness then pins fewer values, and still leads `ara
/// validate`'s run (zero where unstated) to the error.
fn assumptions(
    p: &Program,
    src: &SourceText,
    record: &RunRecord,
    initial: &Model,
    points: &[Point],
    written_before: &[usize],
) -> Result<Vec<WitnessAssumption>, String> {
    let mut by_point: BTreeMap<usize, Vec<(String, i128)>> = BTreeMap::new();
    let values = initial_values(initial);
    let long = record.locals.initial_reads.len() > MAX_STATED_VALUES;
    for &(place, bits) in &record.locals.initial_reads {
        let value = initial_value(&values, place);
        if long && value == 0 {
            continue;
        }
        match point_of_place(p, points, place, bits) {
            Ok((k, text)) => by_point
                .entry(k)
                .or_default()
                .push((format!("{text} == {value}"), value)),
            Err(_) if value == 0 => {}
            Err(why) => return Err(why),
        }
    }
    let mut out = vec![];
    for (k, parts) in by_point {
        let rec = &record.locals.points[k];
        let at = match statement_start(p, src, points[k].vertex) {
            Ok(at) => at,
            Err(_) if parts.iter().all(|x| x.1 == 0) => continue,
            Err(why) => return Err(why),
        };
        let before = usize::try_from(rec.position)
            .ok()
            .and_then(|i| written_before.get(i).copied())
            .unwrap_or(usize::MAX);
        let parts: Vec<String> = parts.into_iter().map(|x| x.0).collect();
        out.push(WitnessAssumption {
            at,
            constraint: parts.join(" && "),
            before,
            values: parts.len(),
        });
    }
    Ok(out)
}

/// The point (index in `points`) where the initial value of `place` (read with shadow
/// `bits`) is stated, and the place's C text.
fn point_of_place(
    p: &Program,
    points: &[Point],
    place: Place,
    bits: u8,
) -> Result<(usize, String), String> {
    let text = locals::place_text(p, place).ok_or_else(|| {
        format!(
            "the run reads the initial value of {}, which a witness cannot name",
            describe_place(p, place)
        )
    })?;
    if bits & locals::READ_BEFORE_POINT != 0 {
        return Err(format!(
            "the run reads the initial value of {text} before the statement after its \
             declaration"
        ));
    }
    let k = points
        .iter()
        .position(|pt| pt.locals.contains(&place.local()))
        .ok_or_else(|| format!("no statement follows the declaration of {text}"))?;
    Ok((k, text))
}

fn describe_place(p: &Program, place: Place) -> String {
    match place {
        Place::Var(v) => p.var(v).display.clone(),
        Place::Elem(a, k) => format!("{}[{k}]", p.array(a).display),
    }
}

/// The value `initial` gives a place (zero without one).
fn initial_value(initial: &InitialValues, place: Place) -> i128 {
    initial.get(&place).copied().unwrap_or(0)
}

/// The initial values of a model by place: looked up once per read (a model of 10^6
/// elements searched for each of them took minutes, past the command's end).
type InitialValues = std::collections::HashMap<Place, i128>;

fn initial_values(initial: &Model) -> InitialValues {
    let vars = initial.vars.iter().map(|x| (Place::Var(x.var), x.value));
    let elems = initial.arrays.iter().filter_map(|x| {
        let k = u64::try_from(x.index).ok()?;
        Some((Place::Elem(x.array, k), x.value))
    });
    // The first value of a place counts, as a search from the front found it.
    let mut m = InitialValues::new();
    for (pl, v) in vars.chain(elems) {
        m.entry(pl).or_insert(v);
    }
    m
}

/// One point per statement that follows the declaration of an uninitialised local, naming
/// the locals it follows.
pub fn writer_points(p: &Program) -> Vec<Point> {
    let mut by_vertex: BTreeMap<Vertex, Vec<Local>> = BTreeMap::new();
    let uninitialised = locals::uninitialised(p);
    let points = locals::points_after_declarations(p, &uninitialised);
    for (l, s) in uninitialised.into_iter().zip(points) {
        if let Some(s) = s {
            by_vertex.entry(s.id).or_default().push(l);
        }
    }
    by_vertex
        .into_iter()
        .map(|(vertex, locals)| Point {
            vertex,
            constraint: None,
            places: vec![],
            locals,
        })
        .collect()
}

/// Where statement `vertex` starts in the file: the first non-blank character of its line,
/// when it is the first statement of that line to run (a `for` loop's initialisation runs
/// before its test), no declaration shares the line, the line is in `main` and starts with a
/// word.
fn statement_start(p: &Program, src: &SourceText, vertex: Vertex) -> Result<Pos, String> {
    let mut span = None;
    let mut earlier = false;
    let mut on_line: Vec<(Vertex, u32)> = vec![];
    p.visit_stmts(&mut |s| {
        if !matches!(s.kind, StmtKind::Label(_) | StmtKind::Block(_)) {
            on_line.push((s.id, s.span.line));
            if s.id == vertex {
                span = Some(s.span);
            }
        }
    });
    let span = span.ok_or_else(|| format!("vertex {vertex} is no statement"))?;
    for (id, line) in on_line {
        if id == vertex {
            break;
        }
        earlier |= line == span.line;
    }
    // A declaration before it on the line (not of the variable it initialises).
    let mut own = None;
    p.visit_stmts(&mut |s| {
        if let (true, StmtKind::Assign(v, _)) = (s.id == vertex, &s.kind) {
            own = Some(*v);
        }
    });
    let before = |at: crate::ir::Span| at.line == span.line && at.col < span.col;
    earlier |= p
        .var_ids()
        .any(|v| Some(v) != own && !p.var(v).synthetic && before(p.var(v).span))
        || p.arrays.iter().any(|a| before(a.span));
    let line = *src
        .physical_lines(span.line)
        .first()
        .ok_or_else(|| format!("line {} is not in {}", span.line, src.path))?;
    let text = src.line_text(line);
    let lead = text.len() - text.trim_start().len();
    let starts_word = text[lead..]
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    if earlier || !starts_word || src.function_at(line).as_deref() != Some("main") {
        return Err(format!(
            "the statement after the declaration, line {line} (`{}`), is not the first on its \
             line in main: its column is not known",
            text.trim()
        ));
    }
    Ok(Pos {
        line,
        column: text[..lead].chars().count() as u32 + 1,
    })
}

/// The YAML violation witness of the run of `p` (from `file`) on `inputs` (the values of the
/// nondet reads in order) with the uninitialised locals starting at `initial` (zero
/// elsewhere), or why there is none. Runs gcc and the program in `dir`; all of it within
/// `timeout` ([`violation_witness_within`], whose notes it drops).
pub fn violation_witness_for_inputs(
    p: &Program,
    file: &Path,
    specification: &str,
    inputs: &[i128],
    initial: &Model,
    dir: &Path,
    timeout: Duration,
) -> Result<String, String> {
    let deadline = Instant::now() + timeout;
    violation_witness_within(p, file, specification, inputs, initial, dir, deadline).map(|w| w.0)
}

/// A violation witness states at most this many waypoints: a run whose inputs need more
/// gets the witness of its target alone. As many as the inputs of a run that is not
/// shortened ([`SHRINK_ABOVE`]): such a run (10^4 nondet elements, one of them extreme) keeps a
/// witness that `ara validate` confirms (about 2 MB); a run of 10^5 or more inputs, whose full
/// witness took minutes to write, states its target alone.
pub const MAX_WAYPOINTS: usize = SHRINK_ABOVE;

/// Less time than this left before the deadline: no run of the program is started.
const LEAST_RUN_TIME: Duration = Duration::from_millis(300);

/// [`violation_witness_for_inputs`] until `deadline`, with notes on what the witness leaves
/// out. Every step is linear in the run (its reads, its waypoints), and each run of the
/// program gets only the time left. A run whose inputs need more than [`MAX_WAYPOINTS`]
/// waypoints gets the witness of its target alone, which format 2.0 allows: it is valid (the
/// confirmed run passes its one waypoint), though a validator must find the inputs itself.
/// When its inputs alone need that many waypoints (one per value that is not zero), or none
/// in a large program (every input and initial value zero), and the program has one error call
/// ([`only_error_call`]), that witness is written without running
/// the program (the verdict's own run, confirmed on the original program, reached the error,
/// hence that call); otherwise the run tells which error call it reached.
pub fn violation_witness_within(
    p: &Program,
    file: &Path,
    specification: &str,
    inputs: &[i128],
    initial: &Model,
    dir: &Path,
    deadline: Instant,
) -> Result<(String, Vec<String>), String> {
    let src = SourceText::read(file)?;
    let sites = Sites::of(p, &src);
    let points = writer_points(p);
    let run_with = |values: Vec<i128>, initial: &Model| {
        let left = deadline.saturating_duration_since(Instant::now());
        if left < LEAST_RUN_TIME {
            return Err(format!(
                "no time left to run the program on the {} inputs of the run",
                values.len()
            ));
        }
        let r = run_original(
            p,
            &sites,
            &InputPlan::InOrder(values),
            initial,
            &points,
            dir,
            left,
        )?;
        if r.ending == RunEnding::TimedOut {
            return Err("the run of the program for the witness did not end in time".into());
        }
        Ok(r)
    };
    let run_on = |values: Vec<i128>| run_with(values, initial);
    let mut notes = vec![];
    // A run of a large program whose inputs and initial values are all zero gets its target
    // alone (zero reads need none, as in [`compress`]) without a run: a run costs a gcc
    // build of the program, 17 s for a flat one of 20,000 inlined calls. A smaller program's
    // witness keeps its zero inputs as waypoints, which help other validators.
    let target_alone = |error| {
        let run = ConfirmedRun {
            inputs: vec![],
            assumptions: vec![],
            error,
            path: None,
        };
        write::violation_witness(p, &src, specification, &run, &Provenance::now()).to_yaml()
    };
    let large = p.num_vertices as usize >= LARGE_PROGRAM;
    if let Some(error) = only_error_call(&sites).filter(|_| large && reads_nothing(inputs, initial))
    {
        return Ok((target_alone(error), notes));
    }
    // The waypoints the run needs at least: one per input that is not zero.
    let needed = inputs.iter().filter(|&&v| v != 0).count();
    let too_many = |needed: usize, reads: usize| {
        format!(
            "the run reads {reads} inputs and its witness would need {needed} waypoints (more \
             than {MAX_WAYPOINTS}): the witness states the error call alone (a validator finds \
             the inputs)"
        )
    };
    // A long run: its middle inputs zeroed, if that run still reaches the error, gives a
    // witness of a few waypoints (zero reads need none, [`compress`]). Each try is a whole
    // run: tried while at least half the time is left.
    let start = Instant::now();
    let half_left = || {
        let total = deadline.saturating_duration_since(start);
        deadline.saturating_duration_since(Instant::now()) * 2 > total
    };
    let shrunk = (inputs.len() > SHRINK_ABOVE)
        .then(|| {
            // The last inputs kept: none, the last one, the last few.
            [0, 1, KEEP_ENDS].into_iter().find_map(|last| {
                if !half_left() {
                    return None;
                }
                let mut v = inputs.to_vec();
                let n = v.len();
                v[KEEP_ENDS..n - last].fill(0);
                run_on(v.clone())
                    .ok()
                    .filter(|r| matches!(r.ending, RunEnding::Reached(_)))
                    .map(|r| (v, r))
            })
        })
        .flatten();
    let (values, mut record) = match shrunk {
        Some(r) => r,
        None if needed > MAX_WAYPOINTS => {
            // The witness of the whole run would be its target alone: with one error call in
            // the program, that is the one the confirmed run reached, and no run is needed.
            if let Some(error) = only_error_call(&sites) {
                notes.push(too_many(needed, inputs.len()));
                return Ok((target_alone(error), notes));
            }
            (inputs.to_vec(), run_on(inputs.to_vec())?)
        }
        None => (inputs.to_vec(), run_on(inputs.to_vec())?),
    };
    // Initial values no waypoint can state (every one the model gives a place without a name
    // or a column, and those the run read before their point): the run with them zero (what a
    // validator's run gives them) is the witness's, when it still reaches the error.
    let given = initial.vars.iter().map(|x| (Place::Var(x.var), 0)).chain(
        initial.arrays.iter().filter_map(|x| {
            let k = u64::try_from(x.index).ok()?;
            Some((Place::Elem(x.array, k), 0))
        }),
    );
    let by_place = initial_values(initial);
    let unstated: Vec<Place> = given
        .chain(record.locals.initial_reads.iter().copied())
        .filter(|&(pl, bits)| {
            initial_value(&by_place, pl) != 0 && !statable(p, &src, &points, pl, bits)
        })
        .map(|x| x.0)
        .collect();
    let mut zeroed = without(initial, &unstated);
    if !unstated.is_empty() {
        record = run_with(values.clone(), &zeroed)?;
    }
    // A run reading many initial values: with those in the middle zero (stated by no
    // waypoint), if that run still reaches the error, gives a witness of a few values.
    let reads = record.locals.initial_reads.clone();
    if reads.len() > MAX_STATED_VALUES {
        let shrunk = [0, 1, KEEP_ENDS].into_iter().find_map(|last| {
            if !half_left() {
                return None;
            }
            let ends = without(&zeroed, &middle_places(&reads, last));
            run_with(values.clone(), &ends)
                .ok()
                .filter(|r| matches!(r.ending, RunEnding::Reached(_)))
                .map(|r| (r, ends))
        });
        if let Some((r, ends)) = shrunk {
            (record, zeroed) = (r, ends);
        }
    }
    let mut run = confirmed_run(p, &src, &sites, &record, &zeroed, &points)?;
    if record.reads.len() > SHRINK_ABOVE {
        compress(&mut run);
    }
    let stated: usize = run.assumptions.iter().map(|a| a.values).sum();
    if stated > MAX_STATED_VALUES {
        notes.push(format!(
            "the run reads {} initial values and its witness would state {stated} of them \
             (more than {MAX_STATED_VALUES}): the witness states none (a validator finds them)",
            reads.len()
        ));
        run.assumptions.clear();
    }
    let waypoints = run.inputs.len() + run.assumptions.len();
    if waypoints > MAX_WAYPOINTS {
        notes.push(too_many(waypoints, record.reads.len()));
        run.inputs.clear();
        run.assumptions.clear();
    }
    let w = write::violation_witness(p, &src, specification, &run, &Provenance::now());
    Ok((w.to_yaml(), notes))
}

/// The error call of the program when it has one: every error statement and assertion
/// stands for that same call (as in SV-COMP's programs, whose `__VERIFIER_assert` calls
/// `reach_error()` in one place). A run that reaches the error reaches it.
fn only_error_call(sites: &Sites) -> Option<source::Call> {
    let mut firsts = sites.errors.values().map(|calls| calls.first());
    let first = firsts.next()??;
    firsts
        .all(|c| c.is_some_and(|c| c.start == first.start))
        .then(|| first.clone())
}

/// Whether an assumption can state the initial value of `place` read with shadow `bits` (its
/// name, read after its point, and the column of the statement after its declaration).
fn statable(p: &Program, src: &SourceText, points: &[Point], place: Place, bits: u8) -> bool {
    point_of_place(p, points, place, bits)
        .is_ok_and(|(k, _)| statement_start(p, src, points[k].vertex).is_ok())
}

/// `initial` without the values of `places`.
/// A program of at least this many vertices takes gcc seconds to build instrumented: its run
/// of zero values gets the target-alone witness without a run.
const LARGE_PROGRAM: usize = 10_000;

/// Whether every input of a confirmed run and every initial value it was given is zero
/// (the values a validator's run starts from): its witness needs no waypoint but its target.
fn reads_nothing(inputs: &[i128], initial: &Model) -> bool {
    inputs.iter().all(|&v| v == 0)
        && initial.vars.iter().all(|x| x.value == 0)
        && initial.arrays.iter().all(|x| x.value == 0)
}

fn without(initial: &Model, places: &[Place]) -> Model {
    let places: std::collections::HashSet<Place> = places.iter().copied().collect();
    let mut m = initial.clone();
    m.vars.retain(|x| !places.contains(&Place::Var(x.var)));
    m.arrays.retain(|x| {
        u64::try_from(x.index).map_or(true, |k| !places.contains(&Place::Elem(x.array, k)))
    });
    m
}

/// Runs reading more inputs than this get a shorter witness ([`compress`]).
const SHRINK_ABOVE: usize = 10_000;

/// A violation witness states at most this many initial values (about 20 bytes each in its
/// assumptions): a run that needs more gets a witness with no assumption, which format 2.0
/// allows (the run passes its other waypoints) though a validator must find those values
/// itself. (A witness of 10^6 values was 19 MB, and gcc did not build the validator's run of
/// 10^5 of them within 60 s.)
pub const MAX_STATED_VALUES: usize = 4_096;

/// The places of `reads` (initial reads in order) but the first [`KEEP_ENDS`] and the last
/// `last`.
fn middle_places(reads: &[(Place, u8)], last: usize) -> Vec<Place> {
    let from = KEEP_ENDS.min(reads.len());
    let to = reads.len().saturating_sub(last).max(from);
    reads[from..to].iter().map(|r| r.0).collect()
}

/// The inputs at each end of a long run kept when its middle is zeroed.
const KEEP_ENDS: usize = 64;

/// Drops the `function_return` waypoints of zero values whose call is not the call of the
/// next waypoint kept (so every kept value still goes to the read it was read at when a
/// validator gives each value to the first read of its call after the previous one, and
/// unnamed reads 0, as `ara validate` does). The witness then leaves those inputs open.
fn compress(run: &mut ConfirmedRun) {
    let mut kept: Vec<(usize, WitnessInput)> = vec![];
    let mut next_call: Option<Pos> = None;
    for (k, i) in run.inputs.iter().enumerate().rev() {
        if i.value != 0 || next_call == Some(i.call.start) {
            next_call = Some(i.call.start);
            kept.push((k, i.clone()));
        }
    }
    kept.reverse();
    for a in &mut run.assumptions {
        a.before = kept.partition_point(|(k, _)| *k < a.before);
    }
    run.inputs = kept.into_iter().map(|(_, i)| i).collect();
}

/// How long to search for invariants of a proof that states none, and the abstraction the
/// refinement loop proved (its final index sets), when it proved one.
#[derive(Clone, Copy, Debug)]
pub struct Search<'a> {
    pub budget: Duration,
    pub proved: Option<&'a [crate::strategy::cegar::TrackedSummary]>,
}

/// The YAML correctness witness of a SAFE verdict's proof of `p` (from `file`), and notes on
/// what it leaves out. Invariants are written only when ara's own check of the written text
/// ([`inductive::validate_invariants`], Z3 within `timeout` for all candidates together)
/// confirms them: the first
/// confirmed [`correctness::candidates`]; for a proof that states no invariant, those of a
/// short search ([`search::search_invariants`], [`Search`]; a zero budget: none);
/// otherwise the witness states no invariant (the minimal honest witness), with a note saying
/// why.
pub fn correctness_witness_for(
    p: &Program,
    file: &Path,
    specification: &str,
    proof: &crate::engines::Proof,
    timeout: Duration,
    search: Search,
) -> Result<(String, Vec<String>), String> {
    let src = SourceText::read(file)?;
    let mut notes = vec![];
    let mut content = vec![];
    // The whole witness stays within the search's budget and `timeout`.
    let deadline = std::time::Instant::now() + search.budget + timeout;
    let mut candidates = correctness::candidates(p, &src, proof);
    if candidates.is_empty() {
        notes.push(format!("the proof ({proof}) states no invariant"));
        if !search.budget.is_zero() {
            match search::search_invariants(p, search.budget, search.proved) {
                Ok(found) => {
                    notes.push(format!("the Horn engine found an invariant: {found}"));
                    candidates = correctness::candidates(p, &src, &found);
                }
                Err(why) => notes.push(why),
            }
        }
    }
    for c in candidates {
        if c.items.is_empty() {
            notes.extend(c.notes);
            continue;
        }
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() {
            notes.push(format!(
                "no time left to check the invariants written {}",
                c.how
            ));
            break;
        }
        let (v, _) = inductive::validate_invariants(p, &src, &c.items, left);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::smt::z3::{ArrayValue, VarValue};
    use crate::ir::{ArrId, VarId};

    #[test]
    fn a_run_of_zero_values_needs_no_waypoint() {
        let mut m = Model::default();
        assert!(reads_nothing(&[], &m));
        assert!(reads_nothing(&[0; 64], &m));
        assert!(!reads_nothing(&[0, 3, 0], &m));
        m.vars.push(VarValue {
            var: VarId(0),
            value: 0,
        });
        m.arrays.push(ArrayValue {
            array: ArrId(0),
            index: 5,
            value: 0,
        });
        assert!(reads_nothing(&[0], &m));
        m.arrays[0].value = -1;
        assert!(!reads_nothing(&[0], &m));
    }
}
