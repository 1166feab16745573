//! The abstraction-refinement loop AR(P, V, R) of Armando, Benerecetti and Mantovani.
//!
//! Takes a [`Program`] and [`CegarOptions`]; gives a [`CheckReport`]: SAFE (the checker proved an
//! abstraction safe), UNSAFE (a trace whose SMT formula is satisfiable on the original program
//! and whose inputs, replayed on the original program, reach the error), or UNKNOWN with the
//! reason; plus the iterations, the final V and R, and where the time went. Each abstraction
//! is checked by the engine [`crate::engines::bmc::Bmc`]; each counterexample goes through
//! [`crate::engines::concrete::confirm::confirm`] on the original program (confirmed: UNSAFE; infeasible:
//! its unsat core drives the refinement; otherwise UNKNOWN).

use crate::abstraction::index_set::Term;
use crate::abstraction::{IndexSets, SymCell, Tracked, VarSet, abstract_program_with, array_size};
use crate::base::error::AraError;
use crate::base::tools::Limits;
use crate::engines::bmc::Bmc;
use crate::engines::checkers::{CheckOptions, Verdict};
use crate::engines::concrete::confirm::{ConfirmOptions, Confirmation, confirm_cex};
use crate::engines::horn::Horn;
use crate::engines::race::{EngineChoice, race};
use crate::engines::smt::{
    ArrayRead, ConjunctKind, Query, SolverAnswer, Theory, encode_path, forced_value,
    forced_value_before, minimize_core, solve_without_core, var_index_term,
};
use crate::engines::verdict::FinalVerdict;
use crate::engines::verdict::{Inconclusive, SafeProof, Subject, Unconfirmed};
use crate::engines::{Budget, Engine, EngineOutcome, EngineVerdict, work_dir};
use crate::ir::cfg::Cfg;
use crate::ir::constant::const_value;
use crate::ir::{ArrId, BinOp, Expr, Program, Size, Stmt, StmtKind, VarId, Vertex};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What the loop starts from and how long it may run.
#[derive(Clone, Debug)]
pub struct CegarOptions {
    pub checker: CheckOptions,
    /// Wall-clock limit for the whole check.
    pub timeout: Duration,
    pub max_iterations: u32,
    /// Start with V = all scalars (default) or V = {} (as in the paper).
    pub initial_vars_all: bool,
    pub theory: Theory,
    /// Write every iteration's files here.
    pub keep_dir: Option<PathBuf>,
    /// Indexes to track from the start (e.g. witness indexes).
    pub seed: IndexSets,
    /// Which engines check each abstraction.
    pub engines: EngineChoice,
    /// The user's file: an UNSAFE verdict is replayed on it too (`strategy::check`,
    /// `engines::concrete::playback`). `None`: on ara's translation only.
    pub source: Option<crate::engines::concrete::playback::SourceOptions>,
}

/// What one iteration did.
#[derive(Clone, Debug, Serialize)]
pub struct Iteration {
    pub number: u32,
    /// The engine's answer on this iteration's abstraction (its trace is `path`).
    pub checker_verdict: Verdict,
    pub path: Vec<Vertex>,
    pub solver: String,
    pub refinement: String,
}

/// Per array: how many of its elements were tracked.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TrackedSummary {
    pub array: String,
    pub tracked: Vec<u64>,
    pub tracked_count: u64,
    pub total: u64,
    /// The symbolic cells (`w`, `w1`, `w2`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct CheckReport {
    pub file: String,
    #[serde(flatten)]
    pub verdict: FinalVerdict,
    pub iterations: Vec<Iteration>,
    pub vars: Vec<String>,
    pub arrays: Vec<TrackedSummary>,
    pub time_abstraction_s: f64,
    pub time_checker_s: f64,
    pub time_solver_s: f64,
    pub time_total_s: f64,
}

/// After this many refinements that add indexes to the same array, track all of its indexes
/// (when it has at most [`GENERALISE_MAX_SIZE`] elements). A loop that walks the array gives one
/// spurious trace per element; tracking them all keeps the array whole in the abstraction
/// (exact, and cheap for the checker), where one index per iteration would need `size`
/// iterations.
const GENERALISE_AFTER: u32 = 3;
const GENERALISE_MAX_SIZE: u64 = 1024;
/// More reads of one array in an unsat core than this: all of its indexes (if it is small).
const MANY_READS: usize = 16;

/// The current abstraction parameters.
#[derive(Clone, Debug, PartialEq)]
struct Params {
    vars: BTreeSet<VarId>,
    all_vars: bool,
    r: IndexSets,
}

impl Params {
    fn var_set(&self) -> VarSet {
        if self.all_vars {
            VarSet::All
        } else {
            VarSet::Only(self.vars.clone())
        }
    }
}

/// How long an abstraction's engines may run while constant indexes are still untracked.
const CONSTANTS_AFTER: Duration = Duration::from_secs(3);

/// Calls `f` with the array and the index expression of every array access of `p` (stores
/// and reads).
fn visit_indexes(p: &Program, mut f: impl FnMut(ArrId, &Expr)) {
    p.visit_stmts(&mut |s| {
        if let StmtKind::Store(a, i, _) = &s.kind {
            f(*a, i);
        }
        for e in s.vertex_exprs() {
            e.visit(&mut |x| {
                if let Expr::Read(a, i) = x {
                    f(*a, i);
                }
            });
        }
    });
}

/// The indexes the program names as constants (`src[N - 1] = 0`, `a[1]`), within bounds.
fn constant_indexes(p: &Program) -> Vec<(ArrId, u64)> {
    let mut out = BTreeSet::new();
    visit_indexes(p, |a, i| {
        if let Some(k) = const_value(p, i)
            && (0..array_size(p.array(a)) as i128).contains(&k)
        {
            out.insert((a, k as u64));
        }
    });
    out.into_iter().collect()
}

/// The variables an index term may be built on: the size variables of arrays (frozen: assigned
/// once, at the allocation) and, in a program without `goto`, the variables assigned by one
/// statement outside every loop (`int N = nondet();`). Any variable would be sound (a term's
/// cell is reset wherever its variable is assigned); these keep their cell useful.
fn stable_vars(p: &Program) -> BTreeSet<VarId> {
    fn walk(ss: &[Stmt], in_loop: bool, seen: &mut BTreeMap<VarId, (u32, bool)>, gotos: &mut bool) {
        for s in ss {
            let assigned: Vec<VarId> = match &s.kind {
                StmtKind::Assign(x, _) => vec![*x],
                StmtKind::ParAssign(xs) => xs.iter().map(|(x, _)| *x).collect(),
                _ => vec![],
            };
            for x in assigned {
                let e = seen.entry(x).or_insert((0, false));
                e.0 += 1;
                e.1 |= in_loop;
            }
            match &s.kind {
                StmtKind::If(_, t, e) => {
                    walk(t, in_loop, seen, gotos);
                    walk(e, in_loop, seen, gotos);
                }
                StmtKind::While { body, step, .. } => {
                    walk(body, true, seen, gotos);
                    walk(step, true, seen, gotos);
                }
                StmtKind::DoWhile { body, .. } => walk(body, true, seen, gotos),
                StmtKind::Block(b) => walk(b, in_loop, seen, gotos),
                StmtKind::Goto(_) => *gotos = true,
                _ => {}
            }
        }
    }
    let mut seen = BTreeMap::new();
    let mut gotos = false;
    walk(&p.body, false, &mut seen, &mut gotos);
    let mut out: BTreeSet<VarId> = p
        .arrays
        .iter()
        .filter_map(|a| match a.size {
            Size::Var(n) => Some(n),
            Size::Const(_) => None,
        })
        .collect();
    if !gotos {
        out.extend(
            seen.into_iter()
                .filter(|(_, (n, in_loop))| *n == 1 && !in_loop)
                .map(|(x, _)| x),
        );
    }
    out
}

/// The index `e` as a term over a variable of `stable` (`N`, `N - 1`, `N / 2`, `N / 2 + 1`,
/// casts ignored), if it is one and not a constant.
fn term_of(p: &Program, e: &Expr, stable: &BTreeSet<VarId>) -> Option<Term> {
    let small = |k: i128| i32::try_from(k).ok();
    match e {
        Expr::Cast(_, x) => term_of(p, x, stable),
        Expr::Var(x) if stable.contains(x) => Some(Term {
            var: *x,
            div: 1,
            add: 0,
        }),
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub), l, r) => {
            let (t, k) = match (term_of(p, l, stable), const_value(p, r)) {
                (Some(t), Some(k)) => (t, if *op == BinOp::Sub { -k } else { k }),
                _ if *op == BinOp::Add => (term_of(p, r, stable)?, const_value(p, l)?),
                _ => return None,
            };
            Some(Term {
                add: small(t.add as i128 + k)?,
                ..t
            })
        }
        Expr::Binary(BinOp::Div, l, r) => {
            let t = term_of(p, l, stable)?;
            let d = u32::try_from(const_value(p, r)?).ok().filter(|&d| d > 1)?;
            (t.div == 1 && t.add == 0).then_some(Term { div: d, ..t })
        }
        _ => None,
    }
}

/// The index terms the program names (`a[N - 1] = 0`, `a[N / 2]`): reads and writes whose
/// index is a term over a stable variable ([`stable_vars`]).
fn program_terms(p: &Program, stable: &BTreeSet<VarId>) -> Vec<(ArrId, Term)> {
    let mut out = BTreeSet::new();
    visit_indexes(p, |a, i| {
        if let Some(t) = term_of(p, i, stable) {
            out.insert((a, t));
        }
    });
    out.into_iter().collect()
}

/// The pairs of `constants` not in `r`.
fn untracked(constants: &[(ArrId, u64)], r: &IndexSets) -> Vec<(ArrId, u64)> {
    constants
        .iter()
        .copied()
        .filter(|&(a, k)| !r.contains(a, k))
        .collect()
}

/// The witness cells an assertion asks for: every array read in an assertion gets as many
/// witness symbols (at most 2) as the most distinct index expressions one assertion reads
/// (`a[k] <= a[k + 1]`: two; `a[k] == b[k]`: one, shared).
fn assertion_cells(p: &Program) -> Vec<(ArrId, SymCell)> {
    let mut arrays = BTreeSet::new();
    let mut most = 0;
    p.visit_stmts(&mut |s| {
        if let StmtKind::Assert(c) = &s.kind {
            let mut indexes: Vec<Expr> = Vec::new();
            c.visit(&mut |e| {
                if let Expr::Read(a, i) = e {
                    arrays.insert(*a);
                    if !indexes.contains(i) {
                        indexes.push((**i).clone());
                    }
                }
            });
            most = most.max(indexes.len().min(2));
        }
    });
    arrays
        .into_iter()
        .flat_map(|a| (1..=most as u8).map(move |k| (a, SymCell::Witness(k))))
        .collect()
}

/// With a witness cell, `R(a)` keeps only the constant indexes the program names: the others
/// (a seed, indexes a walk added one by one) say less than the witness, and Spacer was
/// measured to fail on find at N = 10^6 with R(a) = {0, w} (40 s) and to prove it with {w}.
fn keep_program_constants(r: &mut IndexSets, a: ArrId, constants: &[(ArrId, u64)]) {
    if let Some(Tracked::Only(set)) = r.0.get_mut(&a) {
        set.retain(|k| constants.contains(&(a, *k)));
    }
}

/// What step 2b adds when the engines answer nothing within their slice: first the
/// program's constant indexes and index terms, then the witness cells its assertions ask for.
#[derive(Clone, Debug)]
enum Boost {
    Constants(Vec<(ArrId, u64)>, Vec<(ArrId, Term)>),
    Witnesses(Vec<(ArrId, SymCell)>),
}

fn next_boost(
    constants: &[(ArrId, u64)],
    terms: &[(ArrId, Term)],
    cells: &[(ArrId, SymCell)],
    r: &IndexSets,
) -> Option<Boost> {
    let pending = untracked(constants, r);
    let terms: Vec<(ArrId, Term)> = terms
        .iter()
        .copied()
        .filter(|&(a, t)| !r.tracks_all(a) && !r.cells(a).contains(&SymCell::Term(t)))
        .collect();
    if !pending.is_empty() || !terms.is_empty() {
        return Some(Boost::Constants(pending, terms));
    }
    let cells: Vec<(ArrId, SymCell)> = cells
        .iter()
        .copied()
        .filter(|&(a, c)| !r.tracks_all(a) && !r.cells(a).contains(&c))
        .collect();
    (!cells.is_empty()).then_some(Boost::Witnesses(cells))
}

impl Boost {
    /// Adds the cells to `r`; what was added, for the report.
    fn apply(&self, p: &Program, r: &mut IndexSets, constants: &[(ArrId, u64)]) -> String {
        match self {
            Boost::Constants(ks, ts) => {
                for &(a, k) in ks {
                    r.insert(a, k);
                }
                for &(a, t) in ts {
                    r.insert_cell(a, SymCell::Term(t));
                }
                describe_added(p, ks, ts)
            }
            Boost::Witnesses(cs) => {
                for &(a, c) in cs {
                    r.insert_cell(a, c);
                    keep_program_constants(r, a, constants);
                }
                let arrays: BTreeSet<ArrId> = cs.iter().map(|(a, _)| *a).collect();
                arrays
                    .iter()
                    .map(|&a| {
                        format!(
                            "R({}) = {{{}}}",
                            p.array(a).display,
                            r.describe(p, a).join(", ")
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        }
    }
}

/// `R(src) += 999, R(a) += 1, N-1` for a report.
fn describe_added(p: &Program, added: &[(ArrId, u64)], terms: &[(ArrId, Term)]) -> String {
    let mut by: BTreeMap<ArrId, Vec<String>> = BTreeMap::new();
    for &(a, k) in added {
        by.entry(a).or_default().push(k.to_string());
    }
    for &(a, t) in terms {
        by.entry(a).or_default().push(t.display(p));
    }
    by.iter()
        .map(|(a, ks)| format!("R({}) += {}", p.array(*a).display, ks.join(", ")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Step 2 of iteration `k`: the chosen engines on the abstraction, side by side (the Horn
/// engine's files go to `horn_k/` of the keep folder).
fn check_abstraction(
    abs: &Program,
    k: u32,
    p: &Program,
    opts: &CegarOptions,
    remaining: Duration,
    dir: &std::path::Path,
) -> Result<EngineOutcome, AraError> {
    let bmc = Bmc::new(
        opts.checker.clone(),
        &format!("abstract_{k}"),
        format!("ara check: iteration {k}, abstraction of {}", p.file),
    );
    let horn = Horn::default();
    let budget = |keep: Option<PathBuf>| Budget {
        timeout: Some(remaining),
        memory_mb: opts.checker.memory_mb,
        keep_dir: keep,
        ..Budget::default()
    };
    let mut entrants: Vec<(&dyn Engine, Budget)> = Vec::new();
    if opts.engines.bounded() {
        entrants.push((&bmc, budget(Some(dir.to_path_buf()))));
    }
    if opts.engines.horn() {
        let keep = opts
            .keep_dir
            .as_ref()
            .map(|_| dir.join(format!("horn_{k}")));
        entrants.push((&horn, budget(keep)));
    }
    race(abs, &entrants)
}

/// The refinement loop's name on the progress line ([`crate::base::progress`]).
const PROGRESS_NAME: &str = "refinement loop";

/// Runs AR(P, V, R).
pub fn check(p: &Program, opts: &CegarOptions) -> Result<CheckReport, AraError> {
    let start = Instant::now();
    let cfg = Cfg::build(p);
    let mut params = Params {
        vars: BTreeSet::new(),
        all_vars: opts.initial_vars_all,
        r: opts.seed.clone(),
    };
    let mut iterations = Vec::new();
    let (mut t_abs, mut t_chk, mut t_smt) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let (_work, dir) = work_dir("ara-check-", opts.keep_dir.as_deref())?;
    let keep = |name: &str, text: &str| {
        if opts.keep_dir.is_some() {
            let _ = std::fs::write(dir.join(name), text);
        }
    };
    let constants = constant_indexes(p);
    let stable = stable_vars(p);
    let terms = program_terms(p, &stable);
    let witness_cells = assertion_cells(p);
    let mut seen_paths: Vec<Vec<Vertex>> = Vec::new();
    let mut refinements_of: BTreeMap<ArrId, u32> = BTreeMap::new();
    let _running = crate::base::progress::begin(PROGRESS_NAME);

    let verdict = 'outer: loop {
        let k = iterations.len() as u32 + 1;
        crate::base::progress::detail(PROGRESS_NAME, &format!("iteration {k}"));
        if k > opts.max_iterations {
            break FinalVerdict::Unknown {
                reason: Inconclusive::IterationLimit {
                    max: opts.max_iterations,
                },
            };
        }
        let remaining = opts.timeout.saturating_sub(start.elapsed());
        if remaining.is_zero() {
            break FinalVerdict::Unknown {
                reason: Inconclusive::Timeout {
                    after: opts.timeout,
                },
            };
        }
        // 1. Abstract.
        let t = Instant::now();
        let abs = abstract_program_with(p, &params.var_set(), &params.r, true);
        t_abs += t.elapsed();

        // 2. Model-check it.
        let t = Instant::now();
        // While the program names array indexes as constants that are not tracked yet, an
        // abstraction whose engines find nothing soon gets them (step 2b), so it gets a slice.
        let boost = next_boost(&constants, &terms, &witness_cells, &params.r);
        let slice = if boost.is_none() {
            remaining
        } else {
            (remaining / 4).min(CONSTANTS_AFTER)
        };
        let outcome = check_abstraction(&abs.program, k, p, opts, slice, &dir)?;
        t_chk += t.elapsed();
        let on = Subject::Abstraction { iteration: k };
        let mut it = Iteration {
            number: k,
            checker_verdict: outcome.verdict.answer(),
            path: vec![],
            solver: String::new(),
            refinement: String::new(),
        };
        let cex = match outcome.verdict {
            EngineVerdict::Proved(how) => {
                iterations.push(it);
                break FinalVerdict::Safe {
                    proof: SafeProof {
                        how,
                        engine: outcome.engine,
                        on,
                    },
                };
            }
            EngineVerdict::Unknown(_) if boost.is_some() && !crate::base::tools::cancelled() => {
                // 2b. No answer within the slice: track the program's constant indexes (any R
                // is sound; this one often ends loops the abstraction cannot bound, as
                // `src[N - 1] = 0` ends a string copy), then witness cells for the assertions
                // (an unbounded engine finds invariants over `w` and `a@w` where a trace
                // would walk the whole array).
                let added = boost
                    .as_ref()
                    .map(|b| b.apply(p, &mut params.r, &constants));
                it.refinement = format!("engines gave no answer: {}", added.unwrap_or_default());
                iterations.push(it);
                continue;
            }
            EngineVerdict::Unknown(reason) => {
                iterations.push(it);
                break FinalVerdict::Unknown {
                    reason: Inconclusive::Engine {
                        engine: outcome.engine,
                        on,
                        reason,
                    },
                };
            }
            // A path of the abstraction; without its auxiliary vertices, one of the original
            // (its inputs are used only when the abstraction is the original itself).
            EngineVerdict::Counterexample(cex) => crate::engines::Counterexample {
                path: abs.aux.project(&cex.path),
                inputs: cex.inputs,
            },
        };
        let path = cex.path.clone();
        it.path = path.clone();
        keep(
            &format!("trace_{k}.txt"),
            &crate::engines::concrete::describe_path(p, &cfg, &path),
        );

        // 3. Is the trace feasible in the original program?
        let t = Instant::now();
        let limits = Limits {
            timeout: Some(
                opts.timeout
                    .saturating_sub(start.elapsed())
                    .max(Duration::from_secs(1)),
            ),
            memory_mb: opts.checker.memory_mb,
        };
        let confirmation = confirm_cex(
            p,
            &abs.program,
            &cfg,
            &cex,
            &ConfirmOptions {
                theory: opts.theory,
                limits: limits.clone(),
                dir: &dir,
                keep_tag: opts.keep_dir.is_some().then(|| format!("_{k}")),
            },
        )?;
        t_smt += t.elapsed();
        match confirmation {
            Confirmation::Confirmed(trace) => {
                it.solver = "sat".into();
                iterations.push(it);
                break FinalVerdict::Unsafe { trace };
            }
            Confirmation::Unconfirmed(reason) => {
                it.solver = match &reason {
                    Unconfirmed::SolverUnknown { detail } => format!("unknown: {detail}"),
                    Unconfirmed::ReplayFailed { .. } => "sat".into(),
                    Unconfirmed::NotAnErrorPath { .. } | Unconfirmed::Infeasible => String::new(),
                };
                iterations.push(it);
                break FinalVerdict::Unknown {
                    reason: Inconclusive::Unconfirmed {
                        engine: outcome.engine,
                        on,
                        reason,
                    },
                };
            }
            Confirmation::Infeasible { query: q, core } => {
                let short = Limits {
                    timeout: Some(Duration::from_secs(5)),
                    memory_mb: limits.memory_mb,
                };
                let t = Instant::now();
                let core = minimize_core(&q, &core, &short)?;
                t_smt += t.elapsed();
                it.solver = format!("unsat, core {}", core.join(" "));
                keep(
                    &format!("answer_{k}.txt"),
                    &format!("unsat\n{}\n", core.join("\n")),
                );
                // 4. Refine.
                let t = Instant::now();
                let before = params.clone();
                let walked: BTreeSet<ArrId> = refinements_of.keys().copied().collect();
                let known = Known {
                    walked: &walked,
                    constants: &constants,
                    stable: &stable,
                    terms: &terms,
                };
                let mut how = refine(p, &q, &core, &mut params, &limits, &known)?;
                for a in p.array_ids() {
                    let count = |r: &IndexSets| r.indexes(p, a).len();
                    if count(&params.r) > count(&before.r) {
                        let n = refinements_of.entry(a).or_insert(0);
                        *n += 1;
                        let arr = p.array(a);
                        if *n >= GENERALISE_AFTER
                            && arr.size.as_const().is_some()
                            && array_size(arr) <= GENERALISE_MAX_SIZE
                            && !matches!(params.r.0.get(&a), Some(Tracked::All))
                        {
                            params.r.0.insert(a, Tracked::All);
                            how.push_str(&format!(
                                "; generalised: R({}) = all ({} refinements of an array of {})",
                                arr.display,
                                n,
                                array_size(arr)
                            ));
                        }
                    }
                }
                // Progress: the same trace must be impossible in the new abstraction.
                let mut widen = 0;
                while still_feasible(p, &path, &params, opts.theory, &limits)? {
                    if crate::base::tools::cancelled() {
                        // The solver was stopped, not answered: no widening on that.
                        iterations.push(it);
                        break 'outer FinalVerdict::Unknown {
                            reason: Inconclusive::Cancelled,
                        };
                    }
                    widen += 1;
                    match widen {
                        1 => {
                            for a in core_arrays(&q, &core) {
                                params.r.0.insert(a, Tracked::All);
                            }
                            how.push_str("; widened: all indexes of the arrays in the core");
                        }
                        2 => {
                            params.all_vars = true;
                            how.push_str("; widened: all variables");
                        }
                        3 => {
                            for a in p.array_ids() {
                                params.r.0.insert(a, Tracked::All);
                            }
                            how.push_str("; widened: all indexes of all arrays");
                        }
                        _ => {
                            t_smt += t.elapsed();
                            it.refinement = how;
                            iterations.push(it);
                            break 'outer FinalVerdict::Unknown {
                                reason: Inconclusive::CannotExclude,
                            };
                        }
                    }
                }
                t_smt += t.elapsed();
                if params == before && seen_paths.contains(&path) {
                    it.refinement = how;
                    iterations.push(it);
                    break FinalVerdict::Unknown {
                        reason: Inconclusive::NoProgress,
                    };
                }
                seen_paths.push(path);
                keep(&format!("refinement_{k}.txt"), &how);
                it.refinement = how;
                iterations.push(it);
            }
        }
    };

    let vars = if params.all_vars {
        vec!["all".to_string()]
    } else {
        params
            .vars
            .iter()
            .map(|v| p.var(*v).display.clone())
            .collect()
    };
    let arrays = p
        .array_ids()
        .map(|a| {
            let arr = p.array(a);
            let size = array_size(arr);
            let tracked: Vec<u64> = match params.r.0.get(&a) {
                Some(Tracked::All) => (0..size.min(64)).collect(),
                Some(Tracked::Only(s)) => s.iter().copied().collect(),
                None => vec![],
            };
            let count = match params.r.0.get(&a) {
                Some(Tracked::All) => size,
                _ => tracked.len() as u64,
            };
            let cells = params.r.describe(p, a)[params.r.indexes(p, a).len()..].to_vec();
            TrackedSummary {
                array: arr.display.clone(),
                tracked,
                tracked_count: count,
                total: size,
                cells,
            }
        })
        .collect();
    Ok(CheckReport {
        file: p.file.clone(),
        verdict,
        iterations,
        vars,
        arrays,
        time_abstraction_s: t_abs.as_secs_f64(),
        time_checker_s: t_chk.as_secs_f64(),
        time_solver_s: t_smt.as_secs_f64(),
        time_total_s: start.elapsed().as_secs_f64(),
    })
}

/// Fig. 3 of the paper: V' = V ∪ scalars of the core; for each array read in the core whose
/// index the core's prefix forces to a constant k, add k to R(a), otherwise all indexes of a.
///
/// With cells: a read of an array whose constant indexes a refinement already grew (the
/// trace walks the array), at an index the program does not write as a constant, or whose
/// index the core does not force, gets a witness cell instead (`w`; a second, `w2`, when one
/// conjunct of the core reads the array at two indexes), and all indexes only after two.
///
/// Index terms: a read whose index is not forced to a constant (or walks the array) and is a
/// term over a stable variable, as written (`a[N - 1]`) or as the path forces it (`i = N - 1;
/// a[i]`: the solver shows `i - N` forced to `-1`), gets that term's cell (`R(a) += N-1`).
fn refine(
    p: &Program,
    q: &Query,
    core: &[String],
    params: &mut Params,
    limits: &Limits,
    known: &Known,
) -> Result<String, AraError> {
    let Known {
        walked, constants, ..
    } = *known;
    let mut how = Vec::new();
    let in_core: Vec<_> = q
        .conjuncts
        .iter()
        .filter(|c| core.contains(&c.name))
        .collect();
    for c in &in_core {
        for v in &c.vars {
            if !params.all_vars && params.vars.insert(*v) {
                how.push(format!("V += {}", p.var(*v).display));
            }
        }
    }
    // Many reads of a small array in the core (a loop over it): all of its indexes, without
    // asking the solver about each read.
    let mut reads_of: BTreeMap<ArrId, usize> = BTreeMap::new();
    for c in &in_core {
        for read in &c.reads {
            *reads_of.entry(read.array).or_insert(0) += 1;
        }
    }
    for (&a, &n) in &reads_of {
        let arr = p.array(a);
        if n > MANY_READS && arr.size.as_const().is_some() && array_size(arr) <= GENERALISE_MAX_SIZE
        {
            if !matches!(params.r.0.get(&a), Some(Tracked::All)) {
                how.push(format!(
                    "R({}) = all ({n} reads in the core, {} elements)",
                    arr.display,
                    array_size(arr)
                ));
            }
            params.r.0.insert(a, Tracked::All);
        }
    }
    // Arrays read at two indexes in one conjunct (`a[k] <= a[k + 1]`): two witness cells.
    let paired: BTreeSet<ArrId> = in_core
        .iter()
        .flat_map(|c| {
            c.reads.iter().filter(move |r| {
                c.reads
                    .iter()
                    .any(|o| o.array == r.array && o.index_expr != r.index_expr)
            })
        })
        .map(|r| r.array)
        .collect();
    let mut witnessed: BTreeSet<ArrId> = BTreeSet::new();
    for c in &in_core {
        for read in &c.reads {
            if matches!(params.r.0.get(&read.array), Some(Tracked::All)) {
                continue;
            }
            let k = forced_at(q, core, c.step, &read.index_term, limits)?;
            let arr = p.array(read.array);
            let walking =
                walked.contains(&read.array) && const_value(p, &read.index_expr).is_none();
            let constant = k.is_some_and(|k| {
                k >= 0 && arr.size.as_const().is_none_or(|n| (k as u64) < n) && !walking
            });
            if !constant {
                let term = match term_of(p, &read.index_expr, known.stable) {
                    Some(t) => Some(t),
                    None => {
                        let named = named_term_vars(read, known);
                        // Forced to a constant (a walk): only a term the program names for
                        // this array (`a[N - 1] = 0`) is trusted; any index is forced
                        // relative to a variable the path fixes.
                        let candidates = if k.is_none() {
                            term_candidates(p, q, core, read, known)
                        } else {
                            named.clone()
                        };
                        forced_term(p, q, core, c.step, read, &candidates, limits)?
                            .filter(|t| k.is_none() || known.terms.contains(&(read.array, *t)))
                    }
                };
                if let Some(t) = term
                    && params.r.insert_cell(read.array, SymCell::Term(t))
                {
                    how.push(format!("R({}) += {}", arr.display, t.display(p)));
                    if !params.all_vars && params.vars.insert(t.var) {
                        how.push(format!("V += {}", p.var(t.var).display));
                    }
                    continue;
                }
            }
            let witnesses = params.r.witnesses(read.array).len();
            let entry = params
                .r
                .0
                .entry(read.array)
                .or_insert_with(|| Tracked::Only(BTreeSet::new()));
            match (k, entry) {
                (_, Tracked::All) => {}
                (Some(k), Tracked::Only(set))
                    if k >= 0 && arr.size.as_const().is_none_or(|n| (k as u64) < n) && !walking =>
                {
                    if set.insert(k as u64) {
                        how.push(format!("R({}) += {k}", arr.display));
                    }
                }
                // One new witness symbol per array and refinement (two for a paired read):
                // a second read of the core at another index need not ask for another.
                (_, Tracked::Only(_)) if witnessed.contains(&read.array) => {}
                (_, Tracked::Only(_)) if witnesses < 2 => {
                    witnessed.insert(read.array);
                    let want = if paired.contains(&read.array) {
                        2
                    } else {
                        witnesses + 1
                    };
                    for w in 1..=want as u8 {
                        if params.r.insert_cell(read.array, SymCell::Witness(w)) {
                            how.push(format!("R({}) += w{w}", arr.display));
                        }
                    }
                    keep_program_constants(&mut params.r, read.array, constants);
                }
                (_, e) => {
                    *e = Tracked::All;
                    how.push(format!("R({}) = all (index not constant)", arr.display));
                }
            }
        }
    }
    // A set holding every index is `all`: the abstraction then keeps the array whole.
    for a in p.array_ids() {
        if let Some(Tracked::Only(set)) = params.r.0.get(&a)
            && p.array(a)
                .size
                .as_const()
                .is_some_and(|n| set.len() as u64 >= n)
        {
            params.r.0.insert(a, Tracked::All);
        }
    }
    if how.is_empty() {
        how.push("no new variables or indexes from the core".into());
    }
    Ok(how.join(", "))
}

/// What the refinement knows of the program and the loop so far.
struct Known<'a> {
    /// Arrays whose constant indexes a refinement already grew.
    walked: &'a BTreeSet<ArrId>,
    /// The indexes the program names as constants.
    constants: &'a [(ArrId, u64)],
    /// The variables index terms are built on ([`stable_vars`]).
    stable: &'a BTreeSet<VarId>,
    /// The index terms the program names.
    terms: &'a [(ArrId, Term)],
}

/// The variables of the terms the program names for the read's array.
fn named_term_vars(read: &ArrayRead, known: &Known) -> Vec<VarId> {
    let mut out = Vec::new();
    for (a, t) in known.terms {
        if *a == read.array && t.div == 1 && !out.contains(&t.var) {
            out.push(t.var);
        }
    }
    out
}

/// The stable variables a read's index may be a term over: the size variable of the array,
/// then those of the index expression and of the core.
fn term_candidates(
    p: &Program,
    q: &Query,
    core: &[String],
    read: &ArrayRead,
    known: &Known,
) -> Vec<VarId> {
    let mut candidates: Vec<VarId> = Vec::new();
    if let Size::Var(n) = p.array(read.array).size {
        candidates.push(n);
    }
    let in_core = q.conjuncts.iter().filter(|c| core.contains(&c.name));
    for x in read
        .index_expr
        .vars()
        .into_iter()
        .chain(in_core.flat_map(|c| c.vars.iter().copied()))
    {
        if known.stable.contains(&x) && !candidates.contains(&x) {
            candidates.push(x);
        }
    }
    candidates
}

/// The value the SMT term `term`, evaluated at step `step`, is forced to by what happens
/// before it: first the core's own conjuncts before the step, then the whole path prefix.
fn forced_at(
    q: &Query,
    core: &[String],
    step: usize,
    term: &str,
    limits: &Limits,
) -> Result<Option<i128>, AraError> {
    if let Some(k) = forced_value_before(q, core, step, term, limits)? {
        return Ok(Some(k));
    }
    let prefix: Vec<String> = q
        .conjuncts
        .iter()
        .filter(|d| d.step < step || d.kind == ConjunctKind::Init)
        .map(|d| d.name.clone())
        .collect();
    forced_value(q, &prefix, term, limits)
}

/// The term `x + k` the read's index is forced to, for the first variable `x` of
/// `candidates` that gives one (at most 3 asked; the solver guesses `k` from a model, then
/// shows `index - x == k` forced).
fn forced_term(
    p: &Program,
    q: &Query,
    core: &[String],
    step: usize,
    read: &ArrayRead,
    candidates: &[VarId],
    limits: &Limits,
) -> Result<Option<Term>, AraError> {
    for &x in candidates.iter().take(3) {
        let Some(xt) = var_index_term(q, p, x, step) else {
            continue;
        };
        let diff = match q.theory {
            Theory::BitVector => format!("(bvsub {} {xt})", read.index_term),
            Theory::Lia => format!("(- {} {xt})", read.index_term),
        };
        if let Some(k) = forced_at(q, core, step, &diff, limits)?
            && let Ok(add) = i32::try_from(k)
        {
            return Ok(Some(Term {
                var: x,
                div: 1,
                add,
            }));
        }
    }
    Ok(None)
}

fn core_arrays(q: &Query, core: &[String]) -> Vec<ArrId> {
    let mut out = Vec::new();
    for c in q.conjuncts.iter().filter(|c| core.contains(&c.name)) {
        for r in &c.reads {
            if !out.contains(&r.array) {
                out.push(r.array);
            }
        }
    }
    out
}

/// Is the path still executable in abstract(P, V', R')? (Then the refinement did not exclude
/// it and must be widened.)
fn still_feasible(
    p: &Program,
    path: &[Vertex],
    params: &Params,
    theory: Theory,
    limits: &Limits,
) -> Result<bool, AraError> {
    let abs = abstract_program_with(p, &params.var_set(), &params.r, true);
    // Same ids, same CFG shape: the path, with the auxiliary vertices put back, is a path of
    // the abstract CFG.
    let acfg = Cfg::build(&abs.program);
    let q = encode_path(&abs.program, &acfg, &abs.aux.lift(path), theory)?;
    Ok(!matches!(
        solve_without_core(&q, limits)?,
        SolverAnswer::Unsat { .. }
    ))
}

impl CheckReport {
    /// The report for people: the verdict first, then how it was reached.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.verdict);
        if let FinalVerdict::Safe { proof } = &self.verdict {
            let lines = proof.how.invariant_lines();
            if !lines.is_empty() {
                let _ = write!(out, "invariants (C, at the loop heads):\n{lines}");
            }
        }
        if let FinalVerdict::Unsafe { trace } = &self.verdict {
            let _ = writeln!(out, "error trace:");
            for s in &trace.steps {
                let _ = writeln!(out, "  {s}");
            }
            if !trace.inputs.is_empty() {
                let _ = writeln!(out, "inputs:");
                for i in &trace.inputs {
                    let _ = writeln!(out, "  {} = {}", i.what, i.value);
                }
            }
        }
        let _ = writeln!(out, "iterations: {}", self.iterations.len());
        for it in &self.iterations {
            let path: Vec<String> = it.path.iter().map(|v| v.to_string()).collect();
            let _ = write!(out, "  {}: checker {}", it.number, it.checker_verdict);
            if !path.is_empty() {
                let _ = write!(out, "; trace {}", path.join(","));
            }
            if !it.solver.is_empty() {
                let _ = write!(out, "; solver {}", it.solver);
            }
            if !it.refinement.is_empty() {
                let _ = write!(out, "; refinement: {}", it.refinement);
            }
            out.push('\n');
        }
        let _ = writeln!(out, "V: {}", self.vars.join(", "));
        for a in &self.arrays {
            let shown: Vec<String> = a.tracked.iter().map(|k| k.to_string()).collect();
            let more = if (a.tracked.len() as u64) < a.tracked_count {
                ", ..."
            } else {
                ""
            };
            // (A symbolic size shows as 0: it is never "all".)
            if a.tracked_count == a.total && a.total > 0 {
                let _ = writeln!(out, "R({}): {}/{} tracked (all)", a.array, a.total, a.total);
                continue;
            }
            let cells = if a.cells.is_empty() {
                String::new()
            } else {
                format!(", cells {{{}}}", a.cells.join(", "))
            };
            let _ = writeln!(
                out,
                "R({}): {}/{} tracked {{{}{more}}}{cells}",
                a.array,
                a.tracked_count,
                a.total,
                shown.join(", ")
            );
        }
        let _ = writeln!(
            out,
            "time: abstraction {:.2} s, checker {:.2} s, solver {:.2} s, total {:.2} s",
            self.time_abstraction_s, self.time_checker_s, self.time_solver_s, self.time_total_s
        );
        out
    }
}
