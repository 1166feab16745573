//! The procedural form of a program: one body (and CFG) per procedure, with call statements.
//!
//! Takes nothing (the front end builds it: `frontend::load_procedures`); gives a
//! [`ProcProgram`]: `main`'s body with [`StmtKind::Call`] statements, and one [`Proc`] per
//! user function kept as a procedure (parameters by value, a return slot, recursion allowed).
//! All procedures share one table of variables, arrays and labels (`ProcProgram::program`,
//! unique C names): a procedure's *locals* are the `Storage::Local` variables its body
//! names (its parameters, return slot, locals and the receivers of its calls' results),
//! its globals are the program's `Storage::Global` variables. Each activation has its own
//! copy of the locals (the summary engine's frames); [`super::inline`] gives the flat
//! [`Program`] every other engine takes, one copy of the locals per call site.
//!
//! A call `r = f(e1, …, en)` (`Call`): the arguments are evaluated in the caller (already
//! converted to the parameters' types), assigned to the callee's parameters, the callee's
//! body runs, and its return slot is copied to `r`. A procedure's vertices are numbered
//! from 1 in its own body (0 its error vertex, `num_vertices - 1` its exit: the return).
//! A function's array or pointer parameter appears here only bound to one array, global or
//! `main`'s own (`Proc::bound`, `frontend::procs`): its body names that array, which is then
//! shared like a global, not one of its locals; at a fixed place, or at a moving offset that a
//! hidden integer parameter holds (`q[i]` is `a[q_off + i]`). A function called with other
//! arrays has a procedure per tuple of arrays (`fill`, `fill__b`). Functions with other
//! pointer arguments or struct parameters are inlined by the front end at their calls, and
//! do not appear here.

use super::cfg::Cfg;
use super::{ArrId, Expr, LabelId, Program, Size, Span, Stmt, StmtKind, Storage, VarId};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// Why a stage that takes the flat program meets a call: a bug (the front end's flat lowering
/// and [`super::inline`] leave none).
pub const NO_CALLS: &str =
    "a call statement in a flat program (calls are inlined first: ir::inline)";

/// Index of a procedure in [`ProcProgram::procs`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProcId(pub u32);

/// A call statement: `result = name(args)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    pub callee: ProcId,
    /// The callee's name (for printing).
    pub name: String,
    /// One value per parameter, over the caller's variables, of the parameter's type.
    pub args: Vec<Expr>,
    /// The caller's variable that receives the return value.
    pub result: Option<VarId>,
}

/// A user function kept as a procedure.
#[derive(Clone, Debug, PartialEq)]
pub struct Proc {
    pub name: String,
    pub params: Vec<VarId>,
    /// The return slot: `return e;` assigns it (then leaves the body).
    pub ret: Option<VarId>,
    pub body: Vec<Stmt>,
    /// Vertices of the body: `0` its error vertex, `num_vertices - 1` its exit (the return).
    pub num_vertices: u32,
    pub span: Span,
    /// The arrays its array and pointer parameters are bound to (global, or `main`'s own,
    /// which live as long as `main`'s one activation: `frontend::procs`): named by its body,
    /// but not its locals.
    pub bound: Vec<ArrId>,
    /// The hidden offset parameter of each *moving* array parameter (`frontend::procs`):
    /// `(a, q_off)` when the body's `q[i]` is `a[q_off + i]`. A parameter by value the body
    /// never assigns.
    pub offsets: Vec<(ArrId, VarId)>,
}

/// A program with procedures (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct ProcProgram {
    /// Every variable, array and label; `body` is `main`'s body (with calls).
    pub program: Program,
    pub procs: Vec<Proc>,
}

/// The variables, arrays and labels a procedure owns (one copy per activation).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Locals {
    pub vars: BTreeSet<VarId>,
    pub arrays: BTreeSet<ArrId>,
    pub labels: BTreeSet<LabelId>,
}

impl ProcProgram {
    pub fn proc(&self, id: ProcId) -> &Proc {
        &self.procs[id.0 as usize]
    }

    /// The procedures `ss` calls, in order of first call.
    pub fn callees(ss: &[Stmt]) -> Vec<ProcId> {
        let mut out = vec![];
        visit(ss, &mut |s| {
            if let StmtKind::Call(c) = &s.kind
                && !out.contains(&c.callee)
            {
                out.push(c.callee);
            }
        });
        out
    }

    /// Does `main` reach a procedure that calls itself, directly or through others?
    pub fn is_recursive(&self) -> bool {
        self.recursive_proc().is_some()
    }

    /// A procedure `main` reaches that calls itself, directly or through others (the first
    /// one a depth-first search of the call graph finds called again while active).
    pub fn recursive_proc(&self) -> Option<ProcId> {
        // Depth-first search of the call graph from main: a back edge is a cycle.
        fn dfs(pp: &ProcProgram, f: ProcId, state: &mut [u8]) -> Option<ProcId> {
            state[f.0 as usize] = 1;
            for g in ProcProgram::callees(&pp.proc(f).body) {
                match state[g.0 as usize] {
                    1 => return Some(g),
                    0 => {
                        if let Some(r) = dfs(pp, g, state) {
                            return Some(r);
                        }
                    }
                    _ => {}
                }
            }
            state[f.0 as usize] = 2;
            None
        }
        let mut state = vec![0u8; self.procs.len()];
        ProcProgram::callees(&self.program.body)
            .into_iter()
            .find_map(|f| (state[f.0 as usize] == 0).then(|| dfs(self, f, &mut state))?)
    }

    /// The number of call statements in `main` and every procedure.
    pub fn num_calls(&self) -> usize {
        let mut n = 0;
        let bodies = std::iter::once(&self.program.body).chain(self.procs.iter().map(|p| &p.body));
        for b in bodies {
            visit(b, &mut |s| {
                n += matches!(s.kind, StmtKind::Call(_)) as usize
            });
        }
        n
    }

    /// The locals of procedure `id` (`None`: of `main`).
    pub fn locals(&self, id: Option<ProcId>) -> Locals {
        let p = &self.program;
        let body = match id {
            Some(f) => &self.proc(f).body,
            None => &p.body,
        };
        let mut l = Locals::default();
        let note_expr = |e: &Expr, l: &mut Locals| {
            e.visit(&mut |x| match x {
                Expr::Var(v) if p.var(*v).storage == Storage::Local => {
                    l.vars.insert(*v);
                }
                Expr::Read(a, _) if p.array(*a).storage == Storage::Local => {
                    l.arrays.insert(*a);
                }
                _ => {}
            })
        };
        visit(body, &mut |s| {
            for e in s.vertex_exprs() {
                note_expr(e, &mut l);
            }
            match &s.kind {
                StmtKind::Assign(v, _) => note_var(p, *v, &mut l),
                StmtKind::ParAssign(xs) => xs.iter().for_each(|(v, _)| note_var(p, *v, &mut l)),
                StmtKind::Store(a, ..) if p.array(*a).storage == Storage::Local => {
                    l.arrays.insert(*a);
                }
                StmtKind::Call(c) => {
                    c.args.iter().for_each(|e| note_expr(e, &mut l));
                    if let Some(r) = c.result {
                        note_var(p, r, &mut l);
                    }
                }
                StmtKind::Label(x) | StmtKind::Goto(x) => {
                    l.labels.insert(*x);
                }
                _ => {}
            }
        });
        if let Some(f) = id {
            let f = self.proc(f);
            l.vars.extend(f.params.iter().copied());
            l.vars.extend(f.ret);
            for a in &f.bound {
                l.arrays.remove(a);
            }
        }
        for &a in &l.arrays {
            for d in std::iter::once(&p.array(a).size).chain(&p.array(a).dims) {
                if let Size::Var(v) = d {
                    l.vars.insert(*v);
                }
            }
        }
        l
    }

    /// The global variables (every activation shares them).
    pub fn globals(&self) -> Vec<VarId> {
        let p = &self.program;
        p.var_ids()
            .filter(|&v| p.var(v).storage == Storage::Global)
            .collect()
    }

    /// Procedure `id` (`None`: `main`) as a [`Program`] of its own (the shared tables, its
    /// body and vertices), for the CFG builder and the printers.
    pub fn body_program(&self, id: Option<ProcId>) -> Program {
        let mut q = self.program.clone();
        if let Some(f) = id {
            let f = self.proc(f);
            q.body = f.body.clone();
            q.num_vertices = f.num_vertices;
        }
        q
    }

    /// The CFG of every procedure, `main` first, each under a heading line
    /// (`procedure f(x) -> f::return:`).
    pub fn cfg_text(&self) -> String {
        let mut out = String::new();
        let ids =
            std::iter::once(None).chain((0..self.procs.len() as u32).map(|i| Some(ProcId(i))));
        for id in ids {
            let q = self.body_program(id);
            let _ = writeln!(out, "{}", self.heading(id));
            out.push_str(&Cfg::build(&q).to_text(&q));
        }
        out
    }

    fn heading(&self, id: Option<ProcId>) -> String {
        let Some(f) = id else {
            return "procedure main:".into();
        };
        let (f, p) = (self.proc(f), &self.program);
        let params: Vec<&str> = f.params.iter().map(|&v| p.var(v).name.as_str()).collect();
        let ret = f
            .ret
            .map_or(String::new(), |r| format!(" -> {}", p.var(r).name));
        format!("procedure {}({}){ret}:", f.name, params.join(", "))
    }
}

fn note_var(p: &Program, v: VarId, l: &mut Locals) {
    if p.var(v).storage == Storage::Local {
        l.vars.insert(v);
    }
}

/// Calls `f` on every statement of `ss`, nested ones included (pre-order).
pub fn visit<'a>(ss: &'a [Stmt], f: &mut dyn FnMut(&'a Stmt)) {
    for s in ss {
        f(s);
        match &s.kind {
            StmtKind::If(_, t, e) => {
                visit(t, f);
                visit(e, f);
            }
            StmtKind::While { body, step, .. } => {
                visit(body, f);
                visit(step, f);
            }
            StmtKind::DoWhile { body, .. } | StmtKind::Block(body) => visit(body, f),
            _ => {}
        }
    }
}

/// Gives every vertex statement its CFG number in program order (a `do-while` test after its
/// body); labels and blocks get 0. `next` is the first number; it ends past the last.
pub fn number(stmts: &mut [Stmt], next: &mut u32) {
    number_each(stmts, next, &mut |_, _| {});
}

/// [`number`], calling `seen(old, new)` with each vertex statement's id before and after.
pub fn number_each(stmts: &mut [Stmt], next: &mut u32, seen: &mut dyn FnMut(u32, u32)) {
    for s in stmts {
        let mut fresh = |old: u32| {
            let v = *next;
            *next += 1;
            seen(old, v);
            v
        };
        match &mut s.kind {
            StmtKind::Label(_) => s.id = 0,
            StmtKind::Block(b) => {
                s.id = 0;
                number_each(b, next, seen);
            }
            StmtKind::If(_, t, e) => {
                s.id = fresh(s.id);
                number_each(t, next, seen);
                number_each(e, next, seen);
            }
            StmtKind::While { body, step, .. } => {
                s.id = fresh(s.id);
                number_each(body, next, seen);
                number_each(step, next, seen);
            }
            StmtKind::DoWhile { body, .. } => {
                let old = s.id;
                number_each(body, next, seen);
                seen(old, *next);
                s.id = *next;
                *next += 1;
            }
            _ => s.id = fresh(s.id),
        }
    }
}
