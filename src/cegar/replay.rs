//! Confirming a feasible trace on the original program: compile the original program with gcc,
//! with the nondeterministic inputs and the initial values of uninitialised locals taken from
//! the SMT model, run it, and see it reach the error.
//!
//! Takes the program, the path, the query and the solver's model; gives the confirmed
//! [`ConcreteTrace`] or the reason it could not be confirmed (then the verdict is UNKNOWN).
//!
//! Also random testing ([`random_search`]): the same compiled program on seeded random inputs
//! (small values, the program's constants, one extreme value per run, random contents for
//! uninitialised local arrays, inputs an assumption rejects drawn again); a run that reaches
//! the error is a concrete execution, reported with its inputs.

use super::{ConcreteTrace, InputValue, describe_path};
use crate::emit::{EmitOptions, emit_c};
use crate::ir::cfg::Cfg;
use crate::ir::{ArrayInit, DataModel, Expr, IntType, Program, Stmt, StmtKind, Storage, Vertex};
use crate::smt::Model;
use crate::smt::Query;
use crate::tools::{Ending, Limits, Tool, find_tool, run};
use std::path::Path;
use std::time::Duration;

/// Exit code of the replay binary when `reach_error` (or a failing assertion) is reached.
const REACHED: i32 = 77;
/// Exit code when an assumption fails during the replay.
const ASSUME_FAILED: i32 = 78;

/// gcc's arguments for a replayed program: C semantics as the trace formula has them
/// (wrapping), and no run that only reaches the error through an out-of-bounds access (it
/// traps instead).
fn gcc_args(src: &Path, exe: &Path) -> Vec<String> {
    [
        "-std=gnu11",
        "-O1",
        "-fwrapv",
        "-fsanitize=bounds",
        "-fsanitize-undefined-trap-on-error",
        "-w",
        "-o",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([exe.display().to_string(), src.display().to_string()])
    .collect()
}

/// Replays the model on the original program; `Ok` only when the error is reached.
pub fn confirm(
    p: &Program,
    cfg: &Cfg,
    path: &[Vertex],
    q: &Query,
    model: &Model,
    dir: &Path,
) -> Result<ConcreteTrace, String> {
    let inputs = inputs_of(p, q, model);
    let (program, c_text) = replay_program(p, q, model);
    let _ = program;
    let gcc = find_tool(Tool::Gcc, None).map_err(|e| e.to_string())?;
    let src = dir.join("replay.c");
    let exe = dir.join("replay.bin");
    std::fs::write(&src, &c_text).map_err(|e| format!("cannot write {}: {e}", src.display()))?;
    let args = gcc_args(&src, &exe);
    let limits = Limits {
        timeout: Some(Duration::from_secs(60)),
        memory_mb: None,
    };
    let out = run(&gcc, &args, Some(dir), None, &limits).map_err(|e| e.to_string())?;
    if out.ending != Ending::Exited(0) {
        let first = out
            .stderr
            .lines()
            .find(|l| l.contains("error"))
            .unwrap_or("");
        return Err(format!("the replay program does not compile: {first}"));
    }
    let out = run(&exe, &[], Some(dir), None, &limits).map_err(|e| e.to_string())?;
    match out.ending {
        Ending::Exited(REACHED) => Ok(ConcreteTrace {
            path: path.to_vec(),
            steps: describe_path(p, cfg, path)
                .lines()
                .map(String::from)
                .collect(),
            inputs,
            confirmed_by: "replay: the original program, compiled with gcc with these inputs, \
                           reaches the error"
                .into(),
        }),
        Ending::Exited(ASSUME_FAILED) => Err("an assumption fails during the replay".into()),
        Ending::Exited(c) => Err(format!("the replay ended with exit code {c} without error")),
        Ending::Signaled(s) => Err(format!("the replay was killed by signal {s}")),
        Ending::TimedOut => Err("the replay did not finish within 60 s".into()),
    }
}

/// The inputs of the model, for the report.
fn inputs_of(p: &Program, q: &Query, model: &Model) -> Vec<InputValue> {
    let mut out = Vec::new();
    let _ = q;
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

/// The original program with every uninitialised local given the model's initial value (as
/// globals, so large arrays do not overflow the stack) and a harness that feeds the model's
/// nondeterministic values in path order.
fn replay_program(p: &Program, q: &Query, model: &Model) -> (Program, String) {
    let (r, mut text) = replay_program_with(p, model);
    let _ = q;
    let values: Vec<String> = model
        .nondets
        .iter()
        .map(|n| format!("{}LL", n.value as i64))
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
    (r, text)
}

/// The original program with the model's initial values (zero where it has none), emitted as
/// C without the harness.
fn replay_program_with(p: &Program, model: &Model) -> (Program, String) {
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
                .filter(|a| a.array == id && a.index >= 0 && (a.index as u64) < arr.size)
                .map(|a| (a.index as u64, a.value))
                .collect();
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
fn harness(source: &str) -> String {
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
void __assert_fail(const char *a, const char *f, unsigned int l, const char *fn) {{
  (void) a; (void) f; (void) l; (void) fn;
  ara_reached();
  fflush(stdout);
  _exit({REACHED});
}}"#
    )
}

/// The random inputs of [`random_search`]: a seeded generator biased towards small values,
/// boundaries and the program's own constants (where array bugs live); every value is logged
/// so that a run reaching the error can be reported with its inputs. `ara_dict` is written
/// before it by [`dictionary`].
const RANDOM_SOURCE: &str = r#"#include <stdlib.h>
#include <string.h>
#include <limits.h>
static unsigned long long ara_state;
static FILE *ara_log;
static unsigned long long ara_rand(void) {
  ara_state ^= ara_state << 13; ara_state ^= ara_state >> 7; ara_state ^= ara_state << 17;
  return ara_state;
}
/* One input per run, at a position taken from the program's constants (the last element of
   an array filled in order is input N - 1), may be its type's largest or smallest value: a
   bug that needs one element to stand out among many needs that. */
static long ara_special = -1;
static int ara_special_high;
static long long ara_extreme(const char *f) {
  const char *t = f + sizeof("__VERIFIER_nondet_") - 1;
  int hi = ara_special_high;
  if (!strcmp(t, "int")) return hi ? INT_MAX : INT_MIN;
  if (!strcmp(t, "uint")) return hi ? (long long) UINT_MAX : 0;
  if (!strcmp(t, "char")) return hi ? CHAR_MAX : CHAR_MIN;
  if (!strcmp(t, "uchar")) return hi ? UCHAR_MAX : 0;
  if (!strcmp(t, "short")) return hi ? SHRT_MAX : SHRT_MIN;
  if (!strcmp(t, "ushort")) return hi ? USHRT_MAX : 0;
  if (!strcmp(t, "bool")) return hi;
  if (t[0] == 'u') return hi ? -1 : 0;
  return hi ? LLONG_MAX : LLONG_MIN;
}
static long long ara_value(const char *f) {
  /* Once: when an assumption rejects it, the input is drawn again as usual. */
  if (ARA_NLOG == ara_special) { ara_special = -1; return ara_extreme(f); }
  unsigned long long r = ara_rand();
  long long v;
  switch (r % 10) {
  case 0: case 1: case 2: v = (long long) ((r >> 8) % 19) - 2; break;
  case 3: v = 0; break;
  case 4: v = 1; break;
  case 5: v = (long long) ((r >> 8) % 1024); break;
  case 6: v = (long long) ((r >> 8) % (1ULL << ((r >> 40) % 31 + 1))); break;
  case 7: v = -(long long) ((r >> 8) % 1024); break;
  case 8: v = ara_dict[(r >> 8) % ARA_NDICT]; break;
  default: v = (long long) ara_rand(); break;
  }
  (void) f;
  return v;
}
/* The inputs of the run, kept in memory: a redrawn value (see redraw_before_assumes) takes
   its place back by resetting ARA_NLOG, the count the program itself maintains. */
static const char **ara_fs;
static long long *ara_vs;
static long ara_cap;
static void ara_note(const char *f, long long v) {
  long k = ARA_NLOG++;
  if (!ara_log) return;
  if (k >= ara_cap) {
    ara_cap = k * 2 + 1024;
    ara_fs = realloc(ara_fs, ara_cap * sizeof *ara_fs);
    ara_vs = realloc(ara_vs, ara_cap * sizeof *ara_vs);
    if (!ara_fs || !ara_vs) { fclose(ara_log); ara_log = 0; return; }
  }
  ara_fs[k] = f; ara_vs[k] = v;
}
static void ara_reached(void) {
  if (!ara_log) return;
  for (long k = 0; k < ARA_NLOG && k < ara_cap; k++) fprintf(ara_log, "%s %lld\n", ara_fs[k], ara_vs[k]);
  fclose(ara_log); ara_log = 0;
  rename("ara_inputs.tmp", "ara_inputs.txt");
}
/* glibc passes the command line to constructors: the seed is the first argument. */
__attribute__((constructor)) static void ara_start(int argc, char **argv, char **envp) {
  (void) envp;
  ara_state = (argc > 1 ? strtoull(argv[1], 0, 10) : 1) * 0x9E3779B97F4A7C15ULL + 1;
  unsigned long long r = ara_rand();
  if (r % 2 == 0 && ara_dict[(r >> 8) % ARA_NDICT] >= 0) ara_special = (long) ara_dict[(r >> 8) % ARA_NDICT];
  ara_special_high = (int) ((r >> 40) & 1);
  /* Logging costs more than the run: only when the run is repeated to report its inputs. */
  if (argc > 2) ara_log = fopen("ara_inputs.tmp", "w");
}"#;

/// The program's integer constants (and constant subexpressions) and array sizes, each with its neighbours, as a C array
/// `ara_dict` for [`RANDOM_SOURCE`]: an input that must hit `N - 1` (the last element of an
/// array of `N`) is one of these, and plain random values almost never are.
fn dictionary(p: &Program) -> String {
    let mut set = std::collections::BTreeSet::new();
    let mut add = |c: i128| {
        for v in [c - 1, c, c + 1] {
            if let Ok(v) = i64::try_from(v) {
                set.insert(v);
            }
        }
    };
    for a in &p.arrays {
        add(i128::from(a.size));
        a.dims.iter().for_each(|&d| add(i128::from(d)));
    }
    let mut consts = vec![];
    p.visit_stmts(&mut |s| {
        let mut exprs: Vec<&Expr> = vec![];
        match &s.kind {
            StmtKind::Assign(_, e)
            | StmtKind::Assume(e)
            | StmtKind::Assert(e)
            | StmtKind::If(e, ..)
            | StmtKind::While { cond: e, .. }
            | StmtKind::DoWhile { cond: e, .. } => exprs.push(e),
            StmtKind::Store(_, i, e) => exprs.extend([i, e]),
            StmtKind::ParAssign(xs) => exprs.extend(xs.iter().map(|(_, e)| e)),
            _ => {}
        }
        for e in exprs {
            // Constant subexpressions too, folded: a bound `N / 2 - 1` is an index to try.
            e.visit(&mut |e| {
                if !matches!(e, Expr::Var(_) | Expr::Read(..) | Expr::Nondet(_))
                    && let Some(c) = crate::abstraction::witness::const_value(p, e)
                {
                    consts.push(c);
                }
            });
        }
    });
    consts.into_iter().for_each(&mut add);
    // A bounded table: the constants of a generated program can be many.
    let values: Vec<String> = set.iter().take(4096).map(|v| format!("{v}LL")).collect();
    let values = if values.is_empty() {
        vec!["0LL".to_string()]
    } else {
        values
    };
    format!(
        "static const long long ara_dict[] = {{{}}};\n#define ARA_NDICT {}\n",
        values.join(", "),
        values.len()
    )
}

/// Gives the uninitialised local arrays random contents: a loop at the start of `main` reads
/// each element as an input (the replay of a model gives them zeros where the model says
/// nothing, one of their possible values; random testing should try others). Returns the
/// arrays (as the user wrote them) and their sizes, in the order of the inputs.
fn fill_uninitialised_arrays(p: &mut Program) -> Vec<(String, u64)> {
    use crate::ir::BinOp;
    let arrays: Vec<crate::ir::ArrId> = p
        .array_ids()
        .filter(|&a| p.array(a).storage == Storage::Local && p.array(a).init == ArrayInit::Nondet)
        .collect();
    let mut fill = vec![];
    let mut filled = vec![];
    for a in arrays {
        let (size, elem) = (p.array(a).size, p.array(a).elem);
        filled.push((p.array(a).display.clone(), size));
        let k = p.fresh_var("ara_fill", IntType::LongLong, Storage::Global);
        let st = |kind| Stmt {
            kind,
            span: Default::default(),
            id: 0,
        };
        let ll = |v: i128| Expr::Const(v, IntType::LongLong);
        fill.push(st(StmtKind::Assign(k, ll(0))));
        fill.push(st(StmtKind::While {
            cond: Expr::bin(BinOp::Lt, Expr::Var(k), ll(size as i128)),
            body: vec![st(StmtKind::Store(a, Expr::Var(k), Expr::Nondet(elem)))],
            step: vec![st(StmtKind::Assign(
                k,
                Expr::bin(BinOp::Add, Expr::Var(k), ll(1)),
            ))],
        }));
    }
    fill.append(&mut p.body);
    p.body = fill;
    filled
}

/// Redraws the inputs an assumption rejects: `x = nondet(); a[i] = nondet(); assume(c);`
/// becomes `do { x = nondet(); a[i] = nondet(); } while (!c && tries < 64); assume(c);`, the
/// inputs log rolled back before each draw. Random values rarely pass a range assumption on
/// every element of an array (`0 <= g[i] && g[i] < K` for 300 elements), and a run stopped
/// by one tests nothing; a run after redrawing is still a run of the program on the inputs
/// logged. Returns the variable that counts the logged inputs (`ARA_NLOG` of the harness).
fn redraw_before_assumes(p: &mut Program) -> crate::ir::VarId {
    use crate::ir::{BinOp, VarId};
    const TRIES: i128 = 64;
    let nlog = p.fresh_var("ara_nlog", IntType::Long, Storage::Global);
    // A statement that draws an input and may run again: it reads nothing the run writes.
    fn draws(s: &Stmt, written: &mut (Vec<VarId>, Vec<crate::ir::ArrId>)) -> bool {
        let fresh = |e: &Expr, w: &(Vec<VarId>, Vec<crate::ir::ArrId>)| {
            let mut ok = true;
            e.visit(&mut |x| match x {
                Expr::Var(v) if w.0.contains(v) => ok = false,
                Expr::Read(a, _) if w.1.contains(a) => ok = false,
                _ => {}
            });
            ok
        };
        let nondet = |e: &Expr| {
            let mut found = false;
            e.visit(&mut |x| found |= matches!(x, Expr::Nondet(_)));
            found
        };
        match &s.kind {
            StmtKind::Assign(x, e) if nondet(e) && fresh(e, written) && !written.0.contains(x) => {
                written.0.push(*x);
                true
            }
            StmtKind::Store(a, i, e)
                if nondet(e) && !nondet(i) && fresh(i, written) && fresh(e, written) =>
            {
                written.1.push(*a);
                true
            }
            _ => false,
        }
    }
    fn go(p: &mut Program, nlog: VarId, ss: Vec<Stmt>) -> Vec<Stmt> {
        let mut out: Vec<Stmt> = Vec::with_capacity(ss.len());
        // Where the current run of drawing statements starts in `out`.
        let mut run_start = 0;
        let mut written = (vec![], vec![]);
        for mut s in ss {
            s.kind = match s.kind {
                StmtKind::If(c, t, e) => StmtKind::If(c, go(p, nlog, t), go(p, nlog, e)),
                StmtKind::While { cond, body, step } => StmtKind::While {
                    cond,
                    body: go(p, nlog, body),
                    step: go(p, nlog, step),
                },
                StmtKind::DoWhile { body, cond } => StmtKind::DoWhile {
                    body: go(p, nlog, body),
                    cond,
                },
                StmtKind::Block(b) => StmtKind::Block(go(p, nlog, b)),
                k => k,
            };
            if let StmtKind::Assume(c) = &s.kind
                && run_start < out.len()
            {
                let touched = c.vars().iter().any(|v| written.0.contains(v)) || {
                    let mut r = false;
                    c.visit(&mut |x| r |= matches!(x, Expr::Read(a, _) if written.1.contains(a)));
                    r
                };
                if touched {
                    let mark = p.fresh_var("ara_mark", IntType::Long, Storage::Global);
                    let tries = p.fresh_var("ara_tries", IntType::Int, Storage::Global);
                    let like = |kind| Stmt {
                        kind,
                        span: s.span,
                        id: s.id,
                    };
                    let mut body = vec![like(StmtKind::Assign(nlog, Expr::Var(mark)))];
                    body.extend(out.drain(run_start..));
                    body.push(like(StmtKind::Assign(
                        tries,
                        Expr::bin(BinOp::Add, Expr::Var(tries), Expr::int(1)),
                    )));
                    let again = Expr::bin(
                        BinOp::LogAnd,
                        Expr::not(c.clone()),
                        Expr::bin(BinOp::Lt, Expr::Var(tries), Expr::int(TRIES)),
                    );
                    out.push(like(StmtKind::Assign(mark, Expr::Var(nlog))));
                    out.push(like(StmtKind::Assign(tries, Expr::int(0))));
                    out.push(like(StmtKind::DoWhile { body, cond: again }));
                }
            }
            if draws(&s, &mut written) {
                out.push(s);
            } else {
                out.push(s);
                run_start = out.len();
                written = (vec![], vec![]);
            }
        }
        out
    }
    let body = std::mem::take(&mut p.body);
    p.body = go(p, nlog, body);
    nlog
}

/// Inputs listed in the report of a random run (a loop over a large array reads many).
const MAX_REPORTED_INPUTS: usize = 200;

/// Runs the original program (compiled with gcc) on random inputs for up to `budget`: a run
/// that reaches the error is a concrete execution, hence a confirmed bug. Uninitialised
/// locals are zero (one of their possible values). `None` when no run reached the error.
pub fn random_search(p: &Program, budget: Duration, dir: &Path) -> Option<ConcreteTrace> {
    let start = std::time::Instant::now();
    let mut q = p.clone();
    let filled = fill_uninitialised_arrays(&mut q);
    let nlog = redraw_before_assumes(&mut q);
    let (_, mut text) = replay_program_with(&q, &Model::default());
    text.push_str(&harness(&format!(
        "#define ARA_NLOG {}\n{}{RANDOM_SOURCE}",
        q.var(nlog).name,
        dictionary(p)
    )));
    let gcc = find_tool(Tool::Gcc, None).ok()?;
    let dir = dir.join("random");
    std::fs::create_dir_all(&dir).ok()?;
    let src = dir.join("random.c");
    let exe = dir.join("random.bin");
    std::fs::write(&src, &text).ok()?;
    let args = gcc_args(&src, &exe);
    let compile = Limits {
        timeout: Some(budget),
        memory_mb: None,
    };
    let out = run(&gcc, &args, Some(&dir), None, &compile).ok()?;
    if out.ending != Ending::Exited(0) {
        return None;
    }
    for seed in 1u64.. {
        let left = budget.saturating_sub(start.elapsed());
        if left < Duration::from_millis(50) || crate::tools::cancelled() {
            return None;
        }
        let limits = Limits {
            timeout: Some(left.min(Duration::from_secs(2))),
            memory_mb: None,
        };
        let Ok(out) = run(&exe, &[seed.to_string()], Some(&dir), None, &limits) else {
            return None;
        };
        if out.ending == Ending::Exited(REACHED) {
            // The same seed again, logging its inputs.
            let again = Limits {
                timeout: Some(Duration::from_secs(30)),
                memory_mb: None,
            };
            let args = [seed.to_string(), "log".to_string()];
            let out = run(&exe, &args, Some(&dir), None, &again).ok()?;
            if out.ending != Ending::Exited(REACHED) {
                return None;
            }
            let log = std::fs::read_to_string(dir.join("ara_inputs.txt")).unwrap_or_default();
            let total = log.lines().count();
            // The first and the last inputs: the one that decides is often the last read.
            let half = MAX_REPORTED_INPUTS / 2;
            let numbered = total > MAX_REPORTED_INPUTS;
            let inputs: Vec<InputValue> = log
                .lines()
                .enumerate()
                .filter(|(k, _)| !numbered || *k < half || *k >= total - half)
                .filter_map(|(k, l)| {
                    let (f, v) = l.split_once(' ')?;
                    Some(InputValue {
                        what: if numbered {
                            format!("{f}() (input {})", k + 1)
                        } else {
                            format!("{f}()")
                        },
                        value: v.parse().ok()?,
                    })
                })
                .collect();
            return Some(ConcreteTrace {
                path: vec![],
                steps: vec![format!(
                    "a run of the original program on random inputs (seed {seed}) reaches the \
                     error after {total} inputs{}{}",
                    if numbered {
                        format!(" (the first and the last {half} are listed)")
                    } else {
                        String::new()
                    },
                    if filled.is_empty() {
                        String::new()
                    } else {
                        format!(
                            "; the first {} are the initial contents of the uninitialised \
                             local arrays {}, in order",
                            filled.iter().map(|(_, n)| n).sum::<u64>(),
                            filled
                                .iter()
                                .map(|(a, _)| a.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    }
                )],
                inputs,
                confirmed_by: format!(
                    "random testing: the original program, compiled with gcc, reaches the \
                     error on these inputs (seed {seed})"
                ),
            });
        }
    }
    None
}
