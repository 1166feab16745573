//! Loop invariants for correctness witnesses of SAFE verdicts whose proof states none
//! (complete unwinding, k-induction, the witness-index transformation): a short run of the
//! Horn-clause engine after the verdict.
//!
//! Takes the original program and a time limit; gives the engine's [`Proof`] (an inductive
//! invariant, checked by the engine on the program it ran on) or why there is none. The engine
//! runs on the original when it is array-free, else on its index-set abstraction with every
//! element tracked (exact, Theorem 1 of Armando et al.; at most [`SEARCH_ELEMENTS`] elements,
//! beyond which Spacer rarely answers in the budget), else on the abstraction the refinement
//! loop proved (its constant indexes, every scalar kept: an over-approximation too). Its invariants name the original's
//! variables and elements (`a[3]`), with the same loop-head vertices (the abstraction keeps the
//! statement ids).
//!
//! This never touches a verdict: the verdict is already proved when the search starts, and
//! what it finds is written into the witness only when `ara validate`'s own check
//! ([`super::inductive`]) confirms the written text on the original program.

use crate::abstraction::{IndexSets, VarSet, abstract_program};
use crate::engines::horn::{Horn, encode};
use crate::engines::{Budget, Engine, EngineVerdict, Proof};
use crate::ir::Program;
use crate::strategy::cegar::TrackedSummary;
use std::time::Duration;

/// How long the Horn engine may search for the invariants of a witness.
pub const SEARCH_BUDGET: Duration = Duration::from_secs(10);

/// Programs with more array elements than this are not searched.
pub const SEARCH_ELEMENTS: u64 = 256;

/// Memory of the engine's Z3 runs.
const SEARCH_MEMORY_MB: u64 = 2048;

/// The Horn engine's inductive invariant of `p` within `budget`, or why there is none.
/// `proved` is what the refinement loop tracked in the abstraction it proved (its final
/// index sets), when the proof was of an abstraction: a program with too many elements is
/// searched on that abstraction (every scalar kept).
pub fn search_invariants(
    p: &Program,
    budget: Duration,
    proved: Option<&[TrackedSummary]>,
) -> Result<Proof, String> {
    let q = if encode::uses_arrays(p) {
        let elements = p
            .arrays
            .iter()
            .map(|a| a.size.as_const().unwrap_or(u64::MAX))
            .fold(0, u64::saturating_add);
        let r = if elements <= SEARCH_ELEMENTS {
            IndexSets::all(p)
        } else if let Some(r) = proved.and_then(|t| index_sets(p, t)) {
            r
        } else {
            return Err(format!(
                "no invariant searched: {} array elements (more than {SEARCH_ELEMENTS}) and no \
                 abstraction with constant indexes was proved",
                if elements == u64::MAX {
                    "a variable number of".to_string()
                } else {
                    elements.to_string()
                }
            ));
        };
        abstract_program(p, &VarSet::All, &r).program
    } else {
        p.clone()
    };
    let out = Horn::default()
        .check(
            &q,
            &Budget {
                timeout: Some(budget),
                memory_mb: Some(SEARCH_MEMORY_MB),
                cancel: None,
                keep_dir: None,
            },
        )
        .map_err(|e| format!("the invariant search failed: {e}"))?;
    match out.verdict {
        EngineVerdict::Proved(proof @ Proof::InductiveInvariant { .. }) => Ok(proof),
        _ if encode::uses_arrays(&q) => {
            Err("the abstraction searched keeps an array (the Horn engine needs none)".into())
        }
        EngineVerdict::Proved(other) => Err(format!(
            "the invariant search proved the program without invariants ({other})"
        )),
        EngineVerdict::Counterexample(_) => {
            Err("the invariant search found a counterexample lead (no invariant)".into())
        }
        EngineVerdict::Unknown(why) => Err(format!(
            "the Horn engine found no invariant within {} s: {why}",
            budget.as_secs()
        )),
    }
}

/// The index sets of a proved abstraction from the loop's summaries: constant indexes only
/// (`None` with symbolic cells, or an array tracked whole and too large to be scalars).
fn index_sets(p: &Program, tracked: &[TrackedSummary]) -> Option<IndexSets> {
    let mut r = IndexSets::empty();
    for t in tracked {
        if !t.cells.is_empty() || (t.tracked_count == t.total && t.total > SEARCH_ELEMENTS) {
            return None;
        }
        let a = p.array_ids().find(|&a| p.array(a).display == t.array)?;
        for &k in &t.tracked {
            r.insert(a, k);
        }
    }
    Some(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::{FrontendOptions, parse_source};

    #[test]
    fn large_arrays_are_not_searched() {
        let text = "int a[1000];\nint main(void) { int i; for (i = 0; i < 1000; i++) a[i] = 1; \
                    return 0; }\n";
        let p = parse_source(text, "t.c", &FrontendOptions::default()).unwrap();
        let e = search_invariants(&p, Duration::from_secs(1), None).unwrap_err();
        assert!(e.contains("1000 array elements"), "{e}");
    }
}
