//! A procedure's own small arrays as scalars, for procedure summaries ([`super::summary`]).
//!
//! Takes a [`ProcProgram`]; gives it with every array local to a procedure (one per
//! activation: in its `ProcProgram::locals`) of a constant size `K` of at most
//! [`MAX_ELEMS`] elements replaced by `K` local variables `buf_0 … buf_{K-1}` of its
//! element type (`None` when there is no such array, or when one of them is indexed by an
//! expression that draws a nondet value, which a copy per element would draw again): a read
//! `buf[e]` becomes `e == 0 ? buf_0 : (e == 1 ? buf_1 : … buf_{K-1})`, a write `buf[e] = x`
//! the parallel assignment `buf_i = (e == i ? x : buf_i)` for every `i` (`buf_i = x` for a
//! constant `e`). Each statement stays one statement: the CFG and its vertices are the
//! procedure's own.
//!
//! Why a proof of the result is a proof of the program: the scalars are locals, so each
//! activation has its own, as it has its own array (the summary encoding keeps a caller's
//! locals across a call). In a run where every access is within its array (ara assumes it:
//! ARCHITECTURE.md, "Out of bounds"), `buf_i` holds `buf[i]` after every statement, by
//! induction over the run: a read of `buf[e]` with `0 <= e < K` picks `buf_e`, a write
//! changes `buf_e` alone; at an activation's start the scalars are free in the summary
//! encoding (any contents, as a fresh array's), and the front end writes a procedure's arrays
//! at their declaration (fresh nondet values or the initialiser, at every activation). So
//! every run of the program is a run of the result with the same control path, and an
//! interpretation that proves the result's clauses excludes the error from the program's
//! runs too. Only proofs come from it: a derivation of the error on the result is a lead that
//! `procedures` turns into a run of the *original* program (the bounded inlining), confirmed
//! and replayed, or drops.

use crate::ir::procs::{ProcId, ProcProgram};
use crate::ir::{ArrId, BinOp, Expr, Program, Size, Stmt, StmtKind, Storage, VarId};
use std::collections::HashMap;

/// The most elements of a procedure's array made scalars. Each element is an argument of
/// the procedure's predicates, so the limit bounds the encoding, not soundness. 64 (16 until
/// issue 26's wide twins): Spacer proved a recursion over a local array of 17, 24, 48 and 64
/// elements (`tests/procarrays/local_wide_*`) in 0.5 to 3 s and of 32 written from a
/// nondet-free loop in 10 s, all UNKNOWN at 60 s with 16. Arrays larger than 16 elements are
/// written by a loop at their declaration (the front end's store per element ends at 16);
/// the loop's writes at a variable index become parallel assignments like any other.
/// Larger arrays get a cell of the procedure's locals (`sumcells`, "A procedure's own
/// arrays").
pub const MAX_ELEMS: u64 = 64;

/// `pp` with its procedures' small arrays as scalars (module doc), or `None`.
pub fn scalarize(pp: &ProcProgram) -> Option<ProcProgram> {
    let mut q = pp.clone();
    let mut map: HashMap<ArrId, Vec<VarId>> = HashMap::new();
    for f in 0..pp.procs.len() as u32 {
        for a in pp.locals(Some(ProcId(f))).arrays {
            let arr = pp.program.array(a);
            let Size::Const(k) = arr.size else { continue };
            if map.contains_key(&a) || k == 0 || k > MAX_ELEMS {
                continue;
            }
            let vars = (0..k)
                .map(|i| {
                    let base = format!("{}_{i}", arr.name);
                    let v = q.program.fresh_var(&base, arr.elem, Storage::Local);
                    let x = &mut q.program.vars[v.0 as usize];
                    x.display = format!("{}[{i}]", arr.display);
                    x.span = arr.span;
                    v
                })
                .collect();
            map.insert(a, vars);
        }
    }
    if map.is_empty() {
        return None;
    }
    let rw = Rewriter {
        p: &pp.program,
        map: &map,
    };
    for f in &mut q.procs {
        f.body = rw.stmts(&f.body)?;
    }
    Some(q)
}

struct Rewriter<'a> {
    p: &'a Program,
    map: &'a HashMap<ArrId, Vec<VarId>>,
}

impl Rewriter<'_> {
    fn stmts(&self, ss: &[Stmt]) -> Option<Vec<Stmt>> {
        ss.iter().map(|s| self.stmt(s)).collect()
    }

    fn stmt(&self, s: &Stmt) -> Option<Stmt> {
        let kind = match &s.kind {
            StmtKind::Assign(v, e) => StmtKind::Assign(*v, self.expr(e)?),
            StmtKind::Store(a, i, x) => {
                let (i, x) = (self.expr(i)?, self.expr(x)?);
                match self.map.get(a) {
                    None => StmtKind::Store(*a, i, x),
                    Some(vars) => self.store(vars, i, x)?,
                }
            }
            StmtKind::ParAssign(xs) => StmtKind::ParAssign(
                xs.iter()
                    .map(|(v, e)| Some((*v, self.expr(e)?)))
                    .collect::<Option<_>>()?,
            ),
            StmtKind::Assume(e) => StmtKind::Assume(self.expr(e)?),
            StmtKind::Assert(e) => StmtKind::Assert(self.expr(e)?),
            StmtKind::If(c, t, e) => StmtKind::If(self.expr(c)?, self.stmts(t)?, self.stmts(e)?),
            StmtKind::While { cond, body, step } => StmtKind::While {
                cond: self.expr(cond)?,
                body: self.stmts(body)?,
                step: self.stmts(step)?,
            },
            StmtKind::DoWhile { body, cond } => StmtKind::DoWhile {
                body: self.stmts(body)?,
                cond: self.expr(cond)?,
            },
            StmtKind::Block(b) => StmtKind::Block(self.stmts(b)?),
            StmtKind::Call(c) => {
                let mut c = c.clone();
                c.args = c.args.iter().map(|e| self.expr(e)).collect::<Option<_>>()?;
                StmtKind::Call(c)
            }
            k => k.clone(),
        };
        Some(Stmt { kind, ..s.clone() })
    }

    /// `buf[i] = x` over the scalars `vars`.
    fn store(&self, vars: &[VarId], i: Expr, x: Expr) -> Option<StmtKind> {
        if let Expr::Const(k, _) = i {
            let v = usize::try_from(k).ok().and_then(|k| vars.get(k))?;
            return Some(StmtKind::Assign(*v, x));
        }
        if has_nondet(&i) {
            return None;
        }
        let t = i.ty(self.p);
        Some(StmtKind::ParAssign(
            (vars.iter().enumerate())
                .map(|(k, &v)| {
                    let hit = Expr::bin(BinOp::Eq, i.clone(), Expr::Const(k as i128, t));
                    (v, Expr::cond(hit, x.clone(), Expr::Var(v)))
                })
                .collect(),
        ))
    }

    fn expr(&self, e: &Expr) -> Option<Expr> {
        Some(match e {
            Expr::Read(a, i) => {
                let i = self.expr(i)?;
                let Some(vars) = self.map.get(a) else {
                    return Some(Expr::Read(*a, Box::new(i)));
                };
                if let Expr::Const(k, _) = i {
                    return usize::try_from(k)
                        .ok()
                        .and_then(|k| vars.get(k))
                        .map(|v| Expr::Var(*v));
                }
                if has_nondet(&i) {
                    return None;
                }
                let t = i.ty(self.p);
                let (last, rest) = vars.split_last()?;
                let mut out = Expr::Var(*last);
                for (k, &v) in rest.iter().enumerate().rev() {
                    let hit = Expr::bin(BinOp::Eq, i.clone(), Expr::Const(k as i128, t));
                    out = Expr::cond(hit, Expr::Var(v), out);
                }
                out
            }
            Expr::Unary(op, x) => Expr::Unary(*op, Box::new(self.expr(x)?)),
            Expr::Binary(op, a, b) => Expr::bin(*op, self.expr(a)?, self.expr(b)?),
            Expr::Cond(c, t, f) => Expr::cond(self.expr(c)?, self.expr(t)?, self.expr(f)?),
            Expr::Cast(t, x) => Expr::Cast(*t, Box::new(self.expr(x)?)),
            Expr::Const(..) | Expr::Var(_) | Expr::Nondet(_) => e.clone(),
        })
    }
}

fn has_nondet(e: &Expr) -> bool {
    let mut found = false;
    e.visit(&mut |x| found |= matches!(x, Expr::Nondet(_)));
    found
}

#[cfg(test)]
mod tests {
    use crate::frontend::{FrontendOptions, parse_procedures};

    /// A recursion's own array becomes scalars: reads a conditional, writes assignments.
    #[test]
    fn a_procedures_own_array_becomes_scalars() {
        let src = "int f(int n, int k) { int buf[2]; buf[0] = n; buf[1] = n + 1;
  if (n > 0) f(n - 1, k); buf[k & 1] = 5; return buf[1] - buf[0]; }
int main(void) { if (f(3, 0) != -4) reach_error(); return 0; }";
        let pp = parse_procedures(src, "t.c", &FrontendOptions::default()).unwrap();
        let q = super::scalarize(&pp).expect("scalars");
        let text = q.cfg_text();
        assert!(!text.contains("buf["), "{text}");
        assert!(text.contains("f__buf_0 = f__n;"), "{text}");
        assert!(text.contains("? 5 : f__buf_1"), "{text}");
        assert!(
            q.locals(Some(crate::ir::procs::ProcId(0)))
                .arrays
                .is_empty()
        );
        assert_eq!(q.procs[0].num_vertices, pp.procs[0].num_vertices);
    }
}
