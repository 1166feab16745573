//! Concrete runs of an IR program at small sizes: the states at its cut points.
//!
//! Takes a [`Program`] and its cut points; gives [`Observation`]s: the scalars and the
//! arrays' contents each time a run reaches a cut point, over a few runs with seeded small
//! nondeterministic values (sizes between 0 and a few dozen, so that loops over symbolic
//! sizes end quickly). The interpreter follows C's integer semantics closely (values wrapped
//! into their types, truncating division) but it is *only a source of leads*: the
//! observations filter the guessed candidates of [`super::guess`] before Houdini, so a wrong
//! observation can only drop a candidate (cost a proof), never make a verdict. A run that
//! reads out of bounds, divides by zero, meets a `goto` or runs too long stops there (its
//! states so far are kept: they are still states of a run).

use crate::ir::{
    ArrayInit, BinOp, Expr, IntType, Program, Size, Stmt, StmtKind, UnOp, VarId, Vertex,
};
use std::collections::BTreeSet;

/// The state of a run at a cut point.
#[derive(Clone, Debug, PartialEq)]
pub struct Observation {
    pub vertex: Vertex,
    /// Which run (0, 1, …).
    pub run: usize,
    /// By variable number.
    pub scalars: Vec<i128>,
    /// By array number; `None` before a symbolic-size array's allocation.
    pub arrays: Vec<Option<Vec<i128>>>,
}

/// Largest symbolic size a run allocates (larger runs stop).
const MAX_SIZE: i128 = 64;
/// Elements kept of a constant-size array larger than 4096.
const LARGE_PREFIX: usize = 256;
/// Statements a run executes at most.
const FUEL: usize = 200_000;
/// Observations kept per run at most.
const MAX_OBS: usize = 4_000;

/// The states at `cuts` of up to `runs` runs of `p` (seeds 1, 2, …; a run an assumption
/// rejects, or one that reaches no cut point, is drawn again, `runs * 20` draws at most).
pub fn observe(p: &Program, cuts: &BTreeSet<Vertex>, runs: usize) -> Vec<Observation> {
    let mut out = vec![];
    let mut done = 0;
    for seed in 1..=(runs as u64 * 20) {
        if done == runs {
            break;
        }
        let mut m = Machine::new(p, cuts, seed);
        m.run = done;
        let end = m.block(&p.body);
        // A run that an assumption rejected is none; one that reached no cut point (an
        // early `return` on a size out of range) tells nothing: both are drawn again.
        if !matches!(end, Flow::Stop(End::Rejected)) && !m.obs.is_empty() {
            done += 1;
            out.extend(m.obs);
        }
    }
    out
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum End {
    /// Exit, the error, the end of `main`: a complete run.
    Done,
    /// An assumption failed: not a run.
    Rejected,
    /// The interpreter cannot go on (out of bounds, division by zero, `goto`, fuel).
    Stuck,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Flow {
    Normal,
    Break,
    Continue,
    Stop(End),
}

struct Machine<'a> {
    p: &'a Program,
    cuts: &'a BTreeSet<Vertex>,
    vars: Vec<i128>,
    arrays: Vec<Option<Vec<i128>>>,
    rng: u64,
    fuel: usize,
    run: usize,
    obs: Vec<Observation>,
}

impl<'a> Machine<'a> {
    fn new(p: &'a Program, cuts: &'a BTreeSet<Vertex>, seed: u64) -> Machine<'a> {
        let mut m = Machine {
            p,
            cuts,
            vars: vec![],
            arrays: vec![],
            rng: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            fuel: FUEL,
            run: 0,
            obs: vec![],
        };
        m.vars = p
            .vars
            .iter()
            .map(|v| v.init.unwrap_or(0))
            .collect::<Vec<_>>();
        for (k, v) in p.vars.iter().enumerate() {
            if v.init.is_none() && v.storage == crate::ir::Storage::Local {
                m.vars[k] = m.small();
            }
        }
        m.arrays = p
            .array_ids()
            .map(|a| match p.array(a).size {
                Size::Const(n) if n <= 4096 => Some(m.contents(a, n as usize)),
                // A large array: its first elements only (runs of small sizes stay there; an
                // access beyond stops the run, as out of bounds).
                Size::Const(_) => Some(m.contents(a, LARGE_PREFIX)),
                _ => None,
            })
            .collect();
        m
    }

    /// A small value: mostly 0 to 12, sometimes a little below 0.
    fn small(&mut self) -> i128 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        (self.rng % 16) as i128 - 3
    }

    fn contents(&mut self, a: crate::ir::ArrId, n: usize) -> Vec<i128> {
        match &self.p.array(a).init {
            ArrayInit::Zero => vec![0; n],
            ArrayInit::List(l) => (0..n).map(|k| l.get(k).copied().unwrap_or(0)).collect(),
            ArrayInit::Nondet => (0..n).map(|_| self.small()).collect(),
        }
    }

    fn block(&mut self, ss: &[Stmt]) -> Flow {
        for s in ss {
            let f = self.stmt(s);
            if f != Flow::Normal {
                return f;
            }
        }
        Flow::Normal
    }

    fn record(&mut self, v: Vertex) {
        if self.cuts.contains(&v) && self.obs.len() < MAX_OBS {
            self.obs.push(Observation {
                vertex: v,
                run: self.run,
                scalars: self.vars.clone(),
                arrays: self.arrays.clone(),
            });
        }
    }

    fn stmt(&mut self, s: &Stmt) -> Flow {
        if self.fuel == 0 {
            return Flow::Stop(End::Stuck);
        }
        self.fuel -= 1;
        self.record(s.id);
        let stuck = Flow::Stop(End::Stuck);
        match &s.kind {
            StmtKind::Assign(x, e) => match self.eval(e) {
                Some(v) => self.assign(*x, v),
                None => stuck,
            },
            StmtKind::Store(a, i, e) => match (self.eval(i), self.eval(e)) {
                (Some(i), Some(v)) => {
                    let ty = self.p.array(*a).elem;
                    let dm = self.p.data_model;
                    match self.arrays[a.0 as usize].as_mut() {
                        Some(c) if 0 <= i && (i as usize) < c.len() => {
                            c[i as usize] = ty.wrap(v, dm);
                            Flow::Normal
                        }
                        _ => stuck,
                    }
                }
                _ => stuck,
            },
            StmtKind::ParAssign(xs) => {
                let vs: Option<Vec<i128>> = xs.iter().map(|(_, e)| self.eval(e)).collect();
                let Some(vs) = vs else { return stuck };
                for ((x, _), v) in xs.iter().zip(vs) {
                    if self.assign(*x, v) != Flow::Normal {
                        return stuck;
                    }
                }
                Flow::Normal
            }
            StmtKind::Assume(e) => match self.eval(e) {
                Some(0) => Flow::Stop(End::Rejected),
                Some(_) => Flow::Normal,
                None => stuck,
            },
            StmtKind::Assert(e) => match self.eval(e) {
                Some(0) => Flow::Stop(End::Done),
                Some(_) => Flow::Normal,
                None => stuck,
            },
            StmtKind::Error | StmtKind::Exit => Flow::Stop(End::Done),
            StmtKind::Skip | StmtKind::Label(_) => Flow::Normal,
            StmtKind::Goto(_) => stuck,
            StmtKind::Break => Flow::Break,
            StmtKind::Continue => Flow::Continue,
            StmtKind::Block(b) => self.block(b),
            StmtKind::If(c, t, e) => match self.eval(c) {
                Some(0) => self.block(e),
                Some(_) => self.block(t),
                None => stuck,
            },
            StmtKind::While { cond, body, step } => self.while_loop(s.id, cond, body, step),
            StmtKind::DoWhile { body, cond } => loop {
                match self.block(body) {
                    Flow::Break => return Flow::Normal,
                    Flow::Stop(e) => return Flow::Stop(e),
                    _ => {}
                }
                self.record(s.id);
                match self.eval(cond) {
                    Some(0) => return Flow::Normal,
                    Some(_) => {}
                    None => return stuck,
                }
            },
        }
    }

    fn while_loop(&mut self, id: Vertex, cond: &Expr, body: &[Stmt], step: &[Stmt]) -> Flow {
        let mut first = true;
        loop {
            if !first {
                if self.fuel == 0 {
                    return Flow::Stop(End::Stuck);
                }
                self.fuel -= 1;
                self.record(id);
            }
            first = false;
            match self.eval(cond) {
                Some(0) => return Flow::Normal,
                Some(_) => {}
                None => return Flow::Stop(End::Stuck),
            }
            match self.block(body) {
                Flow::Break => return Flow::Normal,
                Flow::Stop(e) => return Flow::Stop(e),
                _ => {}
            }
            match self.block(step) {
                Flow::Stop(e) => return Flow::Stop(e),
                Flow::Break => return Flow::Normal,
                _ => {}
            }
        }
    }

    /// `x := v`, and the allocation of the arrays `x` sizes.
    fn assign(&mut self, x: VarId, v: i128) -> Flow {
        let ty = self.p.var(x).ty;
        let v = ty.wrap(v, self.p.data_model);
        self.vars[x.0 as usize] = v;
        for a in self.p.arrays_sized_by(x) {
            if !(0..=MAX_SIZE).contains(&v) {
                return Flow::Stop(End::Stuck);
            }
            let c = self.contents(a, v as usize);
            self.arrays[a.0 as usize] = Some(c);
        }
        Flow::Normal
    }

    fn eval(&mut self, e: &Expr) -> Option<i128> {
        let dm = self.p.data_model;
        let ty = |e: &Expr| e.ty(self.p);
        Some(match e {
            Expr::Const(c, _) => *c,
            Expr::Var(v) => self.vars[v.0 as usize],
            Expr::Read(a, i) => {
                let i = self.eval(i)?;
                let c = self.arrays[a.0 as usize].as_ref()?;
                *c.get(usize::try_from(i).ok()?)?
            }
            Expr::Nondet(t) => {
                let v = self.small();
                t.wrap(v, dm)
            }
            Expr::Unary(op, x) => {
                let v = self.eval(x)?;
                let t = ty(e);
                match op {
                    UnOp::Neg => t.wrap(-v, dm),
                    UnOp::BitNot => t.wrap(!v, dm),
                    UnOp::LogNot => (v == 0) as i128,
                }
            }
            Expr::Binary(BinOp::LogAnd, a, b) => (self.eval(a)? != 0 && self.eval(b)? != 0) as i128,
            Expr::Binary(BinOp::LogOr, a, b) => (self.eval(a)? != 0 || self.eval(b)? != 0) as i128,
            Expr::Binary(op, a, b) => {
                let common = if matches!(op, BinOp::Shl | BinOp::Shr) {
                    ty(a).promote()
                } else {
                    IntType::usual_arith(ty(a), ty(b), dm)
                };
                let x = common.wrap(self.eval(a)?, dm);
                let y = self.eval(b)?;
                let y = if matches!(op, BinOp::Shl | BinOp::Shr) {
                    y
                } else {
                    common.wrap(y, dm)
                };
                let r = binary(*op, x, y)?;
                if op.is_boolean() {
                    r
                } else {
                    common.wrap(r, dm)
                }
            }
            Expr::Cond(c, t, f) => {
                if self.eval(c)? != 0 {
                    self.eval(t)?
                } else {
                    self.eval(f)?
                }
            }
            Expr::Cast(t, x) => {
                let v = self.eval(x)?;
                t.wrap(v, dm)
            }
        })
    }
}

/// `x op y` over the integers (C's truncating division; `None` for a division by zero or
/// a shift out of range).
fn binary(op: BinOp, x: i128, y: i128) -> Option<i128> {
    use BinOp::*;
    Some(match op {
        Add => x.checked_add(y)?,
        Sub => x.checked_sub(y)?,
        Mul => x.checked_mul(y)?,
        Div => x.checked_div(y)?,
        Rem => x.checked_rem(y)?,
        Shl if (0..64).contains(&y) => x.checked_shl(y as u32)?,
        Shr if (0..64).contains(&y) => x >> y,
        Shl | Shr => return None,
        BitAnd => x & y,
        BitOr => x | y,
        BitXor => x ^ y,
        Lt => (x < y) as i128,
        Le => (x <= y) as i128,
        Gt => (x > y) as i128,
        Ge => (x >= y) as i128,
        Eq => (x == y) as i128,
        Ne => (x != y) as i128,
        LogAnd => (x != 0 && y != 0) as i128,
        LogOr => (x != 0 || y != 0) as i128,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fill_loop_is_observed_at_its_head() {
        use crate::frontend::{FrontendOptions, parse_source};
        let src = "extern int __VERIFIER_nondet_int(void); int main(void) { \
            int n = __VERIFIER_nondet_int(); if (n < 3 || n > 8) return 0; int a[n]; \
            for (int i = 0; i < n; i++) a[i] = 2 * i + 1; return 0; }";
        let p = parse_source(src, "t.c", &FrontendOptions::default()).expect("parses");
        let mut head = None;
        p.visit_stmts(&mut |s| {
            if matches!(s.kind, StmtKind::While { .. }) {
                head = Some(s.id);
            }
        });
        let cuts: BTreeSet<Vertex> = head.into_iter().collect();
        let obs = observe(&p, &cuts, 3);
        assert!(obs.len() >= 3 * 4, "{}", obs.len());
        // The last visit of the head in each run: the whole array filled.
        let filled = |c: &&Vec<i128>| {
            c.len() >= 3 && c.iter().enumerate().all(|(k, &y)| y == 2 * k as i128 + 1)
        };
        let full = obs.iter().filter_map(|o| o.arrays[0].as_ref()).find(filled);
        assert!(full.is_some(), "{obs:?}");
    }
}
