//! The inline pass: a [`ProcProgram`] without recursion as the flat [`Program`] every engine
//! takes (`main`'s body, each call replaced by the callee's body).
//!
//! Takes a procedural program; gives the flat program, or `Err` naming a recursive procedure
//! (a finite inlining does not exist). A call `r = f(e1, …, en)` becomes the assignments
//! `x1 = e1; …; xn = en;` of the callee's parameters followed by a block with the callee's
//! body, its return slot renamed to `r`: what the front end's inlining gives. Each call site
//! gets its own copy of the callee's locals (variables, arrays, labels; the first call site
//! of a procedure uses the originals, later ones fresh names `f__x_1`, …), so the flat
//! program has the semantics of the procedural one: an activation's locals are its own, and
//! globals are shared. Vertices are numbered again in program order.
//!
//! [`inline_bounded`] takes recursive programs too: a call of a procedure that already has
//! `depth` activations on the inlined call chain becomes `assume(false)` (the run is cut
//! there). Its runs are exactly the runs of the procedural program in which no procedure is
//! active more than `depth` times at once: an under-approximation, for bug search only (a
//! proof of it says nothing about deeper runs; a run of it is a run of the program).
//! [`inline_bounded_frames`] also tells, for each vertex, the activation it belongs to
//! ([`Frames`]: the call chain of the inlined copies), for traces that show calls and
//! returns.

use super::procs::{Call, Locals, ProcId, ProcProgram, number_each};
use super::{ArrId, Expr, LabelId, NameIndex, Program, Size, Stmt, StmtKind, VarId, Vertex};
use std::collections::HashMap;

/// The most statements a bounded inlining is given by its users (McCarthy's two recursive
/// calls double the copies with each level).
pub const MAX_INLINED: usize = 100_000;

/// One activation of an inlined procedure: the copy of its body made for one call.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// The procedure's name (`main` for the root).
    pub name: String,
    /// The activation that called it (`None` for `main`).
    pub parent: Option<usize>,
    /// The caller's variable that receives its return value.
    pub result: Option<VarId>,
}

/// The activations of an inlined program: `frames[0]` is `main`; `of_vertex[v]` the
/// activation whose body holds vertex `v` (a call's parameter assignments are the caller's).
#[derive(Clone, Debug, PartialEq)]
pub struct Frames {
    pub frames: Vec<Frame>,
    pub of_vertex: Vec<usize>,
}

impl Frames {
    /// The activation of vertex `v` (`main` for one ara made).
    pub fn of(&self, v: Vertex) -> usize {
        self.of_vertex.get(v as usize).copied().unwrap_or(0)
    }

    /// The call chain of activation `f`, outermost first, `main` left out.
    pub fn chain(&self, f: usize) -> Vec<usize> {
        let mut out = vec![];
        let mut at = Some(f);
        while let Some(k) = at.filter(|&k| k != 0) {
            out.push(k);
            at = self.frames[k].parent;
        }
        out.reverse();
        out
    }
}

/// The flat program of `pp` (see the module doc).
pub fn inline(pp: &ProcProgram) -> Result<Program, String> {
    if pp.is_recursive() {
        return Err("the program is recursive: it has no finite inlining".into());
    }
    flat(pp, u32::MAX, usize::MAX).map(|(p, _)| p)
}

/// The flat program of `pp` with at most `depth` activations of each procedure on a call
/// chain, deeper calls cut by `assume(false)` (module doc); `Err` when it would have more
/// than `max_stmts` statements.
pub fn inline_bounded(pp: &ProcProgram, depth: u32, max_stmts: usize) -> Result<Program, String> {
    flat(pp, depth, max_stmts).map(|(p, _)| p)
}

/// [`inline_bounded`] and the activation of each vertex.
pub fn inline_bounded_frames(
    pp: &ProcProgram,
    depth: u32,
    max_stmts: usize,
) -> Result<(Program, Frames), String> {
    flat(pp, depth, max_stmts)
}

fn flat(pp: &ProcProgram, depth: u32, max_stmts: usize) -> Result<(Program, Frames), String> {
    let mut cx = Inliner {
        pp,
        p: pp.program.clone(),
        names: NameIndex::default(),
        used: vec![false; pp.procs.len()],
        locals: HashMap::new(),
        depth,
        open: vec![0; pp.procs.len()],
        budget: max_stmts,
        frames: vec![Frame {
            name: "main".into(),
            parent: None,
            result: None,
        }],
        frame: 0,
    };
    let body = cx.stmts(&pp.program.body);
    if cx.budget == 0 {
        return Err(format!(
            "the inlining at depth {depth} has more than {max_stmts} statements"
        ));
    }
    let mut p = cx.p;
    p.body = body;
    let mut next = 1;
    // Until numbered, a statement's id is its activation.
    let mut of_vertex = vec![0];
    number_each(&mut p.body, &mut next, &mut |frame, _| {
        of_vertex.push(frame as usize);
    });
    of_vertex.push(0);
    p.num_vertices = next + 1;
    let frames = Frames {
        frames: cx.frames,
        of_vertex,
    };
    Ok((p, frames))
}

struct Inliner<'a> {
    pp: &'a ProcProgram,
    /// The program being built (its tables grow by the copies).
    p: Program,
    names: NameIndex,
    /// Procedures inlined once already (later call sites copy their locals).
    used: Vec<bool>,
    locals: HashMap<ProcId, Locals>,
    /// The most activations of one procedure on a call chain (deeper calls are cut).
    depth: u32,
    /// The activations of each procedure on the call chain being inlined (by [`ProcId`]; a
    /// count, not the chain: a recursion 10^5 deep is counted in constant time per call).
    open: Vec<u32>,
    /// Statements left to make (0: too large, the result is dropped).
    budget: usize,
    /// The activations made so far, and the one being made.
    frames: Vec<Frame>,
    frame: usize,
}

/// The names one inlined copy of a procedure uses.
#[derive(Default)]
struct Renaming {
    vars: HashMap<VarId, VarId>,
    arrays: HashMap<ArrId, ArrId>,
    labels: HashMap<LabelId, LabelId>,
}

impl Inliner<'_> {
    fn stmts(&mut self, ss: &[Stmt]) -> Vec<Stmt> {
        let mut out = Vec::with_capacity(ss.len());
        for s in ss {
            if self.budget == 0 {
                break;
            }
            self.budget -= 1;
            let kind = match &s.kind {
                StmtKind::Call(c) => {
                    let open = &mut self.open[c.callee.0 as usize];
                    if *open >= self.depth {
                        out.push(Stmt {
                            kind: StmtKind::Assume(Expr::Const(0, super::IntType::Int)),
                            span: s.span,
                            id: self.frame as u32,
                        });
                        continue;
                    }
                    *open += 1;
                    out.extend(self.expand(c, s));
                    self.open[c.callee.0 as usize] -= 1;
                    continue;
                }
                StmtKind::If(c, t, e) => StmtKind::If(c.clone(), self.stmts(t), self.stmts(e)),
                StmtKind::While { cond, body, step } => StmtKind::While {
                    cond: cond.clone(),
                    body: self.stmts(body),
                    step: self.stmts(step),
                },
                StmtKind::DoWhile { body, cond } => StmtKind::DoWhile {
                    body: self.stmts(body),
                    cond: cond.clone(),
                },
                StmtKind::Block(b) => StmtKind::Block(self.stmts(b)),
                k => k.clone(),
            };
            out.push(Stmt {
                kind,
                span: s.span,
                id: self.frame as u32,
            });
        }
        out
    }

    /// The parameters' assignments and the callee's body in a block.
    fn expand(&mut self, c: &Call, at: &Stmt) -> Vec<Stmt> {
        let f = self.pp.proc(c.callee);
        let r = self.instance(c);
        let mut out: Vec<Stmt> = (f.params.iter().zip(&c.args))
            .map(|(x, e)| Stmt {
                kind: StmtKind::Assign(r.var(*x), e.clone()),
                span: at.span,
                id: self.frame as u32,
            })
            .collect();
        let body: Vec<Stmt> = f.body.iter().map(|s| r.stmt(s)).collect();
        let caller = self.frame;
        self.frames.push(Frame {
            name: f.name.clone(),
            parent: Some(caller),
            result: c.result,
        });
        self.frame = self.frames.len() - 1;
        let body = self.stmts(&body);
        self.frame = caller;
        out.push(Stmt {
            kind: StmtKind::Block(body),
            span: at.span,
            id: 0,
        });
        out
    }

    /// The renaming of the callee's locals for this call site.
    fn instance(&mut self, c: &Call) -> Renaming {
        let f = self.pp.proc(c.callee);
        let locals = self
            .locals
            .entry(c.callee)
            .or_insert_with(|| self.pp.locals(Some(c.callee)))
            .clone();
        let fresh = std::mem::replace(&mut self.used[c.callee.0 as usize], true);
        let mut r = Renaming::default();
        for &v in &locals.vars {
            let to = if !fresh { v } else { self.copy_var(v) };
            r.vars.insert(v, to);
        }
        if let (Some(slot), Some(res)) = (f.ret, c.result) {
            r.vars.insert(slot, res);
        }
        for &a in &locals.arrays {
            let to = if !fresh { a } else { self.copy_array(a, &r) };
            r.arrays.insert(a, to);
        }
        for &l in &locals.labels {
            let to = if !fresh { l } else { self.copy_label(l) };
            r.labels.insert(l, to);
        }
        r
    }

    fn copy_var(&mut self, v: VarId) -> VarId {
        let mut x = self.p.var(v).clone();
        x.name = self.names.fresh(&self.p, &x.name);
        self.p.vars.push(x);
        VarId(self.p.vars.len() as u32 - 1)
    }

    fn copy_array(&mut self, a: ArrId, r: &Renaming) -> ArrId {
        let mut x = self.p.array(a).clone();
        x.name = self.names.fresh(&self.p, &x.name);
        for d in std::iter::once(&mut x.size).chain(&mut x.dims) {
            if let Size::Var(v) = d {
                *v = r.var(*v);
            }
        }
        self.p.arrays.push(x);
        ArrId(self.p.arrays.len() as u32 - 1)
    }

    fn copy_label(&mut self, l: LabelId) -> LabelId {
        let name = self.p.labels[l.0 as usize].clone();
        let name = self.names.fresh(&self.p, &name);
        self.p.labels.push(name);
        LabelId(self.p.labels.len() as u32 - 1)
    }
}

impl Renaming {
    fn var(&self, v: VarId) -> VarId {
        self.vars.get(&v).copied().unwrap_or(v)
    }
    fn array(&self, a: ArrId) -> ArrId {
        self.arrays.get(&a).copied().unwrap_or(a)
    }
    fn label(&self, l: LabelId) -> LabelId {
        self.labels.get(&l).copied().unwrap_or(l)
    }

    fn expr(&self, e: &Expr) -> Expr {
        let b = |x: &Expr| Box::new(self.expr(x));
        match e {
            Expr::Var(v) => Expr::Var(self.var(*v)),
            Expr::Read(a, i) => Expr::Read(self.array(*a), b(i)),
            Expr::Unary(op, x) => Expr::Unary(*op, b(x)),
            Expr::Cast(t, x) => Expr::Cast(*t, b(x)),
            Expr::Binary(op, x, y) => Expr::Binary(*op, b(x), b(y)),
            Expr::Cond(c, x, y) => Expr::Cond(b(c), b(x), b(y)),
            Expr::Const(..) | Expr::Nondet(_) => e.clone(),
        }
    }

    fn stmts(&self, ss: &[Stmt]) -> Vec<Stmt> {
        ss.iter().map(|s| self.stmt(s)).collect()
    }

    fn stmt(&self, s: &Stmt) -> Stmt {
        let e = |x: &Expr| self.expr(x);
        let kind = match &s.kind {
            StmtKind::Assign(v, x) => StmtKind::Assign(self.var(*v), e(x)),
            StmtKind::Store(a, i, x) => StmtKind::Store(self.array(*a), e(i), e(x)),
            StmtKind::ParAssign(xs) => {
                StmtKind::ParAssign(xs.iter().map(|(v, x)| (self.var(*v), e(x))).collect())
            }
            StmtKind::Assume(c) => StmtKind::Assume(e(c)),
            StmtKind::Assert(c) => StmtKind::Assert(e(c)),
            StmtKind::If(c, t, f) => StmtKind::If(e(c), self.stmts(t), self.stmts(f)),
            StmtKind::While { cond, body, step } => StmtKind::While {
                cond: e(cond),
                body: self.stmts(body),
                step: self.stmts(step),
            },
            StmtKind::DoWhile { body, cond } => StmtKind::DoWhile {
                body: self.stmts(body),
                cond: e(cond),
            },
            StmtKind::Goto(l) => StmtKind::Goto(self.label(*l)),
            StmtKind::Label(l) => StmtKind::Label(self.label(*l)),
            StmtKind::Block(b) => StmtKind::Block(self.stmts(b)),
            StmtKind::Call(c) => StmtKind::Call(Box::new(Call {
                args: c.args.iter().map(e).collect(),
                result: c.result.map(|v| self.var(v)),
                ..(**c).clone()
            })),
            k @ (StmtKind::Error
            | StmtKind::Exit
            | StmtKind::Skip
            | StmtKind::Break
            | StmtKind::Continue) => k.clone(),
        };
        Stmt { kind, ..s.clone() }
    }
}
