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
//! states so far are kept: they are still states of a run). An assumption that rejects the
//! values just drawn before it has them drawn again a few times ([`redraw_from`]): each try
//! is still a run of the program, with other inputs. An array of large constant size
//! (a global `int a[1000000]`) is kept as the prefix the run touched (at most a few thousand
//! elements): its observations show that prefix only, and a cell beyond it is unknown there.
//! Where the sizes decide whether a run stops at that cap (a relaid grid in rows of 300 holds
//! 3 rows), more runs that end are drawn, so that the loops after the grid's fill are
//! observed too.

use crate::ir::{ArrayInit, Expr, IntType, Program, Size, Stmt, StmtKind, VarId, Vertex};
use std::collections::BTreeSet;
use std::time::Instant;

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

/// Largest symbolic size a run allocates (larger runs stop). Drawn sizes are small; this
/// bounds the sizes a program sets itself: `int N = 1000; int a[N];` (the every-N programs at
/// constant N) is observed, as a global array of 1000 is ([`LAZY_CAP`]).
const MAX_SIZE: i128 = LAZY_CAP as i128;
/// Arrays of constant size up to this are observed whole; larger ones as the prefix a run
/// touched (a global `int a[1000000]` at a small `N`).
const EAGER_SIZE: u64 = 4096;
/// The longest prefix of a large array a run may touch (every candidate is evaluated at
/// every observed index: 4096 made the observations of a 2-D global array take 30 s). Rows
/// of 300 (a relaid grid, `abstraction::relayout`): 1024 holds the grids of 3 and 4 rows
/// (with 512, only 2 rows: too few states per class of `j > i` for [`super::hull`]).
const LAZY_CAP: usize = 1024;
/// Statements a run executes at most.
const FUEL: usize = 200_000;
/// Observations kept per run at most.
const MAX_OBS: usize = 4_000;
/// Times the draws just before a rejecting assumption are made again before the run counts
/// as rejected ([`redraw_from`]).
const REDRAWS: usize = 32;

/// The states at `cuts` of up to `runs` runs of `p` (seeds 1, 2, …; a run an assumption
/// rejects, or one that reaches no cut point, is drawn again, `runs * 20` draws at most).
/// When some of them stopped at the cap of a large array's prefix ([`LAZY_CAP`]) and others
/// ended, the sizes decide which: up to `runs` more runs that end are added ([`more_ended`]).
///
/// Stops drawing at `until` or at a race's cancellation ([`stopped`]): its
/// callers' stages stop there too, and fewer states only sift or suggest fewer candidates
/// (an economy, never a proof).
pub fn observe(
    p: &Program,
    cuts: &BTreeSet<Vertex>,
    runs: usize,
    until: Instant,
) -> Vec<Observation> {
    let mut out = vec![];
    let mut done = 0;
    let (mut capped, mut ended) = (0, 0);
    let mut seed = 0;
    while seed < runs as u64 * 20 && done < runs && !stopped(until) {
        seed += 1;
        if let Some(m) = draw(p, cuts, seed, done) {
            done += 1;
            if m.capped {
                capped += 1;
            } else {
                ended += 1;
            }
            out.extend(m.obs);
        }
    }
    if capped > 0 && ended > 0 {
        out.extend(more_ended(p, cuts, (seed, done, runs), until));
    }
    out
}

/// Whether the drawing (and the guessing, `guess::stopped`) must stop: past `until`, or
/// cancelled. Here, not in `guess`, so that the observations the guessing reads import
/// nothing of it (no circle between the files).
pub fn stopped(until: Instant) -> bool {
    Instant::now() >= until || crate::base::tools::cancelled()
}

/// Up to `runs` more runs (numbered from `done`, seeds after `seed`, `runs * 10` draws at
/// most) that end without touching a large array beyond [`LAZY_CAP`]: a grid relaid in rows
/// of 300 holds 3 rows in the cap, so only the runs at a size of 4 or less reach the loops
/// after its fill (a count over the grid: `2·cnt == i·i - i + 2·j` needs 8 states of
/// `j <= i`, the runs at a size of 4).
fn more_ended(
    p: &Program,
    cuts: &BTreeSet<Vertex>,
    (seed, done, runs): (u64, usize, usize),
    until: Instant,
) -> Vec<Observation> {
    let mut out = vec![];
    let mut more = 0;
    for s in seed + 1..=seed + runs as u64 * 10 {
        if more == runs || stopped(until) {
            break;
        }
        if let Some(m) = draw(p, cuts, s, done + more).filter(|m| !m.capped) {
            more += 1;
            out.extend(m.obs);
        }
    }
    out
}

/// The run of `p` from `seed` (numbered `run`), unless an assumption rejected it or it
/// reached no cut point (an early `return` on a size out of range tells nothing).
fn draw<'a>(
    p: &'a Program,
    cuts: &'a BTreeSet<Vertex>,
    seed: u64,
    run: usize,
) -> Option<Machine<'a>> {
    let mut m = Machine::new(p, cuts, seed);
    m.run = run;
    let end = m.block(&p.body);
    (!matches!(end, Flow::Stop(End::Rejected)) && !m.obs.is_empty()).then_some(m)
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
    /// Per array: its constant size when larger than [`EAGER_SIZE`] (kept as the prefix a
    /// run touched, at most [`LAZY_CAP`] elements), else 0.
    lazy: Vec<usize>,
    rng: u64,
    fuel: usize,
    run: usize,
    /// Whether the run touched a large array beyond [`LAZY_CAP`] (it stopped there).
    capped: bool,
    obs: Vec<Observation>,
}

impl<'a> Machine<'a> {
    fn new(p: &'a Program, cuts: &'a BTreeSet<Vertex>, seed: u64) -> Machine<'a> {
        let mut m = Machine {
            p,
            cuts,
            vars: vec![],
            arrays: vec![],
            lazy: vec![],
            rng: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            fuel: FUEL,
            run: 0,
            capped: false,
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
                Size::Const(n) if n <= EAGER_SIZE => Some(m.contents(a, n as usize)),
                Size::Const(_) => Some(vec![]),
                _ => None,
            })
            .collect();
        m.lazy = p
            .array_ids()
            .map(|a| match p.array(a).size {
                Size::Const(n) if n > EAGER_SIZE => n as usize,
                _ => 0,
            })
            .collect();
        m
    }

    /// Grows a large array of constant size (its touched prefix) to cover index `i`, up to
    /// [`LAZY_CAP`] elements (beyond, the access is stuck as out of bounds).
    fn touch(&mut self, a: crate::ir::ArrId, i: i128) {
        let n = self.lazy[a.0 as usize];
        let Ok(i) = usize::try_from(i) else { return };
        let len = self.arrays[a.0 as usize].as_ref().map_or(0, |c| c.len());
        self.capped |= LAZY_CAP <= i && i < n;
        if i >= n.min(LAZY_CAP) || i < len {
            return;
        }
        let more: Vec<i128> = (len..=i).map(|k| self.element(a, k)).collect();
        if let Some(c) = self.arrays[a.0 as usize].as_mut() {
            c.extend(more);
        }
    }

    /// The initial element `k` of array `a`.
    fn element(&mut self, a: crate::ir::ArrId, k: usize) -> i128 {
        match &self.p.array(a).init {
            ArrayInit::Zero => 0,
            ArrayInit::List(l) => l.get(k).copied().unwrap_or(0),
            ArrayInit::Nondet => self.small(),
        }
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
        for (k, s) in ss.iter().enumerate() {
            let mut f = self.stmt(s);
            if f == Flow::Stop(End::Rejected)
                && let Some(j) = redraw_from(ss, k)
            {
                f = self.redraw(&ss[j..k], s);
            }
            if f != Flow::Normal {
                return f;
            }
        }
        Flow::Normal
    }

    /// The draws `draws` made again, then the assumption `assume`, up to [`REDRAWS`] times
    /// while it rejects: `a[i] = nondet(); assume(0 <= a[i] && a[i] <= 3);` in a loop of N
    /// would otherwise pass N times in a row once in 4^N runs, and the observations would
    /// hold runs of N <= 2 only. Each try is a run of the program with other draws.
    fn redraw(&mut self, draws: &[Stmt], assume: &Stmt) -> Flow {
        let mut f = Flow::Stop(End::Rejected);
        for _ in 0..REDRAWS {
            for d in draws {
                let g = self.stmt(d);
                if g != Flow::Normal {
                    return g;
                }
            }
            f = self.stmt(assume);
            if f != Flow::Stop(End::Rejected) {
                break;
            }
        }
        f
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
                    self.touch(*a, i);
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
            StmtKind::Call(_) => stuck,
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
        crate::ir::eval::eval(self.p, e, self)
    }
}

impl crate::ir::eval::State for Machine<'_> {
    fn var(&mut self, v: VarId) -> i128 {
        self.vars[v.0 as usize]
    }
    fn read(&mut self, a: crate::ir::ArrId, i: i128) -> Option<i128> {
        self.touch(a, i);
        let c = self.arrays[a.0 as usize].as_ref()?;
        c.get(usize::try_from(i).ok()?).copied()
    }
    fn nondet(&mut self, _: IntType) -> i128 {
        self.small()
    }
}

/// Where the draws before the assumption `ss[k]` begin: the longest run of assignments and
/// stores `ss[j..k]` with a nondeterministic value in it, none of which reads a variable or
/// an array that it or a later one of the run writes (so making them again is the same as a
/// run that drew other values: `x = x + nondet()` is not such a draw).
fn redraw_from(ss: &[Stmt], k: usize) -> Option<usize> {
    let (mut vars, mut arrays) = (BTreeSet::new(), BTreeSet::new());
    let mut nondet = false;
    let mut j = k;
    while j > 0 {
        let (write, exprs): (Result<VarId, crate::ir::ArrId>, Vec<&Expr>) = match &ss[j - 1].kind {
            StmtKind::Assign(x, e) => (Ok(*x), vec![e]),
            StmtKind::Store(a, i, e) => (Err(*a), vec![i, e]),
            _ => break,
        };
        match write {
            Ok(x) => vars.insert(x),
            Err(a) => arrays.insert(a),
        };
        let (mut reads_written, mut draws) = (false, false);
        for e in &exprs {
            e.visit(&mut |x| match x {
                Expr::Var(v) if vars.contains(v) => reads_written = true,
                Expr::Read(a, _) if arrays.contains(a) => reads_written = true,
                Expr::Nondet(_) => draws = true,
                _ => {}
            });
        }
        if reads_written {
            break;
        }
        nondet |= draws;
        j -= 1;
    }
    (nondet && j < k).then_some(j)
}

#[cfg(test)]
mod tests {
    /// No time limit for the runs of a test.
    fn later() -> std::time::Instant {
        std::time::Instant::now() + std::time::Duration::from_secs(3600)
    }

    use super::*;

    /// Bounded draws: a loop of `a[i] = nondet(); assume(0 <= a[i] <= 3)` runs to its end in
    /// most runs (without the redraws, once in 4^n).
    #[test]
    fn draws_an_assumption_rejects_are_made_again() {
        use crate::frontend::{FrontendOptions, parse_source};
        let src = "extern int __VERIFIER_nondet_int(void); \
            void assume_abort_if_not(int c) { if (!c) abort(); } int main(void) { \
            int n = __VERIFIER_nondet_int(); if (n < 4 || n > 9) return 0; int a[n]; \
            for (int i = 0; i < n; i++) { a[i] = __VERIFIER_nondet_int(); \
            assume_abort_if_not(0 <= a[i] && a[i] <= 3); } \
            int s = 0; for (int i = 0; i < n; i++) s = s + a[i]; return s; }";
        let p = parse_source(src, "t.c", &FrontendOptions::default()).expect("parses");
        let mut heads = vec![];
        p.visit_stmts(&mut |s| {
            if matches!(s.kind, StmtKind::While { .. }) {
                heads.push(s.id);
            }
        });
        let cuts: BTreeSet<Vertex> = heads[1..].iter().copied().collect();
        let obs = observe(&p, &cuts, 4, later());
        let runs: BTreeSet<usize> = obs.iter().map(|o| o.run).collect();
        assert_eq!(runs.len(), 4, "{obs:?}");
        assert!(
            obs.iter()
                .filter_map(|o| o.arrays[0].as_ref())
                .all(|c| c.len() >= 4 && c.iter().all(|y| (0..=3).contains(y))),
            "{obs:?}"
        );
    }

    /// An array of a size the program sets (1000) is observed.
    #[test]
    fn an_array_of_a_size_the_program_sets_is_observed() {
        use crate::frontend::{FrontendOptions, parse_source};
        let src = "int main(void) { int n = 1000; int a[n]; \
            for (int i = 0; i < n; i++) a[i] = i % 2; return a[0]; }";
        let p = parse_source(src, "t.c", &FrontendOptions::default()).expect("parses");
        let mut heads = vec![];
        p.visit_stmts(&mut |s| {
            if matches!(s.kind, StmtKind::While { .. }) {
                heads.push(s.id);
            }
        });
        let cuts: BTreeSet<Vertex> = heads.iter().copied().collect();
        let obs = observe(&p, &cuts, 1, later());
        assert_eq!(obs.len(), 1001, "the states at the loop head");
        assert_eq!(obs[1000].arrays[0].as_ref().map(|c| c[999]), Some(1));
    }

    /// `x = x + nondet()` is no draw to make again; a store whose index a later draw writes
    /// ends the draws there.
    #[test]
    fn only_pure_draws_are_made_again() {
        use crate::ir::{ArrId, Stmt, StmtKind};
        let st = |kind| Stmt {
            kind,
            span: Default::default(),
            id: 0,
        };
        let nd = || Expr::Nondet(IntType::Int);
        let (x, y) = (VarId(0), VarId(1));
        let assume = st(StmtKind::Assume(Expr::Var(x)));
        let add = st(StmtKind::Assign(
            x,
            Expr::bin(crate::ir::BinOp::Add, Expr::Var(x), nd()),
        ));
        assert_eq!(redraw_from(&[add, assume.clone()], 1), None);
        let draw = st(StmtKind::Assign(x, nd()));
        let store = st(StmtKind::Store(ArrId(0), Expr::Var(y), Expr::Var(x)));
        let set_y = st(StmtKind::Assign(y, nd()));
        let ss = [set_y.clone(), store.clone(), draw.clone(), assume.clone()];
        // The store reads y, which no later statement writes, and x, which the draw after
        // it writes: the draws begin after the store.
        assert_eq!(redraw_from(&ss, 3), Some(2));
        let ss = [set_y, draw, store, assume];
        assert_eq!(redraw_from(&ss, 3), Some(0));
    }

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
        let obs = observe(&p, &cuts, 3, later());
        assert!(obs.len() >= 3 * 4, "{}", obs.len());
        // The last visit of the head in each run: the whole array filled.
        let filled = |c: &&Vec<i128>| {
            c.len() >= 3 && c.iter().enumerate().all(|(k, &y)| y == 2 * k as i128 + 1)
        };
        let full = obs.iter().filter_map(|o| o.arrays[0].as_ref()).find(filled);
        assert!(full.is_some(), "{obs:?}");
    }

    #[test]
    fn a_large_global_array_is_observed_as_its_touched_prefix() {
        use crate::frontend::{FrontendOptions, parse_source};
        let src = "extern int __VERIFIER_nondet_int(void); int a[1000000]; int main(void) { \
            int n = __VERIFIER_nondet_int(); if (n < 3 || n > 8) return 0; \
            for (int i = 0; i < n; i++) a[i] = 3; return 0; }";
        let p = parse_source(src, "t.c", &FrontendOptions::default()).expect("parses");
        let mut head = None;
        p.visit_stmts(&mut |s| {
            if matches!(s.kind, StmtKind::While { .. }) {
                head = Some(s.id);
            }
        });
        let cuts: BTreeSet<Vertex> = head.into_iter().collect();
        let obs = observe(&p, &cuts, 2, later());
        // Each run ends at its head with a[0..n) = 3 and nothing beyond n observed.
        let last = obs
            .iter()
            .filter_map(|o| o.arrays[0].as_ref())
            .max_by_key(|c| c.len());
        let last = last.expect("observed");
        assert!((3..=8).contains(&last.len()), "{last:?}");
        assert!(last.iter().all(|&y| y == 3), "{last:?}");
    }
}
