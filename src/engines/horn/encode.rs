//! Horn clauses of an array-free program: one predicate per cut point, large blocks between.
//!
//! Takes a [`Program`] without array accesses and a [`Theory`]; gives a [`HornSystem`]: one
//! uninterpreted predicate `inv_<v>` per cut point `v` over all scalar variables of the program,
//! and one clause per pair (cut point or entry, cut point or error) joined by loop-free paths.
//!
//! Cut points are the targets of the back edges of a depth-first search of the CFG from the
//! entry of `main` (the loop heads; for `goto` loops whichever vertex the search meets
//! first): removing those edges leaves an acyclic graph, so every path between two cut points
//! is loop-free. A block is the acyclic region reachable from its start without passing
//! through a cut point. It is encoded in single-assignment form with *ite over the DAG*, so
//! its size is linear in the region, not in its number of paths:
//!
//! - `r<u>` (Bool) holds when the block reaches vertex `u`; `t<u>_<v>` when it takes the edge
//!   `u → v` (`r<u>` and the edge's guard). `r<v>` is the disjunction of its incoming edges.
//! - An assignment makes a new version `x@k` defined by the right-hand side over the versions
//!   reaching the vertex; where versions of incoming edges differ, `x@k` is an `ite` over the
//!   edges taken.
//! - Every definition is total (a function of earlier constants and fresh nondets), so
//!   asserting all of them unconditionally constrains nothing but the names; the only real
//!   constraints are the start's predicate (or the initial values), and `r<t>` of the target.
//!   A model of a clause body thus is a path from the start to the target with the values
//!   along it: the clause is exactly the transition relation of the block's paths.
//! - Nondeterministic values are fresh constants per evaluation (one evaluation per vertex
//!   per block: the region is acyclic). `assume(c)` has only its true edge; a failing
//!   `assert` and `reach_error()` lead to vertex 0, whose clauses have the head `false`.
//!   `exit`/`abort` lead to the exit vertex, which has no clause (no error after it).
//!
//! Expressions go through the trace formula's encoder ([`ExprEncoder`]): in bit-vectors that
//! is C's semantics exactly (widths of the data model, conversions, wrap-around).

use super::morph::{Atoms, CellLayout, MorphState};
use crate::base::error::AraError;
use crate::engines::checkers::UnknownReason;
use crate::engines::smt::encode::int_lit;
use crate::engines::smt::{ExprEncoder, Theory, entry_vertex};
use crate::ir::cfg::{Action, Cfg, Guard};
use crate::ir::{IntType, Program, Stmt, StmtKind, Storage, VERTEX_ERROR, VarId, Vertex};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::rc::Rc;
use std::time::Instant;

/// The uninterpreted predicate of one cut point.
#[derive(Clone, Debug, PartialEq)]
pub struct Pred {
    pub vertex: Vertex,
    /// `inv_<vertex>`.
    pub name: String,
    /// Source line of the cut point (0 when unknown).
    pub line: u32,
}

/// One Horn clause: `from(pre) ∧ constraints → to(post)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Clause {
    /// The start: a cut point, or `None` for the entry of `main` (initial values).
    pub from: Option<Vertex>,
    /// The end: a cut point, or `None` for the error vertex (head `false`).
    pub to: Option<Vertex>,
    /// Every constant of the clause with its sort (universally quantified).
    pub consts: Vec<(String, String)>,
    /// The arguments of the start's predicate (one constant per program variable).
    pub pre: Vec<String>,
    /// The body's constraints besides the start's predicate.
    pub constraints: Vec<String>,
    /// The arguments of the end's predicate (terms; empty for the error).
    pub post: Vec<String>,
    /// The edges of the block leading to the end: `(u, v, term)` where `term` (a constant)
    /// holds when the edge is taken; the path of a model is read back from them.
    pub edges: Vec<(Vertex, Vertex, String)>,
    /// Further applications of the start's predicate in the body (the reads of the
    /// cell-morphing encoding, [`super::morph`]): their arguments.
    pub atoms: Vec<Vec<String>>,
    /// The start's predicate applied to `pre` is in the body (always but in some clauses
    /// of the cell-morphing encoding into the error, whose read atoms say all it would).
    pub pre_atom: bool,
}

/// The Horn clauses of a program.
#[derive(Clone, Debug)]
pub struct HornSystem {
    pub theory: Theory,
    /// The predicates' arguments: every scalar variable of the program, in order, with its sort.
    pub args: Vec<(VarId, String)>,
    /// The cells' arguments after them (the cell-morphing encoding, [`super::morph`]).
    pub cells: Vec<CellParam>,
    pub preds: Vec<Pred>,
    pub clauses: Vec<Clause>,
    /// Over-approximations of the LIA encoding (empty in bit-vectors).
    pub approximations: Vec<String>,
    /// The integer encoding has non-linear terms.
    pub nonlinear: bool,
    /// Integer clauses whose assignments wrap into the variable's C type (`mod 2^n`) and whose
    /// nondets are within their type's range ([`encode_wrapped`]).
    pub wrapped: bool,
    /// Every nondet constant of the clauses (`nd<k>`, unique across clauses) with the vertex
    /// that evaluates it, in encoding order: a derivation's input values are read from them.
    pub nondets: Vec<crate::engines::smt::encode::NondetUse>,
}

/// One argument of the predicates besides the scalar variables: a cell's index or value.
#[derive(Clone, Debug, PartialEq)]
pub struct CellParam {
    /// How invariants print it (`w1`, `a[w1]`).
    pub display: String,
    /// The C type of its values (the index type for an index).
    pub ty: IntType,
    pub sort: String,
}

impl HornSystem {
    /// The sorts of the predicates' parameters, in order.
    pub fn param_sorts(&self) -> Vec<&str> {
        let vars = self.args.iter().map(|(_, s)| s.as_str());
        vars.chain(self.cells.iter().map(|c| c.sort.as_str()))
            .collect()
    }

    pub fn pred(&self, v: Vertex) -> Option<&Pred> {
        self.preds.iter().find(|p| p.vertex == v)
    }

    /// The application of the predicate of `v` (or `false` for the error) to `args`.
    pub fn atom(&self, v: Option<Vertex>, args: &[String]) -> String {
        match v.and_then(|v| self.pred(v)) {
            None => "false".into(),
            Some(_) if args.is_empty() => format!("inv_{}", v.unwrap_or(0)),
            Some(p) => format!("({} {})", p.name, args.join(" ")),
        }
    }

    /// The declarations of the predicates.
    pub fn declarations(&self) -> String {
        let sorts = self.param_sorts();
        let mut s = String::new();
        for p in &self.preds {
            let _ = writeln!(s, "(declare-fun {} ({}) Bool)", p.name, sorts.join(" "));
        }
        s
    }

    /// The body of clause `c` as one SMT Bool term (its start's predicate included).
    pub fn body(&self, c: &Clause) -> String {
        let mut parts = Vec::new();
        if c.from.is_some() {
            if c.pre_atom {
                parts.push(self.atom(c.from, &c.pre));
            }
            parts.extend(c.atoms.iter().map(|a| self.atom(c.from, a)));
        }
        parts.extend(c.constraints.iter().cloned());
        and(&parts)
    }

    /// The SMT-LIB script for a Horn solver (`(set-logic HORN)`, no `check-sat`).
    pub fn to_smtlib(&self, title: &str) -> String {
        let mut s = format!("; {title}\n(set-logic HORN)\n");
        s.push_str(&self.declarations());
        for a in &self.approximations {
            let _ = writeln!(s, "; approximation: {a}");
        }
        for c in &self.clauses {
            let _ = writeln!(s, "; {}", clause_title(c));
            let body = self.body(c);
            let head = self.atom(c.to, &c.post);
            let imp = format!("(=> {body} {head})");
            if c.consts.is_empty() {
                let _ = writeln!(s, "(assert {imp})");
            } else {
                let _ = writeln!(s, "(assert (forall ({}) {imp}))", binders(&c.consts));
            }
        }
        s
    }
}

impl HornSystem {
    /// The same clauses in Z3's fixedpoint format (`declare-rel`, `rule`, `query`), which
    /// gives both answers a certificate: the invariants when the error is unreachable, a
    /// derivation when it is reachable (`:print-certificate true`). `options` are
    /// `set-option` pairs put first.
    pub fn to_fixedpoint(&self, title: &str, options: &[(&str, &str)]) -> String {
        let mut s = format!("; {title}\n");
        for (k, v) in options {
            let _ = writeln!(s, "(set-option :{k} {v})");
        }
        let sorts = self.param_sorts();
        for p in &self.preds {
            let _ = writeln!(s, "(declare-rel {} ({}))", p.name, sorts.join(" "));
        }
        let _ = writeln!(s, "(declare-rel {ERROR_REL} ())");
        for c in &self.clauses {
            let _ = writeln!(s, "; {}", clause_title(c));
            let body = self.body(c);
            let head = match c.to {
                None => ERROR_REL.to_string(),
                to => self.atom(to, &c.post),
            };
            let imp = format!("(=> {body} {head})");
            if c.consts.is_empty() {
                let _ = writeln!(s, "(rule {imp})");
            } else {
                let _ = writeln!(s, "(rule (forall ({}) {imp}))", binders(&c.consts));
            }
        }
        let _ = writeln!(s, "(query {ERROR_REL} :print-certificate true)");
        s
    }
}

/// The nullary relation of the error vertex in the fixedpoint format.
pub const ERROR_REL: &str = "ara_error";

/// `entry -> 3`, `3 -> 3`, `3 -> error`.
pub fn clause_title(c: &Clause) -> String {
    let from = c.from.map_or("entry".to_string(), |v| v.to_string());
    let to = c.to.map_or("error".to_string(), |v| v.to_string());
    format!("clause {from} -> {to}")
}

/// `(x (_ BitVec 32)) (y Bool)`.
pub fn binders(consts: &[(String, String)]) -> String {
    let b: Vec<String> = consts.iter().map(|(n, s)| format!("({n} {s})")).collect();
    b.join(" ")
}

/// The conjunction of `parts` (`true` when empty).
pub fn and(parts: &[String]) -> String {
    match parts {
        [] => "true".into(),
        [x] => x.clone(),
        xs => format!("(and {})", xs.join(" ")),
    }
}

/// Does the program read or write an array? (The encoding is array-free.)
pub fn uses_arrays(p: &Program) -> bool {
    body_uses_arrays(&p.body)
}

/// [`uses_arrays`] of one statement list (a procedure's body), without a program around it.
pub fn body_uses_arrays(body: &[crate::ir::Stmt]) -> bool {
    let mut found = false;
    crate::ir::visit_all(body, &mut |s| {
        let exprs: Vec<&crate::ir::Expr> = match &s.kind {
            StmtKind::Store(..) => {
                found = true;
                vec![]
            }
            StmtKind::Assign(_, e) | StmtKind::Assume(e) | StmtKind::Assert(e) => vec![e],
            StmtKind::If(c, ..)
            | StmtKind::While { cond: c, .. }
            | StmtKind::DoWhile { cond: c, .. } => vec![c],
            StmtKind::ParAssign(xs) => xs.iter().map(|(_, e)| e).collect(),
            _ => vec![],
        };
        for e in exprs {
            e.visit(&mut |x| found |= matches!(x, crate::ir::Expr::Read(..)));
        }
    });
    found
}

/// The cut points: targets of the back edges of a depth-first search from `entry`.
pub fn cut_points(cfg: &Cfg, entry: Vertex) -> BTreeSet<Vertex> {
    let n = cfg.nodes.len();
    // 0 = unvisited, 1 = on the stack, 2 = done.
    let mut state = vec![0u8; n];
    let mut cuts = BTreeSet::new();
    let mut stack: Vec<(Vertex, usize)> = vec![(entry, 0)];
    state[entry as usize] = 1;
    while let Some(&mut (v, ref mut k)) = stack.last_mut() {
        let succs = &cfg.node(v).succs;
        if *k < succs.len() {
            let w = succs[*k].to;
            *k += 1;
            match state[w as usize] {
                0 => {
                    state[w as usize] = 1;
                    stack.push((w, 0));
                }
                1 => {
                    cuts.insert(w);
                }
                _ => {}
            }
        } else {
            state[v as usize] = 2;
            stack.pop();
        }
    }
    cuts
}

/// Encodes `p` as Horn clauses. Fails (as unsupported) when the program uses arrays or the
/// clauses would be too large ([`MAX_TERMS`]).
pub fn encode(p: &Program, theory: Theory) -> Result<HornSystem, AraError> {
    unlimited(
        p,
        encode_limited(p, theory, false, &EncodeLimits::default()),
    )
}

/// Integer clauses closer to C: every assigned value is wrapped once into the variable's
/// type (`v - 2^n` above the range, `v + 2^n` below) and every nondet and free initial value
/// lies in its type's range. Values
/// inside an expression are still unbounded integers: a search aid, like all integer
/// clauses (what the engine trusts is the bit-vector check).
pub fn encode_wrapped(p: &Program) -> Result<HornSystem, AraError> {
    unlimited(
        p,
        encode_limited(p, Theory::Lia, true, &EncodeLimits::default()),
    )
}

/// An encoding without a deadline: a stop (too large, cancelled) is the error.
fn unlimited(
    p: &Program,
    r: Result<Result<HornSystem, UnknownReason>, AraError>,
) -> Result<HornSystem, AraError> {
    r?.map_err(|why| AraError::Unsupported {
        file: p.file.clone(),
        line: 0,
        col: 0,
        what: format!("Horn clauses: {why}"),
    })
}

/// At most this many state terms (a predicate argument, a version, a constant, a definition)
/// in one encoding. The predicates range over every variable, so a program with many cut
/// points *and* many variables (thousands of inlined calls of a function with a loop) has
/// clauses of size cut points × variables: past this bound they would take gigabytes and no
/// solver would answer within any budget ara has. About 200 bytes each.
pub const MAX_TERMS: usize = 2_000_000;

/// When an encoding gives up: past its deadline, when the thread's runs are cancelled
/// ([`crate::base::tools::cancelled`]), or past `max_terms` ([`MAX_TERMS`]).
#[derive(Clone, Debug)]
pub struct EncodeLimits {
    /// The engine's start (the `after` of a timeout).
    pub start: Instant,
    pub deadline: Option<Instant>,
    pub max_terms: usize,
}

impl Default for EncodeLimits {
    fn default() -> Self {
        EncodeLimits {
            start: Instant::now(),
            deadline: None,
            max_terms: MAX_TERMS,
        }
    }
}

impl EncodeLimits {
    /// Why to stop now, if so (checked every few vertices: it reads the clock).
    fn stop(&self, terms: usize) -> Option<UnknownReason> {
        if terms > self.max_terms {
            return Some(too_large(terms, self.max_terms));
        }
        if crate::base::tools::cancelled() {
            return Some(UnknownReason::Cancelled);
        }
        let now = Instant::now();
        self.deadline
            .is_some_and(|d| now >= d)
            .then(|| UnknownReason::Timeout {
                after: now - self.start,
            })
    }
}

fn too_large(terms: usize, max: usize) -> UnknownReason {
    UnknownReason::TooLarge {
        what: format!("Horn clauses of more than {terms} state terms (at most {max})"),
    }
}

/// An encoding that stopped: ara's fault, or a reason to answer unknown.
enum Halt {
    Fault(AraError),
    Stopped(UnknownReason),
}

impl From<AraError> for Halt {
    fn from(e: AraError) -> Self {
        Halt::Fault(e)
    }
}

/// Encodes `p` within `limits`: the clauses (`wrap`: see [`encode_wrapped`]), or the reason
/// it stopped (timeout, cancelled, too large); `Err` for arrays and ara's own faults.
pub fn encode_limited(
    p: &Program,
    theory: Theory,
    wrap: bool,
    limits: &EncodeLimits,
) -> Result<Result<HornSystem, UnknownReason>, AraError> {
    match encode_with(p, theory, wrap, limits) {
        Ok(sys) => Ok(Ok(sys)),
        Err(Halt::Stopped(why)) => Ok(Err(why)),
        Err(Halt::Fault(e)) => Err(e),
    }
}

fn encode_with(
    p: &Program,
    theory: Theory,
    wrap: bool,
    limits: &EncodeLimits,
) -> Result<HornSystem, Halt> {
    if uses_arrays(p) {
        return Err(Halt::Fault(AraError::Unsupported {
            file: p.file.clone(),
            line: 0,
            col: 0,
            what: "arrays (the Horn-clause engine needs an array-free program)".into(),
        }));
    }
    encode_blocks(p, theory, wrap, None, limits)
}

/// The clauses of `p` within `limits`, array-free (`cells` = `None`) or with the cells of
/// the cell-morphing encoding ([`super::morph`]).
pub(super) fn encode_cells(
    p: &Program,
    theory: Theory,
    wrap: bool,
    (cells, atoms): (&CellLayout, Atoms),
    limits: &EncodeLimits,
) -> Result<Result<HornSystem, UnknownReason>, AraError> {
    match encode_blocks(p, theory, wrap, Some((cells, atoms)), limits) {
        Ok(sys) => Ok(Ok(sys)),
        Err(Halt::Stopped(why)) => Ok(Err(why)),
        Err(Halt::Fault(e)) => Err(e),
    }
}

fn encode_blocks(
    p: &Program,
    theory: Theory,
    wrap: bool,
    cells: Option<(&CellLayout, Atoms)>,
    limits: &EncodeLimits,
) -> Result<HornSystem, Halt> {
    let (cells, atoms) = match cells {
        Some((c, a)) => (Some(c), a),
        None => (None, Atoms::Full),
    };
    let cfg = Cfg::build(p);
    let entry = entry_vertex(&p.body, p.exit_vertex());
    let cuts = cut_points(&cfg, entry);
    // Each block starts with a version of every variable: refuse before building them.
    let least = (cuts.len() + 1).saturating_mul(p.vars.len());
    if least > limits.max_terms {
        return Err(Halt::Stopped(too_large(least, limits.max_terms)));
    }
    let mut enc = ExprEncoder::new(p, theory);
    if cells.is_some() {
        enc.allow_reads();
    }
    let args: Vec<(VarId, String)> = p.var_ids().map(|v| (v, enc.sort(p.var(v).ty))).collect();
    let preds = cuts
        .iter()
        .map(|&v| Pred {
            vertex: v,
            name: format!("inv_{v}"),
            line: cfg.node(v).span.line,
        })
        .collect();
    let mut clauses = Vec::new();
    let mut terms = 0;
    for from in std::iter::once(None).chain(cuts.iter().map(|&c| Some(c))) {
        let mut b = Block::new(p, &cfg, &cuts, &mut enc, wrap, cells);
        b.limits = Some((limits, terms));
        b.morph.mode = atoms;
        let new = b.clauses(from, from.unwrap_or(entry))?;
        terms += new.iter().map(clause_terms).sum::<usize>();
        clauses.extend(new);
    }
    Ok(HornSystem {
        theory,
        args,
        cells: cells.map_or_else(Vec::new, |c| c.params(p, &enc)),
        preds,
        clauses,
        approximations: enc.approximations().to_vec(),
        nonlinear: enc.nonlinear() || wrap,
        wrapped: wrap,
        nondets: enc.nondets().to_vec(),
    })
}

/// The state terms of a clause (what [`MAX_TERMS`] counts).
fn clause_terms(c: &Clause) -> usize {
    c.consts.len() + c.pre.len() + c.constraints.len() + c.post.len() + c.edges.len()
}

/// The terms of the variables at one point of a block (indexed by `VarId`): shared names,
/// so copying an environment at a branch copies pointers, not strings.
pub(super) type Env = Vec<Rc<str>>;

/// The encoding of one block (the loop-free region after a start vertex).
///
/// Memory stays linear in the block: an environment is moved along straight-line code and
/// copied only at branches, and the environments on the edges into a vertex are dropped once
/// the vertex is merged (only the frontier of the topological order holds any).
pub(super) struct Block<'a, 'e> {
    pub(super) p: &'a Program,
    pub(super) cfg: &'a Cfg,
    cuts: &'a BTreeSet<Vertex>,
    pub(super) enc: &'e mut ExprEncoder<'a>,
    /// Wrap assigned integer values into their types (see [`encode_wrapped`]).
    wrap: bool,
    /// The encoding's limits and the terms of the clauses made before this block.
    limits: Option<(&'a EncodeLimits, usize)>,
    pub(super) consts: Vec<(String, String)>,
    /// Definitions, tagged with the vertex they belong to (for slicing per target).
    pub(super) defs: Vec<(Vertex, String)>,
    /// The cells of the cell-morphing encoding (`None`: array-free), and its state.
    pub(super) cells: Option<&'a CellLayout>,
    pub(super) morph: MorphState,
    /// Base name and sort of each slot of an environment: the variables (`VarId` order),
    /// then the cells' values.
    slots: Vec<(String, String)>,
    /// Version counter per slot.
    ver: Vec<u32>,
    /// Incoming edges of each vertex of the region: (from, taken-term).
    incoming: BTreeMap<Vertex, Vec<(Vertex, String)>>,
    /// The environments after the sources of `incoming`'s edges (same order), until their
    /// target is merged.
    pending: HashMap<Vertex, Vec<Env>>,
}

impl<'a, 'e> Block<'a, 'e> {
    fn new(
        p: &'a Program,
        cfg: &'a Cfg,
        cuts: &'a BTreeSet<Vertex>,
        enc: &'e mut ExprEncoder<'a>,
        wrap: bool,
        cells: Option<&'a CellLayout>,
    ) -> Self {
        let mut slots: Vec<(String, String)> = p
            .var_ids()
            .map(|x| (p.var(x).name.clone(), enc.sort(p.var(x).ty)))
            .collect();
        if let Some(c) = cells {
            slots.extend(c.value_slots(p, enc));
        }
        Block {
            p,
            cfg,
            cuts,
            ver: vec![0; slots.len()],
            slots,
            enc,
            wrap,
            limits: None,
            consts: vec![],
            defs: vec![],
            cells,
            morph: MorphState::default(),
            incoming: BTreeMap::new(),
            pending: HashMap::new(),
        }
    }

    fn is_target(&self, v: Vertex) -> bool {
        v == VERTEX_ERROR || self.cuts.contains(&v)
    }

    /// Stops when the limits say so.
    fn check_limits(&self) -> Result<(), Halt> {
        let Some((limits, before)) = self.limits else {
            return Ok(());
        };
        match limits.stop(before + self.consts.len() + self.defs.len()) {
            Some(why) => Err(Halt::Stopped(why)),
            None => Ok(()),
        }
    }

    fn fresh_version(&mut self, x: VarId) -> Rc<str> {
        self.fresh_slot(x.0 as usize)
    }

    /// A new version of slot `i` of the environment (a variable or a cell's value).
    pub(super) fn fresh_slot(&mut self, i: usize) -> Rc<str> {
        self.ver[i] += 1;
        let (base, sort) = &self.slots[i];
        let name = crate::engines::smt::encode::versioned(base, self.ver[i]);
        self.consts.push((name.clone(), sort.clone()));
        name.into()
    }

    pub(super) fn fresh_bool(&mut self, name: String, def: String, at: Vertex) -> String {
        self.consts.push((name.clone(), "Bool".into()));
        self.defs.push((at, format!("(= {name} {def})")));
        name
    }

    /// The pre-state constants (`x@0`) and, for the entry, the initial values.
    fn start_env(&mut self, initial: bool, at: Vertex) -> Env {
        let mut env = Vec::new();
        for x in self.p.var_ids() {
            let var = self.p.var(x);
            let name = crate::engines::smt::encode::versioned(&var.name, 0);
            self.consts.push((name.clone(), self.enc.sort(var.ty)));
            if initial {
                let init = var.init.or(match var.storage {
                    Storage::Global => Some(0),
                    Storage::Local => None,
                });
                match init {
                    Some(k) => self
                        .defs
                        .push((at, format!("(= {name} {})", self.enc.lit(k, var.ty)))),
                    None => {
                        if let Some(c) = bool_range(&name, var.ty, self.enc) {
                            self.defs.push((at, c));
                        } else if self.wrap {
                            let (lo, hi) = var.ty.range(self.p.data_model);
                            let (lo, hi) = (int_lit(lo), int_lit(hi));
                            self.defs
                                .push((at, format!("(and (<= {lo} {name}) (<= {name} {hi}))")));
                        }
                    }
                }
            }
            env.push(name.into());
        }
        if self.cells.is_some() {
            self.cell_start(initial, at, &mut env);
        }
        env
    }

    /// The region of the block from `start` in topological order (start first), and the
    /// targets reached.
    fn region(&self, start: Vertex, run_start: bool) -> (Vec<Vertex>, BTreeSet<Vertex>) {
        let mut order = Vec::new();
        let mut targets = BTreeSet::new();
        if !run_start {
            targets.insert(start);
            return (order, targets);
        }
        // Iterative DFS post-order over inner vertices, then reversed.
        let mut seen = BTreeSet::from([start]);
        let mut stack: Vec<(Vertex, usize)> = vec![(start, 0)];
        while let Some(&mut (v, ref mut k)) = stack.last_mut() {
            let succs = &self.cfg.node(v).succs;
            if *k < succs.len() {
                let w = succs[*k].to;
                *k += 1;
                if self.is_target(w) {
                    targets.insert(w);
                } else if w != self.p.exit_vertex() && seen.insert(w) {
                    stack.push((w, 0));
                }
            } else {
                order.push(v);
                stack.pop();
            }
        }
        order.reverse();
        (order, targets)
    }

    /// Records the edge `u → to`, taken when `term`, leaving `u` with `env`.
    fn add_edge(&mut self, u: Vertex, to: Vertex, term: String, env: Env) {
        self.incoming.entry(to).or_default().push((u, term));
        self.pending.entry(to).or_default().push(env);
    }

    /// The clauses from `start` (`None`: the entry of main, `first` its first vertex; a
    /// cut point: `first` is itself).
    fn clauses(&mut self, from: Option<Vertex>, first: Vertex) -> Result<Vec<Clause>, Halt> {
        let pre = self.start_env(from.is_none(), first);
        self.morph.from = from;
        self.morph.pre = strings(&pre);
        // From the entry, a first vertex that is a cut point is the target right away.
        let run_first = from.is_some() || !self.is_target(first);
        let (order, targets) = self.region(first, run_first);
        if !run_first {
            self.add_edge(first, first, "true".into(), pre.clone());
        }
        for (k, &u) in order.iter().enumerate() {
            if k % 64 == 0 {
                self.check_limits()?;
            }
            let (env, reach) = if k == 0 {
                (pre.clone(), "true".to_string())
            } else {
                self.merge(u)?
            };
            self.exec(u, env, &reach)?;
        }
        let mut out = Vec::new();
        for &t in &targets {
            self.check_limits()?;
            let (post, reach) = self.merge(t)?;
            let keep = self.ancestors(t, first);
            let mut constraints: Vec<String> = self
                .defs
                .iter()
                .filter(|(v, _)| keep.contains(v))
                .map(|(_, d)| d.clone())
                .collect();
            if reach != "true" {
                constraints.push(reach);
            }
            let edges = self
                .incoming
                .iter()
                .filter(|(v, _)| keep.contains(v))
                .flat_map(|(&v, ins)| ins.iter().map(move |(u, term)| (*u, v, term.clone())))
                .collect();
            let (pre_atom, atoms) = self.clause_atoms(&keep, t == VERTEX_ERROR);
            out.push(Clause {
                from,
                to: (t != VERTEX_ERROR).then_some(t),
                consts: self.consts.clone(),
                pre: if from.is_some() {
                    self.pred_args(&pre)
                } else {
                    vec![]
                },
                constraints,
                post: if t == VERTEX_ERROR {
                    vec![]
                } else {
                    self.pred_args(&post)
                },
                edges,
                atoms,
                pre_atom,
            });
        }
        Ok(out)
    }

    /// The vertices of the region from which `t` can be reached (`t` included), not going
    /// back beyond the block's start `start` (whose incoming edges are those of a target).
    pub(super) fn ancestors(&self, t: Vertex, start: Vertex) -> BTreeSet<Vertex> {
        let mut keep = BTreeSet::from([t]);
        let mut todo = vec![t];
        while let Some(v) = todo.pop() {
            if v == start && keep.len() > 1 {
                continue;
            }
            for (u, _) in self.incoming.get(&v).into_iter().flatten() {
                if keep.insert(*u) {
                    todo.push(*u);
                }
            }
        }
        keep
    }

    /// The values entering `v` (an `ite` over the incoming edges where they differ) and its
    /// reach term; the environments of its incoming edges are dropped.
    fn merge(&mut self, v: Vertex) -> Result<(Env, String), AraError> {
        let mut envs = self.pending.remove(&v).unwrap_or_default();
        let terms: Vec<String> = self
            .incoming
            .get(&v)
            .into_iter()
            .flatten()
            .map(|(_, t)| t.clone())
            .collect();
        if envs.len() != terms.len() || envs.is_empty() {
            return Err(AraError::Internal(format!(
                "horn: vertex {v} of a block has no incoming edge"
            )));
        }
        if let [term] = terms.as_slice() {
            return Ok((envs.pop().expect("one edge"), term.clone()));
        }
        let reach = self.fresh_bool(format!("r{v}"), format!("(or {})", terms.join(" ")), v);
        let mut env = envs[0].clone();
        for i in 0..env.len() {
            if envs.iter().all(|e| e[i] == env[i]) {
                continue;
            }
            // The last edge is the default: it is taken when the others are not.
            let mut t = envs.last().expect("two or more edges")[i].to_string();
            for (term, e) in terms.iter().zip(&envs).rev().skip(1) {
                t = format!("(ite {term} {} {t})", e[i]);
            }
            let name = self.fresh_slot(i);
            self.defs.push((v, format!("(= {name} {t})")));
            env[i] = name;
        }
        Ok((env, reach))
    }

    /// Executes vertex `u` (entered with `env`, reached when `reach`): its definitions, and
    /// its outgoing edges recorded as incoming edges of their targets.
    fn exec(&mut self, u: Vertex, env: Env, reach: &str) -> Result<(), AraError> {
        let cfg = self.cfg;
        let node = cfg.node(u);
        let Action::Stmt(st) = &node.action else {
            return Ok(());
        };
        let (out, guard) = self.effect(st, env, reach)?;
        // Group the edges by target (both branches of an `if` may meet).
        let mut by_target: BTreeMap<Vertex, Vec<&Guard>> = BTreeMap::new();
        for e in &node.succs {
            if e.to != self.p.exit_vertex() {
                by_target.entry(e.to).or_default().push(&e.guard);
            }
        }
        let n = by_target.len();
        let mut out = Some(out);
        for (k, (to, gs)) in by_target.into_iter().enumerate() {
            let g = match (gs.as_slice(), &guard) {
                (_, None) => None,
                ([Guard::True], Some(c)) => Some(c.clone()),
                ([Guard::False], Some(c)) => Some(crate::engines::smt::encode::not(c.clone())),
                _ => None,
            };
            let term = match g {
                None => reach.to_string(),
                Some(g) if reach == "true" => self.fresh_bool(format!("t{u}_{to}"), g, u),
                Some(g) => self.fresh_bool(format!("t{u}_{to}"), format!("(and {reach} {g})"), u),
            };
            // The last edge takes the environment, the others a copy.
            let env = if k + 1 == n {
                out.take().unwrap_or_default()
            } else {
                out.clone().unwrap_or_default()
            };
            self.add_edge(u, to, term, env);
        }
        Ok(())
    }

    /// The values after statement `st` and the SMT condition its branch edges test.
    fn effect(
        &mut self,
        st: &Stmt,
        env: Env,
        reach: &str,
    ) -> Result<(Env, Option<String>), AraError> {
        let p = self.p;
        let u = st.id;
        let mut out = env;
        let guard = match &st.kind {
            StmtKind::Assign(x, e) => {
                let val = self.enc.value(e, &out, p.var(*x).ty, u)?;
                let val = self.wrapped(val, p.var(*x).ty);
                self.resolve_reads(u, reach);
                self.take_fresh();
                let name = self.fresh_version(*x);
                self.defs.push((u, format!("(= {name} {val})")));
                out[x.0 as usize] = name;
                if self.cells.is_some() {
                    self.allocate(u, reach, *x, &mut out);
                }
                None
            }
            StmtKind::ParAssign(xs) => {
                let mut vals = Vec::new();
                for (x, e) in xs {
                    let val = self.enc.value(e, &out, p.var(*x).ty, u)?;
                    vals.push(self.wrapped(val, p.var(*x).ty));
                }
                self.resolve_reads(u, reach);
                self.take_fresh();
                for ((x, _), val) in xs.iter().zip(vals) {
                    let name = self.fresh_version(*x);
                    self.defs.push((u, format!("(= {name} {val})")));
                    out[x.0 as usize] = name;
                }
                None
            }
            StmtKind::Assume(c)
            | StmtKind::Assert(c)
            | StmtKind::If(c, ..)
            | StmtKind::While { cond: c, .. }
            | StmtKind::DoWhile { cond: c, .. } => {
                let t = self.enc.truth(c, &out, u)?;
                self.resolve_reads(u, reach);
                self.take_fresh();
                Some(t)
            }
            StmtKind::Call(_) => return Err(AraError::Internal(crate::ir::procs::NO_CALLS.into())),
            StmtKind::Store(a, i, e) => {
                if self.cells.is_none() {
                    return Err(AraError::Internal("horn: array store".into()));
                }
                self.store(u, reach, (*a, i, e), &mut out)?;
                None
            }
            StmtKind::Error
            | StmtKind::Exit
            | StmtKind::Skip
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Goto(_)
            | StmtKind::Label(_)
            | StmtKind::Block(_) => None,
        };
        Ok((out, guard))
    }

    /// Quantifies the nondets (and approximations) the encoder just made; in wrapped integer
    /// clauses a nondet lies in its type's range.
    pub(super) fn take_fresh(&mut self) {
        let fresh = self.enc.take_fresh();
        if self.wrap {
            for (name, _) in &fresh {
                let Some(nd) = self.enc.nondets().iter().find(|n| &n.name == name) else {
                    continue;
                };
                if nd.ty == IntType::Bool {
                    continue; // a Bool constant
                }
                let (lo, hi) = nd.ty.range(self.p.data_model);
                let (lo, hi) = (int_lit(lo), int_lit(hi));
                self.defs.push((
                    nd.vertex,
                    format!("(and (<= {lo} {name}) (<= {name} {hi}))"),
                ));
            }
        }
        self.consts.extend(fresh);
    }

    /// `val` (an integer term) brought into `ty`'s range by one wrap-around, when wrapping:
    /// exact for sums and differences of in-range values, which is what loops mostly
    /// assign; piecewise linear (`ite`), which Spacer handles far better than `mod` (a
    /// 10-iteration counter with `mod` was not solved in 60 s).
    pub(super) fn wrapped(&self, val: String, ty: IntType) -> String {
        if !self.wrap {
            return val;
        }
        wrap_into(self.p.data_model, val, ty)
    }
}

/// The integer term `val` wrapped once into the range of `ty` (C's wrap-around for a value at
/// most one range away: a sum or difference of two values of the type); a `_Bool` as it is.
pub(super) fn wrap_into(dm: crate::ir::DataModel, val: String, ty: IntType) -> String {
    if ty == IntType::Bool {
        return val;
    }
    let (lo, hi) = ty.range(dm);
    let m = hi - lo + 1;
    let (lo, hi) = (int_lit(lo), int_lit(hi));
    format!("(ite (> {val} {hi}) (- {val} {m}) (ite (< {val} {lo}) (+ {val} {m}) {val}))")
}

/// An environment as owned strings (a clause's arguments).
pub(super) fn strings(env: &[Rc<str>]) -> Vec<String> {
    env.iter().map(|s| s.to_string()).collect()
}

/// An indeterminate `_Bool` still holds 0 or 1.
fn bool_range(name: &str, ty: IntType, enc: &ExprEncoder) -> Option<String> {
    (ty == IntType::Bool).then(|| {
        let one = enc.lit(1, ty);
        if enc.sort(ty) == "Int" {
            format!("(and (<= 0 {name}) (<= {name} {one}))")
        } else {
            format!("(bvule {name} {one})")
        }
    })
}
