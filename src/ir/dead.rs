//! Dead variables: those nothing reads, such as the parameter `__VERIFIER_assert__cond` of an
//! inlined assertion function once its body was folded back to `Assert`.
//!
//! Takes a [`Program`]; gives the same program without them: their assignments become `Skip`
//! (same vertex ids, so paths and traces are unchanged) and the variables leave
//! [`Program::vars`] (the others renumbered). Fewer variables mean fewer predicates in the
//! abstraction and fewer arguments of every Horn predicate.
//!
//! Why it changes no verdict: a variable no expression reads (apart from assignments to
//! other dead variables) cannot influence a condition, an index or a stored value, so every
//! run keeps its path and reaches the error iff it did. Only assignments that cannot fault
//! and read no input are removed: a right-hand side with a nondet (the order of the inputs
//! is what a replay and a witness state), an array read or a division keeps its variable.
//! User variables are kept whatever they are (reports name them).

use super::{BinOp, Expr, Program, Size, Stmt, StmtKind, VarId};
use std::collections::BTreeSet;

/// `p` without its dead variables (a clone when there are none).
pub fn remove_dead_vars(p: &Program) -> Program {
    let dead = dead_vars(p);
    if dead.is_empty() {
        return p.clone();
    }
    let mut q = p.clone();
    skip_assignments(&mut q.body, &dead);
    let mut map = Vec::with_capacity(p.vars.len());
    let mut next = 0u32;
    for v in p.var_ids() {
        map.push((!dead.contains(&v)).then(|| {
            next += 1;
            VarId(next - 1)
        }));
    }
    q.vars = p
        .var_ids()
        .filter(|v| !dead.contains(v))
        .map(|v| p.var(v).clone())
        .collect();
    renumber(&mut q.body, &map);
    for arr in &mut q.arrays {
        for d in std::iter::once(&mut arr.size).chain(&mut arr.dims) {
            if let Size::Var(v) = d {
                *v = map[v.0 as usize].expect("a size variable is live");
            }
        }
    }
    q
}

/// The variables that are only assigned removable values and read by nothing but
/// assignments to each other.
///
/// Liveness is one graph search (linear in the program): the roots are the variables read
/// outside removable assignments (and the size variables, which their arrays read); a live
/// variable makes live what its removable assignments read. A round-by-round fixpoint took a
/// round per link of a chain of copies (quadratic: minutes on a chain of 3000 inlined calls).
pub fn dead_vars(p: &Program) -> BTreeSet<VarId> {
    // A size variable is read by its array (a symbolic size), not by any expression.
    let mut live: BTreeSet<VarId> = p
        .arrays
        .iter()
        .flat_map(|a| std::iter::once(&a.size).chain(&a.dims))
        .filter_map(|d| match d {
            Size::Var(v) => Some(*v),
            Size::Const(_) => None,
        })
        .collect();
    // What the removable assignments to each variable read.
    let mut reads: Vec<Vec<VarId>> = vec![Vec::new(); p.vars.len()];
    p.visit_stmts(&mut |s| match &s.kind {
        StmtKind::Assign(x, e) if removable(e) => reads[x.0 as usize].extend(e.vars()),
        StmtKind::Assign(x, e) => {
            live.insert(*x);
            live.extend(e.vars());
        }
        StmtKind::ParAssign(xs) => {
            for (x, e) in xs {
                live.insert(*x);
                live.extend(e.vars());
            }
        }
        _ => {
            for e in s.vertex_exprs() {
                live.extend(e.vars());
            }
        }
    });
    let mut todo: Vec<VarId> = live.iter().copied().collect();
    while let Some(v) = todo.pop() {
        for &r in &reads[v.0 as usize] {
            if live.insert(r) {
                todo.push(r);
            }
        }
    }
    p.var_ids().filter(|v| !live.contains(v)).collect()
}

/// An expression whose evaluation reads no input and cannot fault.
fn removable(e: &Expr) -> bool {
    let mut ok = true;
    e.visit(&mut |x| {
        ok &= !matches!(
            x,
            Expr::Nondet(_) | Expr::Read(..) | Expr::Binary(BinOp::Div | BinOp::Rem, ..)
        )
    });
    ok
}

fn skip_assignments(ss: &mut [Stmt], dead: &BTreeSet<VarId>) {
    for s in ss {
        match &mut s.kind {
            StmtKind::Assign(x, _) if dead.contains(x) => s.kind = StmtKind::Skip,
            StmtKind::If(_, t, e) => {
                skip_assignments(t, dead);
                skip_assignments(e, dead);
            }
            StmtKind::While { body, step, .. } => {
                skip_assignments(body, dead);
                skip_assignments(step, dead);
            }
            StmtKind::DoWhile { body, .. } | StmtKind::Block(body) => skip_assignments(body, dead),
            _ => {}
        }
    }
}

fn renumber(ss: &mut [Stmt], map: &[Option<VarId>]) {
    let var = |v: &mut VarId| *v = map[v.0 as usize].expect("a live variable");
    for s in ss {
        match &mut s.kind {
            StmtKind::Assign(x, e) => {
                var(x);
                renumber_expr(e, map);
            }
            StmtKind::Store(_, i, e) => {
                renumber_expr(i, map);
                renumber_expr(e, map);
            }
            StmtKind::ParAssign(xs) => {
                for (x, e) in xs {
                    var(x);
                    renumber_expr(e, map);
                }
            }
            StmtKind::Assume(e) | StmtKind::Assert(e) => renumber_expr(e, map),
            StmtKind::If(c, t, e) => {
                renumber_expr(c, map);
                renumber(t, map);
                renumber(e, map);
            }
            StmtKind::While { cond, body, step } => {
                renumber_expr(cond, map);
                renumber(body, map);
                renumber(step, map);
            }
            StmtKind::DoWhile { body, cond } => {
                renumber_expr(cond, map);
                renumber(body, map);
            }
            StmtKind::Block(b) => renumber(b, map),
            _ => {}
        }
    }
}

fn renumber_expr(e: &mut Expr, map: &[Option<VarId>]) {
    match e {
        Expr::Var(v) => *v = map[v.0 as usize].expect("a live variable"),
        Expr::Const(..) | Expr::Nondet(_) => {}
        Expr::Read(_, i) | Expr::Unary(_, i) | Expr::Cast(_, i) => renumber_expr(i, map),
        Expr::Binary(_, a, b) => {
            renumber_expr(a, map);
            renumber_expr(b, map);
        }
        Expr::Cond(c, t, f) => {
            renumber_expr(c, map);
            renumber_expr(t, map);
            renumber_expr(f, map);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::{FrontendOptions, parse_source};
    use crate::ir::emit::{EmitOptions, emit_c};

    fn program_to_string(p: &Program) -> String {
        emit_c(p, &EmitOptions::default())
    }

    fn program(text: &str) -> Program {
        parse_source(text, "t.c", &FrontendOptions::default()).unwrap()
    }

    const ASSERT: &str = "extern void abort(void);\n\
        void reach_error(void) { abort(); }\n\
        void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); } }\n";

    #[test]
    fn the_folded_assert_argument_goes() {
        let p = program(&format!(
            "{ASSERT}int main() {{ int x = 3; __VERIFIER_assert(x > 2); return 0; }}"
        ));
        let names = |p: &Program| p.vars.iter().map(|v| v.name.clone()).collect::<Vec<_>>();
        let q = remove_dead_vars(&p);
        assert!(
            names(&p).iter().any(|n| n.contains("cond")),
            "{:?}",
            names(&p)
        );
        assert_eq!(names(&q), ["x"]);
        assert_eq!(q.num_vertices, p.num_vertices);
        let text = program_to_string(&q);
        assert!(text.contains("if (!(x > 2)) reach_error();"), "{text}");
        assert!(!text.contains("cond"), "{text}");
    }

    #[test]
    fn inputs_and_reads_stay() {
        // Nothing reads `t`, `f__ret` or `u`: the input and the read stay, `u` and the
        // chain `w = v + 1; v = 2` go.
        let p = program(
            "extern int __VERIFIER_nondet_int(void);\n\
             int a[4]; int f(void) { return a[2] / 2; }\n\
             int main() { int u = 5, v = 2, w; w = v + 1; int t = __VERIFIER_nondet_int(); \
             f(); return 0; }",
        );
        let q = remove_dead_vars(&p);
        let text = program_to_string(&q);
        assert!(text.contains("t = __VERIFIER_nondet_int()"), "{text}");
        assert!(text.contains("a[2] / 2"), "{text}");
        let names: Vec<&str> = q.vars.iter().map(|v| v.name.as_str()).collect();
        assert_eq!(names, ["t", "f__ret"], "{text}");
    }

    #[test]
    fn size_variables_stay_and_follow_the_renumbering() {
        // The folded assertion's parameter goes; the VLA's size variable, read by its array
        // only, stays and keeps naming the right variable.
        let p = program(&format!(
            "{ASSERT}extern int __VERIFIER_nondet_int(void);\n\
             int main() {{ __VERIFIER_assert(1); int n = __VERIFIER_nondet_int(); \
             if (n < 1 || n > 9) return 0; int a[n]; a[0] = 1; return 0; }}"
        ));
        let q = remove_dead_vars(&p);
        assert!(q.vars.len() < p.vars.len());
        let crate::ir::Size::Var(v) = q.arrays[0].size else {
            panic!("a symbolic size")
        };
        let crate::ir::Size::Var(w) = p.arrays[0].size else {
            panic!("a symbolic size")
        };
        assert_eq!(q.var(v).name, p.var(w).name);
    }
}
