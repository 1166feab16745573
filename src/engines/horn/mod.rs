//! The Horn-clause engine: an array-free program as constrained Horn clauses, solved by Z3's
//! Spacer with a portfolio of configurations; SAFE only with an invariant ara checked itself.
//!
//! Takes an [`ir::Program`](crate::ir::Program) without array accesses (an index-set
//! abstraction, a witness program, an original without arrays; a program that reads or
//! writes an array is `Unknown(Unsupported)`) and a [`Budget`]; gives an [`EngineOutcome`]:
//!
//! - `Proved(InductiveInvariant)` with one C expression per loop head, only after ara's own
//!   check ([`certify`]) of the solver's certificate against every clause of the
//!   *bit-vector* encoding (initiation, consecution, safety);
//! - `Counterexample` with a CFG path ([`cex`]) read from Spacer's derivation and found
//!   feasible in the bit-vector clauses: a lead for the caller's trace formula and replay;
//! - `Unknown` with the reason (timeouts, `unknown`, a crash, a rejected invariant).
//!
//! Encoding ([`encode`]): one predicate per cut point (loop heads), one clause per pair of
//! cut points (or entry, or error) with the loop-free paths between them in single-assignment
//! form (ite over the DAG: linear size), over all scalar variables.
//!
//! ## Why SAFE is never wrong
//!
//! The bit-vector clauses follow C: the expression encoder is the trace formula's (widths of
//! the data model, integer promotions, usual arithmetic conversions, wrap-around of unsigned
//! and (as the checkers assume) signed arithmetic, signed/unsigned division, shifts,
//! conversions to narrower types and to `_Bool`). Each clause is exactly the transition
//! relation of the block's paths (see [`encode`]), so an interpretation of the predicates
//! that makes every clause valid is an inductive invariant of the program excluding the
//! error. ara checks exactly that, in its own Z3 run, for whatever the solver printed. The
//! integer clauses are only a *search* aid: they are not C (no wrap-around, narrowing
//! conversions are the identity, nondets unbounded, bitwise operators unconstrained), so
//! neither their `sat` nor their `unsat` is trusted: an integer invariant is translated into
//! 128-bit arithmetic over the variables' C values (exact, see [`certify`]) and checked
//! against the bit-vector clauses, and an integer derivation only names a sequence of cut
//! points whose path must then be feasible in the bit-vector clauses. A certificate that
//! cannot be read, translated or checked, or whose check times out, is rejected.
//!
//! ## The portfolio (measured on this machine, Z3 as installed by `scripts/setup`)
//!
//! Configurations run one after the other in two rounds: first each gets a quick slice (at
//! most 2 s), then those that timed out share the time left equally. What was measured here:
//! - The strcpy abstraction (R(src) = {N-1}, the loop that fills `src` kept) is solved by no
//!   configuration without global guidance within 20 s at N = 1000, also not with
//!   `fp.spacer.use_iuc=false` (the two-variable version without the fill loop, where that
//!   option was fast, is not what the abstraction gives), nor with slicing, linear inlining,
//!   ground proof obligations, EUF generalisation or lemma sharing changed. With
//!   `fp.spacer.global=true` every encoding (integers, wrapped integers, bit-vectors) is
//!   solved in 0.06 to 0.14 s, at N = 10^6 too: global guidance goes first.
//! - A 10-iteration wrapping counter: wrap-around as `mod` was not solved in 60 s, as an ite
//!   in 0.6 s with default options and not in 30 s with `use_iuc=false`: IUC helps some
//!   problems and hurts others, so both stay in the portfolio.
//! - Bit-vector clauses answer where integers disagree with C (shifts, wrap-around, `char`).
//! - Quicksort partition at N = 10 (`bench-suite/tasks/partition_safe_n10.c`, ILP32),
//!   abstraction R(a) = {0}: unsafe (the final check reads an untracked `a[k]`). Only
//!   `lia-no-iuc` found the derivation (in its second-round slice, 37 s in all on the loaded
//!   machine); the others timed out. Its derivation names *sliced* predicates
//!   (`inv_2!slice!1`, fewer arguments), which [`cex::chain`] reads as their cut points
//!   (before: no cut point was recognised and the derivation was lost). With R(a) = {0} the
//!   partition cannot be proved (the check is over every k); its proof needs every index.
//! - `(set-logic HORN)` with proofs answered `unknown`: Z3 runs the fixedpoint format with
//!   `(query ara_error :print-certificate true)`, which gives invariants and derivations.
//! - Z3's certificate leaves out the predicates its preprocessing inlined
//!   (`fp.xform.inline_eager`). Hoare partition with R(a) = {0} (`hpartition`, the paper's
//!   partition proof): `true` in place of the inlined loop head failed the check at every N;
//!   with the omitted predicates resolved away ([`certify::eliminate`]) it is proved at
//!   N = 10^3 and 10^4 in under 4 s. Turning inlining off instead made the certificates
//!   complete, but Spacer slow (13 s to over 60 s at N = 1000; the cell engine's max and
//!   find 3 to 20 times slower).

pub mod certify;
pub mod cex;
pub mod cprint;
pub mod encode;
pub mod grid;
pub mod guess;
pub mod houdini;
pub mod hull;
pub mod morph;
pub mod observe;
pub mod prune;
pub mod reduce;
pub mod residue;
pub mod sift;
pub mod solve;
pub mod sumbase;
pub mod sumcells;
pub mod sumlocal;
pub mod summary;

use self::encode::HornSystem;
use self::solve::{SpacerAnswer, SpacerConfig, run_spacer};
use super::{Budget, Counterexample, Engine, EngineOutcome, EngineVerdict, LoopInvariant, Proof};
use crate::base::error::AraError;
use crate::base::tools::{Limits, Tool, find_tool};
use crate::engines::checkers::{HornAttempt, HornWhy, UnknownReason};
use crate::engines::smt::Theory;
use crate::ir::{Program, Vertex};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The configurations tried, in order (see the module doc for what was measured).
pub const PORTFOLIO: &[SpacerConfig] = &[
    SpacerConfig {
        name: "lia-wrap-global",
        theory: Theory::Lia,
        wrap: true,
        options: &[("fp.spacer.global", "true")],
    },
    SpacerConfig {
        name: "bv-global",
        theory: Theory::BitVector,
        wrap: false,
        options: &[("fp.spacer.global", "true")],
    },
    SpacerConfig {
        name: "lia-no-iuc",
        theory: Theory::Lia,
        wrap: false,
        options: &[("fp.spacer.use_iuc", "false")],
    },
    SpacerConfig {
        name: "lia-wrap",
        theory: Theory::Lia,
        wrap: true,
        options: &[],
    },
    SpacerConfig {
        name: "bv-default",
        theory: Theory::BitVector,
        wrap: false,
        options: &[],
    },
    SpacerConfig {
        name: "lia-global",
        theory: Theory::Lia,
        wrap: false,
        options: &[("fp.spacer.global", "true"), ("fp.spacer.use_iuc", "false")],
    },
    SpacerConfig {
        name: "bv-no-iuc",
        theory: Theory::BitVector,
        wrap: false,
        options: &[("fp.spacer.use_iuc", "false")],
    },
];

/// The first round gives every configuration at most this long: most answers come within a
/// second, and one configuration that hangs must not eat the budget of the others.
const QUICK_SLICE: Duration = Duration::from_secs(2);

/// At most this much of a run's last slices is kept for the check of a certificate.
const CHECK_RESERVE: Duration = Duration::from_secs(5);

/// Without a budget, the engine stops after this long.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// The Horn-clause engine (`spacer`).
#[derive(Clone, Debug)]
pub struct Horn {
    pub portfolio: Vec<SpacerConfig>,
    /// The Z3 binary (default: found by [`find_tool`]).
    pub z3: Option<PathBuf>,
}

impl Default for Horn {
    fn default() -> Self {
        Horn {
            portfolio: PORTFOLIO.to_vec(),
            z3: None,
        }
    }
}

impl Engine for Horn {
    fn name(&self) -> &'static str {
        "spacer"
    }

    fn check(&self, p: &Program, budget: &Budget) -> Result<EngineOutcome, AraError> {
        crate::engines::timed_outcome(self.name(), budget, |start| self.verdict(p, budget, start))
    }
}

/// What the failed attempts said, for the reason of an `Unknown`.
#[derive(Default)]
struct Failures {
    rejected: Option<String>,
    crashed: Option<String>,
    other: Vec<HornAttempt>,
    timeouts: usize,
    /// Derivations of the error in a cell-morphing encoding.
    derivable: usize,
}

impl Horn {
    fn verdict(
        &self,
        p: &Program,
        budget: &Budget,
        start: Instant,
    ) -> Result<EngineVerdict, AraError> {
        if encode::uses_arrays(p) {
            return Ok(EngineVerdict::Unknown(UnknownReason::Unsupported {
                what: "array accesses (the Horn-clause engine needs an array-free program)".into(),
            }));
        }
        let z3 = find_tool(Tool::Z3, self.z3.as_deref())?;
        let total = budget.timeout.unwrap_or(DEFAULT_TIMEOUT);
        // The encodings count against the budget: a large program stops them at the deadline
        // (or at once when too large), and the answer is unknown with that reason.
        let limits = encode::EncodeLimits {
            start,
            deadline: Some(start + total),
            max_terms: encode::MAX_TERMS,
        };
        let mut systems = Vec::new();
        for (theory, wrap) in [
            (Theory::BitVector, false),
            (Theory::Lia, false),
            (Theory::Lia, true),
        ] {
            match encode::encode_limited(p, theory, wrap, &limits)? {
                Ok(sys) => systems.push(sys),
                Err(why) => return Ok(EngineVerdict::Unknown(why)),
            }
        }
        let [bv, lia, wrapped] = <[HornSystem; 3]>::try_from(systems).expect("three encodings");
        let sys = Systems {
            bv,
            lia,
            wrapped,
            tag: String::new(),
            quantifier: None,
        };
        let mut fails = Failures::default();
        let run = Run {
            p,
            z3: &z3,
            keep: budget.keep_dir.as_deref(),
            start,
            total,
        };
        if let Some(v) = self.portfolio_run(&run, &sys, start + total, &mut fails)? {
            return Ok(v);
        }
        if crate::base::tools::cancelled() {
            return Ok(EngineVerdict::Unknown(UnknownReason::Cancelled));
        }
        Ok(EngineVerdict::Unknown(fails.reason(start.elapsed())))
    }

    /// Runs the portfolio on `sys` until `until` (at most the run's whole budget): a verdict,
    /// or `None` with the failures recorded (also when cancelled).
    fn portfolio_run(
        &self,
        run: &Run,
        sys: &Systems,
        until: Instant,
        fails: &mut Failures,
    ) -> Result<Option<EngineVerdict>, AraError> {
        let (p, keep) = (run.p, run.keep);
        let tag = &sys.tag;
        keep_file(
            keep,
            &format!("horn{tag}_bv.smt2"),
            &sys.bv.to_smtlib(&p.file),
        );
        keep_file(
            keep,
            &format!("horn{tag}_lia.smt2"),
            &sys.lia.to_smtlib(&p.file),
        );
        keep_file(
            keep,
            &format!("horn{tag}_lia_wrap.smt2"),
            &sys.wrapped.to_smtlib(&p.file),
        );
        let (start, total) = (run.start, run.total);
        let n = self.portfolio.len();
        // Round 1: a quick slice each; round 2: the time left, shared equally among the
        // configurations that timed out (Spacer is deterministic: an answer it gave, such as
        // an invariant that failed the check, would come again).
        let schedule = (0..n).map(|k| (k, true)).chain((0..n).map(|k| (k, false)));
        let mut timed_out = vec![false; n];
        for (step, (k, quick)) in schedule.enumerate() {
            if !quick && !timed_out[k] {
                continue;
            }
            let cfg = &self.portfolio[k];
            let left = until.saturating_duration_since(Instant::now());
            if left < Duration::from_millis(50) || crate::base::tools::cancelled() {
                break;
            }
            let one = match (cfg.theory, cfg.wrap) {
                (Theory::BitVector, _) => &sys.bv,
                (Theory::Lia, false) => &sys.lia,
                (Theory::Lia, true) => &sys.wrapped,
            };
            let ctx = Attempt {
                p,
                z3: run.z3,
                bv: &sys.bv,
                sys: one,
                cfg,
                keep,
                k: step,
                tag,
                quantifier: sys.quantifier.as_deref(),
            };
            // The last slices leave room for the check of an answer: an invariant found at
            // the end of the budget and then cut off in its check was measured (prefix sums,
            // a 12 s run: Spacer's answer at 11.5 s, its check killed at 12.2 s).
            let usable = left - (left / 6).min(CHECK_RESERVE);
            let slice = if quick && n == 1 {
                usable // alone: a restart would lose Spacer's progress
            } else if quick {
                (left / n as u32).min(QUICK_SLICE)
            } else {
                usable / timed_out[k..].iter().filter(|&&t| t).count() as u32
            };
            let (timeouts, derivable) = (fails.timeouts, fails.derivable);
            if let Some(v) = ctx.run(slice, total, start, fails)? {
                return Ok(Some(v));
            }
            timed_out[k] = fails.timeouts > timeouts;
            if fails.derivable > derivable {
                // The error is derivable in the cell abstraction: no invariant of these
                // cells to find (up to the integer clauses' imprecision); more cells next.
                break;
            }
        }
        Ok(None)
    }
}

/// What every configuration of one engine run shares.
struct Run<'a> {
    p: &'a Program,
    z3: &'a Path,
    keep: Option<&'a Path>,
    start: Instant,
    total: Duration,
}

/// The three encodings of one program the portfolio chooses from.
struct Systems {
    bv: HornSystem,
    lia: HornSystem,
    wrapped: HornSystem,
    /// Distinguishes the kept files of several encodings (`_k1`).
    tag: String,
    /// For the cell-morphing encoding, what the invariants quantify over
    /// ([`morph::CellLayout::quantifier`]); it also means the error has no path to report.
    quantifier: Option<String>,
}

impl Failures {
    fn reason(self, after: Duration) -> UnknownReason {
        if let Some(why) = self.rejected {
            UnknownReason::InvariantRejected { why }
        } else if let Some(detail) = self.crashed {
            UnknownReason::Crashed { detail }
        } else if self.other.is_empty() {
            UnknownReason::Timeout { after }
        } else {
            UnknownReason::HornGaveUp {
                attempts: self.other,
            }
        }
    }
}

/// One configuration's run.
struct Attempt<'a> {
    p: &'a Program,
    z3: &'a Path,
    bv: &'a HornSystem,
    sys: &'a HornSystem,
    cfg: &'a SpacerConfig,
    keep: Option<&'a Path>,
    k: usize,
    tag: &'a str,
    quantifier: Option<&'a str>,
}

impl Attempt<'_> {
    /// Runs Spacer for `slice`; a verdict when it proved (with a checked invariant) or found
    /// a path, else `None` with the failure recorded.
    fn run(
        &self,
        slice: Duration,
        total: Duration,
        start: Instant,
        fails: &mut Failures,
    ) -> Result<Option<EngineVerdict>, AraError> {
        let mut options = vec![("fp.engine", "spacer")];
        options.extend(self.cfg.options.iter().copied());
        let script = self.sys.to_fixedpoint(&self.p.file, &options);
        let limits = Limits {
            timeout: Some(slice),
            memory_mb: None,
        };
        let (answer, raw) = run_spacer(self.z3, &script, &limits)?;
        let tag = format!("{}{}_{}", self.tag, self.k, self.cfg.name);
        keep_file(self.keep, &format!("spacer_{tag}.smt2"), &script);
        keep_file(self.keep, &format!("answer_{tag}.txt"), &raw);
        // The check and the path query get a quarter of what is left of the whole budget (at
        // least 5 s, at most what is left): a check that hangs on one configuration's
        // certificate must leave time for the others, and none outlives the budget.
        let left = total.saturating_sub(start.elapsed());
        let rest = Limits {
            timeout: Some(
                (left / 4)
                    .max(Duration::from_secs(5))
                    .min(left.max(Duration::from_millis(100))),
            ),
            memory_mb: None,
        };
        let name = self.cfg.name;
        match answer {
            SpacerAnswer::Safe(cert) => match self.certify(&cert, &rest) {
                Ok(invariants) => {
                    let text: Vec<String> = invariants
                        .iter()
                        .map(|i| format!("vertex {} (line {}): {}", i.vertex, i.line, i.c_expr))
                        .collect();
                    keep_file(self.keep, "invariants.txt", &(text.join("\n") + "\n"));
                    let by = match self.quantifier {
                        Some(_) => format!("spacer-cells {} {name}", self.tag.trim_matches('_')),
                        None => format!("spacer {name}"),
                    };
                    return Ok(Some(EngineVerdict::Proved(Proof::InductiveInvariant {
                        found_by: by,
                        invariants,
                    })));
                }
                Err(why) => fails.rejected = Some(format!("{name}: {why}")),
            },
            SpacerAnswer::Unsafe(_) if self.quantifier.is_some() => {
                fails.derivable += 1;
                fails.other.push(HornAttempt {
                    config: name.into(),
                    cells: Some(self.tag.trim_matches('_').into()),
                    why: HornWhy::DerivableInCells,
                })
            }
            SpacerAnswer::Unsafe(deriv) => {
                let cuts = cex::chain(self.sys, &deriv);
                let found = cex::path(self.z3, self.p, self.bv, &cuts, &rest).or_else(|why| {
                    // No usable chain in the derivation: try the shortest chains instead.
                    cex::short_chains(self.bv, 4, 16)
                        .iter()
                        .take_while(|_| start.elapsed() < total)
                        .find_map(|c| cex::path(self.z3, self.p, self.bv, c, &rest).ok())
                        .ok_or(why)
                });
                match found {
                    Ok(cex::Found { path, inputs }) => {
                        return Ok(Some(EngineVerdict::Counterexample(Counterexample {
                            path,
                            inputs,
                        })));
                    }
                    Err(why) => fails.other.push(HornAttempt {
                        config: name.into(),
                        cells: None,
                        why: HornWhy::NoPath { why },
                    }),
                }
            }
            SpacerAnswer::Unknown(r) => fails.other.push(HornAttempt {
                config: name.into(),
                cells: None,
                why: HornWhy::Solver { detail: r },
            }),
            SpacerAnswer::Timeout => fails.timeouts += 1,
            SpacerAnswer::Crashed(d) => fails.crashed = Some(format!("z3 ({name}): {d}")),
        }
        Ok(None)
    }

    /// The checked invariants of a certificate, or why it is not a proof.
    fn certify(
        &self,
        cert: &[crate::engines::smt::sexp::Sexp],
        limits: &Limits,
    ) -> Result<Vec<LoopInvariant>, String> {
        let interps = certify::parse_certificate(self.sys, cert)?;
        // The predicates Z3 inlined are resolved away rather than read as `true`.
        self.check_interps(interps, &certify::omitted(self.sys, cert), limits)
    }

    /// The checked invariants of `interps` (without the predicates `gone`), or why they are
    /// not a proof.
    fn check_interps(
        &self,
        mut interps: Vec<certify::Interp>,
        gone: &[Vertex],
        limits: &Limits,
    ) -> Result<Vec<LoopInvariant>, String> {
        let (bv, gone) = certify::eliminate(self.bv, gone);
        interps.retain(|i| !gone.contains(&i.vertex));
        let defs = certify::bv_definitions(self.p, &bv, &interps, self.cfg.theory)?;
        keep_file(
            self.keep,
            &format!("check{}{}.smt2", self.tag, self.k),
            &certify::check_script(&bv, &defs),
        );
        certify::check(self.z3, &bv, &defs, limits)?;
        Ok(interps
            .iter()
            .map(|i| LoopInvariant {
                vertex: i.vertex,
                line: self.bv.pred(i.vertex).map_or(0, |p| p.line),
                c_expr: format!(
                    "{}{}",
                    self.quantifier.unwrap_or(""),
                    certify::to_c(self.p, self.bv, &i.body)
                ),
            })
            .collect())
    }
}

/// Writes `name` into the keep folder, if any (best effort: a full disk loses only the
/// record, not the verdict).
fn keep_file(dir: Option<&Path>, name: &str, text: &str) {
    if let Some(d) = dir {
        let _ = std::fs::create_dir_all(d);
        let _ = std::fs::write(d.join(name), text);
    }
}
