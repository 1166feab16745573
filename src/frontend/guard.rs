//! Folds an inlined assertion or assumption function back into one IR statement.
//!
//! Takes the two statements that inlining a user's definition of `__VERIFIER_assert`,
//! `assume_abort_if_not`, ... leaves behind — `p = conv(arg);` for its last parameter and the
//! block of its body — and gives `Assert(c)` / `Assume(c)` when the body is just
//! `if (c(p)) <error or stop> [else <nothing>]` (or the mirror image). The user's definition,
//! not a built-in model, decides the semantics (its parameter type does the conversion); the
//! fold only keeps the IR in the shape the later stages handle best (`Assume` for random
//! testing's redraws, `Assert` for the witness transformation).
//!
//! Soundness: `p` is a variable made while lowering this call (the callee's parameter, or a
//! temporary of its arguments), so nothing outside the call reads it; it is assigned right
//! before the body and read exactly once, in the test; nothing runs between the assignment and the test, so
//! substituting its right-hand side (evaluated once either way, so a `Nondet` stays one value)
//! gives the same test. Branches that start with `reach_error()` (after labels, skips and
//! blocks) reach the error; those that start with `abort()`/`exit()`/`assume(0)` end the run
//! without error, exactly like a failing assumption. A body with any `goto` is left alone, so
//! the labels dropped with the branches cannot be jump targets.

use crate::ir::{Expr, Stmt, StmtKind, UnOp, VarId};

/// What running a statement list from its start certainly does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ends {
    /// Nothing observable: falls through.
    Nothing,
    /// Reaches the error.
    Error,
    /// Ends the run without error.
    Stops,
}

fn ends(stmts: &[Stmt]) -> Option<Ends> {
    for (k, s) in stmts.iter().enumerate() {
        match &s.kind {
            // `L: goto L;` (old SV-COMP `__VERIFIER_assume`) never gets anywhere.
            StmtKind::Label(l)
                if stmts
                    .get(k + 1)
                    .is_some_and(|n| n.kind == StmtKind::Goto(*l)) =>
            {
                return Some(Ends::Stops);
            }
            StmtKind::Label(_) | StmtKind::Skip => {}
            StmtKind::Block(b) => match ends(b)? {
                Ends::Nothing => {}
                e => return Some(e),
            },
            StmtKind::Error => return Some(Ends::Error),
            StmtKind::Exit => return Some(Ends::Stops),
            StmtKind::Assume(Expr::Const(0, _)) => return Some(Ends::Stops),
            // `while (1) {}` neither.
            StmtKind::While {
                cond: Expr::Const(c, _),
                body,
                step,
            } if *c != 0 && is_empty(body) && is_empty(step) => return Some(Ends::Stops),
            _ => return None,
        }
    }
    Some(Ends::Nothing)
}

fn is_empty(stmts: &[Stmt]) -> bool {
    stmts.iter().all(|s| match &s.kind {
        StmtKind::Skip => true,
        StmtKind::Block(b) => is_empty(b),
        _ => false,
    })
}

/// Is every `goto` of the statements the `goto L` right after its own label `L:`?
fn only_self_loops(stmts: &[Stmt]) -> bool {
    stmts.iter().enumerate().all(|(k, s)| match &s.kind {
        StmtKind::Goto(l) => k > 0 && stmts[k - 1].kind == StmtKind::Label(*l),
        StmtKind::Block(b) | StmtKind::DoWhile { body: b, .. } => only_self_loops(b),
        StmtKind::If(_, t, e) => only_self_loops(t) && only_self_loops(e),
        StmtKind::While { body, step, .. } => only_self_loops(body) && only_self_loops(step),
        _ => true,
    })
}

/// `e` with the single occurrence of `Var(v)` replaced by `by`; `None` unless it occurs
/// exactly once.
fn substitute_once(e: &Expr, v: VarId, by: &Expr) -> Option<Expr> {
    let mut count = 0;
    e.visit(&mut |x| count += (*x == Expr::Var(v)) as u32);
    if count != 1 {
        return None;
    }
    Some(e.with_var(v, by))
}

/// `!c`, without a double negation.
fn negate(c: Expr) -> Expr {
    match c {
        Expr::Unary(UnOp::LogNot, x) => *x,
        c => Expr::not(c),
    }
}

/// The statement equivalent to `assign; body` when `body` is a guard on the assigned fresh
/// variable (see the module doc); `fresh` tells whether a variable was made by this inlining.
pub(super) fn fold(assign: &Stmt, body: &Stmt, fresh: impl Fn(VarId) -> bool) -> Option<StmtKind> {
    let (StmtKind::Assign(p, arg), StmtKind::Block(body)) = (&assign.kind, &body.kind) else {
        return None;
    };
    if !fresh(*p) || !only_self_loops(body) {
        return None;
    }
    let mut rest = body
        .iter()
        .filter(|s| !matches!(s.kind, StmtKind::Label(_) | StmtKind::Skip));
    let (Some(test), None) = (rest.next(), rest.next()) else {
        return None;
    };
    let StmtKind::If(c, then, els) = &test.kind else {
        return None;
    };
    let c = substitute_once(c, *p, arg)?;
    Some(match (ends(then)?, ends(els)?) {
        (Ends::Error, Ends::Nothing) => StmtKind::Assert(negate(c)),
        (Ends::Nothing, Ends::Error) => StmtKind::Assert(c),
        (Ends::Stops, Ends::Nothing) => StmtKind::Assume(negate(c)),
        (Ends::Nothing, Ends::Stops) => StmtKind::Assume(c),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{BinOp, IntType, LabelId, Span};

    fn st(kind: StmtKind) -> Stmt {
        Stmt {
            kind,
            span: Span::default(),
            id: 0,
        }
    }

    fn p() -> VarId {
        VarId(3)
    }

    fn arg() -> Expr {
        Expr::Cast(IntType::Int, Box::new(Expr::Var(VarId(1))))
    }

    fn guard(c: Expr, then: Vec<Stmt>, els: Vec<Stmt>) -> Option<StmtKind> {
        let assign = st(StmtKind::Assign(p(), arg()));
        let body = st(StmtKind::Block(vec![st(StmtKind::If(c, then, els))]));
        fold(&assign, &body, |v| v == p())
    }

    #[test]
    fn sv_comp_assert_becomes_assert_of_the_converted_argument() {
        // if (!cond) { ERROR: { reach_error(); abort(); } }
        let then = vec![
            st(StmtKind::Label(LabelId(0))),
            st(StmtKind::Block(vec![
                st(StmtKind::Error),
                st(StmtKind::Exit),
            ])),
        ];
        let k = guard(Expr::not(Expr::Var(p())), then, vec![]);
        assert_eq!(k, Some(StmtKind::Assert(arg())));
    }

    #[test]
    fn assume_abort_if_not_becomes_assume() {
        let k = guard(Expr::not(Expr::Var(p())), vec![st(StmtKind::Exit)], vec![]);
        assert_eq!(k, Some(StmtKind::Assume(arg())));
        let c = Expr::bin(BinOp::Gt, Expr::Var(p()), Expr::int(0));
        let k = guard(c.clone(), vec![], vec![st(StmtKind::Exit)]);
        let expect = Expr::bin(BinOp::Gt, arg(), Expr::int(0));
        assert_eq!(k, Some(StmtKind::Assume(expect)));
    }

    #[test]
    fn endless_branches_are_failing_assumptions() {
        // if (!cond) { LOOP: goto LOOP; }
        let spin = vec![
            st(StmtKind::Label(LabelId(0))),
            st(StmtKind::Goto(LabelId(0))),
        ];
        let k = guard(Expr::not(Expr::Var(p())), spin, vec![]);
        assert_eq!(k, Some(StmtKind::Assume(arg())));
        let forever = st(StmtKind::While {
            cond: Expr::int(1),
            body: vec![],
            step: vec![],
        });
        let k = guard(Expr::not(Expr::Var(p())), vec![forever], vec![]);
        assert_eq!(k, Some(StmtKind::Assume(arg())));
    }

    #[test]
    fn other_bodies_stay_inlined() {
        let not_p = || Expr::not(Expr::Var(p()));
        // Reads the parameter twice, writes it, does something else, or jumps.
        let twice = Expr::bin(BinOp::LogAnd, Expr::Var(p()), Expr::Var(p()));
        assert_eq!(guard(twice, vec![st(StmtKind::Error)], vec![]), None);
        let write = st(StmtKind::Assign(p(), Expr::int(1)));
        assert_eq!(
            guard(not_p(), vec![write, st(StmtKind::Error)], vec![]),
            None
        );
        let other = st(StmtKind::Assign(VarId(1), Expr::int(1)));
        assert_eq!(
            guard(not_p(), vec![other, st(StmtKind::Error)], vec![]),
            None
        );
        let jump = st(StmtKind::Goto(LabelId(0)));
        assert_eq!(guard(not_p(), vec![st(StmtKind::Error)], vec![jump]), None);
        let (l0, g1) = (
            st(StmtKind::Label(LabelId(0))),
            st(StmtKind::Goto(LabelId(1))),
        );
        assert_eq!(guard(not_p(), vec![l0, g1], vec![]), None);
        assert_eq!(
            guard(not_p(), vec![st(StmtKind::Error)], vec![st(StmtKind::Exit)]),
            None
        );
        // A variable that is not this inlining's own.
        let assign = st(StmtKind::Assign(VarId(1), arg()));
        let body = st(StmtKind::Block(vec![st(StmtKind::If(
            Expr::not(Expr::Var(VarId(1))),
            vec![st(StmtKind::Error)],
            vec![],
        ))]));
        assert_eq!(fold(&assign, &body, |v| v == p()), None);
    }
}
