//! Uninitialised locals in a witness run: which initial values the run reads before writing
//! them, and the statements where a witness's `assumption` waypoints state them.
//!
//! SV-COMP treats the contents of an uninitialised local (and of a `malloc`'d block) as
//! nondeterministic, and format 2.0 states such a value as an `assumption` waypoint
//! (`a[3] == 7`, `x == 5`) "evaluated at the sequence point immediately before" the statement
//! its location names: a statement where the local is in scope and not yet written gives the
//! local's initial value.
//!
//! Takes the program and the [`Point`]s (statements where assumptions are evaluated); gives
//! [`Tracking`]: the program instrumented with *shadow* flags per uninitialised local scalar
//! and array element, and the C code the run's harness adds (logging at each nondet read, and
//! the flags printed once at the end). The shadow of a place holds bits: [`WRITTEN`];
//! [`READ_INITIAL`] when its first access reads it (its initial value mattered);
//! [`READ_BEFORE_POINT`] when that read happened before the place's point passed (no
//! assumption at the point can state it). At a point's first pass the run records whether
//! the point's constraint held, whether any of its places had been written before (then the
//! constraint does not speak of initial values), and how many nondet reads came before it
//! (the position of its waypoint among the calls' waypoints).
//!
//! Arrays of variable size (VLAs, `malloc`'d blocks; `calloc`'d ones are zero, not tracked)
//! come to life at their allocation, the one assignment of their frozen size variable
//! (`ir::Size::Var`): their shadow is an array of the same size, allocated (zeroed) with them
//! by the emitter, and a flag set right after the allocation says it exists. Their places are
//! named by constant indexes (`a[3]`, `p[2]`, `s[1].q`: the program's own variable, a VLA or
//! the pointer the block was assigned to); a point's constraint over them is evaluated only
//! when the array exists and every index is below its size (otherwise it does not hold: the
//! place does not exist there), and the run's dump lists the shadow only when it was
//! allocated.
//!
//! Every addition only assigns ara's own variables and evaluates what the statement it
//! precedes evaluates (an index under the same `&&`/`||`/`?:` guards, range-checked before the
//! shadow is indexed), so the run is a run of the original program. A read the instrumentation
//! cannot follow (a guard or index holding a nondet call, which a second evaluation would
//! consume; a `do` loop's test with `continue` in its body; an uninitialised array that is not
//! a local) makes [`Tracking::complete`] false: the run's list of initial reads may then miss
//! some, and callers must not treat it as exact. A place a witness cannot name (an inlined
//! function's local, a multi-dimensional array with a variable inner dimension) is no
//! waypoint: the writer then writes no witness, and a validator's run that reads it unstated
//! is not exact (UNKNOWN, never a wrong CONFIRMED or REJECTED).

use crate::ir::{
    ArrId, Array, ArrayInit, BinOp, Expr, IntType, NameIndex, Program, Size, Span, Stmt, StmtKind,
    Storage, VarId, Vertex,
};
use std::collections::{BTreeMap, HashMap};

/// The place of an initial value: a scalar, or an element of an array (flat index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Place {
    Var(VarId),
    Elem(ArrId, u64),
}

/// Shadow bits.
pub const WRITTEN: u8 = 1;
pub const READ_INITIAL: u8 = 2;
pub const READ_BEFORE_POINT: u8 = 4;

/// A statement before which an assumption is evaluated (its first pass counts).
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    pub vertex: Vertex,
    /// The constraint (over `p`); `None`: only the pass is recorded.
    pub constraint: Option<Expr>,
    /// The places the assumption states; their point is this one (for [`READ_BEFORE_POINT`])
    /// unless an earlier point names them.
    pub places: Vec<Place>,
    /// Whole locals whose point this is (the writer's points: every element of the array).
    pub locals: Vec<Local>,
}

/// An uninitialised local: a scalar or a whole array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Local {
    Var(VarId),
    Array(ArrId),
}

impl Place {
    pub fn local(self) -> Local {
        match self {
            Place::Var(v) => Local::Var(v),
            Place::Elem(a, _) => Local::Array(a),
        }
    }
}

/// The uninitialised locals of `p` a run can track: local scalars without initial value,
/// local arrays (of constant or variable size, `malloc`'d blocks) with nondeterministic
/// contents.
pub fn uninitialised(p: &Program) -> Vec<Local> {
    let vars = p.var_ids().filter(|&v| {
        let var = p.var(v);
        var.storage == Storage::Local && var.init.is_none()
    });
    let arrays = p.array_ids().filter(|&a| {
        let arr = p.array(a);
        arr.storage == Storage::Local && arr.init == ArrayInit::Nondet
    });
    vars.map(Local::Var)
        .chain(arrays.map(Local::Array))
        .collect()
}

/// Nondet-contents arrays a run cannot track (not locals: the front end makes none).
fn untrackable(p: &Program) -> bool {
    p.arrays
        .iter()
        .any(|a| a.init == ArrayInit::Nondet && a.storage != Storage::Local)
}

/// The instrumented program and the harness's additions.
pub struct Tracking {
    pub program: Program,
    /// C declarations at file scope (before the hook and the dump).
    pub decls: String,
    /// C statements run at every nondet read, before it is counted (`ara_logged` reads so far).
    pub note_hook: String,
    /// C statements printing the log lines (once, at the end of the run).
    pub dump: String,
    /// Every read of an initial value is followed (see the module doc).
    pub complete: bool,
}

/// The log lines the dump prints.
pub const INIT_LINE: &str = "ara-init";
pub const POINT_LINE: &str = "ara-point";
pub const END_LINE: &str = "ara-locals-end";

/// One point's record in a run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PointRecord {
    pub passed: bool,
    /// Nondet reads before its first pass.
    pub position: u64,
    /// The constraint held at the first pass.
    pub held: bool,
    /// None of its places was written before the first pass.
    pub clean: bool,
}

/// What a run tells about its uninitialised locals.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LocalsRecord {
    /// Places whose initial value the run read, with their shadow bits.
    pub initial_reads: Vec<(Place, u8)>,
    /// Per point, in the order given.
    pub points: Vec<PointRecord>,
    /// The end-of-run lines were printed and the tracking was complete.
    pub complete: bool,
}

struct Instr {
    locals: Vec<Local>,
    /// Shadow of each tracked local.
    shadow: BTreeMap<Local, Shadow>,
    /// `pt_k` flag of the point of each local.
    point_of: BTreeMap<Local, VarId>,
    /// Per size variable of a tracked variable-size array, the flag set after its allocation.
    allocated: BTreeMap<VarId, VarId>,
    complete: bool,
}

#[derive(Clone, Copy)]
enum Shadow {
    Var(VarId),
    /// The shadow array and the size of the tracked one (and of its shadow).
    Array(ArrId, Size),
}

/// Instruments `p` (see the module doc).
pub fn instrument(p: &Program, points: &[Point]) -> Tracking {
    let mut q = p.clone();
    // One index of the names for all the shadows (a pass over every name for each of 20,000
    // inlined locals took seconds).
    let mut names = NameIndex::default();
    let locals = uninitialised(p);
    let mut shadow = BTreeMap::new();
    let mut allocated = BTreeMap::new();
    for &l in &locals {
        let s = match l {
            Local::Var(v) => {
                let name = format!("ara_sh_{}", p.var(v).name);
                Shadow::Var(global(&mut q, &mut names, &name, IntType::UChar))
            }
            Local::Array(a) => {
                // A variable size: the emitter allocates the shadow with the array.
                let n = p.array(a).size;
                let name = names.fresh(&q, &format!("ara_sh_{}", p.array(a).name));
                q.arrays.push(Array {
                    name: name.clone(),
                    display: name,
                    elem: IntType::UChar,
                    size: n,
                    storage: Storage::Global,
                    init: ArrayInit::Zero,
                    span: Span::default(),
                    dims: vec![n],
                });
                if let Size::Var(v) = n
                    && !allocated.contains_key(&v)
                {
                    let flag = global(
                        &mut q,
                        &mut names,
                        &format!("ara_al_{}", p.var(v).name),
                        IntType::Int,
                    );
                    allocated.insert(v, flag);
                }
                Shadow::Array(ArrId(q.arrays.len() as u32 - 1), n)
            }
        };
        shadow.insert(l, s);
    }
    // Per point: pass, held, clean flags.
    let mut flags = vec![];
    let mut point_of = BTreeMap::new();
    for (k, pt) in points.iter().enumerate() {
        let passed = global(&mut q, &mut names, &format!("ara_pt_{k}"), IntType::Int);
        let held = global(&mut q, &mut names, &format!("ara_held_{k}"), IntType::Int);
        let clean = global(&mut q, &mut names, &format!("ara_clean_{k}"), IntType::Int);
        for l in pt
            .places
            .iter()
            .map(|pl| pl.local())
            .chain(pt.locals.iter().copied())
        {
            point_of.entry(l).or_insert(passed);
        }
        flags.push((passed, held, clean));
    }
    let mut ins = Instr {
        locals,
        shadow,
        point_of,
        allocated,
        complete: !untrackable(p),
    };
    let mut at_points: BTreeMap<Vertex, Vec<Stmt>> = BTreeMap::new();
    for (pt, &(passed, held, clean)) in points.iter().zip(&flags) {
        let s = point_stmt(&ins, pt, passed, held, clean);
        at_points.entry(pt.vertex).or_default().push(s);
    }
    q.body = ins.stmts(std::mem::take(&mut q.body), &at_points);
    let (decls, note_hook, dump) = harness_code(&q, &ins, &flags);
    Tracking {
        program: q,
        decls,
        note_hook,
        dump,
        complete: ins.complete,
    }
}

fn global(q: &mut Program, names: &mut NameIndex, base: &str, ty: IntType) -> VarId {
    let name = names.fresh(q, base);
    let v = q.synthetic_var(name, ty, Storage::Global);
    q.vars[v.0 as usize].init = Some(0);
    v
}

fn c(v: i128) -> Expr {
    Expr::Const(v, IntType::LongLong)
}

fn assign(v: VarId, e: Expr, id: Vertex) -> Stmt {
    stmt(StmtKind::Assign(v, e), id)
}

fn stmt(kind: StmtKind, id: Vertex) -> Stmt {
    Stmt {
        kind,
        span: Span::default(),
        id,
    }
}

fn and_all(es: Vec<Expr>) -> Expr {
    es.into_iter()
        .reduce(|a, b| Expr::bin(BinOp::LogAnd, a, b))
        .unwrap_or(c(1))
}

/// `0 <= i && i < n`.
fn in_range(i: &Expr, n: Size) -> Expr {
    Expr::bin(
        BinOp::LogAnd,
        Expr::bin(BinOp::Ge, i.clone(), c(0)),
        Expr::bin(BinOp::Lt, i.clone(), n.expr()),
    )
}

fn has_nondet(e: &Expr) -> bool {
    let mut found = false;
    e.visit(&mut |x| found |= matches!(x, Expr::Nondet(_)));
    found
}

/// The statement recording point `pt`'s first pass.
fn point_stmt(ins: &Instr, pt: &Point, passed: VarId, held: VarId, clean: VarId) -> Stmt {
    let id = pt.vertex;
    // The places of variable-size arrays exist (allocated, index below the size).
    let exist = and_all(pt.places.iter().filter_map(|pl| ins.exists(*pl)).collect());
    let untouched: Vec<Expr> = pt
        .places
        .iter()
        .filter_map(|pl| {
            let bits = ins.shadow_of(*pl)?;
            Some(Expr::bin(
                BinOp::Eq,
                Expr::bin(BinOp::BitAnd, bits, c(i128::from(WRITTEN))),
                c(0),
            ))
        })
        .collect();
    let constraint = pt
        .constraint
        .clone()
        .map_or(c(1), |e| Expr::bin(BinOp::Ne, e, c(0)));
    // A place that does not exist was not written: clean, and the constraint does not hold.
    let clean_if = |e: Expr| Expr::bin(BinOp::LogOr, Expr::not(exist.clone()), e);
    stmt(
        StmtKind::If(
            Expr::not(Expr::Var(passed)),
            vec![
                assign(
                    held,
                    Expr::bin(BinOp::LogAnd, exist.clone(), constraint),
                    id,
                ),
                assign(clean, clean_if(and_all(untouched)), id),
                assign(passed, c(1), id),
            ],
            vec![],
        ),
        id,
    )
}

impl Instr {
    fn tracked(&self, l: Local) -> bool {
        self.shadow.contains_key(&l)
    }

    /// The shadow bits of a constant place, as an expression (of a variable-size array: to
    /// be evaluated only where [`Instr::exists`] holds).
    fn shadow_of(&self, pl: Place) -> Option<Expr> {
        match (pl, self.shadow.get(&pl.local())?) {
            (Place::Var(_), Shadow::Var(s)) => Some(Expr::Var(*s)),
            (Place::Elem(_, k), Shadow::Array(s, n)) if n.as_const().is_none_or(|n| k < n) => {
                Some(Expr::Read(*s, Box::new(c(i128::from(k)))))
            }
            _ => None,
        }
    }

    /// For an element of a variable-size array: the array is allocated and the index is
    /// below its size.
    fn exists(&self, pl: Place) -> Option<Expr> {
        let Place::Elem(_, k) = pl else { return None };
        let Some(Shadow::Array(_, n @ Size::Var(v))) = self.shadow.get(&pl.local()) else {
            return None;
        };
        let flag = self.allocated.get(v)?;
        Some(Expr::bin(
            BinOp::LogAnd,
            Expr::Var(*flag),
            in_range(&c(i128::from(k)), *n),
        ))
    }

    fn stmts(&mut self, ss: Vec<Stmt>, at: &BTreeMap<Vertex, Vec<Stmt>>) -> Vec<Stmt> {
        let mut out = Vec::with_capacity(ss.len());
        for mut s in ss {
            if matches!(s.kind, StmtKind::Label(_) | StmtKind::Block(_)) {
                if let StmtKind::Block(b) = s.kind {
                    s.kind = StmtKind::Block(self.stmts(b, at));
                }
                out.push(s);
                continue;
            }
            if let Some(ps) = at.get(&s.id) {
                out.extend(ps.iter().cloned());
            }
            let marks = self.marks(&s);
            out.extend(marks.iter().cloned());
            s.kind = match s.kind {
                StmtKind::If(cond, t, e) => {
                    StmtKind::If(cond, self.stmts(t, at), self.stmts(e, at))
                }
                StmtKind::While { cond, body, step } => {
                    // The test runs again after every iteration (`continue` runs `step`).
                    let mut step = self.stmts(step, at);
                    step.extend(marks);
                    StmtKind::While {
                        cond,
                        body: self.stmts(body, at),
                        step,
                    }
                }
                StmtKind::DoWhile { body, cond } => {
                    let mut body = self.stmts(body, at);
                    if !marks.is_empty() && continues(&body) {
                        self.complete = false;
                    }
                    body.extend(marks);
                    StmtKind::DoWhile { body, cond }
                }
                k => k,
            };
            // After an allocation (the emitter puts it right after its size's assignment).
            let flag = match &s.kind {
                StmtKind::Assign(v, _) => self.allocated.get(v).copied(),
                _ => None,
            };
            let id = s.id;
            out.push(s);
            if let Some(f) = flag {
                out.push(assign(f, c(1), id));
            }
        }
        out
    }

    /// The shadow updates of vertex statement `s`: its reads, then its writes.
    fn marks(&mut self, s: &Stmt) -> Vec<Stmt> {
        let mut reads = vec![];
        for e in s.vertex_exprs() {
            self.reads(e, &mut vec![], &mut reads);
        }
        let mut out: Vec<Stmt> = reads
            .into_iter()
            .filter_map(|(guard, place)| self.read_mark(guard, place, s.id))
            .collect();
        let written: Vec<(Local, Option<&Expr>)> = match &s.kind {
            StmtKind::Assign(v, _) => vec![(Local::Var(*v), None)],
            StmtKind::ParAssign(xs) => xs.iter().map(|(v, _)| (Local::Var(*v), None)).collect(),
            StmtKind::Store(a, i, _) => vec![(Local::Array(*a), Some(i))],
            _ => vec![],
        };
        for (l, i) in written {
            if let Some(m) = self.write_mark(l, i, s.id) {
                out.push(m);
            }
        }
        out
    }

    /// The reads of tracked locals in `e`, each with the conditions under which C evaluates it.
    fn reads(&mut self, e: &Expr, guard: &mut Vec<Expr>, out: &mut Vec<(Vec<Expr>, ReadOf)>) {
        match e {
            Expr::Const(..) | Expr::Nondet(_) => {}
            Expr::Var(v) => {
                if self.tracked(Local::Var(*v)) {
                    out.push((guard.clone(), ReadOf::Var(*v)));
                }
            }
            Expr::Read(a, i) => {
                self.reads(i, guard, out);
                if self.tracked(Local::Array(*a)) {
                    out.push((guard.clone(), ReadOf::Elem(*a, (**i).clone())));
                }
            }
            Expr::Unary(_, x) | Expr::Cast(_, x) => self.reads(x, guard, out),
            Expr::Binary(op @ (BinOp::LogAnd | BinOp::LogOr), x, y) => {
                self.reads(x, guard, out);
                let g = if *op == BinOp::LogAnd {
                    (**x).clone()
                } else {
                    Expr::not((**x).clone())
                };
                guard.push(g);
                self.reads(y, guard, out);
                guard.pop();
            }
            Expr::Binary(_, x, y) => {
                self.reads(x, guard, out);
                self.reads(y, guard, out);
            }
            Expr::Cond(cnd, t, f) => {
                self.reads(cnd, guard, out);
                guard.push((**cnd).clone());
                self.reads(t, guard, out);
                guard.pop();
                guard.push(Expr::not((**cnd).clone()));
                self.reads(f, guard, out);
                guard.pop();
            }
        }
    }

    /// `if (guard && in range && (sh & 3) == 0) sh |= READ_INITIAL (| READ_BEFORE_POINT)`.
    fn read_mark(&mut self, guard: Vec<Expr>, r: ReadOf, id: Vertex) -> Option<Stmt> {
        if guard.iter().any(has_nondet) || matches!(&r, ReadOf::Elem(_, i) if has_nondet(i)) {
            // A second evaluation would consume a nondet: the read is not followed.
            self.complete = false;
            return None;
        }
        let local = match &r {
            ReadOf::Var(v) => Local::Var(*v),
            ReadOf::Elem(a, _) => Local::Array(*a),
        };
        let flag = match self.point_of.get(&local) {
            Some(pt) => Expr::cond(
                Expr::Var(*pt),
                c(i128::from(READ_INITIAL)),
                c(i128::from(READ_INITIAL | READ_BEFORE_POINT)),
            ),
            None => c(i128::from(READ_INITIAL)),
        };
        let fresh = |bits: Expr| {
            Expr::bin(
                BinOp::Eq,
                Expr::bin(BinOp::BitAnd, bits, c(i128::from(WRITTEN | READ_INITIAL))),
                c(0),
            )
        };
        let mut conds = guard;
        let update = match (r, self.shadow.get(&local)?) {
            (ReadOf::Var(_), Shadow::Var(s)) => {
                conds.push(fresh(Expr::Var(*s)));
                StmtKind::Assign(*s, Expr::bin(BinOp::BitOr, Expr::Var(*s), flag))
            }
            (ReadOf::Elem(_, i), Shadow::Array(s, n)) => {
                conds.push(in_range(&i, *n));
                let cell = Expr::Read(*s, Box::new(i.clone()));
                conds.push(fresh(cell.clone()));
                StmtKind::Store(*s, i, Expr::bin(BinOp::BitOr, cell, flag))
            }
            _ => return None,
        };
        Some(stmt(
            StmtKind::If(and_all(conds), vec![stmt(update, id)], vec![]),
            id,
        ))
    }

    fn write_mark(&mut self, l: Local, index: Option<&Expr>, id: Vertex) -> Option<Stmt> {
        let w = c(i128::from(WRITTEN));
        match (self.shadow.get(&l)?, index) {
            (Shadow::Var(s), _) => Some(assign(*s, Expr::bin(BinOp::BitOr, Expr::Var(*s), w), id)),
            (Shadow::Array(s, n), Some(i)) => {
                if has_nondet(i) {
                    self.complete = false;
                    return None;
                }
                let cell = Expr::Read(*s, Box::new(i.clone()));
                Some(stmt(
                    StmtKind::If(
                        in_range(i, *n),
                        vec![stmt(
                            StmtKind::Store(*s, i.clone(), Expr::bin(BinOp::BitOr, cell, w)),
                            id,
                        )],
                        vec![],
                    ),
                    id,
                ))
            }
            _ => None,
        }
    }
}

enum ReadOf {
    Var(VarId),
    Elem(ArrId, Expr),
}

/// Whether `ss` holds a `continue` of the loop they are the body of.
fn continues(ss: &[Stmt]) -> bool {
    ss.iter().any(|s| match &s.kind {
        StmtKind::Continue => true,
        StmtKind::If(_, t, e) => continues(t) || continues(e),
        StmtKind::Block(b) => continues(b),
        _ => false,
    })
}

/// The harness's hook at each read and the dump at the end.
fn harness_code(
    q: &Program,
    ins: &Instr,
    flags: &[(VarId, VarId, VarId)],
) -> (String, String, String) {
    let name = |v: VarId| q.var(v).name.clone();
    let mut hook = String::new();
    let mut dump = String::new();
    for (k, &(passed, held, clean)) in flags.iter().enumerate() {
        hook.push_str(&format!(
            "  if ({} && ara_pos_{k} < 0) ara_pos_{k} = ara_logged;\n",
            name(passed)
        ));
        dump.push_str(&format!(
            "  if ({p} && ara_pos_{k} < 0) ara_pos_{k} = ara_logged;\n  \
             printf(\"{POINT_LINE} {k} %d %lld %d %d\\n\", {p} != 0, ara_pos_{k}, {h} != 0, {c} != 0);\n",
            p = name(passed),
            h = name(held),
            c = name(clean),
        ));
    }
    for l in &ins.locals {
        match (l, ins.shadow.get(l)) {
            (Local::Var(v), Some(Shadow::Var(s))) => dump.push_str(&format!(
                "  if ({s} & {READ_INITIAL}) printf(\"{INIT_LINE} v {} 0 %d\\n\", (int) {s});\n",
                v.0,
                s = name(*s)
            )),
            (Local::Array(a), Some(Shadow::Array(s, n))) => {
                // A variable-size shadow is a pointer, null until its allocation.
                let (exists, n) = match n {
                    Size::Const(n) => ("1".to_string(), format!("{n}LL")),
                    Size::Var(v) => (
                        q.array(*s).name.clone(),
                        format!("(long long) {}", name(*v)),
                    ),
                };
                dump.push_str(&format!(
                    "  if ({exists}) for (long long k = 0; k < {n}; k++) if ({s}[k] & {READ_INITIAL}) \
                     printf(\"{INIT_LINE} a {} %lld %d\\n\", k, (int) {s}[k]);\n",
                    a.0,
                    s = q.array(*s).name
                ))
            }
            _ => {}
        }
    }
    dump.push_str(&format!("  printf(\"{END_LINE}\\n\");\n"));
    let decls: String = (0..flags.len())
        .map(|k| format!("static long long ara_pos_{k} = -1;\n"))
        .collect();
    (decls, hook, dump)
}

/// Reads a dump line into `rec` (false: not one of this module's lines).
pub fn parse_line(line: &str, rec: &mut LocalsRecord) -> bool {
    let f: Vec<&str> = line.split_whitespace().collect();
    match f.as_slice() {
        [INIT_LINE, kind, id, index, bits] => {
            let (Ok(id), Ok(index), Ok(bits)) =
                (id.parse::<u32>(), index.parse::<u64>(), bits.parse::<u8>())
            else {
                return true;
            };
            let place = if *kind == "v" {
                Place::Var(VarId(id))
            } else {
                Place::Elem(ArrId(id), index)
            };
            rec.initial_reads.push((place, bits));
            true
        }
        [POINT_LINE, k, passed, pos, held, clean] => {
            let k: usize = k.parse().unwrap_or(usize::MAX);
            if k < rec.points.len() {
                rec.points[k] = PointRecord {
                    passed: *passed == "1",
                    position: pos.parse().unwrap_or(0),
                    held: *held == "1",
                    clean: *clean == "1",
                };
            }
            true
        }
        [END_LINE] => {
            rec.complete = true;
            true
        }
        _ => false,
    }
}

/// The statement before which `local`'s initial values are stated: the first vertex
/// statement (in program order) written after its declaration; for a variable-size array,
/// the first one after its allocation.
pub fn point_after_declaration(p: &Program, local: Local) -> Option<&Stmt> {
    points_after_declarations(p, &[local]).pop().flatten()
}

/// [`point_after_declaration`] of each of `locals`, in one pass over the program (20,000
/// inlined copies of a procedure's local, each searched for among 60,000 statements, took
/// half a minute).
pub fn points_after_declarations<'p>(p: &'p Program, locals: &[Local]) -> Vec<Option<&'p Stmt>> {
    // The vertex statements in program order, the greatest span up to each (the first
    // statement written after a declaration is where that maximum first passes it), and the
    // first assignment of each variable.
    let mut order: Vec<&Stmt> = vec![];
    let mut highest: Vec<Span> = vec![];
    let mut first_assign: HashMap<VarId, usize> = HashMap::new();
    p.visit_stmts(&mut |s| {
        if matches!(s.kind, StmtKind::Label(_) | StmtKind::Block(_)) {
            return;
        }
        if let StmtKind::Assign(v, _) = s.kind {
            first_assign.entry(v).or_insert(order.len());
        }
        highest.push(highest.last().map_or(s.span, |&h| h.max(s.span)));
        order.push(s);
    });
    let point = |local: Local| {
        let k = match local {
            Local::Array(a) if size_var(p.array(a).size).is_some() => {
                let n = size_var(p.array(a).size)?;
                first_assign.get(&n)? + 1
            }
            Local::Array(a) => highest.partition_point(|&h| h <= p.array(a).span),
            Local::Var(v) => highest.partition_point(|&h| h <= p.var(v).span),
        };
        order.get(k).copied()
    };
    locals.iter().map(|&l| point(l)).collect()
}

/// The size variable of a variable-size array (its one assignment is the allocation).
pub fn size_var(size: Size) -> Option<VarId> {
    match size {
        Size::Var(n) => Some(n),
        Size::Const(_) => None,
    }
}

/// The C text of a place as the program's own lvalue (`x`, `a[3]`, `m[1][2]`, `s[4].f`), when
/// the user can name it: a plain identifier declared once, or an array of structs whose
/// display is `name[].field`.
pub fn place_text(p: &Program, pl: Place) -> Option<String> {
    let plain = |s: &str| {
        let mut cs = s.chars();
        cs.next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    let unique = |d: &str| {
        p.vars.iter().filter(|v| v.display == d).count()
            + p.arrays.iter().filter(|a| a.display == d).count()
            == 1
    };
    match pl {
        Place::Var(v) => {
            let d = &p.var(v).display;
            (plain(d) && unique(d)).then(|| d.clone())
        }
        Place::Elem(a, k) => {
            let arr = p.array(a);
            if !unique(&arr.display) {
                return None;
            }
            let pattern = array_pattern(arr)?;
            let mut idx = unflatten(k, &inner_dims(arr)?);
            let mut out = String::new();
            let mut rest = pattern.as_str();
            while let Some(at) = rest.find("[]") {
                out.push_str(&rest[..at]);
                out.push_str(&format!("[{}]", idx.first()?));
                idx.remove(0);
                rest = &rest[at + 2..];
            }
            out.push_str(rest);
            idx.is_empty().then_some(out)
        }
    }
}

/// `a[][]` for a plain array of two dimensions, `s[].f` for a field of an array of structs.
fn array_pattern(arr: &Array) -> Option<String> {
    let d = &arr.display;
    let head: String = d
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if head.is_empty() || head.as_bytes()[0].is_ascii_digit() {
        return None;
    }
    let tail = &d[head.len()..];
    if tail.is_empty() {
        return Some(format!("{head}{}", "[]".repeat(arr.dims.len())));
    }
    let ok = tail
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '[' | ']'));
    (ok && tail.starts_with("[]") && tail.matches("[]").count() == arr.dims.len())
        .then(|| d.clone())
}

/// The dimensions of an array, the first one `None` when it is variable (a VLA, a `malloc`'d
/// block); `None` when an inner one is variable (a flat index then has no constant indexes).
fn inner_dims(arr: &Array) -> Option<Vec<Option<u64>>> {
    let (first, inner) = arr.dims.split_first()?;
    let inner: Option<Vec<_>> = inner.iter().map(|d| d.as_const().map(Some)).collect();
    Some([vec![first.as_const()], inner?].concat())
}

/// The indexes of flat index `k` (the first dimension unbounded when `None`).
fn unflatten(mut k: u64, dims: &[Option<u64>]) -> Vec<u64> {
    let mut out = vec![0; dims.len()];
    for (j, &d) in dims.iter().enumerate().rev() {
        match d {
            Some(0) => return out,
            Some(d) if j > 0 => {
                out[j] = k % d;
                k /= d;
            }
            _ => out[j] = k,
        }
    }
    out
}

/// The place a C lvalue written by [`place_text`] (or another tool, spaces aside) names.
pub fn parse_place(p: &Program, text: &str) -> Option<Place> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut pattern = String::new();
    let mut idx = vec![];
    let mut rest = t.as_str();
    while let Some(open) = rest.find('[') {
        let close = rest[open..].find(']')? + open;
        pattern.push_str(&rest[..open]);
        pattern.push_str("[]");
        idx.push(super::format::constant(&rest[open + 1..close])?);
        rest = &rest[close + 1..];
    }
    pattern.push_str(rest);
    if idx.is_empty() {
        let v = p.var_ids().find(|&v| p.var(v).display == pattern)?;
        return (place_text(p, Place::Var(v)).as_deref() == Some(&t)).then_some(Place::Var(v));
    }
    let a = p
        .array_ids()
        .find(|&a| array_pattern(p.array(a)).as_deref() == Some(&pattern))?;
    let dims = inner_dims(p.array(a))?;
    if idx.len() != dims.len() {
        return None;
    }
    // A variable first dimension: the run checks the index against the size.
    let mut k: u64 = 0;
    for (i, d) in idx.iter().zip(&dims) {
        let i = u64::try_from(*i)
            .ok()
            .filter(|&i| d.is_none_or(|d| i < d))?;
        k = k.checked_mul(d.unwrap_or(1))?.checked_add(i)?;
    }
    // A C constant of the run.
    i64::try_from(k).ok()?;
    let pl = Place::Elem(a, k);
    place_text(p, pl).is_some().then_some(pl)
}

/// The expression of a place over `p`.
pub fn place_expr(pl: Place) -> Expr {
    match pl {
        Place::Var(v) => Expr::Var(v),
        Place::Elem(a, k) => Expr::Read(a, Box::new(c(i128::from(k)))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::{FrontendOptions, parse_source};

    const PROG: &str = "struct s { int p; int q; };\n\
int main(void) {\n  int a[4]; int m[2][3]; struct s t[5]; int x;\n  a[1] = 9;\n  \
if (a[0] == 9 && x) { m[1][2] = 1; }\n  return t[4].q;\n}\n";

    fn program() -> Program {
        parse_source(PROG, "t.c", &FrontendOptions::default()).unwrap()
    }

    #[test]
    fn places_are_written_and_read_back_as_lvalues() {
        let p = program();
        let a = p.array_by_name("a").unwrap();
        let m = p.array_ids().find(|&i| p.array(i).display == "m").unwrap();
        let tq = p
            .array_ids()
            .find(|&i| p.array(i).display.ends_with(".q"))
            .unwrap();
        let x = p.var_ids().find(|&v| p.var(v).display == "x").unwrap();
        for (pl, text) in [
            (Place::Elem(a, 3), "a[3]"),
            (Place::Elem(m, 5), "m[1][2]"),
            (Place::Elem(tq, 4), "t[4].q"),
            (Place::Var(x), "x"),
        ] {
            assert_eq!(place_text(&p, pl).as_deref(), Some(text));
            assert_eq!(parse_place(&p, text), Some(pl), "{text}");
        }
        assert_eq!(parse_place(&p, "a [ 0x2 ]"), Some(Place::Elem(a, 2)));
        assert_eq!(parse_place(&p, "a[4]"), None);
        assert_eq!(parse_place(&p, "m[1]"), None);
        assert_eq!(parse_place(&p, "y"), None);
    }

    #[test]
    fn the_point_of_a_local_is_the_statement_after_its_declaration() {
        let p = program();
        let a = p.array_by_name("a").unwrap();
        let s = point_after_declaration(&p, Local::Array(a)).unwrap();
        assert_eq!(s.span.line, 4);
        assert_eq!(uninitialised(&p).len(), 5);
    }

    #[test]
    fn reads_under_guards_are_marked_under_them() {
        let p = program();
        let t = instrument(&p, &[]);
        assert!(t.complete);
        let text = crate::ir::emit::emit_c(&t.program, &Default::default());
        // The write of a[1] before the store; the read of a[0] in range and first.
        let golden = "    if (1 >= 0ll && 1 < 4ll) {
        ara_sh_a[1] = ara_sh_a[1] | 1ll;
    }
    a[1] = 9; /* line 4 */
    if (0 >= 0ll && 0 < 4ll && (ara_sh_a[0] & 3ll) == 0ll) {
        ara_sh_a[0] = ara_sh_a[0] | 2ll;
    }
    if (a[0] == 9 && (ara_sh_x & 3ll) == 0ll) {
        ara_sh_x = ara_sh_x | 2ll;
    }
    if (a[0] == 9 && x) { /* line 5 */";
        // `x` is read only when `a[0] == 9`: its mark is under that guard.
        assert!(text.contains(golden), "{text}");
        assert!(t.dump.contains(END_LINE));
    }
}

#[cfg(test)]
mod vla_tests {
    use super::*;
    use crate::frontend::{FrontendOptions, parse_source};

    const VLA: &str =
        "int main(void) {\n  int n = 3;\n  int a[n];\n  a[0] = 1;\n  return a[1];\n}\n";

    #[test]
    fn a_variable_size_shadow_is_allocated_with_its_array_and_flagged() {
        let p = parse_source(VLA, "v.c", &FrontendOptions::default()).unwrap();
        let a = p.array_by_name("a").unwrap();
        let pt = point_after_declaration(&p, Local::Array(a)).unwrap();
        assert_eq!(pt.span.line, 4);
        let point = Point {
            vertex: pt.id,
            constraint: Some(Expr::bin(BinOp::Eq, place_expr(Place::Elem(a, 1)), c(5))),
            places: vec![Place::Elem(a, 1)],
            locals: vec![],
        };
        let t = instrument(&p, &[point]);
        assert!(t.complete);
        let text = crate::ir::emit::emit_c(&t.program, &Default::default());
        for part in [
            // The shadow comes to life with the array, the flag right after.
            "ara_sh_a = (unsigned char *) ara_alloc_zero(a__size, sizeof(unsigned char));",
            "ara_al_a__size = 1ll;",
            // The constraint only where a[1] exists.
            "ara_held_0 = ara_al_a__size && (1ll >= 0ll && 1ll < a__size) && \
             (a[ARA_IDX(1ll, a__size)] == 5ll) != 0ll;",
        ] {
            assert!(text.contains(part), "{part}\n{text}");
        }
        assert!(t.dump.contains("if (ara_sh_a) for"), "{}", t.dump);
        assert_eq!(place_text(&p, Place::Elem(a, 7)).as_deref(), Some("a[7]"));
        assert_eq!(parse_place(&p, "a[7]"), Some(Place::Elem(a, 7)));
        assert_eq!(parse_place(&p, "a[-1]"), None);
    }
}
