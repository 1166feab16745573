//! Constant loop bounds on the IR, for the complete unwinding of the original program.
//!
//! Takes a [`Program`]; gives, per loop, an upper bound on the number of times its body runs
//! each time the loop is entered ([`loop_bounds`]), and the unwinding bound `K` = the largest
//! of them + 1 when *every* loop has one ([`unwinding_bound`]), and the loop bodies such an
//! unwinding runs in all ([`unrolled_iterations`]). The strategy then runs the
//! bounded checker on the original program with `--unwind K --unwinding-assertions`.
//!
//! A loop has a bound when it is a counter loop this analysis can follow exactly:
//! - its condition is a comparison `x < B`, `x <= B`, `x > B`, `x >= B` or `x != B` (either
//!   side; one conjunct of `&&` is enough: the loop leaves when any conjunct is false);
//! - `x` is assigned exactly once in the loop (nested loops included), by `x = x ± c` with a
//!   constant `c ≠ 0`, in the `for` step or at the top level of the body (then no `continue`
//!   of this loop may skip it); `B` is constant or made of counters of enclosing loops that
//!   this loop does not assign;
//! - the last assignment of `x` before the loop, in the same statement list, gives its
//!   initial value, constant or made of enclosing counters (their ranges are known);
//! - every value `x` and `B` take, the last one included, fits every type on the way (the
//!   variable's, the comparison's, every cast): no wrap-around, so the loop does what
//!   integer arithmetic says. `x != B` needs a step of ±1 that starts on the right side.
//!
//! A variable `n` the program assigns at most once, earlier in the same statement list as an
//! `assume` that bounds it by constants (`assume(n >= 1 && n <= 30)`,
//! `assume_abort_if_not(…)`), has that range in the statements after the assume, like an
//! enclosing counter: a nondet size of at most [`ASSUMED_MAX`] bounds the loops it bounds
//! (ranges wider than that are left out, so that programs of a large nondet `N` keep the
//! search for every `N`). Exact as the rest: after the assume `n` holds a value in the range
//! and nothing assigns it again.
//!
//! Anything else (a nondet bound, a counter assigned in the body or under an `if`, a `goto`
//! anywhere in the program, an unsigned counter that would wrap) is "not constant".
//!
//! Soundness does not rest on this analysis: the checker's unwinding assertions fail when a
//! loop runs longer than `K - 1` times, and then the run is UNKNOWN, never SAFE. A bound that
//! is too small only wastes the run; the analysis is exact so that it does not.

use crate::ir::constant::const_value;
use crate::ir::{BinOp, Expr, IntType, Program, Stmt, StmtKind, VarId, Vertex};
use std::collections::HashMap;

/// Loops whose bound is above this are not unwound completely (the checker would not finish):
/// the strategy then keeps its other searches.
pub const MAX_UNWIND: u64 = 100_000;

/// A variable's range from an `assume` bounds loops only when it lies within
/// `[-ASSUMED_MAX, ASSUMED_MAX]` (module doc).
pub const ASSUMED_MAX: i128 = 64;

/// One loop and its bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopBound {
    /// The loop's test vertex.
    pub vertex: Vertex,
    pub line: u32,
    /// An upper bound on the runs of its body per entry; `None`: not constant.
    pub bound: Option<u64>,
}

/// The bound of every loop of `p`, outer loops before inner ones.
pub fn loop_bounds(p: &Program) -> Vec<LoopBound> {
    bounds_of(p, true)
}

/// [`loop_bounds`], with or without the ranges of assumes (`assumes`).
fn bounds_of(p: &Program, assumes: bool) -> Vec<LoopBound> {
    let mut out = Vec::new();
    let mut jumps = false;
    p.visit_stmts(&mut |s| jumps |= matches!(s.kind, StmtKind::Goto(_) | StmtKind::Label(_)));
    let walk = Walk {
        p,
        ok: !jumps,
        assumes,
    };
    walk.list(&p.body, &HashMap::new(), &mut out);
    out
}

/// `--unwind K` for a complete unwinding of `p`: the largest loop bound + 1 (1 without loops),
/// when every loop has a constant bound of at most [`MAX_UNWIND`].
pub fn unwinding_bound(p: &Program) -> Option<u32> {
    let mut k = 0u64;
    for l in loop_bounds(p) {
        k = k.max(l.bound.filter(|&b| b <= MAX_UNWIND)?);
    }
    u32::try_from(k + 1).ok()
}

/// How many loop bodies the complete unwinding of `p` runs at most: each loop's bound times
/// the bounds of the loops around it, summed; `None` when a loop has no constant bound.
pub fn unrolled_iterations(p: &Program) -> Option<u64> {
    let bounds: HashMap<_, _> = loop_bounds(p)
        .into_iter()
        .map(|l| (l.vertex, l.bound))
        .collect();
    iterations_in(&p.body, 1, &bounds)
}

fn iterations_in(ss: &[Stmt], outer: u64, bounds: &HashMap<Vertex, Option<u64>>) -> Option<u64> {
    let mut n = 0u64;
    for s in ss {
        let here = match &s.kind {
            StmtKind::While { body, step, .. } => {
                let k = outer.saturating_mul((*bounds.get(&s.id)?)?);
                let inner = iterations_in(body, k, bounds)?;
                k.saturating_add(inner)
                    .saturating_add(iterations_in(step, k, bounds)?)
            }
            StmtKind::DoWhile { body, .. } => {
                let k = outer.saturating_mul((*bounds.get(&s.id)?)?);
                k.saturating_add(iterations_in(body, k, bounds)?)
            }
            StmtKind::If(_, t, e) => {
                iterations_in(t, outer, bounds)?.saturating_add(iterations_in(e, outer, bounds)?)
            }
            StmtKind::Block(b) => iterations_in(b, outer, bounds)?,
            _ => 0,
        };
        n = n.saturating_add(here);
    }
    Some(n)
}

/// The ranges of the counters of the enclosing loops (every value they take there).
type Env = HashMap<VarId, (i128, i128)>;

/// The walk of [`bounds_of`] over the program `p`: `ok` when it has no jumps, `assumes` when
/// assumed ranges count.
struct Walk<'a> {
    p: &'a Program,
    ok: bool,
    assumes: bool,
}

impl Walk<'_> {
    /// The bounds of the loops of `ss` (and in them) into `out`; `env`: the ranges known here.
    fn list(&self, ss: &[Stmt], env: &Env, out: &mut Vec<LoopBound>) {
        let (p, ok) = (self.p, self.ok);
        // The ranges the assumes of this list give, for the statements after each of them.
        let (mut env, mut assumed) = (env.clone(), Env::new());
        let env = &mut env;
        for (k, s) in ss.iter().enumerate() {
            match &s.kind {
                StmtKind::Assume(cond) if ok && self.assumes => {
                    assume_ranges(p, &ss[..k], cond, &mut assumed);
                    let small = |r: &(i128, i128)| -ASSUMED_MAX <= r.0 && r.1 <= ASSUMED_MAX;
                    env.extend(assumed.iter().filter(|(_, r)| small(r)));
                }
                StmtKind::While { cond, body, step } => {
                    let found = ok
                        .then(|| counter_loop(p, &ss[..k], cond, body, step, false, env))
                        .flatten();
                    let (inner, bound) = with_counter(env, found);
                    out.push(LoopBound {
                        vertex: s.id,
                        line: s.span.line,
                        bound,
                    });
                    self.list(body, &inner, out);
                    self.list(step, &inner, out);
                }
                StmtKind::DoWhile { body, cond } => {
                    let found = ok
                        .then(|| counter_loop(p, &ss[..k], cond, body, &[], true, env))
                        .flatten();
                    let (inner, bound) = with_counter(env, found);
                    out.push(LoopBound {
                        vertex: s.id,
                        line: s.span.line,
                        bound,
                    });
                    self.list(body, &inner, out);
                }
                StmtKind::If(_, t, e) => {
                    self.list(t, env, out);
                    self.list(e, env, out);
                }
                StmtKind::Block(b) => self.list(b, env, out),
                _ => {}
            }
        }
    }
}

/// Narrows `assumed` by the conjuncts of `cond` that bound a variable by a constant, for a
/// variable assigned at most once in the program, and then in `before` (the statements of
/// the assume's list before it): from the assume on it keeps its value.
fn assume_ranges(p: &Program, before: &[Stmt], cond: &Expr, assumed: &mut Env) {
    let mut conjuncts = Vec::new();
    split_and(cond, &mut conjuncts);
    for c in conjuncts {
        let Some((v, lo, hi)) = assumed_range(p, c) else {
            continue;
        };
        let count = |ss: &[Stmt]| ss.iter().map(|s| assignments_of(s, v)).sum::<usize>();
        let total = count(&p.body);
        if total > 1 || count(before) != total {
            continue;
        }
        let r = assumed
            .get(&v)
            .copied()
            .unwrap_or_else(|| p.var(v).ty.range(p.data_model));
        let r = (r.0.max(lo), r.1.min(hi));
        if r.0 <= r.1 {
            assumed.insert(v, r);
        }
    }
}

/// How many times `s` assigns `v` (nested statements included).
fn assignments_of(s: &Stmt, v: VarId) -> usize {
    let mut n = 0;
    count_assignments(s, v, &mut n);
    n
}

/// The range `c` (`v <= k`, `k < v`, `v == k`, …) gives a variable `v` compared with a constant
/// `k`, when the comparison is over their mathematical values (both in the comparison's type).
fn assumed_range(p: &Program, c: &Expr) -> Option<(VarId, i128, i128)> {
    let Expr::Binary(op, l, r) = c else {
        return None;
    };
    let common = IntType::usual_arith(l.ty(p), r.ty(p), p.data_model);
    let (clo, chi) = common.range(p.data_model);
    let var_const = |x: &Expr, k: &Expr| {
        let Expr::Var(v) = x else { return None };
        let k = const_value(p, k)?;
        let (vlo, vhi) = p.var(*v).ty.range(p.data_model);
        (clo <= vlo && vhi <= chi && clo <= k && k <= chi).then_some((*v, k))
    };
    let (v, k, op) = match (var_const(l, r), var_const(r, l)) {
        (Some((v, k)), _) => (v, k, *op),
        (None, Some((v, k))) => (v, k, op.swapped()?),
        _ => return None,
    };
    let (tlo, thi) = p.var(v).ty.range(p.data_model);
    match op {
        BinOp::Lt => Some((v, tlo, k - 1)),
        BinOp::Le => Some((v, tlo, k)),
        BinOp::Gt => Some((v, k + 1, thi)),
        BinOp::Ge => Some((v, k, thi)),
        BinOp::Eq => Some((v, k, k)),
        _ => None,
    }
}

fn with_counter(env: &Env, found: Option<Counter>) -> (Env, Option<u64>) {
    let mut inner = env.clone();
    match found {
        Some(c) => {
            inner.insert(c.var, c.range);
            (inner, Some(c.trips))
        }
        None => (inner, None),
    }
}

/// A counter loop: its counter, the range of values the counter takes in it, its trip bound.
#[derive(Clone, Copy, Debug)]
struct Counter {
    var: VarId,
    range: (i128, i128),
    trips: u64,
}

/// The tightest bound any conjunct of the condition gives.
fn counter_loop(
    p: &Program,
    before: &[Stmt],
    cond: &Expr,
    body: &[Stmt],
    step: &[Stmt],
    is_do: bool,
    env: &Env,
) -> Option<Counter> {
    let mut conjuncts = Vec::new();
    split_and(cond, &mut conjuncts);
    conjuncts
        .into_iter()
        .filter_map(|c| conjunct_bound(p, before, c, body, step, is_do, env))
        .min_by_key(|c| c.trips)
}

fn split_and<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match e {
        Expr::Binary(BinOp::LogAnd, a, b) => {
            split_and(a, out);
            split_and(b, out);
        }
        _ => out.push(e),
    }
}

/// `e` without its casts, and the types of the casts removed.
fn strip_casts(e: &Expr) -> (&Expr, Vec<IntType>) {
    let mut tys = Vec::new();
    let mut e = e;
    while let Expr::Cast(t, x) = e {
        tys.push(*t);
        e = x;
    }
    (e, tys)
}

/// Which way the loop goes on while the comparison holds, with `x` on the left.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
    Ne,
}

fn conjunct_bound(
    p: &Program,
    before: &[Stmt],
    c: &Expr,
    body: &[Stmt],
    step: &[Stmt],
    is_do: bool,
    env: &Env,
) -> Option<Counter> {
    let Expr::Binary(op, l, r) = c else {
        return None;
    };
    let (cmp, flipped) = match op {
        BinOp::Lt => (Cmp::Lt, Cmp::Gt),
        BinOp::Le => (Cmp::Le, Cmp::Ge),
        BinOp::Gt => (Cmp::Gt, Cmp::Lt),
        BinOp::Ge => (Cmp::Ge, Cmp::Le),
        BinOp::Ne => (Cmp::Ne, Cmp::Ne),
        _ => return None,
    };
    // Every value must also fit the comparison's type (no conversion changes it).
    let common = IntType::usual_arith(l.ty(p), r.ty(p), p.data_model);
    let try_side = |side: &Expr, other: &Expr, cmp: Cmp| {
        let (x, mut tys) = strip_casts(side);
        let Expr::Var(x) = x else { return None };
        tys.extend([common, side.ty(p), other.ty(p)]);
        counter(p, before, *x, cmp, other, &tys, body, step, is_do, env)
    };
    try_side(l, r, cmp).or_else(|| try_side(r, l, flipped))
}

/// The bound of the loop `while (x cmp b)` (`tys`: the types its values pass through).
#[allow(clippy::too_many_arguments)]
fn counter(
    p: &Program,
    before: &[Stmt],
    x: VarId,
    cmp: Cmp,
    b: &Expr,
    tys: &[IntType],
    body: &[Stmt],
    step: &[Stmt],
    is_do: bool,
    env: &Env,
) -> Option<Counter> {
    // The bound must not change in the loop.
    let mut assigned = Vec::new();
    for s in body.iter().chain(step) {
        assigned_vars(s, &mut assigned);
    }
    if b.vars().iter().any(|v| assigned.contains(v)) {
        return None;
    }
    let (ty_inc, delta) = increment(p, x, body, step)?;
    let (blo, bhi) = interval(p, b, env)?;
    let (ilo, ihi) = initial(p, before, x, env)?;
    let d = delta.abs();
    // The loop runs while the comparison holds and moves the counter towards B; the last
    // value is the first one past B (`hull` is every value x and B take).
    let (trips, hull) = match (cmp, delta > 0) {
        (Cmp::Lt, true) => (ceil_div(bhi - ilo, d), (ilo.min(blo), ihi.max(bhi + d - 1))),
        (Cmp::Le, true) => (ceil_div(bhi - ilo + 1, d), (ilo.min(blo), ihi.max(bhi + d))),
        (Cmp::Gt, false) => (ceil_div(ihi - blo, d), (ilo.min(blo - d + 1), ihi.max(bhi))),
        (Cmp::Ge, false) => (ceil_div(ihi - blo + 1, d), (ilo.min(blo - d), ihi.max(bhi))),
        // `x != B` stops only when x meets B exactly: a step of 1 from B's side.
        (Cmp::Ne, true) if d == 1 && ihi <= blo => (bhi - ilo, (ilo, bhi)),
        (Cmp::Ne, false) if d == 1 && ilo >= bhi => (ihi - blo, (blo, ihi)),
        _ => return None,
    };
    let var_ty = p.var(x).ty;
    let fits = |t: &IntType| {
        let (lo, hi) = t.range(p.data_model);
        lo <= hull.0 && hull.1 <= hi
    };
    if !(fits(&var_ty) && fits(&ty_inc) && tys.iter().all(fits)) {
        return None;
    }
    // A do-while runs its body once before the first test.
    let trips = trips.max(0) + i128::from(is_do);
    Some(Counter {
        var: x,
        range: hull,
        trips: u64::try_from(trips).ok()?,
    })
}

fn ceil_div(a: i128, d: i128) -> i128 {
    if a <= 0 { 0 } else { (a + d - 1) / d }
}

/// The one assignment of `x` in the loop, `x = x ± c`: the type of the sum and `±c`. It must
/// be a top-level statement of the step, or of the body when no `continue` skips it.
fn increment(p: &Program, x: VarId, body: &[Stmt], step: &[Stmt]) -> Option<(IntType, i128)> {
    let mut count = 0;
    for s in body.iter().chain(step) {
        count_assignments(s, x, &mut count);
    }
    if count != 1 {
        return None;
    }
    let top = |ss: &[Stmt]| {
        ss.iter().find_map(|s| match &s.kind {
            StmtKind::Assign(y, e) if *y == x => Some(e.clone()),
            _ => None,
        })
    };
    let e = match top(step) {
        Some(e) => e,
        None if !body.iter().any(own_continue) => top(body)?,
        None => return None,
    };
    let (sum, _) = strip_casts(&e);
    let Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) = sum else {
        return None;
    };
    let is_x = |e: &Expr| matches!(strip_casts(e).0, Expr::Var(v) if *v == x);
    let c = if is_x(a) {
        const_value(p, b)?
    } else if *op == BinOp::Add && is_x(b) {
        const_value(p, a)?
    } else {
        return None;
    };
    let delta = if *op == BinOp::Add { c } else { -c };
    (delta != 0).then_some((sum.ty(p), delta))
}

/// A `continue` of this loop (not of a nested one).
fn own_continue(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Continue => true,
        StmtKind::If(_, t, e) => t.iter().chain(e).any(own_continue),
        StmtKind::Block(b) => b.iter().any(own_continue),
        _ => false,
    }
}

fn count_assignments(s: &Stmt, x: VarId, count: &mut usize) {
    let mut vs = Vec::new();
    assigned_vars(s, &mut vs);
    *count += vs.iter().filter(|&&v| v == x).count();
}

/// Every variable `s` assigns (with repetitions), nested statements included.
fn assigned_vars(s: &Stmt, out: &mut Vec<VarId>) {
    match &s.kind {
        StmtKind::Assign(x, _) => out.push(*x),
        StmtKind::ParAssign(xs) => out.extend(xs.iter().map(|(x, _)| *x)),
        StmtKind::If(_, t, e) => t.iter().chain(e).for_each(|s| assigned_vars(s, out)),
        StmtKind::While { body, step, .. } => {
            body.iter().chain(step).for_each(|s| assigned_vars(s, out))
        }
        StmtKind::DoWhile { body, .. } | StmtKind::Block(body) => {
            body.iter().for_each(|s| assigned_vars(s, out))
        }
        _ => {}
    }
}

/// The range of `x` on entering the loop: its last assignment in `before` (nothing after it
/// assigns `x`).
fn initial(p: &Program, before: &[Stmt], x: VarId, env: &Env) -> Option<(i128, i128)> {
    for s in before.iter().rev() {
        if let StmtKind::Assign(y, e) = &s.kind
            && *y == x
        {
            let (lo, hi) = interval(p, e, env)?;
            let (tlo, thi) = p.var(x).ty.range(p.data_model);
            return (tlo <= lo && hi <= thi).then_some((lo, hi));
        }
        let mut vs = Vec::new();
        assigned_vars(s, &mut vs);
        if vs.contains(&x) {
            return None;
        }
    }
    None
}

/// The values of `e` where the counters of `env` range over their intervals: constants, and
/// sums and differences of counters and constants that stay within their types.
fn interval(p: &Program, e: &Expr, env: &Env) -> Option<(i128, i128)> {
    if let Some(v) = const_value(p, e) {
        return Some((v, v));
    }
    let r = match e {
        Expr::Var(v) => *env.get(v)?,
        Expr::Cast(_, x) => interval(p, x, env)?,
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
            let (alo, ahi) = interval(p, a, env)?;
            let (blo, bhi) = interval(p, b, env)?;
            if *op == BinOp::Add {
                (alo + blo, ahi + bhi)
            } else {
                (alo - bhi, ahi - blo)
            }
        }
        _ => return None,
    };
    let (lo, hi) = e.ty(p).range(p.data_model);
    (lo <= r.0 && r.1 <= hi).then_some(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::{FrontendOptions, parse_source};

    fn bounds(body: &str) -> Vec<Option<u64>> {
        let text = format!(
            "extern int __VERIFIER_nondet_int(void);\n\
             extern void reach_error(void);\n\
             int a[100];\n\
             int main() {{ int i, j, k, n; unsigned u; unsigned char c;\n{body}\nreturn 0; }}"
        );
        let p = parse_source(&text, "t.c", &FrontendOptions::default()).unwrap();
        loop_bounds(&p).into_iter().map(|l| l.bound).collect()
    }

    fn iterations(body: &str) -> Option<u64> {
        let text = format!(
            "extern int __VERIFIER_nondet_int(void);\n\
             int a[100];\n\
             int main() {{ int i, j, n = __VERIFIER_nondet_int();\n{body}\nreturn 0; }}"
        );
        let p = parse_source(&text, "t.c", &FrontendOptions::default()).unwrap();
        unrolled_iterations(&p)
    }

    #[test]
    fn unrolled_iterations_multiply_nested_bounds() {
        assert_eq!(iterations(""), Some(0));
        assert_eq!(iterations("for (i = 0; i < 10; i++) a[i] = 0;"), Some(10));
        // Bubble sort at N = 8: 7 passes of at most 7 steps, after a fill of 8.
        let bubble = "for (i = 0; i < 8; i++) a[i] = i;\n\
                      for (i = 0; i < 7; i++) for (j = 0; j < 7 - i; j++) a[j] = a[j + 1];";
        assert_eq!(iterations(bubble), Some(8 + 7 + 7 * 7));
        assert_eq!(
            iterations("if (n) { for (i = 0; i < 3; i++) ; } else { for (i = 0; i < 4; i++) ; }"),
            Some(7)
        );
        assert_eq!(iterations("for (i = 0; i < n; i++) ;"), None);
    }

    /// The programs of bench-suite/ and tests/ whose loop bounds the assumed ranges change
    /// (their schedules change: run them before and after such a change). `cargo test --lib
    /// programs_whose_bounds_come_from_assumes -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn programs_whose_bounds_come_from_assumes() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = vec![];
        let mut dirs = vec![root.join("bench-suite"), root.join("tests")];
        while let Some(d) = dirs.pop() {
            for e in std::fs::read_dir(&d).unwrap().flatten() {
                let path = e.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|x| x == "c") {
                    files.push(path);
                }
            }
        }
        files.sort();
        for f in files {
            let Ok(p) = crate::frontend::load_file(&f, &FrontendOptions::default()) else {
                continue;
            };
            let k = |a| {
                bounds_of(&p, a)
                    .into_iter()
                    .map(|l| l.bound)
                    .collect::<Vec<_>>()
            };
            if k(true) != k(false) {
                println!("{}: {:?} -> {:?}", f.display(), k(false), k(true));
            }
        }
    }

    #[test]
    fn an_assumed_small_range_bounds_loops_after_the_assume() {
        let n = "n = __VERIFIER_nondet_int();";
        let fill = "for (i = 0; i < n; i++) a[i] = 0;";
        let with = |assume: &str| bounds(&format!("{n}\n{assume}\n{fill}"));
        assert_eq!(with("__VERIFIER_assume(n >= 1 && n <= 30);"), [Some(30)]);
        assert_eq!(with("__VERIFIER_assume(31 > n && 0 <= n);"), [Some(30)]);
        assert_eq!(
            with("__VERIFIER_assume(n > 0); __VERIFIER_assume(n < 9);"),
            [Some(8)]
        );
        // Counting down from the assumed size.
        let down =
            format!("{n}\n__VERIFIER_assume(n >= 0 && n <= 10);\nfor (i = n - 1; i >= 0; i--) ;");
        assert_eq!(bounds(&down), [Some(10)]);
        // Above ASSUMED_MAX, unbounded below, assigned again, or the loop before the assume.
        assert_eq!(with("__VERIFIER_assume(n >= 1 && n <= 1000);"), [None]);
        assert_eq!(with("__VERIFIER_assume(n <= 30);"), [None]);
        assert_eq!(
            bounds(&format!(
                "{n}\n__VERIFIER_assume(n >= 0 && n <= 30);\nn = n + 1;\n{fill}"
            )),
            [None]
        );
        assert_eq!(
            bounds(&format!(
                "{n}\n{fill}\n__VERIFIER_assume(n >= 0 && n <= 30);"
            )),
            [None]
        );
        // The assignment after the assume, in a later statement.
        assert_eq!(
            bounds(&format!(
                "__VERIFIER_assume(n >= 0 && n <= 30);\n{n}\n{fill}"
            )),
            [None]
        );
        // An unsigned size: its range starts at 0.
        let u =
            "u = __VERIFIER_nondet_int();\n__VERIFIER_assume(u <= 5);\nfor (i = 0; i < u; i++) ;";
        assert_eq!(bounds(u), [Some(5)]);
    }

    #[test]
    fn counter_loops() {
        assert_eq!(bounds("for (i = 0; i < 10; i++) a[i] = 0;"), [Some(10)]);
        assert_eq!(bounds("for (i = 0; i <= 10; i++) ;"), [Some(11)]);
        assert_eq!(bounds("for (i = 9; i >= 0; i--) ;"), [Some(10)]);
        assert_eq!(bounds("for (i = 10; i > 0; i -= 3) ;"), [Some(4)]);
        assert_eq!(bounds("for (i = 0; i < 10; i += 4) ;"), [Some(3)]);
        assert_eq!(bounds("for (i = 0; i != 7; i++) ;"), [Some(7)]);
        assert_eq!(bounds("for (i = 20; i < 10; i++) ;"), [Some(0)]);
        assert_eq!(
            bounds("i = 0; while (10 > i) { a[i] = 1; i = i + 1; }"),
            [Some(10)]
        );
        assert_eq!(bounds("i = 0; do { i++; } while (i < 5);"), [Some(6)]);
        // One conjunct bounds the loop.
        assert_eq!(
            bounds("for (i = 0; i < 50 && a[i] != 0; i++) ;"),
            [Some(50)]
        );
        // A break only leaves earlier.
        assert_eq!(
            bounds("for (i = 0; i < 8; i++) { if (a[i]) break; }"),
            [Some(8)]
        );
    }

    #[test]
    fn nested_loops_use_the_outer_range() {
        // Bubble sort's inner bound N - 1 - i and selection sort's start i + 1.
        assert_eq!(
            bounds("for (i = 0; i < 9; i++) for (j = 0; j < 9 - i; j++) ;"),
            [Some(9), Some(9)]
        );
        assert_eq!(
            bounds("for (i = 0; i < 9; i++) for (j = i + 1; j < 10; j++) ;"),
            [Some(9), Some(9)]
        );
    }

    #[test]
    fn not_constant() {
        // A nondet bound.
        assert_eq!(
            bounds("n = __VERIFIER_nondet_int(); for (i = 0; i < n; i++) ;"),
            [None]
        );
        // The counter is modified in the body.
        assert_eq!(bounds("for (i = 0; i < 10; i++) { i = i - 1; }"), [None]);
        assert_eq!(bounds("for (i = 0; i < 10; ) { if (a[i]) i++; }"), [None]);
        // The bound changes in the loop.
        assert_eq!(bounds("n = 10; for (i = 0; i < n; i++) { n++; }"), [None]);
        // A `continue` skips the increment.
        assert_eq!(
            bounds("i = 0; while (i < 10) { if (a[i]) continue; i++; }"),
            [None]
        );
        // Unknown start.
        assert_eq!(bounds("while (i < 10) { i++; }"), [None]);
        // A step that jumps over `!=`, and one that goes the wrong way.
        assert_eq!(bounds("for (i = 0; i != 7; i += 2) ;"), [None]);
        assert_eq!(bounds("for (i = 0; i < 10; i--) ;"), [None]);
        // No counter at all.
        assert_eq!(bounds("while (1) { if (a[3]) break; }"), [None]);
        // Inner loop bounded by a variable that is not a counter.
        assert_eq!(
            bounds(
                "n = __VERIFIER_nondet_int(); for (i = 0; i < 5; i++) for (j = 0; j < n; j++) ;"
            ),
            [Some(5), None]
        );
        // A goto anywhere: nothing is trusted.
        assert_eq!(
            bounds("for (i = 0; i < 5; i++) { if (a[i]) goto out; } out: ;"),
            [None]
        );
    }

    #[test]
    fn wrap_around_is_not_constant() {
        // `u >= 0` always holds: u wraps to 4294967295.
        assert_eq!(bounds("for (u = 10; u >= 0; u--) ;"), [None]);
        // `c < 256` always holds: c wraps to 0.
        assert_eq!(bounds("for (c = 0; c < 256; c++) ;"), [None]);
        // In range: fine.
        assert_eq!(bounds("for (c = 0; c < 255; c++) ;"), [Some(255)]);
        assert_eq!(bounds("for (u = 10; u > 0; u--) ;"), [Some(10)]);
        // i + 1 overflows int before reaching the bound (signed overflow).
        assert_eq!(bounds("for (i = 0; i <= 2147483647; i++) ;"), [None]);
    }

    fn k(text: &str) -> Option<u32> {
        unwinding_bound(&parse_source(text, "t.c", &FrontendOptions::default()).unwrap())
    }

    #[test]
    fn the_unwinding_bound_is_the_largest_plus_one() {
        let nested = "int a[10]; int main() { int i, j;\n\
            for (i = 0; i < 10; i++) for (j = 0; j < 3; j++) a[i] = j;\n return 0; }";
        assert_eq!(k(nested), Some(11));
        assert_eq!(k("int main() { int x = 1; return x; }"), Some(1));
        let nondet = "extern int __VERIFIER_nondet_int(void); int main() { int i, n = \
                      __VERIFIER_nondet_int(); for (i = 0; i < n; i++) ; return 0; }";
        assert_eq!(k(nondet), None);
        let long = "int main() { int i; for (i = 0; i < 1000000; i++) ; return 0; }";
        assert_eq!(k(long), None, "too large to unwind");
    }
}
