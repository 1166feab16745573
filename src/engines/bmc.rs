//! The bounded checkers (ESBMC, CBMC) as an [`Engine`]: the one implementation of "emit C with
//! vertex markers → run the checker → map the `ara_loc` trace to a CFG path".
//!
//! Takes a [`Program`] (an original, an index-set abstraction or a witness program; all number
//! their statements like the original) and a [`Budget`]; gives a [`BmcRun`]: the typed
//! [`EngineOutcome`] (proved by complete unwinding or k-induction, a counterexample as a
//! normalised CFG path with the nondet values the trace shows, or unknown with the checker's
//! reason) and, for callers that read more of it, the checker's own outcome and the C text.
//!
//! Soundness: the verdict logic is the checkers' (`crate::engines::checkers`: SAFE only from complete
//! unwinding with unwinding assertions or from k-induction). A counterexample is a lead: it
//! becomes UNSAFE only through [`super::confirm::confirm`] on the original program. ESBMC
//! runs without its C library when the text calls none of it (`checkers::esbmc::library_free`,
//! its soundness argument there): the same verdicts, a tenth of a second less per run.

use super::{Budget, Counterexample, Engine, EngineOutcome, EngineVerdict, UnknownReason};
use crate::base::error::AraError;
use crate::base::tools;
use crate::engines::checkers::{self, CheckOptions, CheckerKind, CheckerOutcome, Verdict, esbmc};
use crate::ir::cfg::Cfg;
use crate::ir::emit::{EmitOptions, MARKER_VAR, emit_c};
use crate::ir::{Program, VERTEX_ERROR, Vertex};

/// ESBMC or CBMC on the C text of a program.
#[derive(Clone, Debug)]
pub struct Bmc {
    /// The checker, its mode, binary and extra arguments. Its `timeout` and `memory_mb` are
    /// narrowed by the [`Budget`]; its `keep_dir` (the checker's command lines and outputs)
    /// is used as it is.
    pub checker: CheckOptions,
    /// The stem of the C file (`abstract_3` → `abstract_3.c`, kept in `Budget::keep_dir`).
    pub name: String,
    /// The C file's header comment.
    pub header: String,
}

/// One run of [`Bmc`].
#[derive(Clone, Debug)]
pub struct BmcRun {
    pub outcome: EngineOutcome,
    /// The checker's own outcome: its verdict, raw trace, command line.
    pub checker: CheckerOutcome,
    /// The C text that was checked.
    pub text: String,
}

impl Bmc {
    pub fn new(checker: CheckOptions, name: &str, header: String) -> Bmc {
        Bmc {
            checker,
            name: name.to_string(),
            header,
        }
    }

    /// Emits `p` with vertex markers and checks it.
    pub fn run(&self, p: &Program, budget: &Budget) -> Result<BmcRun, AraError> {
        let text = emit_c(
            p,
            &EmitOptions {
                markers: true,
                line_comments: true,
                header_comment: Some(self.header.clone()),
            },
        );
        self.run_text(p, &text, budget)
    }

    /// Checks C `text` whose `ara_loc` markers number the vertices of `p`'s CFG (the emitted
    /// `p`, or a file written by `ara abstract --markers` from `p`).
    pub fn run_text(&self, p: &Program, text: &str, budget: &Budget) -> Result<BmcRun, AraError> {
        let (_work, dir) = super::work_dir("ara-bmc-", budget.keep_dir.as_deref())?;
        let c_path = dir.join(format!("{}.c", self.name));
        std::fs::write(&c_path, text).map_err(|e| AraError::Internal(e.to_string()))?;
        let mut opts = self.checker.clone();
        opts.timeout = match (opts.timeout, budget.timeout) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        opts.memory_mb = budget.memory_mb.or(opts.memory_mb);
        if opts.kind == CheckerKind::Esbmc && esbmc::library_free(text) {
            // ESBMC's C library is a tenth of a second of every start; a program that calls
            // none of it is decided the same without it (`esbmc::library_free`).
            opts.extra_args.push(esbmc::NO_LIBRARY.into());
        }
        // The checker's runs on this thread end as timed out (then `Cancelled`) once set.
        let watch = tools::watching(budget.cancel.clone());
        let checker = checkers::check_file(&c_path, &opts);
        drop(watch);
        let checker = checker?;
        let verdict = engine_verdict(&checker, &Cfg::build(p), text);
        Ok(BmcRun {
            outcome: EngineOutcome {
                verdict,
                engine: checker.checker.to_string(),
                time_s: checker.time.as_secs_f64(),
            },
            checker,
            text: text.to_string(),
        })
    }
}

impl Engine for Bmc {
    fn name(&self) -> &'static str {
        self.checker.kind.tool().name()
    }

    fn check(&self, p: &Program, budget: &Budget) -> Result<EngineOutcome, AraError> {
        Ok(self.run(p, budget)?.outcome)
    }
}

/// The checker's verdict as an engine's: its trace as a path of `cfg`.
fn engine_verdict(out: &CheckerOutcome, cfg: &Cfg, text: &str) -> EngineVerdict {
    match (&out.verdict, &out.trace) {
        (Verdict::Safe { how }, _) => EngineVerdict::Proved(how.clone()),
        (Verdict::Unknown { reason }, _) => EngineVerdict::Unknown(reason.clone()),
        (Verdict::Unsafe, Some(trace)) => {
            let values: Option<Vec<i128>> = trace
                .nondet_values(Some(text))
                .iter()
                .map(|n| n.value)
                .collect();
            EngineVerdict::Counterexample(Counterexample {
                path: normalise_path(cfg, trace.marker_path(MARKER_VAR)),
                inputs: values,
            })
        }
        (Verdict::Unsafe, None) => EngineVerdict::Unknown(UnknownReason::CheckerUnknown {
            detail: "the checker reported a violation without a trace".into(),
        }),
    }
}

/// The checker's marker sequence starts at the first vertex it saw; make sure it ends in the
/// error vertex exactly once.
pub fn normalise_path(cfg: &Cfg, mut path: Vec<Vertex>) -> Vec<Vertex> {
    if let Some(pos) = path.iter().position(|&v| v == VERTEX_ERROR) {
        path.truncate(pos + 1);
    } else if let Some(&last) = path.last()
        && cfg
            .nodes
            .get(last as usize)
            .is_some_and(|n| n.succs.iter().any(|e| e.to == VERTEX_ERROR))
    {
        path.push(VERTEX_ERROR);
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::checkers::CheckerKind;
    use crate::ir::Span;
    use crate::ir::cfg::{Action, Edge, Guard, Node};
    use std::time::Duration;

    /// 0: error, 1 → 2, 2 → {0, 3}, 3: exit.
    fn cfg() -> Cfg {
        let node = |id: u32, succs: Vec<u32>| Node {
            id,
            action: Action::ExitVertex,
            span: Span::default(),
            succs: succs
                .into_iter()
                .map(|to| Edge {
                    to,
                    guard: Guard::Always,
                })
                .collect(),
        };
        Cfg {
            nodes: vec![
                node(0, vec![]),
                node(1, vec![2]),
                node(2, vec![0, 3]),
                node(3, vec![]),
            ],
        }
    }

    #[test]
    fn paths_end_in_the_error_vertex_once() {
        let g = cfg();
        assert_eq!(normalise_path(&g, vec![1, 2, 0, 5]), vec![1, 2, 0]);
        assert_eq!(normalise_path(&g, vec![1, 2]), vec![1, 2, 0]);
        // No edge to the error vertex, or a vertex the CFG does not have: left as it is.
        assert_eq!(normalise_path(&g, vec![1]), vec![1]);
        assert_eq!(normalise_path(&g, vec![1, 77]), vec![1, 77]);
        assert_eq!(normalise_path(&g, vec![]), Vec::<Vertex>::new());
    }

    #[test]
    fn a_violation_without_a_trace_is_no_counterexample() {
        let out = CheckerOutcome {
            verdict: Verdict::Unsafe,
            trace: None,
            time: Duration::ZERO,
            checker: CheckerKind::Esbmc,
            command: vec![],
        };
        assert!(matches!(
            engine_verdict(&out, &cfg(), ""),
            EngineVerdict::Unknown(UnknownReason::CheckerUnknown { .. })
        ));
    }
}
