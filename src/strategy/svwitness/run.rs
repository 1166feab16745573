//! ADAPTER (for the lead to move next to `engines::concrete::replay`): run the original program, compiled
//! with gcc as a replay is, on a given input sequence, and tell which source call read each
//! input and whether (and where) the error was reached.
//!
//! Takes the program, its [`Sites`] and an [`InputPlan`]; gives a [`RunRecord`]. It reuses the
//! replay's program text (`replay_program_with`: uninitialised locals zero, ILP32 spelt for a
//! native binary), harness (`harness`) and gcc (`engines::concrete::compile`); what it adds is the
//! vertex markers of the emitter (so the harness knows at which vertex each input is read),
//! one assignment before each assertion and error statement (so it knows which one reached
//! the error), and inputs fed per source call: a witness's value is given to the call it names
//! and to no other, a call the witness says nothing about reads 0 (recorded as not pinned).
//! Every run is a run of the original program: the additions only assign ara's own variables.

use super::locals::{self, LocalsRecord, Point};
use super::sites::Sites;
use crate::base::tools::{self, Limits};
use crate::engines::concrete::compile::{NotCompiled, compile};
use crate::engines::concrete::replay::{ASSUME_FAILED, REACHED, harness, replay_program_with};
use crate::engines::smt::Model;
use crate::ir::emit::{EmitOptions, MARKER_VAR, emit_c};
use crate::ir::{Expr, IntType, Program, Stmt, StmtKind, Storage, Vertex};
use std::path::Path;
use std::time::Duration;

/// Which value each nondet read gets.
#[derive(Clone, Debug, PartialEq)]
pub enum InputPlan {
    /// Every read takes the next value, wherever it happens (as ara's replay feeds a model).
    InOrder(Vec<i128>),
    /// The `k`-th value goes to the first read of call `calls[k].0` (a [`Sites`] call id)
    /// after the `k-1`-th was read; other reads get 0.
    AtCalls(Vec<(usize, i128)>),
}

/// One nondet read of the run.
#[derive(Clone, Debug, PartialEq)]
pub struct Read {
    pub vertex: Vertex,
    /// Index among the nondets of the vertex's statement.
    pub index: usize,
    /// The value as the program's type reads it.
    pub value: i128,
    /// Taken from the plan (false: the plan had none for this read, 0 was read).
    pub pinned: bool,
}

/// How the run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum RunEnding {
    /// `reach_error()` or a failing assertion at this vertex.
    Reached(Vertex),
    AssumeFailed,
    Exited(i32),
    Signaled(i32),
    TimedOut,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RunRecord {
    /// The reads, in order (at most [`MAX_LOGGED`]).
    pub reads: Vec<Read>,
    /// Reads beyond [`MAX_LOGGED`] (not listed).
    pub reads_not_listed: u64,
    pub ending: RunEnding,
    /// The initial values of uninitialised locals the run read, and its points.
    pub locals: LocalsRecord,
}

/// Reads listed in a [`RunRecord`]; a run reading more lists the first ones only.
pub const MAX_LOGGED: u64 = 2_000_000;

/// Runs the program on the plan's inputs in `dir` (gcc, then the binary, each with `timeout`),
/// its uninitialised locals starting with the values of `initial` (zero elsewhere), recording
/// their initial reads and the passes of `points` ([`locals`]).
pub fn run_original(
    p: &Program,
    sites: &Sites,
    plan: &InputPlan,
    initial: &Model,
    points: &[Point],
    dir: &Path,
    timeout: Duration,
) -> Result<RunRecord, String> {
    let (text, complete) = program_text(p, sites, plan, initial, points);
    let limits = Limits {
        timeout: Some(timeout),
        memory_mb: None,
    };
    let exe = match compile(&text, dir, "witness_run", &limits) {
        Ok(exe) => exe,
        Err(NotCompiled::Run(why)) => return Err(why),
        Err(NotCompiled::Failed(first)) => {
            return Err(format!("the program does not compile for the run: {first}"));
        }
    };
    let out = tools::run(&exe, &[], Some(dir), None, &limits).map_err(|e| e.to_string())?;
    let mut record = parse_log(p, sites, &out.stdout, &out.ending, points.len());
    record.locals.complete &= complete;
    Ok(record)
}

/// The C text of the run (the replay's program with markers, error sites, the tracking of
/// uninitialised locals and the harness), and whether that tracking is complete.
fn program_text(
    p: &Program,
    sites: &Sites,
    plan: &InputPlan,
    initial: &Model,
    points: &[Point],
) -> (String, bool) {
    let tracking = locals::instrument(p, points);
    let mut q = tracking.program;
    let err = q.fresh_var("ara_error_vertex", IntType::UInt, Storage::Global);
    q.body = mark_errors(std::mem::take(&mut q.body), err);
    let (r, _) = replay_program_with(&q, initial);
    let mut text = emit_c(
        &r,
        &EmitOptions {
            markers: true,
            line_comments: true,
            header_comment: Some(format!("ara: a run of {} for a witness", p.file)),
        },
    );
    let err_name = r.var(err).name.clone();
    let code = LocalsCode {
        decls: &tracking.decls,
        hook: &tracking.note_hook,
        dump: &tracking.dump,
    };
    text.push_str(&harness(&harness_source(sites, plan, &err_name, &code)));
    (text, tracking.complete)
}

/// The harness's part of the tracking of uninitialised locals.
struct LocalsCode<'a> {
    decls: &'a str,
    hook: &'a str,
    dump: &'a str,
}

/// Puts `err = N;` before every assertion and error statement `N`.
fn mark_errors(ss: Vec<Stmt>, err: crate::ir::VarId) -> Vec<Stmt> {
    let mut out = Vec::with_capacity(ss.len());
    for mut s in ss {
        s.kind = match s.kind {
            StmtKind::If(c, t, e) => StmtKind::If(c, mark_errors(t, err), mark_errors(e, err)),
            StmtKind::While { cond, body, step } => StmtKind::While {
                cond,
                body: mark_errors(body, err),
                step: mark_errors(step, err),
            },
            StmtKind::DoWhile { body, cond } => StmtKind::DoWhile {
                body: mark_errors(body, err),
                cond,
            },
            StmtKind::Block(b) => StmtKind::Block(mark_errors(b, err)),
            k => k,
        };
        if matches!(s.kind, StmtKind::Error | StmtKind::Assert(_)) {
            out.push(Stmt {
                kind: StmtKind::Assign(err, Expr::Const(i128::from(s.id), IntType::UInt)),
                span: s.span,
                id: s.id,
            });
        }
        out.push(s);
    }
    out
}

fn c_value(v: i128) -> String {
    let v = v as i64;
    if v == i64::MIN {
        "(-9223372036854775807LL - 1)".into()
    } else {
        format!("{v}LL")
    }
}

/// `ara_value`/`ara_note`/`ara_reached` of the harness: inputs by plan, one log line per read
/// on stdout (the harness flushes stdout before every `_exit`).
fn harness_source(sites: &Sites, plan: &InputPlan, err: &str, locals: &LocalsCode) -> String {
    let (values, calls): (Vec<i128>, Vec<i64>) = match plan {
        InputPlan::InOrder(vs) => (vs.clone(), vec![-2; vs.len()]),
        InputPlan::AtCalls(cs) => (
            cs.iter().map(|c| c.1).collect(),
            cs.iter().map(|c| c.0 as i64).collect(),
        ),
    };
    let n = values.len();
    let list = |xs: Vec<String>| {
        if xs.is_empty() {
            "0".to_string()
        } else {
            xs.join(", ")
        }
    };
    let values = list(values.into_iter().map(c_value).collect());
    let calls = list(calls.iter().map(i64::to_string).collect());
    let mut count_cases = String::new();
    let mut call_cases = String::new();
    for (v, nds) in &sites.nondets {
        count_cases.push_str(&format!("  case {v}: return {};\n", nds.len()));
        let ids: Vec<String> = nds
            .iter()
            .map(|(_, id)| id.map_or(-1, |i| i as i64).to_string())
            .collect();
        call_cases.push_str(&format!(
            "  case {v}: {{ static const int c[] = {{{}}}; return k < {} ? c[k] : -1; }}\n",
            ids.join(", "),
            ids.len()
        ));
    }
    // The harness's own names start `ara_rh_`, which no name of ara's translation does: the
    // front end's fresh variables (`ara_i`, a fill loop's counter) are globals of the run's
    // program, and a harness static `ara_i` once kept such a program from compiling.
    format!(
        r#"#include <stdlib.h>
static const long long ara_rh_vals[] = {{ {values} }};
static const int ara_rh_wcall[] = {{ {calls} }};
static const unsigned long ara_rh_n = {n};
static unsigned long ara_rh_next;
static unsigned ara_rh_prev = 0xffffffffu, ara_rh_k, ara_rh_v, ara_rh_i;
static int ara_rh_pinned;
static long long ara_logged;
static unsigned ara_rh_count(unsigned v) {{
  switch (v) {{
{count_cases}  default: return 0;
  }}
}}
static int ara_rh_call(unsigned v, unsigned k) {{
  switch (v) {{
{call_cases}  default: return -1;
  }}
}}
{decls}
static void ara_rh_dump(void) {{
  static int done;
  if (done) return;
  done = 1;
{dump}}}
static void ara_rh_end(void) {{ ara_rh_dump(); printf("ara-end\n"); }}
static long long ara_value(const char *f) {{
  (void) f;
  if ({MARKER_VAR} != ara_rh_prev || ara_rh_k >= ara_rh_count({MARKER_VAR})) {{ ara_rh_prev = {MARKER_VAR}; ara_rh_k = 0; }}
  ara_rh_v = {MARKER_VAR}; ara_rh_i = ara_rh_k++;
  ara_rh_pinned = 0;
  if (ara_rh_next < ara_rh_n && (ara_rh_wcall[ara_rh_next] == -2 || ara_rh_wcall[ara_rh_next] == ara_rh_call(ara_rh_v, ara_rh_i))) {{
    ara_rh_pinned = 1;
    return ara_rh_vals[ara_rh_next++];
  }}
  return 0;
}}
static void ara_note(const char *f, long long v) {{
  (void) f;
{hook}  if (ara_logged++ < {MAX_LOGGED}LL) printf("ara-read %u %u %d %lld\n", ara_rh_v, ara_rh_i, ara_rh_pinned, v);
}}
static void ara_reached(void) {{ ara_rh_dump(); printf("ara-reached %u %lld\n", {err}, ara_logged); }}
__attribute__((constructor)) static void ara_rh_start(void) {{ atexit(ara_rh_end); }}"#,
        decls = locals.decls,
        dump = locals.dump,
        hook = locals.hook,
    )
}

/// The run's log (stdout) and ending as a [`RunRecord`].
fn parse_log(
    p: &Program,
    sites: &Sites,
    stdout: &str,
    ending: &tools::Ending,
    points: usize,
) -> RunRecord {
    let mut locals = LocalsRecord {
        points: vec![Default::default(); points],
        ..Default::default()
    };
    let mut reads = vec![];
    let mut total: u64 = 0;
    let mut reached = None;
    for line in stdout.lines() {
        if locals::parse_line(line, &mut locals) {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        match f.as_slice() {
            ["ara-read", v, i, pinned, value] => {
                total += 1;
                let (Ok(vertex), Ok(index), Ok(value)) = (
                    v.parse::<Vertex>(),
                    i.parse::<usize>(),
                    value.parse::<i64>(),
                ) else {
                    continue;
                };
                let ty = sites
                    .nondets
                    .get(&vertex)
                    .and_then(|n| n.get(index))
                    .map_or(IntType::LongLong, |n| n.0);
                reads.push(Read {
                    vertex,
                    index,
                    value: ty.wrap(i128::from(value), p.data_model),
                    pinned: *pinned == "1",
                });
            }
            ["ara-reached", v, n] => {
                reached = v.parse::<Vertex>().ok();
                total = total.max(n.parse().unwrap_or(0));
            }
            _ => {}
        }
    }
    let ending = match ending {
        tools::Ending::Exited(REACHED) => RunEnding::Reached(reached.unwrap_or(0)),
        tools::Ending::Exited(ASSUME_FAILED) => RunEnding::AssumeFailed,
        tools::Ending::Exited(c) => RunEnding::Exited(*c),
        tools::Ending::Signaled(s) => RunEnding::Signaled(*s),
        tools::Ending::TimedOut => RunEnding::TimedOut,
    };
    RunRecord {
        reads_not_listed: total.saturating_sub(reads.len() as u64),
        reads,
        ending,
        locals,
    }
}
