//! Random testing: the original program, compiled with gcc (as a replay is), run on seeded
//! random inputs: small values, the program's constants, one extreme value per run, random
//! contents for uninitialised local arrays, and inputs an assumption rejects drawn again.
//! In every other run (even seeds) each *site* (a statement that draws, see [`mark_sites`])
//! draws from a distribution chosen for it in that run: the plain mix, never zero, small
//! positive, one value at every call, ascending, descending, the program's constants; and
//! the run's one special input may be zero and sits at an array's last index in half of
//! them. A bug at N = 10^6 that needs all 999,999 chars of a string non-zero (or all
//! elements positive, equal, in order, the first bad one last) is then hit by a run, where
//! independent draws give a zero almost surely (issue 25).
//!
//! Takes the program and a time budget; gives a [`ConcreteTrace`] (a run that reaches the
//! error, with its seed and inputs) or nothing.
//!
//! Soundness of its UNSAFE. The program that is run is changed in three ways: the
//! uninitialised local arrays get random contents (read as the first inputs), a run of
//! statements that draw inputs is executed again while an assumption right after it rejects
//! them (only a run that reads nothing it writes, see `Run`, so that drawing again is drawing
//! once on the last inputs, with the inputs log rolled back), and a global `ara_site` is
//! assigned before each drawing statement (read only by the harness's choice of values). The argument that this changed program's runs
//! are runs of the original is easy to get wrong (an earlier version re-ran `s = s +
//! nondet()`, summing across retries), so it is not what the verdict rests on: every hit is
//! replayed, with all its logged inputs in order (the report lists at most the first and last
//! 100; the replay uses every one), on the *unmodified* program by `super::replay::replay`, the
//! same replay that confirms SMT models: the array contents become the initial values of the
//! uninitialised arrays (nondeterministic in the original), every other input is returned by
//! the nondet calls in order. Only a replay that reaches the error makes the hit a trace; a
//! hit it does not confirm is dropped and the search goes on. So a reported trace is a run of
//! the original program whatever the redraw does.

use super::ConcreteTrace;
use super::InputValue;
use super::compile::compile;
use super::replay::{REACHED, harness, replay, replay_program_with};
use crate::base::tools::{Ending, Limits, run};
use crate::engines::smt::{ArrayValue, Model};
use crate::ir::{ArrId, ArrayInit, BinOp, Expr, IntType, Program, Stmt, StmtKind, Storage, VarId};
use std::path::Path;
use std::time::{Duration, Instant};

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
   an array filled in order is input N - 1), may be its type's largest or smallest value (or
   zero, in the runs with distributions per site): a bug that needs one element to stand out
   among many needs that. */
static long ara_special = -1;
static int ara_special_high, ara_special_zero;
static long long ara_extreme(const char *f) {
  const char *t = f + sizeof("__VERIFIER_nondet_") - 1;
  int hi = ara_special_high;
  if (ara_special_zero) return 0;
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
/* The value as the input's type reads it (its low bits, sign-extended for signed types). */
static long long ara_typed(const char *f, long long v) {
  const char *t = f + sizeof("__VERIFIER_nondet_") - 1;
  if (strncmp(f, "__VERIFIER_nondet_", sizeof("__VERIFIER_nondet_") - 1)) return v;
  if (!strcmp(t, "char")) return (char) v;
  if (!strcmp(t, "uchar")) return (unsigned char) v;
  if (!strcmp(t, "short")) return (short) v;
  if (!strcmp(t, "ushort")) return (unsigned short) v;
  if (!strcmp(t, "int")) return (int) v;
  if (!strcmp(t, "uint")) return (unsigned int) v;
  if (!strcmp(t, "bool")) return v != 0;
  return v;
}
static long long ara_plain(void) {
  unsigned long long r = ara_rand();
  switch (r % 10) {
  case 0: case 1: case 2: return (long long) ((r >> 8) % 19) - 2;
  case 3: return 0;
  case 4: return 1;
  case 5: return (long long) ((r >> 8) % 1024);
  case 6: return (long long) ((r >> 8) % (1ULL << ((r >> 40) % 31 + 1)));
  case 7: return -(long long) ((r >> 8) % 1024);
  case 8: return ara_dict[(r >> 8) % ARA_NDICT];
  default: return (long long) ara_rand();
  }
}
/* Distributions per input site (issue 25). In half of the runs (even seeds) every site (the
   statement that draws, `ARA_SITE`, with the nondet function or filled array) draws from a
   distribution of its own, chosen per run and site: the plain mix above, never zero (as the
   input's type reads it), small positive, one value at every call, ascending, descending, or
   the program's constants. A bug that needs all of 10^6 chars non-zero, all elements
   positive, equal or in order is out of reach of independent draws, whatever their mix. */
enum { ARA_PLAIN, ARA_NONZERO, ARA_POSITIVE, ARA_SAME, ARA_UP, ARA_DOWN, ARA_CONSTS, ARA_NMODES };
static int ara_modes_on;
static unsigned long long ara_seed;
#define ARA_NSLOTS 4096
static struct { unsigned long long key; int mode; long long value, count; } ara_slots[ARA_NSLOTS];
static unsigned long long ara_mix(unsigned long long x) {
  x += 0x9E3779B97F4A7C15ULL; x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL; return x ^ (x >> 31);
}
static long long ara_by_site(const char *f) {
  unsigned long long key = 1469598103934665603ULL;
  for (const char *c = f; *c; c++) key = (key ^ (unsigned char) *c) * 1099511628211ULL;
  key = ara_mix(key ^ ((unsigned long long) ARA_SITE << 20));
  unsigned long slot = (unsigned long) (key % ARA_NSLOTS);
  if (ara_slots[slot].key != key) {
    unsigned long long m = ara_mix(ara_seed ^ key);
    ara_slots[slot].key = key;
    /* The plain mix twice as likely as each other distribution. */
    ara_slots[slot].mode = (int) (m % (ARA_NMODES + 1)) % ARA_NMODES;
    ara_slots[slot].value = (long long) ((m >> 16) % 64) - 16;
    ara_slots[slot].count = 0;
  }
  long long k = ara_slots[slot].count++;
  unsigned long long r;
  long long v;
  switch (ara_slots[slot].mode) {
  case ARA_NONZERO:
    do v = ara_plain(); while (ara_typed(f, v) == 0);
    return v;
  case ARA_POSITIVE: r = ara_rand(); return 1 + (long long) ((r >> 8) % 100);
  case ARA_SAME: return ara_slots[slot].value;
  case ARA_UP: return ara_slots[slot].value + k;
  case ARA_DOWN: return ara_slots[slot].value - k;
  case ARA_CONSTS: r = ara_rand(); return ara_dict[(r >> 8) % ARA_NDICT];
  default: return ara_plain();
  }
}
static long long ara_value(const char *f) {
  /* Once: when an assumption rejects it, the input is drawn again as usual. */
  if (ARA_NLOG == ara_special) { ara_special = -1; return ara_extreme(f); }
  return ara_modes_on ? ara_by_site(f) : ara_plain();
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
  unsigned long long seed = argc > 1 ? strtoull(argv[1], 0, 10) : 1;
  ara_state = seed * 0x9E3779B97F4A7C15ULL + 1;
  unsigned long long r = ara_rand();
  if (r % 2 == 0 && ara_dict[(r >> 8) % ARA_NDICT] >= 0) ara_special = (long) ara_dict[(r >> 8) % ARA_NDICT];
  ara_special_high = (int) ((r >> 40) & 1);
  ara_modes_on = seed % 2 == 0;
  ara_seed = ara_mix(seed);
  if (ara_modes_on) {
    /* Half of the specials at the last element of an array (input N - 1 of a fill), a third
       of them zero. */
    unsigned long long m = ara_mix(ara_seed);
    if (m % 2 == 1) ara_special = (long) ara_lasts[(m >> 8) % ARA_NLASTS];
    ara_special_zero = (m >> 40) % 3 == 0;
  }
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
        a.size
            .as_const()
            .into_iter()
            .for_each(|n| add(i128::from(n)));
        a.dims
            .iter()
            .filter_map(|d| d.as_const())
            .for_each(|d| add(i128::from(d)));
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
            small_constants(p, e, &mut consts);
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
    // The last index of each array of constant size (at least 2 elements).
    let mut lasts: Vec<String> = p
        .arrays
        .iter()
        .filter_map(|a| a.size.as_const())
        .filter(|&n| n >= 2)
        .map(|n| format!("{}LL", n - 1))
        .collect();
    lasts.sort();
    lasts.dedup();
    lasts.truncate(4096);
    if lasts.is_empty() {
        lasts.push("-1LL".into());
    }
    format!(
        "static const long long ara_dict[] = {{{}}};\n#define ARA_NDICT {}\n\
         static const long long ara_lasts[] = {{{}}};\n#define ARA_NLASTS {}\n",
        values.join(", "),
        values.len(),
        lasts.join(", "),
        lasts.len()
    )
}

/// Pushes the values of the constant subexpressions of `e` of at most 64 nodes (folded: a
/// bound `N / 2 - 1` is an index to try); returns the size of `e`. Folding only small ones
/// keeps this linear in `e` (folding each subexpression of a deep one would be quadratic).
fn small_constants(p: &Program, e: &Expr, out: &mut Vec<i128>) -> usize {
    let size = 1 + match e {
        Expr::Const(..) | Expr::Var(_) | Expr::Nondet(_) => 0,
        Expr::Read(_, a) | Expr::Unary(_, a) | Expr::Cast(_, a) => small_constants(p, a, out),
        Expr::Binary(_, a, b) => small_constants(p, a, out) + small_constants(p, b, out),
        Expr::Cond(c, a, b) => {
            small_constants(p, c, out) + small_constants(p, a, out) + small_constants(p, b, out)
        }
    };
    if size <= 64
        && !matches!(e, Expr::Var(_) | Expr::Read(..) | Expr::Nondet(_))
        && let Some(c) = crate::ir::constant::const_value(p, e)
    {
        out.push(c);
    }
    size
}

/// Gives the uninitialised local arrays random contents: a loop at the start of `main` reads
/// each element as an input (the replay of a model gives them zeros where the model says
/// nothing, one of their possible values; random testing should try others). Returns the
/// arrays (as the user wrote them) and their sizes, in the order of the inputs.
fn fill_uninitialised_arrays(p: &mut Program) -> Vec<Filled> {
    let arrays: Vec<ArrId> = p
        .array_ids()
        .filter(|&a| p.array(a).storage == Storage::Local && p.array(a).init == ArrayInit::Nondet)
        .collect();
    // Symbolic-size arrays come to life later, at their allocation: zero contents (one of
    // their possible values) in random runs.
    let arrays: Vec<ArrId> = arrays
        .into_iter()
        .filter(|&a| p.array(a).size.as_const().is_some())
        .collect();
    let mut fill = vec![];
    let mut filled = vec![];
    for a in arrays {
        let (size, elem) = (p.array(a).size.as_const().unwrap_or(0), p.array(a).elem);
        filled.push(Filled {
            display: p.array(a).display.clone(),
            array: a,
            size,
        });
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
/// by one tests nothing. Only a run of drawing statements that reads nothing it writes is
/// redrawn (see [`Run`]), so that drawing it again is drawing it once, on the last inputs.
/// Returns the variable that counts the logged inputs (`ARA_NLOG` of the harness).
fn redraw_before_assumes(p: &mut Program) -> VarId {
    const TRIES: i128 = 64;
    let nlog = p.fresh_var("ara_nlog", IntType::Long, Storage::Global);
    fn go(p: &mut Program, nlog: VarId, ss: Vec<Stmt>) -> Vec<Stmt> {
        let mut out: Vec<Stmt> = Vec::with_capacity(ss.len());
        // Where the current run of drawing statements starts in `out`.
        let mut run_start = 0;
        let mut run = Run::default();
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
                && run.writes_read_by(c)
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
            if !run.extend(&s) {
                // A draw that does not fit the run may start the next one.
                run = Run::default();
                run_start = out.len() + usize::from(!run.extend(&s));
            }
            out.push(s);
        }
        out
    }
    let body = std::mem::take(&mut p.body);
    p.body = go(p, nlog, body);
    nlog
}

/// Numbers the statements that draw inputs: `ara_site = k;` before each statement whose own
/// expressions (not those of the statements it contains) read a nondet, `k` its number, so
/// that the harness draws each site's inputs from a distribution of its own (`ara_by_site`).
/// A nondet in a loop's condition keeps the site set last. Returns the variable (`ARA_SITE`).
/// Like the redraw, this only chooses inputs: a hit is confirmed on the unmodified program.
fn mark_sites(p: &mut Program) -> VarId {
    let site = p.fresh_var("ara_site", IntType::Int, Storage::Global);
    fn own_nondet(s: &Stmt) -> bool {
        match &s.kind {
            StmtKind::Assign(_, e) | StmtKind::Assume(e) | StmtKind::Assert(e) => has_nondet(e),
            StmtKind::If(c, ..) => has_nondet(c),
            StmtKind::Store(_, i, e) => has_nondet(i) || has_nondet(e),
            StmtKind::ParAssign(xs) => xs.iter().any(|(_, e)| has_nondet(e)),
            _ => false,
        }
    }
    fn go(ss: Vec<Stmt>, site: VarId, next: &mut i128) -> Vec<Stmt> {
        let mut out = Vec::with_capacity(ss.len());
        for mut s in ss {
            s.kind = match s.kind {
                StmtKind::If(c, t, e) => StmtKind::If(c, go(t, site, next), go(e, site, next)),
                StmtKind::While { cond, body, step } => StmtKind::While {
                    cond,
                    body: go(body, site, next),
                    step: go(step, site, next),
                },
                StmtKind::DoWhile { body, cond } => StmtKind::DoWhile {
                    body: go(body, site, next),
                    cond,
                },
                StmtKind::Block(b) => StmtKind::Block(go(b, site, next)),
                k => k,
            };
            if own_nondet(&s) {
                *next += 1;
                out.push(Stmt {
                    kind: StmtKind::Assign(site, Expr::int(*next)),
                    span: s.span,
                    id: 0,
                });
            }
            out.push(s);
        }
        out
    }
    let body = std::mem::take(&mut p.body);
    p.body = go(body, site, &mut 0);
    site
}

/// A run of consecutive statements that draw inputs, as [`redraw_before_assumes`] may repeat
/// it: assignments and stores whose value reads a nondet, with the variables and arrays they
/// read and write. Every statement runs unconditionally, and no statement reads what one of
/// the run writes (its own target included: `s = s + nondet()` is not a draw), and no index
/// reads a nondet. So each execution of the run reads the same state, writes the same
/// locations, and differs from another only in the values drawn: executing it k times in a row
/// leaves the state that executing it once, on the last draw's inputs, leaves.
#[derive(Default)]
struct Run {
    reads: (Vec<VarId>, Vec<ArrId>),
    writes: (Vec<VarId>, Vec<ArrId>),
}

impl Run {
    /// Whether `e` reads a variable or array the run writes.
    fn writes_read_by(&self, e: &Expr) -> bool {
        let mut found = false;
        e.visit(&mut |x| match x {
            Expr::Var(v) if self.writes.0.contains(v) => found = true,
            Expr::Read(a, _) if self.writes.1.contains(a) => found = true,
            _ => {}
        });
        found
    }

    /// Adds `s` to the run when it is a draw that keeps the run repeatable; whether it did.
    fn extend(&mut self, s: &Stmt) -> bool {
        let (exprs, write): (Vec<&Expr>, _) = match &s.kind {
            StmtKind::Assign(x, e) => (vec![e], (Some(*x), None)),
            StmtKind::Store(a, i, e) if !has_nondet(i) => (vec![i, e], (None, Some(*a))),
            _ => return false,
        };
        if !exprs.iter().any(|e| has_nondet(e)) {
            return false;
        }
        let mut next = Run {
            reads: self.reads.clone(),
            writes: self.writes.clone(),
        };
        for e in &exprs {
            e.visit(&mut |x| match x {
                Expr::Var(v) => next.reads.0.push(*v),
                Expr::Read(a, _) => next.reads.1.push(*a),
                _ => {}
            });
        }
        next.writes.0.extend(write.0);
        next.writes.1.extend(write.1);
        let clash = next.reads.0.iter().any(|v| next.writes.0.contains(v))
            || next.reads.1.iter().any(|a| next.writes.1.contains(a));
        if !clash {
            *self = next;
        }
        !clash
    }
}

fn has_nondet(e: &Expr) -> bool {
    let mut found = false;
    e.visit(&mut |x| found |= matches!(x, Expr::Nondet(_)));
    found
}

/// Largest symbolic-size array (in elements) a random run allocates: a run that needs more is
/// abandoned (`replay::ABANDONED`), not reported.
const RANDOM_MAX_ELEMS: u64 = 1 << 16;

/// Inputs listed in the report of a random run (a loop over a large array reads many).
const MAX_REPORTED_INPUTS: usize = 200;

/// Longest the logged run of a hit, and its replay, may take (each also ends by the caller's
/// deadline: a confirmation that overran it would be killed with the whole run, verdict lost).
const HIT_LIMIT: Duration = Duration::from_secs(30);

/// The time a hit's logged run or replay may take: [`HIT_LIMIT`], at most what is left
/// before `deadline` (at least a little, so a hit near the end may still be confirmed).
fn hit_limit(deadline: Instant) -> Duration {
    let left = deadline.saturating_duration_since(Instant::now());
    HIT_LIMIT.min(left.max(Duration::from_millis(200)))
}

/// An uninitialised local array whose initial contents random testing draws (as inputs, before
/// every other input): as the user wrote it, its id and size.
struct Filled {
    display: String,
    array: ArrId,
    size: u64,
}

/// A random run that reached the error: its seed and every input it read, in order (those of
/// the filled arrays first), as `(nondet function, value as the function's type reads it)`.
struct Hit {
    seed: u64,
    inputs: Vec<(String, i128)>,
}

/// Runs the original program (compiled with gcc) on random inputs for up to `budget` after
/// the compilation (never past `deadline`): on a loaded machine gcc took 4.7 of a 6 s
/// budget, leaving three runs where a bug needed 28 (`delay_recur_unsafe_n1000`, UNKNOWN at
/// 60 s). A run that reaches the error is UNSAFE only once [`confirm_hit`] has replayed its
/// inputs on the unmodified program, before `deadline` (the caller's end, which may be later
/// than `budget`). Uninitialised local scalars are zero (one of their possible values).
/// `None` when no run reached the error (or none was confirmed).
pub fn random_search(
    p: &Program,
    budget: Duration,
    deadline: Instant,
    dir: &Path,
) -> Option<ConcreteTrace> {
    let mut q = p.clone();
    let filled = fill_uninitialised_arrays(&mut q);
    let nlog = redraw_before_assumes(&mut q);
    let site = mark_sites(&mut q);
    let (_, mut text) = replay_program_with(&q, &Model::default());
    text.push_str(&harness(&format!(
        "#define ARA_MAX_ELEMS {RANDOM_MAX_ELEMS}LL\n#define ARA_FILL_ON 1\n#define ARA_NLOG {}\n\
         #define ARA_SITE {}\n{}{RANDOM_SOURCE}",
        q.var(nlog).name,
        q.var(site).name,
        dictionary(p)
    )));
    let dir = dir.join("random");
    std::fs::create_dir_all(&dir).ok()?;
    let compile_limits = Limits {
        timeout: Some(budget),
        memory_mb: None,
    };
    let exe = compile(&text, &dir, "random", &compile_limits).ok()?;
    let start = Instant::now();
    let budget = budget.min(deadline.saturating_duration_since(start));
    for seed in 1u64.. {
        let left = budget.saturating_sub(start.elapsed());
        if left < Duration::from_millis(50) || crate::base::tools::cancelled() {
            return None;
        }
        let limits = Limits {
            timeout: Some(left.min(Duration::from_secs(2))),
            memory_mb: None,
        };
        let Ok(out) = run(&exe, &[seed.to_string()], Some(&dir), None, &limits) else {
            return None;
        };
        if out.ending != Ending::Exited(REACHED) {
            continue;
        }
        let hit = logged_run(&exe, seed, &dir, deadline)?;
        // A hit the replay does not confirm is dropped, and the search goes on: it would be
        // an error of the redraw, never a verdict.
        if let Ok(split) = confirm_hit(p, &filled, &hit, &dir, deadline) {
            return Some(report(&hit, &filled, split));
        }
    }
    None
}

/// The run of `seed` again, logging its inputs (logging costs more than the run).
fn logged_run(exe: &Path, seed: u64, dir: &Path, deadline: Instant) -> Option<Hit> {
    let limits = Limits {
        timeout: Some(hit_limit(deadline)),
        memory_mb: None,
    };
    let args = [seed.to_string(), "log".to_string()];
    // Never the log of an earlier hit.
    let _ = std::fs::remove_file(dir.join("ara_inputs.txt"));
    let out = run(exe, &args, Some(dir), None, &limits).ok()?;
    if out.ending != Ending::Exited(REACHED) {
        return None;
    }
    let log = std::fs::read_to_string(dir.join("ara_inputs.txt")).ok()?;
    let inputs = log
        .lines()
        .map(|l| {
            let (f, v) = l.split_once(' ')?;
            Some((f.to_string(), as_typed(f, v.parse().ok()?)))
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Hit { seed, inputs })
}

/// A logged value (the input's bits as a `long long`) as its nondet function's type reads it:
/// the 64-bit unsigned types are logged negative above `LLONG_MAX`.
fn as_typed(f: &str, v: i128) -> i128 {
    let unsigned64 = f.ends_with("_ulong") || f.ends_with("_ulonglong");
    if unsigned64 && v < 0 {
        v + (1i128 << 64)
    } else {
        v
    }
}

/// Replays every input of `hit`, in order, on the unmodified program `p` with the replay that
/// confirms SMT models (`super::replay`): the first inputs as the initial contents of the
/// filled arrays, the others as the nondet inputs. `Ok` only when that run reaches the error,
/// with the inputs split as the replay took them: (nondet values, initial values).
fn confirm_hit(
    p: &Program,
    filled: &[Filled],
    hit: &Hit,
    dir: &Path,
    deadline: Instant,
) -> Result<(Vec<i128>, Model), String> {
    let mut initial = Model::default();
    let mut values = hit.inputs.iter().map(|(_, v)| *v);
    for f in filled {
        for index in 0..f.size {
            let value = values.next().ok_or("fewer inputs than array elements")?;
            initial.arrays.push(ArrayValue {
                array: f.array,
                index: i128::from(index),
                value,
            });
        }
    }
    // The contents of the `malloc`'d arrays, drawn at their allocation, as their initial
    // values (each array is allocated at most once: `ir::Size::Var`).
    let mut nondets = vec![];
    let mut next_index: std::collections::BTreeMap<ArrId, i128> = Default::default();
    for (f, v) in hit.inputs.iter().skip(filled_count(filled)) {
        match f
            .strip_prefix("ara_fill_")
            .and_then(|k| k.parse::<u32>().ok())
        {
            Some(k) if (k as usize) < p.arrays.len() => {
                let array = ArrId(k);
                let elem = p.array(array).elem;
                let index = next_index.entry(array).or_insert(0);
                let value = if elem == IntType::Bool {
                    i128::from(*v != 0)
                } else {
                    elem.wrap(*v, p.data_model)
                };
                initial.arrays.push(ArrayValue {
                    array,
                    index: *index,
                    value,
                });
                *index += 1;
            }
            _ => nondets.push(*v),
        }
    }
    replay(p, &nondets, &initial, dir, hit_limit(deadline))?;
    Ok((nondets, initial))
}

/// The number of inputs that are the contents of the filled constant-size arrays.
fn filled_count(filled: &[Filled]) -> usize {
    filled.iter().map(|f| f.size as usize).sum()
}

/// The confirmed hit as a trace: every input when there are few, else the first and the last
/// [`MAX_REPORTED_INPUTS`]` / 2` (the one that decides is often the last read).
fn report(hit: &Hit, filled: &[Filled], (nondets, initial): (Vec<i128>, Model)) -> ConcreteTrace {
    let total = hit.inputs.len();
    let half = MAX_REPORTED_INPUTS / 2;
    let numbered = total > MAX_REPORTED_INPUTS;
    let inputs: Vec<InputValue> = hit
        .inputs
        .iter()
        .enumerate()
        .filter(|(k, _)| !numbered || *k < half || *k >= total - half)
        .map(|(k, (f, v))| InputValue {
            what: if numbered {
                format!("{f}() (input {})", k + 1)
            } else {
                format!("{f}()")
            },
            value: *v,
        })
        .collect();
    let listed = if numbered {
        format!(" (the first and the last {half} are listed)")
    } else {
        String::new()
    };
    let arrays = if filled.is_empty() {
        String::new()
    } else {
        format!(
            "; the first {} are the initial contents of the uninitialised local arrays {}, in \
             order",
            filled.iter().map(|f| f.size).sum::<u64>(),
            filled
                .iter()
                .map(|f| f.display.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let seed = hit.seed;
    ConcreteTrace {
        path: vec![],
        steps: vec![format!(
            "a run of the original program on random inputs (seed {seed}) reaches the error \
             after {total} inputs{listed}{arrays}"
        )],
        inputs,
        nondet_values: nondets,
        initial_values: initial,
        replayed_on: super::ReplayedOn::Translation,
        not_on_source: None,
        confirmed_by: format!(
            "random testing: the original program, compiled with gcc, reaches the error on \
             these inputs (seed {seed}; all {total} replayed on the unmodified program)"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::{FrontendOptions, parse_source};

    /// A deadline no test reaches.
    fn far() -> Instant {
        Instant::now() + Duration::from_secs(600)
    }

    /// The reproducer of issue 11: a running sum of `unsigned char`s assumed to exceed
    /// 300 * (i + 1) each time: the first assumption always fails, so the error is unreachable.
    const ACCUMULATE: &str = "extern unsigned char __VERIFIER_nondet_uchar(void);
        extern void __VERIFIER_assume(int);
        extern void reach_error(void);
        int a[10];
        int main() { int i, s = 0;
          for (i = 0; i < 10; i++) a[i] = 300;
          for (i = 0; i < 10; i++) { s = s + __VERIFIER_nondet_uchar();
            __VERIFIER_assume(s > a[i] * (i + 1)); }
          reach_error(); }";

    fn program(text: &str) -> Program {
        parse_source(text, "t.c", &FrontendOptions::default()).unwrap()
    }

    fn count_redraws(ss: &[Stmt]) -> usize {
        ss.iter()
            .map(|s| match &s.kind {
                StmtKind::DoWhile { body, .. } => 1 + count_redraws(body),
                StmtKind::If(_, t, e) => count_redraws(t) + count_redraws(e),
                StmtKind::While { body, step, .. } => count_redraws(body) + count_redraws(step),
                StmtKind::Block(b) => count_redraws(b),
                _ => 0,
            })
            .sum()
    }

    fn redraws(text: &str) -> usize {
        let mut p = program(text);
        redraw_before_assumes(&mut p);
        count_redraws(&p.body)
    }

    #[test]
    fn a_draw_that_reads_its_own_target_is_not_redrawn() {
        assert_eq!(redraws(ACCUMULATE), 0);
    }

    #[test]
    fn a_draw_that_reads_what_a_later_draw_writes_is_not_redrawn() {
        // `y = x + nondet()` would read the `x` of the rejected try: only `x = nondet()` is
        // redrawn (a run of its own).
        let text = "extern int __VERIFIER_nondet_int(void); extern void __VERIFIER_assume(int);
            int x, y;
            int main() { y = x + __VERIFIER_nondet_int(); x = __VERIFIER_nondet_int();
              __VERIFIER_assume(x > y); return 0; }";
        let mut p = program(text);
        redraw_before_assumes(&mut p);
        let body = p
            .body
            .iter()
            .find_map(|s| match &s.kind {
                StmtKind::DoWhile { body, .. } => Some(body),
                _ => None,
            })
            .expect("one redraw");
        let draws = body
            .iter()
            .filter(|s| matches!(s.kind, StmtKind::Assign(_, ref e) if has_nondet(e)))
            .count();
        assert_eq!(draws, 1);
    }

    #[test]
    fn independent_draws_are_redrawn() {
        let text = "extern int __VERIFIER_nondet_int(void); extern void __VERIFIER_assume(int);
            int a[4];
            int main() { for (int i = 0; i < 4; i++) { a[i] = __VERIFIER_nondet_int();
              __VERIFIER_assume(0 <= a[i] && a[i] < 3); } return 0; }";
        assert_eq!(redraws(text), 1);
    }

    fn hit(values: &[i128]) -> Hit {
        Hit {
            seed: 1,
            inputs: values
                .iter()
                .map(|&v| ("__VERIFIER_nondet_uchar".to_string(), v))
                .collect(),
        }
    }

    /// The safety net on its own: the inputs the unsound redraw reported for the reproducer
    /// end in the assumption when replayed on the original program, so the hit is dropped.
    #[test]
    fn a_hit_the_replay_does_not_confirm_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let p = program(ACCUMULATE);
        let bogus = [62, 213, 112, 244, 15, 164, 225, 149, 187, 245];
        let why = confirm_hit(&p, &[], &hit(&bogus), dir.path(), far()).unwrap_err();
        assert!(why.contains("assumption"), "{why}");
    }

    /// A real run is confirmed, the initial contents of an uninitialised local array first.
    #[test]
    fn a_real_run_is_confirmed_with_the_array_contents_first() {
        let dir = tempfile::tempdir().unwrap();
        let text =
            "extern unsigned char __VERIFIER_nondet_uchar(void); extern void reach_error(void);
            int main() { int t[2]; unsigned char c = __VERIFIER_nondet_uchar();
              if (t[1] == 7 && c == 9) reach_error(); return 0; }";
        let mut p = program(text);
        let q = p.clone();
        let filled = fill_uninitialised_arrays(&mut p);
        assert_eq!(filled.len(), 1);
        confirm_hit(&q, &filled, &hit(&[0, 7, 9]), dir.path(), far()).unwrap();
        assert!(confirm_hit(&q, &filled, &hit(&[7, 0, 9]), dir.path(), far()).is_err());
    }
}
