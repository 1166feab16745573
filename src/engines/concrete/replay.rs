//! Confirming a feasible trace on the original program: compile the original program with gcc,
//! with the nondeterministic inputs and the initial values of uninitialised locals taken from
//! the SMT model, run it, and see it reach the error.
//!
//! Takes the program, the path, the query and the solver's model; gives the confirmed
//! [`ConcreteTrace`] or the reason it could not be confirmed (then the verdict is UNKNOWN).
//!
//! The program text and its harness are shared with random testing (`super::random`); gcc
//! runs through `super::compile` (its arguments, and a binary made before from the same text).

use super::compile::{NotCompiled, compile};
use super::{ConcreteTrace, InputValue, describe_path};
use crate::base::tools::{Ending, Limits, run};
use crate::engines::smt::Model;
use crate::engines::smt::Query;
use crate::ir::cfg::Cfg;
use crate::ir::emit::{EmitOptions, emit_c};
use crate::ir::{ArrayInit, DataModel, Expr, IntType, Program, Stmt, StmtKind, Storage, Vertex};
use std::path::Path;
use std::time::Duration;

/// Exit code of the replay binary when `reach_error` (or a failing assertion) is reached.
pub(crate) const REACHED: i32 = 77;
/// Exit code when an assumption fails during the replay.
pub(crate) const ASSUME_FAILED: i32 = 78;
/// Exit code when the run allocates an array larger than the cap (`ARA_MAX_ELEMS`) or of a
/// negative size: abandoned, never reported.
pub(crate) const ABANDONED: i32 = 79;
/// Largest symbolic-size array (in elements) a replay of an SMT model allocates; random
/// testing uses a smaller cap (`random::RANDOM_MAX_ELEMS`).
const REPLAY_MAX_ELEMS: u64 = 1 << 20;

/// Longest a replay may compile or run.
const REPLAY_LIMIT: Duration = Duration::from_secs(60);

/// Replays the model on the original program; `Ok` only when the error is reached.
pub fn confirm(
    p: &Program,
    cfg: &Cfg,
    path: &[Vertex],
    q: &Query,
    model: &Model,
    dir: &Path,
) -> Result<ConcreteTrace, String> {
    let _ = q;
    let nondets: Vec<i128> = model.nondets.iter().map(|n| n.value).collect();
    replay(p, &nondets, model, dir, REPLAY_LIMIT)?;
    Ok(ConcreteTrace {
        path: path.to_vec(),
        steps: describe_path(p, cfg, path)
            .lines()
            .map(String::from)
            .collect(),
        inputs: inputs_of(p, model),
        nondet_values: nondets,
        initial_values: Model {
            nondets: vec![],
            vars: model.vars.clone(),
            arrays: model.arrays.clone(),
        },
        replayed_on: super::ReplayedOn::Translation,
        not_on_source: None,
        confirmed_by: "replay: the original program, compiled with gcc with these inputs, \
                       reaches the error"
            .into(),
    })
}

/// Runs the original program `p`, compiled with gcc, with the nondeterministic inputs
/// `nondets` (in the order the run reads them; 0 once they run out) and the initial values of
/// uninitialised locals from `initial` (zero where it has none; its nondets are not used).
/// `Ok` only when the run reaches the error; otherwise why not. The one replay of ara: SMT
/// models ([`confirm`]) and random-testing hits (`super::random`) are confirmed by it.
pub(crate) fn replay(
    p: &Program,
    nondets: &[i128],
    initial: &Model,
    dir: &Path,
    limit: Duration,
) -> Result<(), String> {
    let c_text = replay_program(p, nondets, initial);
    let limits = Limits {
        timeout: Some(limit),
        memory_mb: None,
    };
    let exe = match compile(&c_text, dir, "replay", &limits) {
        Ok(exe) => exe,
        Err(NotCompiled::Run(why)) => return Err(why),
        Err(NotCompiled::Failed(first)) => {
            return Err(format!("the replay program does not compile: {first}"));
        }
    };
    let out = run(&exe, &[], Some(dir), None, &limits).map_err(|e| e.to_string())?;
    match out.ending {
        Ending::Exited(REACHED) => Ok(()),
        Ending::Exited(ASSUME_FAILED) => Err("an assumption fails during the replay".into()),
        Ending::Exited(ABANDONED) => {
            Err("the replay allocates an array of a negative size or above the replay's cap".into())
        }
        Ending::Exited(c) => Err(format!("the replay ended with exit code {c} without error")),
        Ending::Signaled(s) => Err(format!("the replay was killed by signal {s}")),
        Ending::TimedOut => Err(format!(
            "the replay did not finish within {} s",
            limit.as_secs()
        )),
    }
}

/// The inputs of the model, for the report.
fn inputs_of(p: &Program, model: &Model) -> Vec<InputValue> {
    let mut out = Vec::new();
    for n in &model.nondets {
        out.push(InputValue {
            what: format!(
                "{}() at line {}",
                n.nondet.ty.nondet_fn(),
                line_of(p, n.nondet.vertex)
            ),
            value: n.value,
        });
    }
    for v in &model.vars {
        out.push(InputValue {
            what: format!("initial {}", p.var(v.var).display),
            value: v.value,
        });
    }
    for a in &model.arrays {
        out.push(InputValue {
            what: format!("initial {}[{}]", p.array(a.array).display, a.index),
            value: a.value,
        });
    }
    out
}

fn line_of(p: &Program, v: Vertex) -> u32 {
    let mut line = 0;
    p.visit_stmts(&mut |s| {
        if s.id == v && !matches!(s.kind, crate::ir::StmtKind::Label(_)) {
            line = s.span.line;
        }
    });
    line
}

/// The original program with every uninitialised local given its initial value from `initial`
/// (as globals, so large arrays do not overflow the stack) and a harness that feeds `nondets`
/// in order.
fn replay_program(p: &Program, nondets: &[i128], initial: &Model) -> String {
    let (_, mut text) = replay_program_with(p, initial);
    let values: Vec<String> = nondets
        .iter()
        // Bits as a `long long`: the harness converts them to the input's type. The smallest
        // one has no literal (its negation overflows).
        .map(|&v| match v as i64 {
            i64::MIN => "(-9223372036854775807LL - 1)".to_string(),
            v => format!("{v}LL"),
        })
        .collect();
    text.push_str(&harness(&format!(
        r#"static const long long ara_values[] = {{ {} }};
static unsigned long ara_next = 0;
static long long ara_value(const char *f) {{
  (void) f;
  unsigned long n = sizeof(ara_values) / sizeof(ara_values[0]);
  return ara_next < n ? ara_values[ara_next++] : 0;
}}
static void ara_note(const char *f, long long v) {{ (void) f; (void) v; }}
static void ara_reached(void) {{}}"#,
        if values.is_empty() {
            "0".to_string()
        } else {
            values.join(", ")
        }
    )));
    text
}

/// The original program with the model's initial values (zero where it has none), emitted as
/// C without the harness.
pub(crate) fn replay_program_with(p: &Program, model: &Model) -> (Program, String) {
    let mut r = p.clone();
    if r.data_model == DataModel::Ilp32 {
        // gcc -m32 needs a 32-bit libc that most machines lack; spelt with 32-bit `int` for
        // ILP32's 32-bit `long`, the program computes the same values as a native binary.
        narrow_longs(&mut r);
    }
    for (i, var) in r.vars.iter_mut().enumerate() {
        if var.storage == Storage::Local && var.init.is_none() {
            let id = crate::ir::VarId(i as u32);
            var.init = Some(
                model
                    .vars
                    .iter()
                    .find(|v| v.var == id)
                    .map_or(0, |v| v.value),
            );
        }
        var.storage = Storage::Global;
    }
    for (i, arr) in r.arrays.iter_mut().enumerate() {
        if arr.init == ArrayInit::Nondet {
            let id = crate::ir::ArrId(i as u32);
            let known: Vec<(u64, i128)> = model
                .arrays
                .iter()
                .filter(|a| {
                    a.array == id
                        && a.index >= 0
                        && (a.index as u64) < arr.size.as_const().unwrap_or(REPLAY_MAX_ELEMS)
                })
                .map(|a| (a.index as u64, a.value))
                .collect();
            if known.is_empty() && arr.size.as_const().is_none() {
                // Allocated by `ara_alloc`: zero in a replay, random in random testing.
                arr.storage = Storage::Global;
                continue;
            }
            let len = known.iter().map(|(k, _)| k + 1).max().unwrap_or(0);
            let mut vals = vec![0i128; len as usize];
            for (k, v) in known {
                vals[k as usize] = v;
            }
            arr.init = ArrayInit::List(vals);
        }
        arr.storage = Storage::Global;
    }
    let text = emit_c(
        &r,
        &EmitOptions {
            markers: false,
            line_comments: true,
            header_comment: Some(format!("ara replay of a trace of {}", p.file)),
        },
    );
    (r, text)
}

/// Rewrites an ILP32 program into the LP64 one with the same values: `long` becomes `int`.
/// C's conversions depend on widths and signedness only where ranks differ in width, so every
/// operation keeps its width and signedness.
fn narrow_longs(p: &mut Program) {
    fn ty(t: &mut IntType) {
        *t = match *t {
            IntType::Long => IntType::Int,
            IntType::ULong => IntType::UInt,
            t => t,
        };
    }
    fn expr(e: &mut Expr) {
        match e {
            Expr::Const(_, t) | Expr::Nondet(t) => ty(t),
            Expr::Var(_) => {}
            Expr::Read(_, i) => expr(i),
            Expr::Unary(_, a) => expr(a),
            Expr::Cast(t, a) => {
                ty(t);
                expr(a)
            }
            Expr::Binary(_, a, b) => {
                expr(a);
                expr(b)
            }
            Expr::Cond(c, a, b) => {
                expr(c);
                expr(a);
                expr(b)
            }
        }
    }
    fn stmts(ss: &mut [Stmt]) {
        for s in ss {
            match &mut s.kind {
                StmtKind::Assign(_, e)
                | StmtKind::Assume(e)
                | StmtKind::Assert(e)
                | StmtKind::DoWhile { cond: e, .. } => expr(e),
                StmtKind::Store(_, i, e) => {
                    expr(i);
                    expr(e)
                }
                StmtKind::ParAssign(xs) => xs.iter_mut().for_each(|(_, e)| expr(e)),
                StmtKind::If(c, t, e) => {
                    expr(c);
                    stmts(t);
                    stmts(e)
                }
                StmtKind::While { cond, body, step } => {
                    expr(cond);
                    stmts(body);
                    stmts(step)
                }
                StmtKind::Block(b) => stmts(b),
                StmtKind::Call(c) => c.args.iter_mut().for_each(expr),
                StmtKind::Error
                | StmtKind::Exit
                | StmtKind::Skip
                | StmtKind::Break
                | StmtKind::Continue
                | StmtKind::Goto(_)
                | StmtKind::Label(_) => {}
            }
            if let StmtKind::DoWhile { body, .. } = &mut s.kind {
                stmts(body);
            }
        }
    }
    p.vars.iter_mut().for_each(|v| ty(&mut v.ty));
    p.arrays.iter_mut().for_each(|a| ty(&mut a.elem));
    stmts(&mut p.body);
    p.data_model = DataModel::Lp64;
}

/// The SV-COMP environment of a replayed program, around `source` (which defines
/// `ara_value(name)`, the next input for the nondet function `name`, and `ara_reached()`, called
/// when the error is reached).
pub(crate) fn harness(source: &str) -> String {
    format!(
        r#"
/* ---- ara replay harness ---- */
#include <stdio.h>
#include <unistd.h>
{source}
_Bool __VERIFIER_nondet_bool(void) {{ _Bool v = ara_value("__VERIFIER_nondet_bool") != 0; ara_note("__VERIFIER_nondet_bool", (long long) v); return v; }}
char __VERIFIER_nondet_char(void) {{ char v = (char) ara_value("__VERIFIER_nondet_char"); ara_note("__VERIFIER_nondet_char", (long long) v); return v; }}
unsigned char __VERIFIER_nondet_uchar(void) {{ unsigned char v = (unsigned char) ara_value("__VERIFIER_nondet_uchar"); ara_note("__VERIFIER_nondet_uchar", (long long) v); return v; }}
short __VERIFIER_nondet_short(void) {{ short v = (short) ara_value("__VERIFIER_nondet_short"); ara_note("__VERIFIER_nondet_short", (long long) v); return v; }}
unsigned short __VERIFIER_nondet_ushort(void) {{ unsigned short v = (unsigned short) ara_value("__VERIFIER_nondet_ushort"); ara_note("__VERIFIER_nondet_ushort", (long long) v); return v; }}
int __VERIFIER_nondet_int(void) {{ int v = (int) ara_value("__VERIFIER_nondet_int"); ara_note("__VERIFIER_nondet_int", (long long) v); return v; }}
unsigned int __VERIFIER_nondet_uint(void) {{ unsigned int v = (unsigned int) ara_value("__VERIFIER_nondet_uint"); ara_note("__VERIFIER_nondet_uint", (long long) v); return v; }}
long __VERIFIER_nondet_long(void) {{ long v = (long) ara_value("__VERIFIER_nondet_long"); ara_note("__VERIFIER_nondet_long", (long long) v); return v; }}
unsigned long __VERIFIER_nondet_ulong(void) {{ unsigned long v = (unsigned long) ara_value("__VERIFIER_nondet_ulong"); ara_note("__VERIFIER_nondet_ulong", (long long) v); return v; }}
long long __VERIFIER_nondet_longlong(void) {{ long long v = (long long) ara_value("__VERIFIER_nondet_longlong"); ara_note("__VERIFIER_nondet_longlong", (long long) v); return v; }}
unsigned long long __VERIFIER_nondet_ulonglong(void) {{ unsigned long long v = (unsigned long long) ara_value("__VERIFIER_nondet_ulonglong"); ara_note("__VERIFIER_nondet_ulonglong", (long long) v); return v; }}
void __VERIFIER_assume(int c) {{ if (!c) {{ fflush(stdout); _exit({ASSUME_FAILED}); }} }}
/* Symbolic-size arrays (the program's prelude declares these under ARA_REPLAY): zeroed (the
   initial values are copied in by the program), at most ARA_MAX_ELEMS elements, every index
   checked. */
#ifndef ARA_MAX_ELEMS
#define ARA_MAX_ELEMS {REPLAY_MAX_ELEMS}LL
#endif
extern void *calloc(unsigned long, unsigned long);
void *ara_alloc_zero(long long n, unsigned long size) {{
  if (n < 0 || n > ARA_MAX_ELEMS) {{ fflush(stdout); _exit({ABANDONED}); }}
  void *p = calloc(n > 0 ? (unsigned long) n : 1, size);
  if (!p) {{ fflush(stdout); _exit({ABANDONED}); }}
  return p;
}}
void *ara_alloc(long long n, unsigned long size) {{ return ara_alloc_zero(n, size); }}
#ifndef ARA_FILL_ON
#define ARA_FILL_ON 0
#endif
/* Random contents of `malloc`'d arrays (random testing only), logged as `ara_fill_<id>`. */
int ara_heap_fill = ARA_FILL_ON;
long long ara_heap_value(int id) {{
  static char names[256][24];
  const char *f = "ara_fill";
  if (id >= 0 && id < 256) {{
    if (!names[id][0]) snprintf(names[id], sizeof names[id], "ara_fill_%d", id);
    f = names[id];
  }}
  long long v = ara_value(f);
  ara_note(f, v);
  return v;
}}
long long ara_idx(long long i, long long n) {{ if (i < 0 || i >= n) __builtin_trap(); return i; }}
void __assert_fail(const char *a, const char *f, unsigned int l, const char *fn) {{
  (void) a; (void) f; (void) l; (void) fn;
  ara_reached();
  fflush(stdout);
  _exit({REACHED});
}}"#
    )
}
