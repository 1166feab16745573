//! Generalize: a program's constant loop bounds made a nondet size, for proofs only.
//!
//! Takes a [`Program`]; gives, when it applies, a program `P'` in which each constant `K`
//! (above [`MIN_BOUND`]) that bounds a loop (it occurs in a loop's condition, or is assigned
//! to a variable that occurs in one: `int n = 1000; … i < n`) is replaced by a fresh variable
//! `g` that a prologue sets to a nondet value with `assume(1 <= g && g <= K)`: every literal
//! `c` of the program's expressions with `|c - K| <= WINDOW` (`a[N - 1]`, folded to `a[999]`
//! by the front end) becomes `(T)(g + (c - K))` (`T` the literal's type; plain `g` for `c = K`
//! of type `int`). Array sizes are left as they are. The cell-morphing engine's guessed
//! candidates and templates work from runs at small sizes, which a constant `K` does not
//! allow: on `P'` they see `g` drawn small, as for a nondet `N` (issue 25: programs proved for
//! every `N` in seconds were UNKNOWN at `N = 1000`).
//!
//! ## Why SAFE of `P'` is SAFE of `P`, and why a counterexample of `P'` says nothing
//!
//! `g` is fresh and only the prologue assigns it. Each replaced literal `c` of type `T` fits
//! `int` (`0 < c <= i32::MAX`, checked) and `1 <= g <= K <= i32::MAX - WINDOW`, so
//! `g + (c - K)` is an `int` sum without overflow, and at `g = K` it is `c`; converted to `T`
//! it is the literal's own value (`c` is a value of `T`). So in the run of `P'` whose prologue
//! draws `g = K` (the assumption holds, the prologue reads no array and cannot fail), every
//! replaced expression evaluates to the same value of the same type as in `P`, and every
//! other expression is unchanged: from the same inputs it runs `P`'s statements in `P`'s
//! order on the same states (restricted to `P`'s variables), with the same array accesses (in
//! bounds exactly when `P`'s are), and reaches the error when `P` does. Every run of `P`
//! is thus a run of `P'` (after its two prologue vertices), and a proof that no run of `P'`
//! reaches the error (a certificate ara checked in bit-vector semantics on `P'`) proves `P`.
//!
//! The converse fails: `P'` has runs with `g < K` that `P` does not have (a program safe at
//! `K` but unsafe at a smaller size). A counterexample of `P'` is no run of `P`: it may never
//! make UNSAFE. `schedule::cells_first` runs only the cell-morphing engine on `P'`, which
//! gives proofs or nothing; a proof found on `P'` is reported as such (`Subject::Generalized`:
//! "proved for every N up to K"). The twins: `tests/generalize/*` (`tests/generalize.rs`).

use crate::ir::procs::number;
use crate::ir::{BinOp, Expr, IntType, Program, Stmt, StmtKind, Storage, VarId};
use std::collections::BTreeSet;

/// Constants at most this large are left alone (`i < 8`: a short loop that the complete
/// unwinding takes; bubble sort at `N = 50` runs 2,451 loop bodies, past what the schedule
/// gives the unwinding alone).
pub const MIN_BOUND: i128 = 16;

/// Literals this close to a generalized constant `K` are written in terms of `g` too.
pub const WINDOW: i128 = 4;

/// A constant of `P` and the variable of `P'` that stands for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Generalization {
    pub value: i128,
    pub var: VarId,
}

/// The program `P'` (module doc) and which constants it generalized.
#[derive(Clone, Debug)]
pub struct Generalized {
    pub program: Program,
    pub constants: Vec<Generalization>,
}

/// `P'` of `p` (module doc), when some constant above [`MIN_BOUND`] bounds a loop.
pub fn generalize(p: &Program) -> Option<Generalized> {
    let mut calls = false;
    p.visit_stmts(&mut |s| calls |= matches!(s.kind, StmtKind::Call(_)));
    let bounds = loop_constants(p);
    if calls || bounds.is_empty() {
        return None;
    }
    let mut q = p.clone();
    let constants: Vec<Generalization> = bounds
        .iter()
        .map(|&value| Generalization {
            value,
            var: q.fresh_var("ara_gen_n", IntType::Int, Storage::Local),
        })
        .collect();
    for c in &constants {
        q.vars[c.var.0 as usize].display = format!("N (for {})", c.value);
    }
    let mut rest = p.body.clone();
    each_expr(&mut rest, &mut |e| replace_literals(e, &constants));
    let mut body = prologue(&constants, p);
    body.extend(rest);
    let mut next = 1;
    number(&mut body, &mut next);
    q.body = body;
    q.num_vertices = next + 1;
    Some(Generalized {
        program: q,
        constants,
    })
}

/// The constants above [`MIN_BOUND`] in a loop's condition, or assigned to a variable read in
/// one, that fit `int` with [`WINDOW`] to spare; ascending.
fn loop_constants(p: &Program) -> BTreeSet<i128> {
    let mut conds: Vec<&Expr> = vec![];
    p.visit_stmts(&mut |s| match &s.kind {
        StmtKind::While { cond, .. } | StmtKind::DoWhile { cond, .. } => conds.push(cond),
        _ => {}
    });
    let in_conds: BTreeSet<VarId> = conds.iter().flat_map(|c| c.vars()).collect();
    let mut out = BTreeSet::new();
    for c in &conds {
        c.visit(&mut |e| {
            if let Expr::Const(v, _) = e {
                out.insert(*v);
            }
        });
    }
    p.visit_stmts(&mut |s| {
        if let StmtKind::Assign(x, e) = &s.kind
            && in_conds.contains(x)
            && let Some(v) = literal(e)
        {
            out.insert(v);
        }
    });
    out.retain(|&v| v > MIN_BOUND && v <= i32::MAX as i128 - WINDOW);
    out
}

/// The value of a literal, under casts.
fn literal(e: &Expr) -> Option<i128> {
    match e {
        Expr::Const(v, _) => Some(*v),
        Expr::Cast(_, e) => literal(e),
        _ => None,
    }
}

/// `g = nondet; assume(1 <= g && g <= K);` for each generalized constant.
fn prologue(constants: &[Generalization], p: &Program) -> Vec<Stmt> {
    let span = p.body.first().map(|s| s.span).unwrap_or_default();
    let stmt = |kind| Stmt { kind, span, id: 0 };
    let mut out = vec![];
    for c in constants {
        let g = Expr::Var(c.var);
        let range = Expr::bin(
            BinOp::LogAnd,
            Expr::bin(BinOp::Le, Expr::Const(1, IntType::Int), g.clone()),
            Expr::bin(BinOp::Le, g, Expr::Const(c.value, IntType::Int)),
        );
        out.push(stmt(StmtKind::Assign(c.var, Expr::Nondet(IntType::Int))));
        out.push(stmt(StmtKind::Assume(range)));
    }
    out
}

/// `e` with each literal within [`WINDOW`] of a generalized constant written over its
/// variable (module doc); the nearest constant wins.
fn replace_literals(e: &mut Expr, constants: &[Generalization]) {
    match e {
        Expr::Const(v, ty) => {
            let near = constants
                .iter()
                .filter(|c| (*v - c.value).abs() <= WINDOW && *v > 0 && *v <= i32::MAX as i128)
                .min_by_key(|c| (*v - c.value).abs());
            if let Some(c) = near {
                *e = over(c, *v, *ty);
            }
        }
        Expr::Var(_) | Expr::Nondet(_) => {}
        Expr::Read(_, i) | Expr::Unary(_, i) | Expr::Cast(_, i) => replace_literals(i, constants),
        Expr::Binary(_, a, b) => {
            replace_literals(a, constants);
            replace_literals(b, constants);
        }
        Expr::Cond(c, a, b) => {
            replace_literals(c, constants);
            replace_literals(a, constants);
            replace_literals(b, constants);
        }
    }
}

/// `(ty)(g + (v - K))`: the literal `v` of type `ty` over `c`'s variable.
fn over(c: &Generalization, v: i128, ty: IntType) -> Expr {
    let g = Expr::Var(c.var);
    let d = v - c.value;
    let sum = match d {
        0 => g,
        d if d > 0 => Expr::bin(BinOp::Add, g, Expr::Const(d, IntType::Int)),
        d => Expr::bin(BinOp::Sub, g, Expr::Const(-d, IntType::Int)),
    };
    if ty == IntType::Int {
        sum
    } else {
        Expr::Cast(ty, Box::new(sum))
    }
}

/// Calls `f` on every expression of `ss`, nested statements included.
fn each_expr(ss: &mut [Stmt], f: &mut dyn FnMut(&mut Expr)) {
    for s in ss {
        match &mut s.kind {
            StmtKind::Assign(_, e) | StmtKind::Assume(e) | StmtKind::Assert(e) => f(e),
            StmtKind::Store(_, i, e) => {
                f(i);
                f(e);
            }
            StmtKind::ParAssign(xs) => xs.iter_mut().for_each(|(_, e)| f(e)),
            StmtKind::If(c, t, e) => {
                f(c);
                each_expr(t, f);
                each_expr(e, f);
            }
            StmtKind::While { cond, body, step } => {
                f(cond);
                each_expr(body, f);
                each_expr(step, f);
            }
            StmtKind::DoWhile { body, cond } => {
                each_expr(body, f);
                f(cond);
            }
            StmtKind::Block(b) => each_expr(b, f),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::{FrontendOptions, parse_source};

    fn generalized(src: &str) -> Option<String> {
        let p = parse_source(src, "t.c", &FrontendOptions::default()).unwrap();
        let q = generalize(&p)?.program;
        let mut out = String::new();
        q.visit_stmts(&mut |s| {
            out.push_str(&crate::ir::print::stmt_head(&q, s));
            out.push('\n');
        });
        Some(out)
    }

    #[test]
    fn a_constant_bound_and_its_neighbours_become_the_nondet_size() {
        let src = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\
            int a[1000];\n\
            int main() { int i; for (i = 0; i < 1000; i++) a[i] = __VERIFIER_nondet_int();\n\
            a[1000 - 1] = a[1000 - 2]; long x = 1000L; int y = 100000;\n\
            if (x != 1000) reach_error(); return 0; }";
        assert_eq!(
            generalized(src).unwrap(),
            "ara_gen_n = __VERIFIER_nondet_int();
assume(1 <= ara_gen_n && ara_gen_n <= 1000);
i = 0;
while (i < ara_gen_n)
a[i] = __VERIFIER_nondet_int();
i = i + 1;
a[ara_gen_n - 1] = a[ara_gen_n - 2];
x = (long) ara_gen_n;
y = 100000;
if (x != ara_gen_n)
reach_error();
exit;
"
        );
    }

    #[test]
    fn small_bounds_and_loops_without_constants_are_left_alone() {
        let src = "extern void reach_error(void);\nint a[300];\n\
            int main() { int i; for (i = 0; i < 16; i++) a[i] = 1;\n\
            if (a[3] != 1) reach_error(); return 0; }";
        assert!(generalized(src).is_none());
    }

    #[test]
    fn a_bound_assigned_to_a_variable_is_found() {
        let src = "extern void reach_error(void);\nint main() { int n = 1000; int a[n]; int i;\n\
            for (i = 0; i < n; i++) a[i] = i;\n\
            if (a[n - 1] != 999) reach_error(); return 0; }";
        let out = generalized(src).unwrap();
        assert!(out.contains("n = ara_gen_n;"), "{out}");
        assert!(out.contains("!= ara_gen_n - 1"), "{out}");
    }
}
