//! The confirmed run again, step by step, on the IR: what each vertex assigned, read and
//! decided, for the source-level error trace.
//!
//! Takes the program (as `strategy::check` ran it: after `ir::dead`), its CFG, the run's
//! nondeterministic values in the order it read them and the initial values of uninitialised
//! locals (zero where none is given), as `engines::concrete::replay` feeds them to gcc; gives the
//! [`Run`]: one [`Event`] per vertex, the inputs named by what they initialise, and whether
//! the run reached the error. Only for display: the verdict was confirmed by the replay
//! before; a run that does not reach the error here (an interpreter limit, a disagreement)
//! is `Err` with the reason, and the report falls back to the path it has.

use crate::engines::smt::Model;
use crate::ir::cfg::{Action, Cfg, Guard};
use crate::ir::eval::{State, eval};
use crate::ir::{ArrId, ArrayInit, Expr, IntType, Program, Size, StmtKind, Storage, VarId, Vertex};

/// Vertices a run may pass at most.
const MAX_EVENTS: usize = 1_000_000;
/// Array elements a run may hold at most.
const MAX_ELEMS: usize = 1 << 22;

/// An element read: `a[index]` was `value`.
#[derive(Clone, Debug, PartialEq)]
pub struct Access {
    pub array: ArrId,
    pub index: i128,
    pub value: i128,
}

/// What a vertex did.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Scalars assigned (one, or several in parallel).
    Assign(Vec<(VarId, i128)>),
    Store(Access),
    /// A branching test (`if`, loop, `assume`) and its outcome.
    Test(bool),
    /// An assertion; when it fails, its operands' values (`i <= 1`: `i` and `1`).
    Assert {
        holds: bool,
        operands: Vec<(Operand, i128)>,
    },
    /// The error vertex.
    Error,
    Other,
}

/// An operand of a failing assertion.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    /// An array element (its index evaluated).
    Elem(ArrId, i128),
    Expr(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    pub vertex: Vertex,
    pub effect: Effect,
    /// The array elements the vertex read, in order.
    pub reads: Vec<Access>,
}

/// What an input initialises.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    Var(VarId),
    Elem(ArrId, i128),
    /// A nondet inside an expression: the vertex that read it.
    At(Vertex, IntType),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Input {
    pub target: Target,
    pub value: i128,
    /// The initial value of an uninitialised local (not a `__VERIFIER_nondet_*` call).
    pub uninitialised: bool,
    /// The vertex that read it first.
    pub vertex: Vertex,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub events: Vec<Event>,
    pub inputs: Vec<Input>,
    /// The scalars' values before the first vertex.
    pub initial_vars: Vec<i128>,
}

/// Why [`run`] stops at an assumption that does not hold.
pub const ASSUMPTION_FAILS: &str = "an assumption fails in the run";

/// The run of `p` on `nondets` and `initial`, when it reaches the error.
pub fn run(p: &Program, cfg: &Cfg, nondets: &[i128], initial: &Model) -> Result<Run, String> {
    let mut m = Machine::new(p, nondets, initial)?;
    let initial_vars = m.vars.clone();
    let mut v = Cfg::entry(p);
    loop {
        if m.events.len() >= MAX_EVENTS {
            return Err(format!("the run passes more than {MAX_EVENTS} statements"));
        }
        let node = cfg.node(v);
        let stmt = match &node.action {
            Action::ErrorVertex => {
                m.push(v, Effect::Error);
                return Ok(Run {
                    events: m.events,
                    inputs: m.inputs,
                    initial_vars,
                });
            }
            Action::ExitVertex => return Err("the run ends without reaching the error".into()),
            Action::Stmt(s) => s,
        };
        let effect = m.step(v, &stmt.kind)?;
        let guard = match &effect {
            Effect::Test(true) | Effect::Assert { holds: true, .. } => Guard::True,
            Effect::Test(false) | Effect::Assert { holds: false, .. } => Guard::False,
            _ => Guard::Always,
        };
        m.push(v, effect);
        v = match node.succ(&guard) {
            Some(w) => w,
            None if guard == Guard::False && matches!(stmt.kind, StmtKind::Assume(_)) => {
                return Err(ASSUMPTION_FAILS.into());
            }
            None => return Err(format!("vertex {v} has no successor for the run")),
        };
    }
}

struct Machine<'a> {
    p: &'a Program,
    nondets: &'a [i128],
    next: usize,
    initial: &'a Model,
    vars: Vec<i128>,
    /// Uninitialised locals not yet assigned.
    fresh_vars: Vec<bool>,
    /// Contents, and which elements are still uninitialised; `None` before allocation.
    arrays: Vec<Option<(Vec<i128>, Vec<bool>)>>,
    elems: usize,
    events: Vec<Event>,
    inputs: Vec<Input>,
    /// Reads and nondets of the vertex being run.
    reads: Vec<Access>,
    pending: Vec<(IntType, i128)>,
    vertex: Vertex,
    /// Evaluating an assertion's operands again: no reads recorded.
    quiet: bool,
}

impl<'a> Machine<'a> {
    fn new(p: &'a Program, nondets: &'a [i128], initial: &'a Model) -> Result<Self, String> {
        let mut m = Machine {
            p,
            nondets,
            next: 0,
            initial,
            vars: p.vars.iter().map(|v| v.init.unwrap_or(0)).collect(),
            fresh_vars: p
                .vars
                .iter()
                .map(|v| v.init.is_none() && v.storage == Storage::Local)
                .collect(),
            arrays: vec![None; p.arrays.len()],
            elems: 0,
            events: vec![],
            inputs: vec![],
            reads: vec![],
            pending: vec![],
            vertex: 0,
            quiet: false,
        };
        for vv in &initial.vars {
            if let Some(x) = m.vars.get_mut(vv.var.0 as usize) {
                *x = vv.value;
            }
        }
        for a in p.array_ids() {
            if let Size::Const(n) = p.array(a).size {
                m.allocate(a, n as i128)?;
            }
        }
        Ok(m)
    }

    fn allocate(&mut self, a: ArrId, n: i128) -> Result<(), String> {
        let n = usize::try_from(n).map_err(|_| "an array of negative size".to_string())?;
        self.elems += n;
        if self.elems > MAX_ELEMS {
            return Err(format!(
                "the run's arrays hold more than {MAX_ELEMS} elements"
            ));
        }
        let arr = self.p.array(a);
        let mut c = match &arr.init {
            ArrayInit::List(l) => (0..n).map(|k| l.get(k).copied().unwrap_or(0)).collect(),
            _ => vec![0; n],
        };
        let fresh = arr.init == ArrayInit::Nondet;
        if fresh {
            for e in self.initial.arrays.iter().filter(|e| e.array == a) {
                if let Some(x) = usize::try_from(e.index).ok().and_then(|k| c.get_mut(k)) {
                    *x = e.value;
                }
            }
        }
        self.arrays[a.0 as usize] = Some((c, vec![fresh; n]));
        Ok(())
    }

    fn push(&mut self, vertex: Vertex, effect: Effect) {
        let reads = std::mem::take(&mut self.reads);
        self.events.push(Event {
            vertex,
            effect,
            reads,
        });
    }

    fn eval(&mut self, e: &Expr) -> Result<i128, String> {
        eval(self.p, e, self).ok_or_else(|| {
            format!(
                "the run has no value for {} (vertex {})",
                crate::ir::print::expr_to_c(self.p, e),
                self.vertex
            )
        })
    }

    fn step(&mut self, v: Vertex, k: &StmtKind) -> Result<Effect, String> {
        self.vertex = v;
        self.pending.clear();
        let effect = match k {
            StmtKind::Assign(x, e) => {
                let val = self.eval(e)?;
                self.name_pending(|_| Target::Var(*x), e);
                Effect::Assign(vec![(*x, self.assign(*x, val)?)])
            }
            StmtKind::ParAssign(xs) => {
                let vals = xs
                    .iter()
                    .map(|(_, e)| self.eval(e))
                    .collect::<Result<Vec<_>, _>>()?;
                let mut out = vec![];
                for ((x, _), val) in xs.iter().zip(vals) {
                    out.push((*x, self.assign(*x, val)?));
                }
                Effect::Assign(out)
            }
            StmtKind::Store(a, i, e) => {
                let index = self.eval(i)?;
                let val = self.eval(e)?;
                let val = self.p.array(*a).elem.wrap(val, self.p.data_model);
                self.name_pending(|_| Target::Elem(*a, index), e);
                let (c, fresh) = self.arrays[a.0 as usize]
                    .as_mut()
                    .ok_or("a store into an array before its allocation")?;
                let k = usize::try_from(index)
                    .ok()
                    .filter(|&k| k < c.len())
                    .ok_or_else(|| format!("a store out of bounds (vertex {v})"))?;
                c[k] = val;
                fresh[k] = false;
                Effect::Store(Access {
                    array: *a,
                    index,
                    value: val,
                })
            }
            StmtKind::Assert(c) => {
                let holds = self.eval(c)? != 0;
                let operands = if holds { vec![] } else { self.operands(c) };
                Effect::Assert { holds, operands }
            }
            StmtKind::If(c, ..)
            | StmtKind::While { cond: c, .. }
            | StmtKind::DoWhile { cond: c, .. }
            | StmtKind::Assume(c) => Effect::Test(self.eval(c)? != 0),
            _ => Effect::Other,
        };
        self.name_pending(|t| Target::At(v, t), &Expr::int(0));
        Ok(effect)
    }

    /// The inputs the vertex read: named by `target` when the value assigned is the input
    /// itself (`x = __VERIFIER_nondet_int()`), else by the vertex.
    fn name_pending(&mut self, target: impl Fn(IntType) -> Target, e: &Expr) {
        let whole = matches!(strip_casts(e), Expr::Nondet(_)) && self.pending.len() == 1;
        for (t, value) in std::mem::take(&mut self.pending) {
            let target = if whole {
                target(t)
            } else {
                Target::At(self.vertex, t)
            };
            self.inputs.push(Input {
                target,
                value,
                uninitialised: false,
                vertex: self.vertex,
            });
        }
    }

    /// The values of a failing assertion's operands: both sides of a comparison, else the
    /// condition itself.
    fn operands(&mut self, c: &Expr) -> Vec<(Operand, i128)> {
        // Of a conjunction, the conjunct that fails.
        self.quiet = true;
        let mut c = strip_casts(c);
        while let Expr::Binary(crate::ir::BinOp::LogAnd, a, b) = c {
            c = match eval(self.p, a, self) {
                Some(0) => strip_casts(a),
                _ => strip_casts(b),
            };
        }
        self.quiet = false;
        let sides: Vec<&Expr> = match c {
            Expr::Binary(op, a, b) if op.is_boolean() => vec![a, b],
            Expr::Unary(crate::ir::UnOp::LogNot, a) => vec![a],
            other => vec![other],
        };
        self.quiet = true;
        let out = sides
            .into_iter()
            .filter(|e| reads_state(e))
            .filter_map(|e| {
                let value = eval(self.p, e, self)?;
                let operand = match strip_casts(e) {
                    Expr::Read(a, i) => Operand::Elem(*a, eval(self.p, i, self)?),
                    _ => Operand::Expr(e.clone()),
                };
                Some((operand, value))
            })
            .collect();
        self.quiet = false;
        out
    }

    /// `x := val` (wrapped), and the allocation of the arrays `x` sizes.
    fn assign(&mut self, x: VarId, val: i128) -> Result<i128, String> {
        let val = self.p.var(x).ty.wrap(val, self.p.data_model);
        self.vars[x.0 as usize] = val;
        self.fresh_vars[x.0 as usize] = false;
        for a in self.p.arrays_sized_by(x) {
            self.allocate(a, val)?;
        }
        Ok(val)
    }
}

impl State for Machine<'_> {
    fn var(&mut self, v: VarId) -> i128 {
        let k = v.0 as usize;
        if self.fresh_vars[k] && !self.quiet {
            self.fresh_vars[k] = false;
            self.inputs.push(Input {
                target: Target::Var(v),
                value: self.vars[k],
                uninitialised: true,
                vertex: self.vertex,
            });
        }
        self.vars[k]
    }

    fn read(&mut self, a: ArrId, i: i128) -> Option<i128> {
        let (c, fresh) = self.arrays[a.0 as usize].as_mut()?;
        let k = usize::try_from(i).ok().filter(|&k| k < c.len())?;
        let value = c[k];
        if self.quiet {
            return Some(value);
        }
        if fresh[k] {
            fresh[k] = false;
            self.inputs.push(Input {
                target: Target::Elem(a, i),
                value,
                uninitialised: true,
                vertex: self.vertex,
            });
        }
        self.reads.push(Access {
            array: a,
            index: i,
            value,
        });
        Some(value)
    }

    fn nondet(&mut self, t: IntType) -> i128 {
        let v = self.nondets.get(self.next).copied().unwrap_or(0);
        self.next += 1;
        let v = t.wrap(v, self.p.data_model);
        self.pending.push((t, v));
        v
    }
}

/// Whether `e` reads a variable or an element (a constant operand says nothing).
fn reads_state(e: &Expr) -> bool {
    let mut any = false;
    e.visit(&mut |x| any |= matches!(x, Expr::Var(_) | Expr::Read(..)));
    any
}

fn strip_casts(e: &Expr) -> &Expr {
    match e {
        Expr::Cast(_, x) => strip_casts(x),
        other => other,
    }
}
