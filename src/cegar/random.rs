//! Random testing: the original program, compiled with gcc (as a replay is), run on seeded
//! random inputs: small values, the program's constants, one extreme value per run, random
//! contents for uninitialised local arrays, and inputs an assumption rejects drawn again.
//!
//! Takes the program and a time budget; gives a [`ConcreteTrace`] (a run that reaches the
//! error, with its seed and inputs) or nothing. Every run is a run of the program: the changes
//! made to it only choose which inputs are drawn.

use super::ConcreteTrace;
use super::InputValue;
use super::replay::{REACHED, gcc_args, harness, replay_program_with};
use crate::ir::{ArrId, ArrayInit, BinOp, Expr, IntType, Program, Stmt, StmtKind, Storage, VarId};
use crate::smt::Model;
use crate::tools::{Ending, Limits, Tool, find_tool, run};
use std::path::Path;
use std::time::Duration;

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

/// The program's integer constants (constant subexpressions folded) and array sizes, each with
/// its neighbours, as a C array `ara_dict` for [`RANDOM_SOURCE`]: an input that must hit `N - 1` (the last element of an
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
    let arrays: Vec<ArrId> = p
        .array_ids()
        .filter(|&a| p.array(a).storage == Storage::Local && p.array(a).init == ArrayInit::Nondet)
        .collect();
    let mut fill = vec![];
    let mut filled = vec![];
    for a in arrays {
        let (size, elem) = (p.array(a).size, p.array(a).elem);
        filled.push((p.array(a).display.clone(), size));
        let k = p.fresh_var("ara_fill", IntType::LongLong, Storage::Global);
        // Not a vertex of the program's CFG: the random run is emitted without markers.
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
fn redraw_before_assumes(p: &mut Program) -> VarId {
    const TRIES: i128 = 64;
    let nlog = p.fresh_var("ara_nlog", IntType::Long, Storage::Global);
    // The variables and arrays a run of drawing statements writes.
    type Written = (Vec<VarId>, Vec<ArrId>);
    fn reads_written(e: &Expr, w: &Written) -> bool {
        let mut found = false;
        e.visit(&mut |x| match x {
            Expr::Var(v) if w.0.contains(v) => found = true,
            Expr::Read(a, _) if w.1.contains(a) => found = true,
            _ => {}
        });
        found
    }
    // A statement that draws an input and may run again: it reads nothing the run writes.
    fn draws(s: &Stmt, written: &mut Written) -> bool {
        let nondet = |e: &Expr| {
            let mut found = false;
            e.visit(&mut |x| found |= matches!(x, Expr::Nondet(_)));
            found
        };
        match &s.kind {
            StmtKind::Assign(x, e)
                if nondet(e) && !reads_written(e, written) && !written.0.contains(x) =>
            {
                written.0.push(*x);
                true
            }
            StmtKind::Store(a, i, e)
                if nondet(e)
                    && !nondet(i)
                    && !reads_written(i, written)
                    && !reads_written(e, written) =>
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
                && reads_written(c, &written)
            {
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
            let drawn = draws(&s, &mut written);
            out.push(s);
            if !drawn {
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
