//! The witness-index transformation of Jana, Khedker, Datar, Venkatesh and Niyas ("Scaling
//! Bounded Model Checking By Transforming Programs With Arrays").
//!
//! Takes a [`Program`]; gives a program without arrays and without loops (a
//! [`WitnessProgram`]) that over-approximates it: if the original can reach the error, so can
//! the transformed one, for some choice of its nondeterministic values. A bounded model checker
//! proves the loop-free program in one unwinding, whatever the array sizes.
//!
//! - Arrays of equal size share a *witness index* `w`, chosen once at the start
//!   (`0 <= w < size`). Each array `a` becomes one scalar `x_a` standing for `a[w]`, initialised
//!   like the array's elements. A read `a[e]` is `(e == w ? x_a : nondet)`, a write
//!   `a[e1] = e2` is `x_a = (e1 == w ? e2 : x_a)`.
//! - Each loop becomes its body, once. A *counting loop* (iterator `i` stepped by a constant,
//!   bounds that the loop does not change, `i` not assigned in the body) whose body accesses
//!   arrays at `[i]` runs the body for `i = w` (the *witness iteration*): the arrays written
//!   only at `[i]` then keep exact values, since no other iteration touches element `w`. The
//!   scalars the loop assigns (*loopdefs*) and the arrays it writes elsewhere are havocked
//!   before and after the body (to the entry value or one of the constants when only
//!   constants are assigned), and `i` gets its exit value.
//! - A nondeterministic *other iteration* may run the body instead, for any other value of
//!   the iterator (any state, for a loop that is not a counting loop): it covers `break`,
//!   `goto` out of the loop and errors inside nested loops, and ends with `assume(0)` when it
//!   does not leave the loop. Assertions directly in its body are assumed, not checked, when
//!   the iterator is a valid index: the witness iteration for that index checks them.
//!
//! - When no loop holds an assertion or error, the witness index is *aligned* with the index
//!   the property reads: before the first statement outside every loop (an assertion, or an
//!   `if` around one, first) that accesses `a[e]`, `assume(!(0 <= e < size) || e == w)`. That
//!   statement runs at most once, so the execution where `w` is the value of `e` there is kept;
//!   without it, `a[k]` for a nondet `k` would read an unknown value whenever `k != w`.
//!
//! Sizes out of range: a witness index is constrained to `w < size` only where that bound is
//! a `long long` comparison with the size's true value: a constant size up to 2^63, a size
//! variable whose value converts to a non-negative `long long` (`Tx::allocated`). A size
//! variable `<= 0` (`malloc(n * sizeof(int))` with `int n = -1` on ILP32, a VLA of size
//! `n <= 0`) or past `long long` (the same call on LP64: an `unsigned long` count of 2^62 and
//! more; any `unsigned long` count of 2^63 or more) adds no constraint. Such an allocation
//! fails or gives a block too small for the count, so an execution without undefined
//! behaviour never accesses the arrays past what exists, and every run that does not touch
//! them must go on: a bound that is false for every `w` (`(long long)w < (long long)n` with a
//! negative right side) would cut them all, and the code after the allocation would be
//! wrongly proved unreachable. Leaving `w` unbounded above only adds executions (an
//! over-approximation stays one). A count that overflowed in `n * sizeof(int)` is the
//! front end's element count `n`, more than the block holds: the valid indexes of the real
//! block are below it, so the constraint `w < n` keeps every index a UB-free run uses.
//!
//! Soundness argument, for an execution of the original reaching the error: choose each
//! witness index as the iteration of the innermost loop around the error (if it is a counting
//! loop of that size); every loop passed on the way is simulated by its completion path (havoc
//! = the real values) or, when left by `break`/`goto`, by an other iteration; the loops around
//! the error by their witness or other iteration. Programs outside this scheme are rejected:
//! a `goto` backwards (a loop made of gotos) or into a loop body.

use super::index_set::ListElement;
use crate::abstraction::IndexSets;
use crate::base::error::AraError;
use crate::ir::constant::const_value;
use crate::ir::trace::Trace;
use crate::ir::{
    ArrId, ArrayInit, BinOp, Expr, IntType, LabelId, Program, Size, Span, Stmt, StmtKind, Storage,
    Var, VarId, Vertex,
};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// One witness index: shared by the arrays of one size.
#[derive(Clone, Debug)]
pub struct WitnessIndex {
    /// The scalar holding the index in the transformed program.
    pub var: VarId,
    /// Its C name (as it appears in checker traces).
    pub name: String,
    /// The size of its arrays: a constant, or their frozen size variable (`0 <= w` at the
    /// start, `w < size` assumed where the size is assigned, when it is positive).
    pub size: Size,
    /// The arrays sharing it (ids of the original program).
    pub arrays: Vec<ArrId>,
}

/// How a loop was transformed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LoopForm {
    /// Counting loop over every index of its arrays: the body runs for `i = w`.
    Full,
    /// Counting loop over part of the indexes: the body runs for `i = w` when that iteration
    /// happens.
    Witness,
    /// Counting loop without arrays indexed by the iterator: iterator and exit value known.
    Range,
    /// Any other loop: havocked state, body under a nondeterministic guard.
    Havoc,
    /// `do { … } while (0)`: the body once, exactly.
    Once,
}

/// What happened to one loop, for reports and tests.
#[derive(Clone, Debug, Serialize)]
pub struct LoopReport {
    pub line: u32,
    pub form: LoopForm,
    /// The iterator of a counting loop.
    pub iterator: Option<String>,
    /// The witness index the body runs for.
    pub witness: Option<String>,
    /// Havocked before and after the body (user names).
    pub havocked: Vec<String>,
    /// Whether an other iteration may run the body (for `break`, `goto`, nested errors).
    pub other_iteration: bool,
}

/// The result of [`witness_program`].
#[derive(Clone, Debug)]
pub struct WitnessProgram {
    /// Array-free, loop-free; the statements of the original keep their ids and spans, the
    /// statements made for a loop carry the loop's id and span.
    pub program: Program,
    pub witnesses: Vec<WitnessIndex>,
    /// The scalar `x_a` standing for `a[w]`, per array (none for arrays of size 0).
    pub element_vars: BTreeMap<ArrId, VarId>,
    /// One entry per loop of the original, in program order.
    pub loops: Vec<LoopReport>,
    /// Witness indexes aligned with an index the program computes: (name, source line).
    pub aligned: Vec<(String, u32)>,
}

impl WitnessProgram {
    /// The witness indexes a checker trace of the transformed program chose: the value
    /// assigned to each witness variable. The program assigns it once, but a checker may show
    /// the declaration of the local as an assignment first (ESBMC: `= 0`): the last counts.
    pub fn indexes_in_trace(&self, trace: &Trace) -> BTreeMap<VarId, u64> {
        let mut out = BTreeMap::new();
        for (lhs, value) in trace.assignments() {
            if let Some(w) = self.witnesses.iter().find(|w| w.name == lhs)
                && let Some(v) = value
                && v >= 0
                && w.size.as_const().is_none_or(|n| (v as u128) < n as u128)
            {
                out.insert(w.var, v as u64);
            }
        }
        out
    }

    /// Index sets for the refinement loop: the traced witness index of each size class added
    /// to `R(a)` of every array of the class.
    pub fn seed_from_trace(&self, trace: &Trace) -> IndexSets {
        let chosen = self.indexes_in_trace(trace);
        let mut r = IndexSets::empty();
        for w in &self.witnesses {
            if let Some(&k) = chosen.get(&w.var) {
                for &a in &w.arrays {
                    r.insert(a, k);
                }
            }
        }
        r
    }

    /// A few lines for the header of the emitted C file.
    pub fn summary(&self, original: &Program) -> String {
        let mut out = Vec::new();
        for w in &self.witnesses {
            let names: Vec<&str> = w
                .arrays
                .iter()
                .map(|a| original.array(*a).display.as_str())
                .collect();
            let size = match w.size {
                Size::Const(n) => n.to_string(),
                Size::Var(v) => original.var(v).name.clone(),
            };
            out.push(format!(
                "witness index {} in [0, {size}) for {}",
                w.name,
                names.join(", ")
            ));
        }
        for (w, line) in &self.aligned {
            out.push(format!("{w} aligned with the index read at line {line}"));
        }
        for l in &self.loops {
            let mut s = format!("loop at line {}: {:?}", l.line, l.form).to_lowercase();
            if let Some(i) = &l.iterator {
                s.push_str(&format!(", iterator {i}"));
            }
            if let Some(w) = &l.witness {
                s.push_str(&format!(", body for {w}"));
            }
            if !l.havocked.is_empty() {
                s.push_str(&format!(", havocked {}", l.havocked.join(" ")));
            }
            if l.other_iteration {
                s.push_str(", other iteration");
            }
            out.push(s);
        }
        out.join("\n")
    }
}

/// Builds the witness-index transformation of `p`.
///
/// Errors: [`AraError::Unsupported`] for a `goto` to an earlier label (a loop made of gotos)
/// or into a loop body, and for `break`/`continue` outside a loop.
pub fn witness_program(p: &Program) -> Result<WitnessProgram, AraError> {
    check_gotos(p)?;
    let mut q = p.clone();
    // Witness indexes: one per size, in order of first declaration.
    let mut witnesses: Vec<WitnessIndex> = Vec::new();
    let classes = SizeClasses::of(p);
    for a in p.array_ids() {
        let arr = p.array(a);
        if arr.size == Size::Const(0) {
            continue;
        }
        let size = classes.of_array(p, a);
        match witnesses.iter_mut().find(|w| w.size == size) {
            Some(w) => w.arrays.push(a),
            None => witnesses.push(WitnessIndex {
                var: VarId(0),
                name: String::new(),
                size,
                arrays: vec![a],
            }),
        }
    }
    let mut start = Vec::new();
    let first = Vertex::min(1, p.num_vertices.saturating_sub(1));
    let mk = |kind| Stmt {
        kind,
        span: Span::default(),
        id: first,
    };
    for w in &mut witnesses {
        let ty = index_type(w.size);
        let base = format!("ara_i_{}", p.array(w.arrays[0]).name);
        w.var = q.fresh_var(&base, ty, Storage::Local);
        w.name = q.var(w.var).name.clone();
        let names: Vec<&str> = w
            .arrays
            .iter()
            .map(|a| p.array(*a).display.as_str())
            .collect();
        q.vars[w.var.0 as usize].display = format!("witness index of {}", names.join(", "));
        start.push(mk(StmtKind::Assign(w.var, Expr::Nondet(ty))));
        let from_0 = Expr::bin(BinOp::Ge, Expr::Var(w.var), Expr::Const(0, ty));
        start.push(mk(StmtKind::Assume(match w.size {
            // A size past `long long` (a `char` block of 2^63 bytes or more, which no
            // allocation gives): `w` is left unbounded above (see "Sizes out of range").
            Size::Const(n) if n - 1 <= i64::MAX as u64 => Expr::bin(
                BinOp::LogAnd,
                from_0,
                Expr::bin(BinOp::Le, Expr::Var(w.var), Expr::Const(n as i128 - 1, ty)),
            ),
            // `w < size` once the size is known: see `Tx::allocated`.
            Size::Const(_) | Size::Var(_) => from_0,
        })));
    }
    let mut element_vars = BTreeMap::new();
    let mut wit_of = BTreeMap::new();
    for w in &witnesses {
        for &a in &w.arrays {
            let arr = p.array(a);
            let name = q.fresh_name(&format!("ara_x_{}", arr.name));
            let (init, storage, chain) = match (&arr.init, arr.storage) {
                (ArrayInit::Zero, s) => (Some(0), s, None),
                (ArrayInit::Nondet, _) => (None, Storage::Local, None),
                (ArrayInit::List(vs), s) => {
                    match super::index_set::list_element_at(arr, vs, w.var, index_type(w.size)) {
                        ListElement::Same(v) => (Some(v), s, None),
                        ListElement::Chain(chain) => (Some(0), s, Some(chain)),
                    }
                }
            };
            q.vars.push(Var {
                name,
                display: format!("{} at {}", arr.display, w.name),
                ty: arr.elem,
                storage,
                init,
                span: arr.span,
                synthetic: true,
            });
            let x = VarId(q.vars.len() as u32 - 1);
            if let Some(c) = chain {
                start.push(mk(StmtKind::Assign(x, c)));
            }
            element_vars.insert(a, x);
            wit_of.insert(a, w.var);
        }
    }
    let align = alignments(p, &witnesses);
    let aligned = align
        .iter()
        .map(|(_, (w, _, line))| (q.var(*w).name.clone(), *line))
        .collect();
    let sized_by = classes
        .rep
        .iter()
        .filter_map(|(v, r)| {
            let w = witnesses.iter().find(|w| w.size == Size::Var(*r))?;
            Some((*v, w.var))
        })
        .collect();
    let mut tx = Tx {
        p,
        q,
        sized_by,
        classes,
        wit_of,
        element_vars: element_vars.clone(),
        ctx: Vec::new(),
        loops: Vec::new(),
        align,
    };
    let mut body = start;
    body.extend(tx.stmts(&p.body)?);
    let mut q = tx.q;
    q.body = body;
    q.arrays.clear();
    Ok(WitnessProgram {
        program: q,
        witnesses,
        element_vars,
        loops: tx.loops,
        aligned,
    })
}

/// Where each witness index may be aligned with an index the program computes: the first
/// access `a[e]` outside every loop (in an assertion or an `if` around one, else in program
/// order), with `e` free of reads and nondets,
/// gets `assume(!(0 <= e && e < size) || e == w)` before its statement. Sound because that
/// statement runs at most once (no loop around it, gotos only jump forward) and, when no loop
/// holds an assertion or error, any choice of `w` simulates an execution: choose the value `e`
/// has there. Keyed by the statement's vertex: (witness variable, `e`, source line).
fn alignments(p: &Program, witnesses: &[WitnessIndex]) -> BTreeMap<Vertex, (VarId, Expr, u32)> {
    fn error_in_loop(ss: &[Stmt], in_loop: bool) -> bool {
        ss.iter().any(|s| match &s.kind {
            StmtKind::Assert(_) | StmtKind::Error => in_loop,
            StmtKind::If(_, t, e) => error_in_loop(t, in_loop) || error_in_loop(e, in_loop),
            StmtKind::Block(b) => error_in_loop(b, in_loop),
            StmtKind::While { body, step, .. } => {
                error_in_loop(body, true) || error_in_loop(step, true)
            }
            StmtKind::DoWhile { body, .. } => error_in_loop(body, true),
            _ => false,
        })
    }
    fn accesses(s: &Stmt) -> Vec<(ArrId, Expr)> {
        let mut out = Vec::new();
        let mut note = |e: &Expr| {
            e.visit(&mut |x| {
                if let Expr::Read(a, i) = x {
                    out.push((*a, (**i).clone()));
                }
            })
        };
        match &s.kind {
            StmtKind::Assign(_, e) | StmtKind::Assume(e) | StmtKind::Assert(e) => note(e),
            StmtKind::If(c, ..) => note(c),
            StmtKind::ParAssign(xs) => xs.iter().for_each(|(_, e)| note(e)),
            StmtKind::Store(a, i, e) => {
                note(i);
                note(e);
                out.push((*a, i.clone()));
            }
            _ => {}
        }
        out
    }
    // An assertion's own test, or an `if` around one: the index the property reads.
    fn checks(s: &Stmt) -> bool {
        match &s.kind {
            StmtKind::Assert(_) => true,
            StmtKind::If(_, t, e) => error_in_loop(t, true) || error_in_loop(e, true),
            _ => false,
        }
    }
    fn walk(
        p: &Program,
        ss: &[Stmt],
        group: &BTreeMap<ArrId, (VarId, Size)>,
        out: &mut BTreeMap<Vertex, (VarId, Expr, u32)>,
        done: &mut BTreeSet<VarId>,
        only_checks: bool,
    ) {
        for s in ss {
            if only_checks && !checks(s) {
                if let StmtKind::Block(b) = &s.kind {
                    walk(p, b, group, out, done, only_checks);
                }
                continue;
            }
            for (a, e) in accesses(s) {
                let Some(&(w, size)) = group.get(&a) else {
                    continue;
                };
                if done.contains(&w)
                    || out.contains_key(&s.id)
                    || has_read_or_nondet(&e)
                    || const_value(p, &e).is_some()
                {
                    continue;
                }
                let big = IntType::LongLong;
                let inside = Expr::bin(
                    BinOp::LogAnd,
                    Expr::bin(BinOp::Le, Expr::Const(0, big), e.clone()),
                    Expr::bin(BinOp::Lt, e.clone(), size_expr(size, big)),
                );
                let cond = Expr::bin(
                    BinOp::LogOr,
                    Expr::not(inside),
                    Expr::bin(BinOp::Eq, e, Expr::Var(w)),
                );
                done.insert(w);
                out.insert(s.id, (w, cond, s.span.line));
            }
            match &s.kind {
                StmtKind::If(_, t, e) => {
                    walk(p, t, group, out, done, only_checks);
                    walk(p, e, group, out, done, only_checks);
                }
                StmtKind::Block(b) => walk(p, b, group, out, done, only_checks),
                _ => {}
            }
        }
    }
    let mut out = BTreeMap::new();
    if error_in_loop(&p.body, false) {
        return out;
    }
    let group = witnesses
        .iter()
        .flat_map(|w| w.arrays.iter().map(move |a| (*a, (w.var, w.size))))
        .collect();
    // The property's index first: aligning there keeps the checked element exact.
    let mut done = BTreeSet::new();
    walk(p, &p.body, &group, &mut out, &mut done, true);
    walk(p, &p.body, &group, &mut out, &mut done, false);
    out
}

/// Frozen size variables known to be equal, so that their arrays share a witness index (a
/// copy loop `b[i] = a[i]` over two `malloc(n * sizeof(int))` arrays needs one `w`).
///
/// `s2` equals `s1` when their one assignments have the same right-hand side `e` (no array
/// read, no nondet) and no variable of `e` is assigned between them in program order. Sound
/// because the witness transformation runs only on programs whose `goto`s jump forward and the
/// front end never allocates inside a loop: executions meet the statements in program order,
/// so both assignments read the same values of `e`'s variables. (If the first one does not run,
/// its arrays are never accessed and sharing their index changes nothing.)
#[derive(Debug, Default)]
struct SizeClasses {
    /// Each size variable's representative (the first of its class in program order).
    rep: BTreeMap<VarId, VarId>,
}

impl SizeClasses {
    fn of(p: &Program) -> SizeClasses {
        let sizes: BTreeSet<VarId> = p
            .arrays
            .iter()
            .filter_map(|a| match a.size {
                Size::Var(v) => Some(v),
                Size::Const(_) => None,
            })
            .collect();
        // Every assignment in program order: (variable, right-hand side).
        let mut assigns: Vec<(VarId, Option<&Expr>)> = Vec::new();
        p.visit_stmts(&mut |s| match &s.kind {
            StmtKind::Assign(x, e) => assigns.push((*x, Some(e))),
            StmtKind::ParAssign(xs) => assigns.extend(xs.iter().map(|(x, _)| (*x, None))),
            _ => {}
        });
        let mut rep = BTreeMap::new();
        let allocs: Vec<(usize, VarId, &Expr)> = assigns
            .iter()
            .enumerate()
            .filter_map(|(k, (x, e))| Some((k, *x, (*e)?)))
            .filter(|(_, x, _)| sizes.contains(x))
            .collect();
        for (j, &(k2, s2, e2)) in allocs.iter().enumerate() {
            let same = allocs[..j].iter().find(|&&(k1, s1, e1)| {
                s1 != s2
                    && e1 == e2
                    && !has_read_or_nondet(e1)
                    && !assigns[k1 + 1..k2]
                        .iter()
                        .any(|(x, _)| e1.vars().contains(x) || *x == s1)
            });
            let r = match same {
                Some(&(_, s1, _)) => rep.get(&s1).copied().unwrap_or(s1),
                None => s2,
            };
            rep.insert(s2, r);
        }
        SizeClasses { rep }
    }

    /// The size class of an array: its constant size or its size variable's representative.
    fn of_array(&self, p: &Program, a: ArrId) -> Size {
        match p.array(a).size {
            Size::Var(v) => Size::Var(self.rep.get(&v).copied().unwrap_or(v)),
            c => c,
        }
    }
}

/// The type of a witness index for arrays of `size` elements.
fn index_type(size: Size) -> IntType {
    match size {
        Size::Const(n) if n - 1 <= i32::MAX as u64 => IntType::Int,
        _ => IntType::LongLong,
    }
}

/// An array size as an expression of type `t` (the size variable converted).
fn size_expr(size: Size, t: IntType) -> Expr {
    match size {
        Size::Const(n) => Expr::Const(n as i128, t),
        Size::Var(v) => Expr::Cast(t, Box::new(Expr::Var(v))),
    }
}

fn unsupported(p: &Program, span: Span, what: &str) -> AraError {
    AraError::Unsupported {
        file: p.file.clone(),
        line: span.line,
        col: span.col,
        what: format!("witness transformation: {what}"),
    }
}

/// Every `goto` must jump forward and not into a loop body, so that the transformed program
/// (each loop body once, in place) has no cycle and every loop is entered at its head.
fn check_gotos(p: &Program) -> Result<(), AraError> {
    #[derive(Default)]
    struct Walk {
        pos: usize,
        loop_path: Vec<usize>,
        labels: BTreeMap<LabelId, (usize, Vec<usize>)>,
        gotos: Vec<(LabelId, usize, Vec<usize>, Span)>,
    }
    fn go(w: &mut Walk, ss: &[Stmt]) {
        for s in ss {
            w.pos += 1;
            match &s.kind {
                StmtKind::Label(l) => {
                    w.labels.insert(*l, (w.pos, w.loop_path.clone()));
                }
                StmtKind::Goto(l) => w.gotos.push((*l, w.pos, w.loop_path.clone(), s.span)),
                StmtKind::If(_, t, e) => {
                    go(w, t);
                    go(w, e);
                }
                StmtKind::Block(b) => go(w, b),
                StmtKind::While { body, step, .. } => {
                    w.loop_path.push(w.pos);
                    go(w, body);
                    go(w, step);
                    w.loop_path.pop();
                }
                StmtKind::DoWhile { body, .. } => {
                    w.loop_path.push(w.pos);
                    go(w, body);
                    w.loop_path.pop();
                }
                _ => {}
            }
        }
    }
    let mut w = Walk::default();
    go(&mut w, &p.body);
    for (l, pos, path, span) in &w.gotos {
        let name = &p.labels[l.0 as usize];
        let Some((lpos, lpath)) = w.labels.get(l) else {
            return Err(unsupported(
                p,
                *span,
                &format!("goto {name} without its label"),
            ));
        };
        if lpos < pos {
            return Err(unsupported(
                p,
                *span,
                &format!("goto {name} jumps backwards (a loop made of gotos)"),
            ));
        }
        if !path.starts_with(lpath) {
            return Err(unsupported(
                p,
                *span,
                &format!("goto {name} jumps into a loop body"),
            ));
        }
    }
    Ok(())
}

/// What a loop does, collected from its statements (nested loops included).
#[derive(Default, Debug)]
struct Facts {
    /// Scalars assigned; `Some(values)` when every assignment is one of these constants.
    assigned: BTreeMap<VarId, Option<BTreeSet<i128>>>,
    /// Arrays written: the index expressions, and the constants when only constants are.
    stores: BTreeMap<ArrId, (Vec<Expr>, Option<BTreeSet<i128>>)>,
    /// Every array read: (array, index).
    reads: Vec<(ArrId, Expr)>,
    /// An assertion or error call outside nested loops.
    direct_errors: bool,
    /// An assertion or error call inside a nested loop.
    nested_errors: bool,
    /// A `break` of this loop.
    own_break: bool,
    /// A `continue` of this loop.
    own_continue: bool,
    gotos: Vec<LabelId>,
    labels: Vec<LabelId>,
}

fn note_const(slot: &mut Option<BTreeSet<i128>>, v: Option<i128>) {
    match (slot.as_mut(), v) {
        (Some(s), Some(v)) => {
            s.insert(v);
        }
        _ => *slot = None,
    }
}

impl Facts {
    fn of_loop(p: &Program, cond: Option<&Expr>, body: &[Stmt], step: &[Stmt]) -> Facts {
        let mut f = Facts::default();
        if let Some(c) = cond {
            f.expr(c);
        }
        f.stmts(p, body, 0);
        f.stmts(p, step, 0);
        f
    }

    fn expr(&mut self, e: &Expr) {
        e.visit(&mut |x| {
            if let Expr::Read(a, i) = x {
                self.reads.push((*a, (**i).clone()));
            }
        });
    }

    fn assign(&mut self, p: &Program, x: VarId, e: Option<&Expr>) {
        let v = e
            .and_then(|e| const_value(p, e))
            .map(|v| p.var(x).ty.wrap(v, p.data_model));
        match self.assigned.get_mut(&x) {
            Some(slot) => note_const(slot, v),
            None => {
                self.assigned.insert(x, v.map(|v| BTreeSet::from([v])));
            }
        }
    }

    fn stmts(&mut self, p: &Program, ss: &[Stmt], depth: usize) {
        for s in ss {
            match &s.kind {
                StmtKind::Assign(x, e) => {
                    self.expr(e);
                    self.assign(p, *x, Some(e));
                }
                StmtKind::Store(a, i, e) => {
                    self.expr(i);
                    self.expr(e);
                    let v = const_value(p, e).map(|v| p.array(*a).elem.wrap(v, p.data_model));
                    match self.stores.get_mut(a) {
                        Some((idx, consts)) => {
                            idx.push(i.clone());
                            note_const(consts, v);
                        }
                        None => {
                            self.stores
                                .insert(*a, (vec![i.clone()], v.map(|v| BTreeSet::from([v]))));
                        }
                    }
                }
                StmtKind::ParAssign(xs) => {
                    for (x, e) in xs {
                        self.expr(e);
                        self.assign(p, *x, None);
                    }
                }
                StmtKind::Assume(c) => self.expr(c),
                StmtKind::Assert(c) => {
                    self.expr(c);
                    self.error(depth);
                }
                StmtKind::Error => self.error(depth),
                StmtKind::If(c, t, e) => {
                    self.expr(c);
                    self.stmts(p, t, depth);
                    self.stmts(p, e, depth);
                }
                StmtKind::Block(b) => self.stmts(p, b, depth),
                StmtKind::While { cond, body, step } => {
                    self.expr(cond);
                    self.stmts(p, body, depth + 1);
                    self.stmts(p, step, depth + 1);
                }
                StmtKind::DoWhile { body, cond } => {
                    self.expr(cond);
                    self.stmts(p, body, depth + 1);
                }
                StmtKind::Break if depth == 0 => self.own_break = true,
                StmtKind::Continue if depth == 0 => self.own_continue = true,
                StmtKind::Goto(l) => self.gotos.push(*l),
                StmtKind::Label(l) => self.labels.push(*l),
                StmtKind::Break | StmtKind::Continue | StmtKind::Exit | StmtKind::Skip => {}
                StmtKind::Call(_) => unreachable!("{}", crate::ir::procs::NO_CALLS),
            }
        }
    }

    fn error(&mut self, depth: usize) {
        if depth == 0 {
            self.direct_errors = true;
        } else {
            self.nested_errors = true;
        }
    }

    /// The loop can be left other than through its test: `break`, or a `goto` to a label
    /// outside it.
    fn leaves(&self) -> bool {
        self.own_break || self.gotos.iter().any(|l| !self.labels.contains(l))
    }

    fn errors(&self) -> bool {
        self.direct_errors || self.nested_errors
    }
}

/// The iteration space of a counting loop `for (i = lo; cond(i); i += ±stride)`, where `cond`
/// holds for the iterator values in an interval and the loop cannot wrap around.
#[derive(Clone, Debug)]
struct Counting {
    i: VarId,
    ty: IntType,
    up: bool,
    stride: i128,
    /// `i`'s value on entry: a constant (from the statement before the loop) or unknown.
    lo: Option<i128>,
    bound: Bound,
    /// The loop condition (only `i` of the loop changes its value).
    cond: Expr,
}

#[derive(Clone, Debug)]
enum Bound {
    /// `cond(v)` iff `l <= v < h` (mathematical values of `i`'s type).
    Const { l: i128, h: i128 },
    /// `i < hi` (up) or `i > hi` (down), compared in `i`'s type (of rank at least `int`).
    Dyn { hi: Expr },
}

/// Does `e` stand for the value of `i` (the variable, or a cast that keeps every value)?
fn is_iter(p: &Program, e: &Expr, i: VarId) -> bool {
    match e {
        Expr::Var(v) => *v == i,
        Expr::Cast(t, x) => {
            matches!(**x, Expr::Var(v) if v == i) && {
                let (lo, hi) = p.var(i).ty.range(p.data_model);
                let (tl, th) = t.range(p.data_model);
                tl <= lo && hi <= th
            }
        }
        _ => false,
    }
}

/// Is `e` a signed `i` seen as an unsigned type at least as wide (`(unsigned)i`, as in
/// `i < N` with `unsigned N`)? Only its non-negative values are kept ([`counting`] admits it
/// for loops counting up from a non-negative constant).
fn is_unsigned_view(p: &Program, e: &Expr, i: VarId) -> bool {
    let ty = p.var(i).ty;
    let dm = p.data_model;
    matches!(e, Expr::Cast(t, x) if matches!(**x, Expr::Var(v) if v == i)
        && ty.is_signed() && !t.is_signed() && t.bits(dm) >= ty.bits(dm))
}

fn replace_var(e: &Expr, i: VarId, by: &Expr) -> Expr {
    match e {
        Expr::Var(v) if *v == i => by.clone(),
        Expr::Const(..) | Expr::Var(_) | Expr::Nondet(_) => e.clone(),
        Expr::Read(a, x) => Expr::Read(*a, Box::new(replace_var(x, i, by))),
        Expr::Unary(op, x) => Expr::Unary(*op, Box::new(replace_var(x, i, by))),
        Expr::Cast(t, x) => Expr::Cast(*t, Box::new(replace_var(x, i, by))),
        Expr::Binary(op, a, b) => Expr::bin(*op, replace_var(a, i, by), replace_var(b, i, by)),
        Expr::Cond(c, t, f) => Expr::cond(
            replace_var(c, i, by),
            replace_var(t, i, by),
            replace_var(f, i, by),
        ),
    }
}

fn has_read_or_nondet(e: &Expr) -> bool {
    let mut found = false;
    e.visit(&mut |x| {
        if matches!(x, Expr::Read(..) | Expr::Nondet(_)) {
            found = true;
        }
    });
    found
}

/// `i = i ± c` (possibly cast to `i`'s type): the signed step. The addition's type is at
/// least as wide as `i`'s, so the result converted back is `i ± c` whenever that is a value of
/// `i`'s type (which [`counting`] makes sure of for every iteration).
fn step_of(p: &Program, step: &[Stmt]) -> Option<(VarId, i128)> {
    let [s] = step else { return None };
    let StmtKind::Assign(i, e) = &s.kind else {
        return None;
    };
    let ty = p.var(*i).ty;
    let e = match e {
        Expr::Cast(t, x) if *t == ty => x,
        e => e,
    };
    let Expr::Binary(op, a, b) = e else {
        return None;
    };
    let delta = match (op, &**a, &**b) {
        (BinOp::Add, Expr::Var(v), c) | (BinOp::Add, c, Expr::Var(v)) if v == i => {
            const_value(p, c)?
        }
        (BinOp::Sub, Expr::Var(v), c) if v == i => -const_value(p, c)?,
        _ => return None,
    };
    (delta != 0).then_some((*i, delta))
}

/// Recognises a counting loop (`lo` is `i`'s constant value before the loop, if known).
fn counting(
    p: &Program,
    cond: &Expr,
    step: &[Stmt],
    facts: &Facts,
    lo: impl Fn(VarId) -> Option<i128>,
) -> Option<Counting> {
    let dm = p.data_model;
    let (i, delta) = step_of(p, step)?;
    let ty = p.var(i).ty;
    if ty == IntType::Bool {
        return None;
    }
    let Expr::Binary(op, l, r) = cond else {
        return None;
    };
    let (op, it, hi) = if is_iter(p, l, i) || is_unsigned_view(p, l, i) {
        (*op, &**l, &**r)
    } else if is_iter(p, r, i) || is_unsigned_view(p, r, i) {
        let ordering = |o: &BinOp| matches!(o, BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge);
        let flipped = op.swapped().filter(ordering)?;
        (flipped, &**r, &**l)
    } else {
        return None;
    };
    if has_read_or_nondet(hi) || hi.vars().iter().any(|v| facts.assigned.contains_key(v)) {
        return None;
    }
    let (min, max) = ty.range(dm);
    let up = delta > 0;
    let stride = delta.abs();
    let it_ty = it.ty(p);
    let c = IntType::usual_arith(it_ty, hi.ty(p), dm);
    let bound = if let Some(h) = const_value(p, hi) {
        let hc = c.wrap(h, dm);
        let (cmin, cmax) = c.range(dm);
        let (l, h) = if cmin <= min && max <= cmax {
            match op {
                BinOp::Lt => (min, hc),
                BinOp::Le => (min, hc + 1),
                BinOp::Gt => (hc + 1, max + 1),
                BinOp::Ge => (hc, max + 1),
                _ => return None,
            }
        } else {
            // `i` signed, compared as unsigned: negative values become huge. `i < h` then
            // holds exactly for 0 <= i < h when h is below every converted negative value.
            let n = c.bits(dm);
            let neg_start = (1i128 << n) - (1i128 << (ty.bits(dm) - 1));
            match op {
                BinOp::Lt if hc <= neg_start => (0, hc),
                BinOp::Le if hc < neg_start => (0, hc + 1),
                _ => return None,
            }
        };
        Bound::Const {
            l: l.max(min),
            h: h.min(max + 1),
        }
    } else if !is_iter(p, it, i) || (ty.is_signed() && !c.is_signed()) {
        // `(unsigned)i < hi` for a signed `i` counting up by 1 from a constant `lo >= 0`: in
        // an execution without undefined behaviour `i` never passes its type's maximum (the
        // step would overflow), so every value it takes is non-negative and the unsigned view
        // is its value: the loop is `i < hi` over `[lo, hi)`, and when it ends normally
        // `hi <= max`, so `(int)hi` is the exit value. With an unknown or negative `lo` the
        // iterations would wrap through the negative values: not a counting loop.
        let from_non_negative = lo(i).is_some_and(|l| l >= 0);
        let unsigned_cmp = !c.is_signed() && c.bits(dm) >= ty.bits(dm) && ty.promote() == ty;
        if !(up && stride == 1 && from_non_negative && unsigned_cmp && op == BinOp::Lt) {
            return None;
        }
        Bound::Dyn { hi: hi.clone() }
    } else {
        if it_ty != ty || ty.promote() != ty || c != ty {
            return None;
        }
        match (op, up) {
            (BinOp::Lt, true) | (BinOp::Gt, false) => Bound::Dyn { hi: hi.clone() },
            _ => return None,
        }
    };
    let lo = lo(i);
    if stride > 1 && (lo.is_none() || !matches!(bound, Bound::Const { .. }) || ty.bits(dm) > 32) {
        return None;
    }
    let cnt = Counting {
        i,
        ty,
        up,
        stride,
        lo,
        bound,
        cond: cond.clone(),
    };
    // No wrap-around: the exit value must be a value of the type.
    if let Bound::Const { l, h } = cnt.bound {
        match (up, lo) {
            (true, _) if stride == 1 && h > max => return None,
            (false, _) if stride == 1 && l - 1 < min => return None,
            (_, Some(lo)) => {
                let e = cnt.exit_const(lo);
                if e < min || e > max {
                    return None;
                }
            }
            _ => {}
        }
    }
    Some(cnt)
}

impl Counting {
    /// Whether the constant `v` satisfies the condition (constant bounds only).
    fn holds_const(&self, v: i128) -> Option<bool> {
        match self.bound {
            Bound::Const { l, h } => Some(l <= v && v < h),
            Bound::Dyn { .. } => None,
        }
    }

    /// The iterator's value after the loop when it starts at the constant `lo` (constant
    /// bounds).
    fn exit_const(&self, lo: i128) -> i128 {
        let Bound::Const { l, h } = self.bound else {
            return lo;
        };
        if !(l <= lo && lo < h) {
            return lo;
        }
        let s = self.stride;
        if self.up {
            lo + (h - lo + s - 1) / s * s
        } else {
            lo - (lo - l + 1 + s - 1) / s * s
        }
    }

    /// The iterator values the loop runs through, when all are known: `[a, b)` (stride 1 or
    /// the stride's multiples from `lo`).
    fn static_span(&self) -> Option<(i128, i128)> {
        let lo = self.lo?;
        let Bound::Const { l, h } = self.bound else {
            return None;
        };
        if !(l <= lo && lo < h) {
            return Some((0, 0));
        }
        Some(if self.up { (lo, h) } else { (l, lo + 1) })
    }

    /// All iterations are valid indexes of an array of `n` elements.
    fn within(&self, n: u64) -> bool {
        match self.static_span() {
            Some((a, b)) => a >= b || (a >= 0 && b <= n as i128),
            None => false,
        }
    }

    /// Every index of an array of `n` elements is an iteration.
    fn covers(&self, n: u64) -> bool {
        self.stride == 1
            && match self.static_span() {
                Some((a, b)) => a <= 0 && n as i128 <= b,
                None => false,
            }
    }
}

/// `a && b`, dropping constant-true operands.
fn and(a: Expr, b: Expr) -> Expr {
    let t = |e: &Expr| matches!(e, Expr::Const(v, _) if *v != 0);
    if t(&a) {
        b
    } else if t(&b) {
        a
    } else {
        Expr::bin(BinOp::LogAnd, a, b)
    }
}

fn truth(b: bool) -> Expr {
    Expr::int(b as i128)
}

/// A transformed loop body and the labels its `break`s and `continue`s jump to.
struct LoopBody {
    stmts: Vec<Stmt>,
    brk: Option<LabelId>,
    cont: Option<LabelId>,
}

/// The innermost loop being transformed.
struct Ctx {
    id: Vertex,
    brk: Option<LabelId>,
    cont: Option<LabelId>,
    /// Set in an other iteration whose assertions are checked by a witness iteration.
    quiet: Option<VarId>,
    /// Set in an other iteration after the witness one: it may not leave the loop (the
    /// witness iteration followed by a later exit stands for that, with the exact elements).
    late: Option<VarId>,
    /// The labels inside the loop (a `goto` elsewhere leaves it).
    labels: Vec<LabelId>,
}

struct Tx<'a> {
    p: &'a Program,
    q: Program,
    /// The witness index of each frozen size variable (symbolic sizes).
    sized_by: BTreeMap<VarId, VarId>,
    classes: SizeClasses,
    wit_of: BTreeMap<ArrId, VarId>,
    element_vars: BTreeMap<ArrId, VarId>,
    ctx: Vec<Ctx>,
    loops: Vec<LoopReport>,
    /// Pending alignment assumptions (see [`alignments`]), by vertex.
    align: BTreeMap<Vertex, (VarId, Expr, u32)>,
}

impl Tx<'_> {
    fn st(&self, kind: StmtKind, like: &Stmt) -> Stmt {
        Stmt {
            kind,
            span: like.span,
            id: like.id,
        }
    }

    fn expr(&self, e: &Expr) -> Expr {
        match e {
            Expr::Const(..) | Expr::Var(_) | Expr::Nondet(_) => e.clone(),
            Expr::Read(a, i) => {
                let elem = self.p.array(*a).elem;
                match (self.wit_of.get(a), self.element_vars.get(a)) {
                    (Some(&w), Some(&x)) => Expr::cond(
                        Expr::bin(BinOp::Eq, self.expr(i), Expr::Var(w)),
                        Expr::Var(x),
                        Expr::Nondet(elem),
                    ),
                    _ => Expr::Nondet(elem),
                }
            }
            Expr::Unary(op, x) => Expr::Unary(*op, Box::new(self.expr(x))),
            Expr::Cast(t, x) => Expr::Cast(*t, Box::new(self.expr(x))),
            Expr::Binary(op, a, b) => Expr::bin(*op, self.expr(a), self.expr(b)),
            Expr::Cond(c, t, f) => Expr::cond(self.expr(c), self.expr(t), self.expr(f)),
        }
    }

    fn stmts(&mut self, ss: &[Stmt]) -> Result<Vec<Stmt>, AraError> {
        let mut out = Vec::new();
        for (k, s) in ss.iter().enumerate() {
            self.stmt(s, &ss[..k], &mut out)?;
        }
        Ok(out)
    }

    fn label(&mut self, base: &str) -> LabelId {
        let name = self.q.fresh_name(base);
        self.q.labels.push(name);
        LabelId(self.q.labels.len() as u32 - 1)
    }

    fn stmt(&mut self, s: &Stmt, before: &[Stmt], out: &mut Vec<Stmt>) -> Result<(), AraError> {
        if self.ctx.is_empty()
            && !matches!(s.kind, StmtKind::Label(_) | StmtKind::Block(_))
            && let Some((_, cond, _)) = self.align.remove(&s.id)
        {
            out.push(self.st(StmtKind::Assume(cond), s));
        }
        let kind = match &s.kind {
            StmtKind::Assign(x, e) => StmtKind::Assign(*x, self.expr(e)),
            StmtKind::Store(a, i, e) => match self.element_vars.get(a) {
                Some(&x) => {
                    let w = self.wit_of[a];
                    StmtKind::Assign(
                        x,
                        Expr::cond(
                            Expr::bin(BinOp::Eq, self.expr(i), Expr::Var(w)),
                            self.expr(e),
                            Expr::Var(x),
                        ),
                    )
                }
                None => StmtKind::Skip,
            },
            StmtKind::ParAssign(xs) => {
                StmtKind::ParAssign(xs.iter().map(|(x, e)| (*x, self.expr(e))).collect())
            }
            StmtKind::Assume(c) => StmtKind::Assume(self.expr(c)),
            StmtKind::Assert(c) => {
                let c = self.expr(c);
                match self.ctx.last().and_then(|c| c.quiet) {
                    Some(q) => StmtKind::If(
                        Expr::Var(q),
                        vec![self.st(StmtKind::Assume(c.clone()), s)],
                        vec![self.st(StmtKind::Assert(c), s)],
                    ),
                    None => StmtKind::Assert(c),
                }
            }
            StmtKind::Error => match self.ctx.last().and_then(|c| c.quiet) {
                Some(q) => StmtKind::If(
                    Expr::Var(q),
                    vec![self.st(StmtKind::Assume(Expr::int(0)), s)],
                    vec![self.st(StmtKind::Error, s)],
                ),
                None => StmtKind::Error,
            },
            StmtKind::Exit | StmtKind::Skip | StmtKind::Label(_) => s.kind.clone(),
            StmtKind::Goto(l) => {
                out.extend(self.jump(*l, s));
                return Ok(());
            }
            StmtKind::Break | StmtKind::Continue => {
                let brk = matches!(s.kind, StmtKind::Break);
                let Some(top) = self.ctx.len().checked_sub(1) else {
                    return Err(unsupported(
                        self.p,
                        s.span,
                        "break or continue outside a loop",
                    ));
                };
                let id = self.ctx[top].id;
                let slot = if brk {
                    self.ctx[top].brk
                } else {
                    self.ctx[top].cont
                };
                let l = match slot {
                    Some(l) => l,
                    None => {
                        let l = self.label(&format!(
                            "ara_{}_{id}",
                            if brk { "break" } else { "continue" }
                        ));
                        if brk {
                            self.ctx[top].brk = Some(l);
                        } else {
                            self.ctx[top].cont = Some(l);
                        }
                        l
                    }
                };
                if brk && let Some(late) = self.ctx[top].late {
                    out.push(self.st(StmtKind::Assume(Expr::not(Expr::Var(late))), s));
                }
                StmtKind::Goto(l)
            }
            StmtKind::If(c, t, e) => StmtKind::If(self.expr(c), self.stmts(t)?, self.stmts(e)?),
            StmtKind::Block(b) => StmtKind::Block(self.stmts(b)?),
            StmtKind::Call(_) => {
                return Err(AraError::Internal(crate::ir::procs::NO_CALLS.into()));
            }
            StmtKind::While { cond, body, step } => {
                return self.while_loop(s, before, cond, body, step, out);
            }
            StmtKind::DoWhile { body, cond } => return self.do_while(s, before, body, cond, out),
        };
        out.push(self.st(kind, s));
        if let StmtKind::Assign(x, _) = &s.kind {
            out.extend(self.allocated(*x, s));
        }
        Ok(())
    }

    /// After the one assignment of a frozen size variable `n` (the allocation of its arrays):
    /// `assume(n <= 0 || (long long)n < 0 || (long long)w < (long long)n)` for their witness
    /// index `w`. Sound: an execution reaching the error is simulated with `w` the index the
    /// error's iteration uses, a valid index of the arrays (no undefined behaviour), so
    /// `w < n` when `n > 0`; with `n <= 0` the arrays have no element, and with a size past
    /// `long long` (an `unsigned long` count of 2^63 or more, from `malloc(n * sizeof(int))`
    /// with `int n = -1`) the comparison in `long long` would be false for every `w`: in both
    /// cases nothing is assumed, so an execution that never touches the arrays goes on (see
    /// "Sizes out of range" in the module doc).
    fn allocated(&self, n: VarId, like: &Stmt) -> Option<Stmt> {
        let w = *self.sized_by.get(&n)?;
        let big = IntType::LongLong;
        let n_big = Expr::Cast(big, Box::new(Expr::Var(n)));
        let empty = Expr::bin(BinOp::Le, Expr::Var(n), Expr::Const(0, self.q.var(n).ty));
        let past = Expr::bin(BinOp::Lt, n_big.clone(), Expr::Const(0, big));
        let inside = Expr::bin(BinOp::Lt, Expr::Cast(big, Box::new(Expr::Var(w))), n_big);
        let vacuous = Expr::bin(BinOp::LogOr, empty, past);
        Some(self.st(
            StmtKind::Assume(Expr::bin(BinOp::LogOr, vacuous, inside)),
            like,
        ))
    }

    /// `goto l`, after assuming that no loop it leaves is in an iteration that may not leave.
    fn jump(&self, l: LabelId, like: &Stmt) -> Vec<Stmt> {
        let mut out: Vec<Stmt> = self
            .ctx
            .iter()
            .filter(|c| !c.labels.contains(&l))
            .filter_map(|c| c.late)
            .map(|late| self.st(StmtKind::Assume(Expr::not(Expr::Var(late))), like))
            .collect();
        out.push(self.st(StmtKind::Goto(l), like));
        out
    }

    /// The havoc of the loopdefs: a nondet value, or the current value or one of the
    /// constants when only constants are assigned.
    fn havoc(&self, vars: &[(VarId, Option<BTreeSet<i128>>)], like: &Stmt) -> Vec<Stmt> {
        vars.iter()
            .map(|(x, consts)| {
                let ty = self.q.var(*x).ty;
                let e = match consts {
                    Some(cs) if cs.len() <= 8 => cs.iter().fold(Expr::Var(*x), |rest, &c| {
                        Expr::cond(Expr::Nondet(IntType::Int), Expr::Const(c, ty), rest)
                    }),
                    _ => Expr::Nondet(ty),
                };
                self.st(StmtKind::Assign(*x, e), like)
            })
            .collect()
    }

    /// The loopdefs of a loop: scalars it assigns (but `skip`), and the element variables of
    /// arrays it writes (but those in `exact`).
    fn loopdefs(
        &self,
        f: &Facts,
        skip: Option<VarId>,
        exact: &BTreeSet<ArrId>,
    ) -> Vec<(VarId, Option<BTreeSet<i128>>)> {
        let mut d: Vec<(VarId, Option<BTreeSet<i128>>)> = f
            .assigned
            .iter()
            .filter(|(x, _)| Some(**x) != skip)
            .map(|(x, c)| (*x, c.clone()))
            .collect();
        for (a, (_, consts)) in &f.stores {
            if let Some(&x) = self.element_vars.get(a)
                && !exact.contains(a)
            {
                d.push((x, consts.clone()));
            }
        }
        d
    }

    fn names(&self, d: &[(VarId, Option<BTreeSet<i128>>)]) -> Vec<String> {
        d.iter()
            .map(|(x, _)| self.q.var(*x).display.clone())
            .collect()
    }

    /// Transforms the body of a loop in a new loop context; returns it with the labels it
    /// used.
    fn loop_body(
        &mut self,
        s: &Stmt,
        body: &[Stmt],
        quiet: Option<VarId>,
        late: Option<VarId>,
    ) -> Result<LoopBody, AraError> {
        let mut f = Facts::default();
        f.stmts(self.p, body, 0);
        self.ctx.push(Ctx {
            id: s.id,
            brk: None,
            cont: None,
            quiet,
            late,
            labels: f.labels,
        });
        let r = self.stmts(body);
        let c = self.ctx.pop().expect("pushed above");
        Ok(LoopBody {
            stmts: r?,
            brk: c.brk,
            cont: c.cont,
        })
    }

    fn while_loop(
        &mut self,
        s: &Stmt,
        before: &[Stmt],
        cond: &Expr,
        body: &[Stmt],
        step: &[Stmt],
        out: &mut Vec<Stmt>,
    ) -> Result<(), AraError> {
        let p = self.p;
        let lo = |i: VarId| entry_const(p, before, i);
        // Candidate shapes: as written; `i < n && c` as `i < n` with `if (!c) break;` first;
        // a while loop whose body ends with the increment as a for loop.
        let mut shapes: Vec<(Expr, Vec<Stmt>, Vec<Stmt>)> =
            vec![(cond.clone(), body.to_vec(), step.to_vec())];
        let mut conj = Vec::new();
        flatten_and(cond, &mut conj);
        if conj.len() > 1 {
            let rest = conj[1..]
                .iter()
                .cloned()
                .reduce(|a, b| Expr::bin(BinOp::LogAnd, a, b))
                .expect("two conjuncts at least");
            let guard = self.st(
                StmtKind::If(Expr::not(rest), vec![self.st(StmtKind::Break, s)], vec![]),
                s,
            );
            let mut b = vec![guard];
            b.extend(body.iter().cloned());
            shapes.push((conj[0].clone(), b, step.to_vec()));
        }
        for k in 0..shapes.len() {
            let (c, b, st) = &shapes[k];
            if st.is_empty()
                && let Some(last) = b.last()
                && matches!(last.kind, StmtKind::Assign(..))
            {
                let mut f = Facts::default();
                f.stmts(p, &b[..b.len() - 1], 0);
                if !f.own_continue {
                    shapes.push((c.clone(), b[..b.len() - 1].to_vec(), vec![last.clone()]));
                }
            }
        }
        for (c, b, st) in &shapes {
            let facts = Facts::of_loop(p, Some(c), b, st);
            let mut body_facts = Facts::default();
            body_facts.stmts(p, b, 0);
            if let Some(cnt) = counting(p, c, st, &facts, lo)
                && !body_facts.assigned.contains_key(&cnt.i)
            {
                return self.counting_loop(s, cnt, b, &facts, out);
            }
        }
        self.havoc_loop(s, Some(cond), body, step, out)
    }

    /// A loop that is not a counting loop: havoc, the body under a nondeterministic guard,
    /// havoc, the negated condition (none for do-while's first iteration).
    fn havoc_loop(
        &mut self,
        s: &Stmt,
        cond: Option<&Expr>,
        body: &[Stmt],
        step: &[Stmt],
        out: &mut Vec<Stmt>,
    ) -> Result<(), AraError> {
        let f = Facts::of_loop(self.p, cond, body, step);
        let mut sf = Facts::default();
        sf.stmts(self.p, step, 0);
        if sf.own_break || sf.own_continue || !sf.gotos.is_empty() {
            return Err(unsupported(self.p, s.span, "jump in a loop's increment"));
        }
        let d = self.loopdefs(&f, None, &BTreeSet::new());
        let other = f.leaves() || f.errors();
        self.loops.push(LoopReport {
            line: s.span.line,
            form: LoopForm::Havoc,
            iterator: None,
            witness: None,
            havocked: self.names(&d),
            other_iteration: other,
        });
        out.extend(self.havoc(&d, s));
        let mut brk = None;
        if other {
            let LoopBody {
                stmts: b,
                brk: brk_l,
                cont: cont_l,
            } = self.loop_body(s, body, None, None)?;
            brk = brk_l;
            let mut inner = Vec::new();
            if let Some(c) = cond {
                inner.push(self.st(StmtKind::Assume(self.expr(c)), s));
            }
            inner.extend(b);
            if let Some(l) = cont_l {
                inner.push(self.st(StmtKind::Label(l), s));
            }
            // The step (an increment) runs after the label of `continue`, in a context of its
            // own: its assertions belong to this loop, not to the enclosing one.
            self.ctx.push(Ctx {
                id: s.id,
                brk: None,
                cont: None,
                quiet: None,
                late: None,
                labels: vec![],
            });
            let st = self.stmts(step);
            self.ctx.pop();
            inner.extend(st?);
            inner.push(self.st(StmtKind::Assume(Expr::int(0)), s));
            out.push(self.st(StmtKind::If(Expr::Nondet(IntType::Int), inner, vec![]), s));
        }
        out.extend(self.havoc(&d, s));
        if let Some(c) = cond {
            out.push(self.st(StmtKind::Assume(Expr::not(self.expr(c))), s));
        }
        if let Some(l) = brk {
            out.push(self.st(StmtKind::Label(l), s));
        }
        Ok(())
    }

    fn do_while(
        &mut self,
        s: &Stmt,
        before: &[Stmt],
        body: &[Stmt],
        cond: &Expr,
        out: &mut Vec<Stmt>,
    ) -> Result<(), AraError> {
        // `i = lo; do { …; i++; } while (i < n);` with the test true for `lo` is a for loop.
        if let Some((last, rest)) = body.split_last()
            && matches!(last.kind, StmtKind::Assign(..))
        {
            let p = self.p;
            let mut body_facts = Facts::default();
            body_facts.stmts(p, rest, 0);
            let step = std::slice::from_ref(last);
            let facts = Facts::of_loop(p, Some(cond), rest, step);
            if !body_facts.own_continue
                && let Some(cnt) = counting(p, cond, step, &facts, |i| entry_const(p, before, i))
                && !body_facts.assigned.contains_key(&cnt.i)
                && cnt.lo.and_then(|lo| cnt.holds_const(lo)) == Some(true)
            {
                return self.counting_loop(s, cnt, rest, &facts, out);
            }
        }
        if const_value(self.p, cond) == Some(0) {
            // `do { … } while (0)`: the body once; `continue` goes to the (false) test.
            self.loops.push(LoopReport {
                line: s.span.line,
                form: LoopForm::Once,
                iterator: None,
                witness: None,
                havocked: vec![],
                other_iteration: false,
            });
            let LoopBody {
                stmts: b,
                brk,
                cont,
            } = self.loop_body(s, body, None, None)?;
            out.extend(b);
            for l in [cont, brk].into_iter().flatten() {
                out.push(self.st(StmtKind::Label(l), s));
            }
            return Ok(());
        }
        // The first iteration needs no test; later ones are among the havocked states.
        let f = Facts::of_loop(self.p, Some(cond), body, &[]);
        let d = self.loopdefs(&f, None, &BTreeSet::new());
        let other = f.leaves() || f.errors();
        self.loops.push(LoopReport {
            line: s.span.line,
            form: LoopForm::Havoc,
            iterator: None,
            witness: None,
            havocked: self.names(&d),
            other_iteration: other,
        });
        out.extend(self.havoc(&d, s));
        let mut brk = None;
        if other {
            let LoopBody {
                stmts: mut b,
                brk: brk_l,
                cont: cont_l,
            } = self.loop_body(s, body, None, None)?;
            brk = brk_l;
            if let Some(l) = cont_l {
                b.push(self.st(StmtKind::Label(l), s));
            }
            b.push(self.st(StmtKind::Assume(Expr::int(0)), s));
            out.push(self.st(StmtKind::If(Expr::Nondet(IntType::Int), b, vec![]), s));
        }
        out.extend(self.havoc(&d, s));
        out.push(self.st(StmtKind::Assume(Expr::not(self.expr(cond))), s));
        if let Some(l) = brk {
            out.push(self.st(StmtKind::Label(l), s));
        }
        Ok(())
    }

    /// A counting loop: the witness iteration (when the body accesses arrays at `[i]`), an
    /// other iteration when needed, the exit value of the iterator.
    fn counting_loop(
        &mut self,
        s: &Stmt,
        cnt: Counting,
        body: &[Stmt],
        f: &Facts,
        out: &mut Vec<Stmt>,
    ) -> Result<(), AraError> {
        let p = self.p;
        let dm = p.data_model;
        let ty = cnt.ty;
        let (_, tmax) = ty.range(dm);
        let i = cnt.i;
        // The size class of the arrays accessed at [i]: the most written, then the most read.
        let mut score: BTreeMap<Size, (usize, usize)> = BTreeMap::new();
        for (a, (idx, _)) in &f.stores {
            for e in idx {
                if is_iter(p, e, i) {
                    score.entry(self.classes.of_array(p, *a)).or_default().0 += 1;
                }
            }
        }
        for (a, e) in &f.reads {
            if is_iter(p, e, i) {
                score.entry(self.classes.of_array(p, *a)).or_default().1 += 1;
            }
        }
        let class = score
            .iter()
            .filter(|(n, _)| match n {
                Size::Const(n) => *n >= 1 && (*n - 1) as i128 <= tmax,
                Size::Var(_) => true,
            })
            .max_by(|x, y| x.1.cmp(y.1).then(y.0.cmp(x.0)))
            .map(|(n, _)| *n);
        let w = class.and_then(|n| {
            p.array_ids()
                .find(|a| self.classes.of_array(p, *a) == n)
                .and_then(|a| self.wit_of.get(&a).copied())
        });
        // Arrays exact in the witness iteration: of the class, written only at [i].
        let exact: BTreeSet<ArrId> = match class {
            Some(n) if w.is_some() => f
                .stores
                .iter()
                .filter(|(a, (idx, _))| {
                    self.classes.of_array(p, **a) == n && idx.iter().all(|e| is_iter(p, e, i))
                })
                .map(|(a, _)| *a)
                .collect(),
            _ => BTreeSet::new(),
        };
        let d = self.loopdefs(f, Some(i), &exact);
        let exact_vars: Vec<(VarId, Option<BTreeSet<i128>>)> =
            exact.iter().map(|a| (self.element_vars[a], None)).collect();

        // The entry value of the iterator.
        let lo_e = match cnt.lo {
            Some(v) => Expr::Const(v, ty),
            None => {
                let v = self
                    .q
                    .fresh_var(&format!("ara_lo_{}", s.id), ty, Storage::Local);
                out.push(self.st(StmtKind::Assign(v, Expr::Var(i)), s));
                Expr::Var(v)
            }
        };
        // in(v): the iteration with i = v happens (unless the loop is left before).
        let cond_at = |v: &Expr| replace_var(&cnt.cond, i, v);
        let in_e = |v: &Expr| -> Expr {
            let lo_ok = match cnt.lo.and_then(|lo| cnt.holds_const(lo)) {
                Some(b) => truth(b),
                None => cond_at(&lo_e),
            };
            let from = Expr::bin(
                if cnt.up { BinOp::Ge } else { BinOp::Le },
                v.clone(),
                lo_e.clone(),
            );
            let mut e = and(lo_ok, and(from, cond_at(v)));
            if cnt.stride > 1 {
                let ll = IntType::LongLong;
                e = and(
                    e,
                    Expr::bin(
                        BinOp::Eq,
                        Expr::bin(
                            BinOp::Rem,
                            Expr::bin(
                                BinOp::Sub,
                                Expr::Cast(ll, Box::new(v.clone())),
                                Expr::Cast(ll, Box::new(lo_e.clone())),
                            ),
                            Expr::Const(cnt.stride, ll),
                        ),
                        Expr::Const(0, ll),
                    ),
                );
            }
            e
        };
        let exit_e = match (cnt.lo, &cnt.bound) {
            (Some(lo), Bound::Const { .. }) => Expr::Const(cnt.exit_const(lo), ty),
            (None, Bound::Const { l, h }) => {
                let end = if cnt.up { *h } else { *l - 1 };
                Expr::cond(cond_at(&lo_e), Expr::Const(end, ty), lo_e.clone())
            }
            (_, Bound::Dyn { hi }) => Expr::cond(
                cond_at(&lo_e),
                Expr::Cast(ty, Box::new(hi.clone())),
                lo_e.clone(),
            ),
        };
        let n = class.unwrap_or(Size::Const(0));
        // With a symbolic size the iteration of `w` is decided at run time (`in_e(w)`, exact).
        let (within, covers) = match (w, n) {
            (Some(_), Size::Const(n)) => (cnt.within(n), cnt.covers(n)),
            _ => (false, false),
        };
        let other = match w {
            Some(_) => f.leaves() || f.nested_errors || (f.direct_errors && !within),
            None => f.leaves() || f.errors(),
        };
        self.loops.push(LoopReport {
            line: s.span.line,
            form: match (w, covers) {
                (Some(_), true) => LoopForm::Full,
                (Some(_), false) => LoopForm::Witness,
                (None, _) => LoopForm::Range,
            },
            iterator: Some(p.var(i).display.clone()),
            witness: w.map(|w| self.q.var(w).name.clone()),
            havocked: self.names(&d),
            other_iteration: other,
        });
        out.extend(self.havoc(&d, s));
        let w_as_i = w.map(|w| {
            if self.q.var(w).ty == ty {
                Expr::Var(w)
            } else {
                Expr::Cast(ty, Box::new(Expr::Var(w)))
            }
        });
        let quiet = match w {
            Some(_) if other && f.direct_errors => Some(self.q.fresh_var(
                &format!("ara_quiet_{}", s.id),
                IntType::Int,
                Storage::Local,
            )),
            _ => None,
        };
        // With exact elements, an other iteration after the witness one havocs them and may
        // not leave the loop.
        let late = match w {
            Some(_) if other && f.leaves() && !exact_vars.is_empty() => Some(self.q.fresh_var(
                &format!("ara_late_{}", s.id),
                IntType::Int,
                Storage::Local,
            )),
            _ => None,
        };
        let o = other.then(|| {
            self.q.fresh_var(
                &format!("ara_other_{}", s.id),
                IntType::Bool,
                Storage::Local,
            )
        });
        // Choose the iteration the body stands for.
        if let Some(o) = o {
            out.push(self.st(StmtKind::Assign(o, Expr::Nondet(IntType::Bool)), s));
            let mut then = vec![self.st(StmtKind::Assign(i, Expr::Nondet(ty)), s)];
            let vi = Expr::Var(i);
            let mut range = in_e(&vi);
            if let Some(wi) = &w_as_i {
                range = and(range, Expr::bin(BinOp::Ne, vi.clone(), wi.clone()));
            }
            then.push(self.st(StmtKind::Assume(range), s));
            if let Some(wi) = &w_as_i
                && !exact_vars.is_empty()
            {
                // Element w was written by an earlier iteration: its value is unknown.
                let before = and(
                    in_e(wi),
                    Expr::bin(
                        if cnt.up { BinOp::Lt } else { BinOp::Gt },
                        wi.clone(),
                        vi.clone(),
                    ),
                );
                let cond = match late {
                    Some(l) => {
                        then.push(self.st(StmtKind::Assign(l, before), s));
                        Expr::Var(l)
                    }
                    None => before,
                };
                then.push(self.st(StmtKind::If(cond, self.havoc(&exact_vars, s), vec![]), s));
            }
            let mut els = Vec::new();
            if let Some(l) = late {
                els.push(self.st(StmtKind::Assign(l, Expr::int(0)), s));
            }
            if let Some(q) = quiet {
                let valid = if within {
                    Expr::int(1)
                } else {
                    let big = IntType::LongLong;
                    let mut e = match n {
                        Size::Const(n) => {
                            Expr::bin(BinOp::Le, vi.clone(), Expr::Const(n as i128 - 1, ty))
                        }
                        Size::Var(_) => Expr::bin(
                            BinOp::Lt,
                            Expr::Cast(big, Box::new(vi.clone())),
                            size_expr(n, big),
                        ),
                    };
                    if ty.is_signed() {
                        e = and(Expr::bin(BinOp::Ge, vi.clone(), Expr::Const(0, ty)), e);
                    }
                    e
                };
                then.push(self.st(StmtKind::Assign(q, valid), s));
                els.push(self.st(StmtKind::Assign(q, Expr::int(0)), s));
            }
            if let Some(wi) = &w_as_i {
                els.push(self.st(StmtKind::Assign(i, wi.clone()), s));
            }
            out.push(self.st(StmtKind::If(Expr::Var(o), then, els), s));
        } else if let Some(wi) = &w_as_i {
            out.push(self.st(StmtKind::Assign(i, wi.clone()), s));
        }
        // Run the body: for the witness iteration when it happens, or the other iteration.
        let run = match (&w_as_i, o) {
            _ if covers => Some(Expr::int(1)),
            (Some(wi), Some(o)) => Some(Expr::bin(BinOp::LogOr, Expr::Var(o), in_e(wi))),
            (Some(wi), None) => Some(in_e(wi)),
            (None, Some(o)) => Some(Expr::Var(o)),
            (None, None) => None,
        };
        let mut brk = None;
        if let Some(run) = run {
            let LoopBody {
                stmts: mut b,
                brk: brk_l,
                cont: cont_l,
            } = self.loop_body(s, body, quiet, late)?;
            brk = brk_l;
            if let Some(l) = cont_l {
                b.push(self.st(StmtKind::Label(l), s));
            }
            if let Some(o) = o {
                b.push(self.st(StmtKind::Assume(Expr::not(Expr::Var(o))), s));
            }
            if let Some(wi) = &w_as_i
                && f.leaves()
            {
                // The witness iteration done, the loop may still be left by a later
                // iteration: any state, the iterator past w, one of the exits.
                let mut targets: Vec<LabelId> = brk_l.into_iter().collect();
                for l in &f.gotos {
                    if !f.labels.contains(l) && !targets.contains(l) {
                        targets.push(*l);
                    }
                }
                let mut later = self.havoc(&d, s);
                later.push(self.st(StmtKind::Assign(i, Expr::Nondet(ty)), s));
                let vi = Expr::Var(i);
                let past = Expr::bin(
                    if cnt.up { BinOp::Gt } else { BinOp::Lt },
                    vi.clone(),
                    wi.clone(),
                );
                later.push(self.st(StmtKind::Assume(and(in_e(&vi), past)), s));
                let mut choice: Vec<Stmt> = Vec::new();
                for (k, l) in targets.iter().enumerate().rev() {
                    let j = self.jump(*l, s);
                    choice = if k + 1 == targets.len() {
                        j
                    } else {
                        vec![self.st(StmtKind::If(Expr::Nondet(IntType::Int), j, choice), s)]
                    };
                }
                later.extend(choice);
                b.push(self.st(StmtKind::If(Expr::Nondet(IntType::Int), later, vec![]), s));
            }
            if matches!(run, Expr::Const(v, _) if v != 0) {
                out.push(self.st(StmtKind::Block(b), s));
            } else {
                out.push(self.st(StmtKind::If(run, b, vec![]), s));
            }
        }
        out.extend(self.havoc(&d, s));
        out.push(self.st(StmtKind::Assign(i, exit_e), s));
        if let Some(l) = brk {
            out.push(self.st(StmtKind::Label(l), s));
        }
        Ok(())
    }
}

/// The constant `i` has on entry to a loop preceded by the statements `before` (in its
/// block): the last assignment of a constant to `i`, if only straight-line statements that
/// leave `i` alone follow it (no label: nothing jumps in between).
fn entry_const(p: &Program, before: &[Stmt], i: VarId) -> Option<i128> {
    let dm = p.data_model;
    for s in before.iter().rev() {
        match &s.kind {
            StmtKind::Assign(x, e) if *x == i => {
                return const_value(p, e).map(|v| p.var(i).ty.wrap(v, dm));
            }
            StmtKind::Assign(..)
            | StmtKind::Store(..)
            | StmtKind::Assume(_)
            | StmtKind::Assert(_)
            | StmtKind::Skip => {}
            _ => return None,
        }
    }
    None
}

fn flatten_and(e: &Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::Binary(BinOp::LogAnd, a, b) => {
            flatten_and(a, out);
            flatten_and(b, out);
        }
        e => out.push(e.clone()),
    }
}
