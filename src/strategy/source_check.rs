//! Programs the front end refuses only for recursion ([`AraError::Recursion`]): ESBMC on the
//! user's own source file, the recursion (and every loop) unwound by ESBMC, and a bug only
//! when gcc replays it on the same file (issue 26, first step: the IR has no procedures yet).
//!
//! Takes the user's file and its error functions ([`SourceOptions`]), ESBMC's options and a
//! time limit; gives a [`StrategyReport`] whose verdict says what answered
//! ([`Subject::Source`], [`AnsweredBy::Source`]), with a [`SourceRun`] per unwinding bound.
//!
//! For growing bounds k (2, 4, 8, …) one bounded run `esbmc FILE --unwind k` with unwinding
//! assertions (ESBMC's default; they cover recursion too: `recursion unwinding assertion`),
//! and, when an unwinding assertion fails, the same bound with `--no-unwinding-assertions` for
//! a bug within the bound (both in `checkers::esbmc`, `Mode::Unwind`).
//!
//! Soundness (the verdict path):
//! - SAFE only when ESBMC sees every error the front end would ([`esbmc_sees_errors`]: a
//!   custom error function without an asserting body, or a declared `__VERIFIER_assert`, is
//!   nothing to ESBMC), and only from `VERIFICATION SUCCESSFUL` with unwinding assertions on: every recursion
//!   and loop of the user's file is unwound completely within k, so the bounded program is the
//!   program and no path reaches the error (the same complete-unwinding proof ara accepts on
//!   its translation, here on the source as ESBMC reads it; `checkers::bmc_verdict`). ESBMC's
//!   k-induction is not run (its inductive step is not trusted, `checkers::esbmc`). A failed
//!   `recursion unwinding assertion` is an unwinding property, never an assertion
//!   ([`crate::engines::checkers::PropertyResult::class`]).
//! - UNSAFE only when the counterexample's `__VERIFIER_nondet_*` values
//!   ([`crate::engines::checkers::Trace::nondet_values`]), fed in call order by the playback harness of
//!   `engines::concrete::playback` to the user's file compiled by gcc, reach the error (the harness's
//!   marker and exit code): a run of the original program that reaches the error. A replay
//!   that misses (values ESBMC's trace does not show, a stack overflow of deep recursion: a
//!   signal, a timeout) is no evidence: the search goes on with a larger bound, and ends
//!   UNKNOWN with the replay's reason. The replay is not a formality: ESBMC 8.4 without
//!   unwinding assertions reports bugs on the *safe* McCarthy 91 program at bounds 2 and 4
//!   (f91(95); 4 and 8 at x in 90..101: the result of a recursive call cut off by the bound
//!   is not constrained); gcc rejects each.
//! - Or, where gcc did not confirm a bug found at bound k, from the caller's other way to it
//!   ([`check_with`]'s `unconfirmed`: `procedures`' bug search on the program inlined k
//!   deep, sound by its own argument); only the bound k is taken from ESBMC's run.
//! - ESBMC reads a file that calls nothing of its C library without it, `abort` from ara's
//!   model of the library's (a path that calls it ends; [`esbmc::source_library`] has the
//!   argument): the same verdicts, without the tenth of a second the library costs each run.
//!   Any call the check cannot place keeps the library.
//! - Everything else (time, memory, a bound that never unwinds completely: recursion whose
//!   depth depends on an unbounded input) is UNKNOWN with the reason.

use crate::base::error::AraError;
use crate::engines;
use crate::engines::checkers::esbmc::{self, SourceLibrary};
use crate::engines::checkers::{
    self, CheckOptions, CheckerKind, Mode, Trace, UnknownReason, Verdict,
};
use crate::engines::concrete::playback::{
    Harness, SourceFacts, SourceOptions, SourceOutcome, run_on_source, stubs_for,
};
use crate::engines::concrete::{ConcreteTrace, InputValue, ReplayedOn};
use crate::engines::verdict::{
    FinalVerdict, Inconclusive, SafeProof, SourceRun, Subject, Unconfirmed,
};
use crate::ir::{DataModel, IntType};
use crate::strategy::cegar::CheckReport;
use crate::strategy::svwitness::playback::source_facts;
use crate::strategy::svwitness::source::SourceText;
use crate::strategy::{AnsweredBy, SOURCE_REPLAY_MAX, SOURCE_REPLAY_MIN, Strategy, StrategyReport};
use std::time::{Duration, Instant};

/// Steps of ESBMC's counterexample an UNSAFE report shows (the last ones).
const MAX_STEPS_SHOWN: usize = 60;

/// The first unwinding bound, and the last (each next bound doubles).
pub const FIRST_BOUND: u32 = 2;
pub const MAX_BOUND: u32 = 4096;

/// The error functions ESBMC reports on its own when called (ESBMC 8.4, tested: declared
/// only, or defined with an empty body, a call is `VERIFICATION FAILED`; defined with any
/// other body that does not assert, such as `{ abort(); }`, `{ exit(1); }`, `{ int x = 1; }`
/// or `{ g(); }`, it is `VERIFICATION SUCCESSFUL`, with and without its library).
const ESBMC_ERRORS: [&str; 2] = ["reach_error", "__VERIFIER_error"];

/// Whether ESBMC, run on the file as it is, sees every error ara's front end would: else why
/// not (then no proof comes of its runs). The front end takes every call of an error function
/// as the error whatever its body, so ESBMC must fail at every such call: [`fails_at_once`].
/// `__VERIFIER_assert` counts only when the file defines it (ESBMC ignores the declared one).
pub fn esbmc_sees_errors(facts: &SourceFacts, opts: &SourceOptions) -> Result<(), String> {
    for f in &opts.error_functions {
        if !fails_at_once(facts, f, 0) {
            return Err(format!(
                "ESBMC does not see a call of the error function {f} as an error (it needs a \
                 body that fails an assertion first thing)"
            ));
        }
    }
    if facts.mentioned.contains("__VERIFIER_assert")
        && !facts.defined.contains_key("__VERIFIER_assert")
    {
        return Err("__VERIFIER_assert is declared, not defined: ESBMC does not check it".into());
    }
    Ok(())
}

/// Whether ESBMC fails an assertion at every call of `f`, before anything else happens:
/// one of its own error functions ([`ESBMC_ERRORS`]) declared only or with an empty body, or
/// a function whose body's first statement is `__assert_fail(…);` or `assert(0);` (with
/// arguments that call nothing), or a call of such a function (`depth`: calls followed so
/// far). Conservative: a body that fails only on some path (`if (x) assert(0);`), or after
/// something that may not return, or a file that defines `assert` or `__assert_fail` itself,
/// is not taken.
fn fails_at_once(facts: &SourceFacts, f: &str, depth: usize) -> bool {
    use crate::frontend::source::BodyStart;
    let own = ESBMC_ERRORS.contains(&f);
    let redefined = ["assert", "__assert_fail"]
        .iter()
        .any(|n| facts.defined.contains_key(*n));
    match facts.starts.get(f) {
        None => own && !facts.defined.contains_key(f),
        Some(BodyStart::Empty) => own,
        Some(BodyStart::Calls { name, args }) => match name.as_str() {
            "__assert_fail" => !redefined,
            "assert" => !redefined && args == "0",
            g if g != f && depth < 8 && args.is_empty() => fails_at_once(facts, g, depth + 1),
            _ => false,
        },
        Some(BodyStart::Other) => false,
    }
}

/// `ara check` on a program the front end refuses for recursion (module doc). `checker`:
/// ESBMC's options (its mode is replaced by one bound per run; a CBMC choice becomes ESBMC).
pub fn check(
    src: &SourceOptions,
    checker: &CheckOptions,
    timeout: Duration,
    keep_dir: Option<&std::path::Path>,
    requested: Strategy,
) -> Result<StrategyReport, AraError> {
    check_with(src, checker, timeout, keep_dir, requested, None)
}

/// ESBMC's runs on a file whose `text` calls nothing of its C library without it, and with
/// the library's `abort` as a second file where it calls `abort`
/// ([`esbmc::source_library`]: why the verdicts are the ones ESBMC gives with the library).
/// A tenth of a second of every run of a small file; a recursion takes a run per bound.
/// Gives the folder of that file, to keep until the runs end.
fn without_library(
    text: &str,
    opts: &mut CheckOptions,
) -> Result<Option<tempfile::TempDir>, AraError> {
    let SourceLibrary::Free { abort_model } = esbmc::source_library(text) else {
        return Ok(None);
    };
    opts.extra_args.push(esbmc::NO_LIBRARY.into());
    if !abort_model {
        return Ok(None);
    }
    let io = |e: std::io::Error| AraError::Internal(format!("abort's model for ESBMC: {e}"));
    let dir = tempfile::Builder::new()
        .prefix("ara-abort-")
        .tempdir()
        .map_err(io)?;
    let file = dir.path().join("ara_abort.c");
    std::fs::write(&file, esbmc::ABORT_MODEL).map_err(io)?;
    opts.extra_args.push(file.display().to_string());
    Ok(Some(dir))
}

/// Another way to a bug ESBMC found at bound k that gcc did not confirm on the source: given
/// k and the time left, a run of the program that reaches the error (its own soundness
/// argument), or `None`.
pub type OtherWay<'a> = &'a dyn Fn(u32, Duration) -> Option<ConcreteTrace>;

/// [`check`], with `unconfirmed` asked at each bound whose bug gcc did not confirm: its run
/// is the verdict (`procedures`: the program inlined k activations deep, replayed by ara).
pub fn check_with(
    src: &SourceOptions,
    checker: &CheckOptions,
    timeout: Duration,
    keep_dir: Option<&std::path::Path>,
    requested: Strategy,
    unconfirmed: Option<OtherWay>,
) -> Result<StrategyReport, AraError> {
    let start = Instant::now();
    let mut opts = checker.clone();
    if opts.kind != CheckerKind::Esbmc {
        opts.kind = CheckerKind::Esbmc;
        opts.checker_path = None;
    }
    let text = SourceText::read(&src.file);
    let provable = match &text {
        Ok(text) => esbmc_sees_errors(&source_facts(text), src),
        Err(e) => Err(e.clone()),
    };
    // Kept to the end of the runs: the file of `abort`'s model.
    let _model = match &text {
        Ok(text) => without_library(&text.text, &mut opts)?,
        Err(_) => None,
    };
    let mut runs = vec![];
    let mut why = Inconclusive::Engine {
        engine: "esbmc".into(),
        on: Subject::Source,
        reason: UnknownReason::UnwindingIncomplete { bound: 0 },
    };
    let mut verdict = None;
    let mut k = FIRST_BOUND;
    let _running = crate::base::progress::begin("esbmc on the source");
    while k <= MAX_BOUND && verdict.is_none() {
        crate::base::progress::detail("esbmc on the source", &format!("bound {k}"));
        let left = timeout.saturating_sub(start.elapsed());
        if left.is_zero() {
            why = Inconclusive::Timeout { after: timeout };
            break;
        }
        let t = Instant::now();
        opts.mode = Mode::Unwind(k);
        opts.timeout = Some(left);
        let out = checkers::check_file(&src.file, &opts)?;
        let mut run = SourceRun {
            bound: k,
            answer: out.verdict.clone(),
            replay: None,
            time_s: 0.0,
        };
        match out.verdict {
            Verdict::Safe { .. } if provable.is_err() => {
                let what = provable.clone().err().unwrap_or_default();
                why = engine_unknown(UnknownReason::Unsupported { what });
                run.time_s = t.elapsed().as_secs_f64();
                runs.push(run);
                break;
            }
            Verdict::Safe { how } => {
                verdict = Some(FinalVerdict::Safe {
                    proof: SafeProof {
                        how,
                        engine: "esbmc".into(),
                        on: Subject::Source,
                    },
                });
            }
            Verdict::Unsafe => {
                let (v, said) = replay(
                    src,
                    out.trace.as_ref(),
                    k,
                    opts.data_model,
                    start,
                    timeout,
                    keep_dir,
                );
                run.replay = Some(said);
                let left = timeout.saturating_sub(start.elapsed());
                match v {
                    Ok(trace) => verdict = Some(FinalVerdict::Unsafe { trace }),
                    Err(reason) => match unconfirmed.and_then(|f| f(k, left)) {
                        Some(trace) => {
                            let said = run.replay.take().unwrap_or_default();
                            run.replay = Some(format!("{said}; {}", trace.confirmed_by));
                            verdict = Some(FinalVerdict::Unsafe { trace });
                        }
                        None => why = reason,
                    },
                }
            }
            Verdict::Unknown {
                reason: reason @ UnknownReason::UnwindingIncomplete { .. },
            } => {
                // A lost replay's reason stays the answer's reason: it says more.
                if !matches!(why, Inconclusive::Unconfirmed { .. }) {
                    why = engine_unknown(reason);
                }
            }
            Verdict::Unknown { reason } => {
                why = match reason {
                    UnknownReason::Timeout { .. } => Inconclusive::Timeout { after: timeout },
                    r => engine_unknown(r),
                };
                run.time_s = t.elapsed().as_secs_f64();
                runs.push(run);
                break;
            }
        }
        run.time_s = t.elapsed().as_secs_f64();
        runs.push(run);
        k = k.saturating_mul(2);
    }
    let verdict = verdict.unwrap_or(FinalVerdict::Unknown { reason: why });
    let answered = verdict.is_definite();
    let report = CheckReport {
        file: src.file.display().to_string(),
        verdict,
        iterations: vec![],
        vars: vec![],
        arrays: vec![],
        time_abstraction_s: 0.0,
        time_checker_s: runs.iter().map(|r| r.time_s).sum(),
        time_solver_s: 0.0,
        time_total_s: start.elapsed().as_secs_f64(),
    };
    let rep = StrategyReport {
        report,
        requested,
        strategy: if answered {
            AnsweredBy::Source
        } else {
            AnsweredBy::None
        },
        witness: None,
        bug_finder: None,
        source: Some(runs),
        schedule: None,
    };
    Ok(rep)
}

fn engine_unknown(reason: UnknownReason) -> Inconclusive {
    Inconclusive::Engine {
        engine: "esbmc".into(),
        on: Subject::Source,
        reason,
    }
}

/// The replay of ESBMC's counterexample (bound `k`) on the user's file: the confirmed trace,
/// or why not; and one line on what happened.
fn replay(
    src: &SourceOptions,
    trace: Option<&Trace>,
    k: u32,
    data_model: DataModel,
    start: Instant,
    timeout: Duration,
    keep_dir: Option<&std::path::Path>,
) -> (Result<ConcreteTrace, Inconclusive>, String) {
    let lost = |detail: String| {
        let said = format!("not confirmed: {detail}");
        let why = Inconclusive::Unconfirmed {
            engine: "esbmc".into(),
            on: Subject::Source,
            reason: Unconfirmed::ReplayFailed { detail },
        };
        (Err(why), said)
    };
    let Some(trace) = trace else {
        return lost("ESBMC printed no counterexample".into());
    };
    let text = match SourceText::read(&src.file) {
        Ok(t) => t,
        Err(e) => return lost(e),
    };
    let raw = std::fs::read_to_string(&src.file).unwrap_or_default();
    let stubs = match stubs_for(&source_facts(&text), src) {
        Ok(s) => s,
        Err(e) => return lost(e),
    };
    let inputs = harness_inputs(trace, &raw);
    let h = Harness {
        file: src.file.display().to_string(),
        data_model,
        inputs: inputs.iter().map(|(_, ty, v)| (*ty, *v)).collect(),
        stubs,
        unset: vec![],
    };
    let (_tmp, dir) = match engines::work_dir("ara-playback-", keep_dir) {
        Ok(d) => d,
        Err(e) => return lost(e.to_string()),
    };
    let limit = timeout
        .saturating_sub(start.elapsed())
        .clamp(SOURCE_REPLAY_MIN, SOURCE_REPLAY_MAX);
    match run_on_source(&h, &dir, limit) {
        SourceOutcome::Reached(what) => {
            let trace = ConcreteTrace {
                path: vec![],
                // A counterexample of an unwinding assertion is not the run that reached the
                // error (gcc's run on its inputs is): no steps of it.
                steps: match trace.failure() {
                    Some((d, _)) if d.contains("unwinding assertion") => vec![],
                    _ => trace.readable_steps(MAX_STEPS_SHOWN),
                },
                inputs: inputs
                    .iter()
                    .map(|(what, _, v)| InputValue {
                        what: what.clone(),
                        value: *v,
                    })
                    .collect(),
                confirmed_by: format!(
                    "ESBMC's counterexample on your source (--unwind {k}), {what}"
                ),
                replayed_on: ReplayedOn::Source,
                not_on_source: None,
                nondet_values: inputs.iter().map(|(_, _, v)| *v).collect(),
                initial_values: Default::default(),
            };
            (
                Ok(trace),
                "replayed on your source with gcc: reached".into(),
            )
        }
        SourceOutcome::Missed(how) => lost(format!(
            "ESBMC's counterexample (--unwind {k}) replayed on your source with gcc does not \
             reach the error ({how})"
        )),
        SourceOutcome::NotRun(why) => lost(why),
    }
}

/// The nondet values of ESBMC's counterexample in call order: where (for the report), the
/// function's type, the value (a value the trace does not show is 0: the replay then only
/// may reach the error, and only reaching it counts).
fn harness_inputs(trace: &Trace, source: &str) -> Vec<(String, IntType, i128)> {
    trace
        .nondet_values(Some(source))
        .into_iter()
        .filter_map(|n| {
            let ty = IntType::from_nondet_fn(&n.function)?;
            let at = n
                .loc
                .as_ref()
                .map_or(String::new(), |l| format!(" at line {}", l.line));
            Some((format!("{}(){at}", n.function), ty, n.value.unwrap_or(0)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The facts of a C text, as `ara check` reads them from the user's file.
    fn facts(text: &str) -> SourceFacts {
        source_facts(&SourceText::new("p.c", text.to_string()))
    }

    fn opts(errors: &[&str]) -> SourceOptions {
        SourceOptions {
            file: "p.c".into(),
            error_functions: errors.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn which_errors_esbmc_sees() {
        let sv = opts(&["reach_error", "__VERIFIER_error"]);
        let sees = |text: &str, o: &SourceOptions| esbmc_sees_errors(&facts(text), o).is_ok();
        let main = "int main() { reach_error(); }\n";
        // ESBMC's own error functions: declared, or defined empty or asserting first thing.
        assert!(sees(&format!("void reach_error(void);\n{main}"), &sv));
        assert!(sees(
            &format!("void reach_error() {{ /* */ }}\n{main}"),
            &sv
        ));
        let sv_body = "void reach_error() { __assert_fail(\"0\", \"p.c\", 3, \"reach_error\"); }\n";
        assert!(sees(&format!("{sv_body}{main}"), &sv));
        assert!(sees(
            &format!("void reach_error() {{ assert(0); }}\n{main}"),
            &sv
        ));
        // Defined with any other body, ESBMC passes the call by (tested: SUCCESSFUL).
        for body in [
            "abort();",
            "exit(1);",
            "int x = 1;",
            "g();",
            "assert(1);",
            "if (x) __assert_fail(\"0\", \"p.c\", 3, \"r\");",
            "ERROR: __assert_fail(\"0\", \"p.c\", 3, \"r\");",
        ] {
            let text = format!("void g(void) {{}}\nvoid reach_error() {{ {body} }}\n{main}");
            assert!(!sees(&text, &sv), "{body}");
        }
        // A file that defines `__assert_fail` itself.
        let own_fail =
            "void __assert_fail(const char *a, const char *b, unsigned c, const char *d) {}\n";
        assert!(!sees(&format!("{own_fail}{sv_body}{main}"), &sv));
        // A declared __VERIFIER_assert is nothing to ESBMC; a defined one is checked.
        let va = "void __VERIFIER_assert(int c) { if (!c) reach_error(); }\n";
        assert!(!sees(
            "void __VERIFIER_assert(int);\nint main() { __VERIFIER_assert(0); }\n",
            &sv
        ));
        assert!(sees(
            &format!("{va}int main() {{ __VERIFIER_assert(0); }}\n"),
            &sv
        ));
        // A custom error function: only with a body that fails first thing, itself or
        // through a function that does.
        let custom = opts(&["fail"]);
        assert!(!sees("void fail(void);\nint main() { fail(); }\n", &custom));
        assert!(!sees(
            "void fail() { printf(\"x\"); assert(0); }\nint main() { fail(); }\n",
            &custom
        ));
        assert!(sees(
            "void fail() { assert(0); }\nint main() { fail(); }\n",
            &custom
        ));
        assert!(sees(
            "void reach_error(void);\nvoid fail() { reach_error(); }\nint main() { fail(); }\n",
            &custom
        ));
        assert!(!sees(
            "void reach_error() { abort(); }\nvoid fail() { reach_error(); }\nint main() { fail(); }\n",
            &custom
        ));
        assert!(!sees(
            "void fail() { fail(); }\nint main() { fail(); }\n",
            &custom
        ));
    }
}
