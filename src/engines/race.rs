//! Engines side by side on one program: the first proof wins.
//!
//! Takes engines, each with its own [`Budget`], and a program; gives one [`EngineOutcome`].
//! Every engine is sound on its own (a proof is a proof, a counterexample a lead), so the
//! rules only decide which answer to report and when to stop the others:
//!
//! - a proof from any engine ends the race (the others are cancelled);
//! - a counterexample ends it only after a grace period in which the others may still prove
//!   the program (a spurious trace of a bounded checker should not hide the Horn engine's
//!   invariant, which comes within a second when it comes at all): at least [`GRACE`], or as
//!   long as the race has run so far;
//! - unknowns wait for the others; when every engine is unknown, the first engine's reason is
//!   reported (the order given is the order of preference);
//! - with [`race_until`], a counterexample its caller calls *settled* ends the race at once,
//!   as a proof does (the caller's engine confirmed it by a run of the program reaching the
//!   error: no sound engine can prove that program, so the grace could only hold the answer
//!   back; issue 28).
//!
//! Every engine run through here (one alone too) is reported to [`crate::base::progress`]: its
//! start, its end and what it answered.

use super::{Budget, Engine, EngineOutcome, EngineVerdict};
use crate::base::error::AraError;
use crate::base::progress::{self, Lead};
use crate::base::tools::{self, CancelFlag};
use crate::engines::checkers::UnknownReason;
use crate::ir::Program;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The least time the other engines get after a counterexample.
pub const GRACE: Duration = Duration::from_secs(2);

/// Which engines check the programs of `ara check` and `ara bmc`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EngineChoice {
    /// The bounded checker (`--checker esbmc|cbmc`) alone.
    Bounded,
    /// The Horn-clause engine (Z3 Spacer) alone.
    Horn,
    /// Both side by side; the first proof wins.
    #[default]
    Both,
}

impl EngineChoice {
    pub fn bounded(self) -> bool {
        matches!(self, EngineChoice::Bounded | EngineChoice::Both)
    }
    pub fn horn(self) -> bool {
        matches!(self, EngineChoice::Horn | EngineChoice::Both)
    }
}

/// Runs `entrants` on `p` in parallel threads (one engine alone runs in this thread).
/// The caller's cancellation (the thread's watched flag) stops every entrant.
pub fn race(p: &Program, entrants: &[(&dyn Engine, Budget)]) -> Result<EngineOutcome, AraError> {
    race_until(p, entrants, &|_| false)
}

/// [`race`], where a counterexample for which `settled` holds ends the race at once (the
/// others are cancelled, no grace): for a caller whose engine confirmed its counterexample
/// on the program itself before answering.
pub fn race_until(
    p: &Program,
    entrants: &[(&dyn Engine, Budget)],
    settled: &dyn Fn(&EngineOutcome) -> bool,
) -> Result<EngineOutcome, AraError> {
    if let [(engine, budget)] = entrants {
        return run_one(*engine, p, budget);
    }
    let start = Instant::now();
    let stops: Vec<CancelFlag> = entrants.iter().map(|_| CancelFlag::default()).collect();
    let stop_all = || stops.iter().for_each(CancelFlag::cancel);
    let (tx, rx) = mpsc::channel::<(usize, Result<EngineOutcome, AraError>)>();
    let mut results: Vec<Option<Result<EngineOutcome, AraError>>> =
        entrants.iter().map(|_| None).collect();
    std::thread::scope(|sc| {
        let mut threads = Vec::new();
        for (k, (engine, budget)) in entrants.iter().enumerate() {
            let tx = tx.clone();
            let budget = Budget {
                cancel: Some(stops[k].clone()),
                ..budget.clone()
            };
            let spawned = tools::spawn_deep_scoped(sc, engine.name(), move || {
                tools::watch_cancel(budget.cancel.clone());
                let _ = tx.send((k, run_one(*engine, p, &budget)));
            });
            match spawned {
                Ok(h) => threads.push(h),
                // No address space for any stack (`ulimit -v`; the error is EAGAIN): this
                // engine is out of memory, and the race goes on with the others.
                Err(_) => {
                    results[k] = Some(Ok(EngineOutcome {
                        verdict: EngineVerdict::Unknown(UnknownReason::OutOfMemory),
                        engine: engine.name().into(),
                        time_s: 0.0,
                    }))
                }
            }
        }
        drop(tx);
        let mut deadline: Option<Instant> = None;
        while results.iter().any(Option::is_none) {
            if tools::cancelled() || deadline.is_some_and(|d| Instant::now() >= d) {
                stop_all();
            }
            let (k, r) = match rx.recv_timeout(Duration::from_millis(50)) {
                Ok(m) => m,
                Err(mpsc::RecvTimeoutError::Timeout) => continue,
                // Every sender is gone: an engine's thread ended without an answer (it
                // panicked); waiting longer would wait forever.
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    for r in results.iter_mut().filter(|r| r.is_none()) {
                        *r = Some(Err(AraError::Internal(
                            "an engine's thread ended without an answer".into(),
                        )));
                    }
                    break;
                }
            };
            tools::trace_event(&format!("race: entrant {k} answered"));
            match r.as_ref().map(|o| &o.verdict) {
                Ok(EngineVerdict::Proved(_)) => stop_all(),
                Ok(EngineVerdict::Counterexample(_)) if r.as_ref().is_ok_and(settled) => stop_all(),
                Ok(EngineVerdict::Counterexample(_)) if deadline.is_none() => {
                    deadline = Some(Instant::now() + GRACE.max(start.elapsed()));
                }
                _ => {}
            }
            results[k] = Some(r);
        }
        // Joined here, a thread's panic (already an error above) does not end the scope.
        for h in threads {
            let _ = h.join();
        }
    });
    pick(results.into_iter().flatten().collect())
}

/// One engine's run, reported to [`progress`] (a cancelled one's answer is not news).
fn run_one(engine: &dyn Engine, p: &Program, budget: &Budget) -> Result<EngineOutcome, AraError> {
    let _running = progress::begin(engine.name());
    let r = engine.check(p, budget);
    if let Ok(o) = &r {
        match &o.verdict {
            EngineVerdict::Proved(_) => {
                progress::answer(Lead::Proof, &format!("a proof by {}", o.engine))
            }
            EngineVerdict::Counterexample(_) => progress::answer(
                Lead::Counterexample,
                &format!("a counterexample by {}, to confirm", o.engine),
            ),
            EngineVerdict::Unknown(UnknownReason::Cancelled) => {}
            EngineVerdict::Unknown(why) => {
                progress::answer(Lead::Unknown, &format!("{}: unknown ({why})", o.engine))
            }
        }
    }
    r
}

/// The answer of a finished race: a proof, else a counterexample, else the first unknown (an
/// engine's error counts only when no engine answered).
fn pick(results: Vec<Result<EngineOutcome, AraError>>) -> Result<EngineOutcome, AraError> {
    let rank = |r: &Result<EngineOutcome, AraError>| match r {
        Ok(o) => match &o.verdict {
            EngineVerdict::Proved(_) => 0,
            EngineVerdict::Counterexample(_) => 1,
            EngineVerdict::Unknown(UnknownReason::Cancelled) => 3,
            EngineVerdict::Unknown(_) => 2,
        },
        Err(_) => 4,
    };
    let best = (0..results.len()).min_by_key(|&k| (rank(&results[k]), k));
    match best {
        Some(k) => results.into_iter().nth(k).expect("index in range"),
        None => Err(AraError::Internal("a race without engines".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::{Counterexample, Proof};

    fn outcome(engine: &str, verdict: EngineVerdict) -> Result<EngineOutcome, AraError> {
        Ok(EngineOutcome {
            verdict,
            engine: engine.into(),
            time_s: 0.0,
        })
    }

    #[test]
    fn a_proof_beats_a_counterexample_and_an_unknown() {
        let cex = EngineVerdict::Counterexample(Counterexample {
            path: vec![1, 0],
            inputs: None,
        });
        let proof = EngineVerdict::Proved(Proof::KInduction { k: 1 });
        let unknown = EngineVerdict::Unknown(UnknownReason::OutOfMemory);
        let r = pick(vec![
            outcome("a", unknown.clone()),
            outcome("b", cex.clone()),
            outcome("c", proof),
        ]);
        assert_eq!(r.unwrap().engine, "c");
        let r = pick(vec![outcome("a", unknown.clone()), outcome("b", cex)]);
        assert_eq!(r.unwrap().engine, "b");
    }

    /// An engine answering `verdict` at once, or with `None` one that waits for its
    /// cancellation (10 s at most).
    struct Fake(Option<EngineVerdict>);

    impl Engine for Fake {
        fn name(&self) -> &'static str {
            "fake"
        }
        fn check(&self, _: &Program, budget: &Budget) -> Result<EngineOutcome, AraError> {
            let t = Instant::now();
            let verdict = match &self.0 {
                Some(v) => v.clone(),
                None => {
                    while !budget.cancel.as_ref().is_some_and(CancelFlag::is_cancelled)
                        && t.elapsed() < Duration::from_secs(10)
                    {
                        std::thread::sleep(Duration::from_millis(10));
                    }
                    EngineVerdict::Unknown(UnknownReason::Cancelled)
                }
            };
            Ok(EngineOutcome {
                verdict,
                engine: self.name().into(),
                time_s: t.elapsed().as_secs_f64(),
            })
        }
    }

    /// A settled counterexample ends the race at once; another waits the grace for a proof.
    #[test]
    fn a_settled_counterexample_ends_the_race_at_once() {
        let p = crate::frontend::parse_source(
            "int main(void) { return 0; }",
            "t.c",
            &crate::frontend::FrontendOptions::default(),
        )
        .unwrap();
        let cex = Fake(Some(EngineVerdict::Counterexample(Counterexample {
            path: vec![1, 0],
            inputs: None,
        })));
        let waits = Fake(None);
        let entrants: [(&dyn Engine, Budget); 2] =
            [(&cex, Budget::default()), (&waits, Budget::default())];
        let t = Instant::now();
        let o = race_until(&p, &entrants, &|_| true).unwrap();
        assert!(matches!(o.verdict, EngineVerdict::Counterexample(_)));
        assert!(t.elapsed() < GRACE, "{:?}", t.elapsed());
        let t = Instant::now();
        let o = race(&p, &entrants).unwrap();
        assert!(matches!(o.verdict, EngineVerdict::Counterexample(_)));
        assert!(t.elapsed() >= GRACE, "{:?}", t.elapsed());
    }

    #[test]
    fn the_first_real_unknown_is_reported() {
        let cancelled = EngineVerdict::Unknown(UnknownReason::Cancelled);
        let oom = EngineVerdict::Unknown(UnknownReason::OutOfMemory);
        let r = pick(vec![
            outcome("a", cancelled),
            Err(AraError::Internal("x".into())),
            outcome("c", oom),
        ]);
        assert_eq!(r.unwrap().engine, "c");
        assert!(pick(vec![Err(AraError::Internal("x".into()))]).is_err());
    }
}
