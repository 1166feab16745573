//! Which moving offsets a procedure's frame can drop: an offset used only as a base.
//!
//! Takes a [`ProcProgram`] and, for each procedure and tracked cell, the moving offset
//! parameter the summary encoding views the cell from (`summary::views`: the one hidden
//! `q_off` of the parameter bound to the cell's array, never assigned); gives, for each,
//! whether the frame may drop it ([`Dropped`]): hold the cell's index and every variable that
//! points into the array *relative to* `q_off`, with `q_off` itself `0` and no argument of the
//! frame's predicates nor of its summary. The soundness argument is in [`super::sumcells`]
//! ("A frame without its offset"); this module only decides the syntactic condition it needs:
//!
//! - the *relative* variables of `(f, a)` are `q_off` and the temporaries of `f` (its own
//!   locals of type `long`, not a parameter nor its result) every assignment of which is
//!   `t = X` with `X` a relative form; a *relative form* is `r`, `r + e`, `e + r` or `r - e`
//!   of type `long` with `r` relative and `e` naming no relative variable;
//! - in `f`'s body every access of `a` has a relative form as its index (reading nothing of
//!   `a`; a read under `&&`, `||` or `?:` too: the encoding takes its cell only where C
//!   evaluates it, `sumcells`), and no expression names a relative variable elsewhere, but
//!   for call arguments;
//! - every call in `f` of a procedure `g` that reaches `a` (`sumcells::reached`) passes a
//!   relative form for `g`'s own offset of `a`, and `(g, a)` drops it too (a greatest
//!   fixpoint: a recursion keeps its drop); any other argument names no relative variable;
//! - and, not for soundness but for Spacer, some call in `f` *moves* the offset: passes a
//!   relative form other than `q_off` itself (a frame whose offset is the same in every
//!   activation is proved faster with it kept: `sumcells`).

use crate::ir::procs::{ProcId, ProcProgram};
use crate::ir::{ArrId, BinOp, Expr, IntType, Program, Stmt, StmtKind, Storage, VarId};
use std::collections::BTreeSet;

/// For one procedure and cell: the dropped offset parameter and the frame's relative
/// variables (the offset and its temporaries).
#[derive(Clone, Debug, PartialEq)]
pub struct Dropped {
    pub offset: VarId,
    pub relative: BTreeSet<VarId>,
}

/// Does `x` name a variable of `rel`?
fn names(x: &Expr, rel: &BTreeSet<VarId>) -> bool {
    let mut found = false;
    x.visit(&mut |y| found |= matches!(y, Expr::Var(v) if rel.contains(v)));
    found
}

/// Is `x` a relative form over `rel` (module doc)?
pub fn relative_form(p: &Program, x: &Expr, rel: &BTreeSet<VarId>) -> bool {
    if x.ty(p) != IntType::Long {
        return false;
    }
    let base = |r: &Expr| matches!(r, Expr::Var(v) if rel.contains(v));
    match x {
        Expr::Var(v) => rel.contains(v),
        Expr::Binary(BinOp::Add, l, r) => {
            (base(l) && !names(r, rel)) || (base(r) && !names(l, rel))
        }
        Expr::Binary(BinOp::Sub, l, r) => base(l) && !names(r, rel),
        _ => false,
    }
}

/// The relative variables of `f` for the offset `q` (module doc): `q` and the temporaries
/// assigned only relative forms.
fn relative_vars(pp: &ProcProgram, id: ProcId, q: VarId) -> BTreeSet<VarId> {
    let p = &pp.program;
    let f = pp.proc(id);
    let own = pp.locals(Some(id)).vars;
    let mut temps: BTreeSet<VarId> = own
        .iter()
        .copied()
        .filter(|&t| {
            p.var(t).storage == Storage::Local
                && p.var(t).ty == IntType::Long
                && !f.params.contains(&t)
                && f.ret != Some(t)
        })
        .collect();
    loop {
        let rel: BTreeSet<VarId> = temps.iter().copied().chain([q]).collect();
        let mut bad = BTreeSet::new();
        crate::ir::procs::visit(&f.body, &mut |s| match &s.kind {
            StmtKind::Assign(x, e) if temps.contains(x) && !relative_form(p, e, &rel) => {
                bad.insert(*x);
            }
            StmtKind::ParAssign(xs) => bad.extend(xs.iter().map(|(x, _)| *x)),
            StmtKind::Call(c) => bad.extend(c.result),
            _ => {}
        });
        let before = temps.len();
        temps.retain(|t| !bad.contains(t));
        if temps.len() == before {
            return rel;
        }
    }
}

/// Does `x` name no relative variable of `rel` but in the index of a read of `a`, each such
/// read's index a relative form reading nothing of `a` (module doc)? A read under `&&`, `||`
/// or `?:` counts too: the encoding takes its cell only when C evaluates it.
fn plain_reading(p: &Program, x: &Expr, a: ArrId, rel: &BTreeSet<VarId>) -> bool {
    let go = |y: &Expr| plain_reading(p, y, a, rel);
    match x {
        Expr::Read(b, i) if *b == a => relative_form(p, i, rel) && !reads(i, a),
        Expr::Read(_, i) | Expr::Unary(_, i) | Expr::Cast(_, i) => go(i),
        Expr::Var(v) => !rel.contains(v),
        Expr::Const(..) | Expr::Nondet(_) => true,
        Expr::Binary(_, l, r) => go(l) && go(r),
        Expr::Cond(c, t, e) => go(c) && go(t) && go(e),
    }
}

/// Does `f`'s body keep to the condition of the module doc for the cell of `a` viewed from
/// the relative variables `rel`, given the drops `drops` of every procedure (calls)?
fn keeps_to(
    pp: &ProcProgram,
    (body, a, rel): (&[Stmt], ArrId, &BTreeSet<VarId>),
    reached: &[BTreeSet<ArrId>],
    drops: &[Option<Dropped>],
) -> bool {
    let p = &pp.program;
    let mut ok = true;
    crate::ir::procs::visit(body, &mut |s| {
        let plain = |x: &Expr| plain_reading(p, x, a, rel);
        ok &= match &s.kind {
            StmtKind::Assign(x, e) if rel.contains(x) => relative_form(p, e, rel) && !reads(e, a),
            StmtKind::Store(b, i, e) if *b == a => {
                relative_form(p, i, rel) && !reads(i, a) && plain(e)
            }
            StmtKind::Call(c) => {
                let g = c.callee.0 as usize;
                let theirs = drops.get(g).and_then(|d| d.as_ref());
                let reaches = reached.get(g).is_some_and(|r| r.contains(&a));
                let params = &pp.proc(c.callee).params;
                (params.iter().zip(&c.args)).all(|(x, e)| match theirs {
                    Some(d) if d.offset == *x => relative_form(p, e, rel) && !reads(e, a),
                    _ => plain(e),
                }) && (!reaches || theirs.is_some())
            }
            _ => s.vertex_exprs().into_iter().all(plain),
        };
    });
    ok
}

/// Does a call in `body` pass a relative form other than the offset `q` itself (module
/// doc)?
fn moves(body: &[Stmt], q: VarId, rel: &BTreeSet<VarId>) -> bool {
    let mut found = false;
    crate::ir::procs::visit(body, &mut |s| {
        if let StmtKind::Call(c) = &s.kind {
            found |=
                (c.args.iter()).any(|e| names(e, rel) && !matches!(e, Expr::Var(v) if *v == q));
        }
    });
    found
}

/// Does `x` read array `a`?
fn reads(x: &Expr, a: ArrId) -> bool {
    let mut found = false;
    x.visit(&mut |y| found |= matches!(y, Expr::Read(b, _) if *b == a));
    found
}

/// For each procedure (in `pp.procs` order) and each of `arrays` (the cells' arrays): the
/// offset its frame drops, given `bases` (for each procedure and cell, the offset parameter
/// the frame would view the cell from) and `reached` ([`super::sumcells::reached`]).
pub fn dropped(
    pp: &ProcProgram,
    arrays: &[ArrId],
    bases: &[Vec<Option<VarId>>],
    reached: &[BTreeSet<ArrId>],
) -> Vec<Vec<Option<Dropped>>> {
    let mut out: Vec<Vec<Option<Dropped>>> = vec![vec![None; arrays.len()]; pp.procs.len()];
    for (n, &a) in arrays.iter().enumerate() {
        // Candidates: every procedure with a base for `a`; then the greatest fixpoint.
        let mut drops: Vec<Option<Dropped>> = (0..pp.procs.len())
            .map(|f| {
                let q = bases.get(f)?.get(n).copied().flatten()?;
                let relative = relative_vars(pp, ProcId(f as u32), q);
                moves(&pp.procs[f].body, q, &relative).then_some(Dropped {
                    offset: q,
                    relative,
                })
            })
            .collect();
        loop {
            let keep: Vec<bool> = (pp.procs.iter().zip(&drops))
                .map(|(f, d)| {
                    d.as_ref()
                        .is_some_and(|d| keeps_to(pp, (&f.body, a, &d.relative), reached, &drops))
                })
                .collect();
            let mut changed = false;
            for (d, k) in drops.iter_mut().zip(keep) {
                if d.is_some() && !k {
                    *d = None;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for (f, d) in drops.into_iter().enumerate() {
            out[f][n] = d;
        }
    }
    out
}
