//! Playback on the user's own source: a C harness that feeds a confirmed run's inputs to the
//! `__VERIFIER_nondet_*` calls of the *original file* (not ara's translation of it), gcc, and
//! a run that tells whether the error is reached; and the decision of what that run means for
//! an UNSAFE verdict.
//!
//! Takes a [`Harness`] (the values the `__VERIFIER_nondet_*` calls returned, in call order,
//! each with its function's type; the functions to define, [`stubs_for`]; what the run read
//! that the harness cannot set); gives the harness's C text ([`Harness::text`]: `gcc prog.c
//! harness.c && ./a.out` reaches the error and says which), a [`SourceOutcome`] of the user's
//! file compiled with it ([`run_on_source`]), and the [`Decision`] ([`decide`]).
//!
//! The harness is a translation unit of its own: it defines each nondet function the file
//! calls and does not define (one shared queue in call order, each value converted to the
//! function's return type, which is exact: the values are recorded as that type reads them;
//! past the end of the queue the run exits with [`EXHAUSTED`]: it went elsewhere), the error
//! functions the file does not define (they print `ara playback: reached …` and `_exit`
//! with [`REACHED`]), `__assert_fail` (with SV-COMP's error functions a failing `assert` is
//! the error, as in the front end), `__VERIFIER_assert`, `__VERIFIER_assume` and
//! `assume_abort_if_not` where the file does not define them.
//!
//! Soundness (the verdict path). ara's own replay (`engines::concrete::replay`) compiles ara's
//! translation of the program, so a front-end mistake can confirm itself. This replay compiles
//! the user's file with gcc, so:
//! - [`SourceOutcome::Reached`]: the user's program, compiled by gcc, called an error function
//!   (or failed an assertion) on these inputs: a run of the original program that reaches the
//!   error, whatever ara's front end made of it. Values the harness could not set (an
//!   uninitialised local, the contents of `malloc`) are indeterminate in C and
//!   nondeterministic in SV-COMP's reading, so whatever the binary read is one of the values
//!   such a read may give: the run is still a run of the program. UNSAFE, "replayed on your
//!   source".
//! - [`SourceOutcome::Missed`] when the harness set *every* input the run read (no
//!   uninitialised read, no nondet that is not a call): the program is deterministic on fixed
//!   inputs, so the original program does not reach the error on the run ara's translation
//!   did: ara's front end and gcc disagree about the program, and ara's translation is not
//!   evidence. UNKNOWN ("front end disagreement"), never UNSAFE.
//! - `Missed` with values the harness could not set, or [`SourceOutcome::NotRun`] (the file
//!   does not compile with the harness, no 32-bit gcc for an ILP32 task, an error function
//!   whose body the harness cannot observe): no evidence either way; the verdict stays what
//!   ara's replay of its translation confirmed (today's behaviour), and the report says so
//!   ("replayed on ara's translation", with the reason).
//!
//! The replayed program runs with a stack of [`STACK_MB`] (`RLIMIT_STACK` set in the child,
//! as `ulimit -s` would): a recursive program's run that is legitimately deep is then the
//! program's run, not a segmentation fault of the default 8 MB stack. gcc gets at least
//! [`BUILD_MIN`] to build (a build cut short is no evidence and says so, never "does not
//! compile").
//!
//! An error reached only through a signal, a timeout or an exit code without the marker is
//! not reached: the run confirms only with the marker and [`REACHED`].

use super::ReplayedOn;
use crate::base::tools::{Ending, Limits, Tool, find_tool, run, run_with_stack};
use crate::engines::verdict::{FinalVerdict, Inconclusive};
use crate::ir::{DataModel, IntType};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Exit code of the harness when the error is reached.
pub const REACHED: i32 = 86;
/// Exit code when the program calls a nondet function after the recorded inputs.
pub const EXHAUSTED: i32 = 87;
/// Exit code when `__VERIFIER_assume` fails (defined by the harness).
pub const ASSUME_FAILED: i32 = 88;
/// A run on the source that does not end within this long does not reach the error (a
/// shorter limit is no evidence: [`SourceOutcome::NotRun`]).
pub const TIMEOUT_EVIDENCE: Duration = Duration::from_secs(20);
/// The least time gcc gets to build the file with the harness, whatever is left of the check:
/// a file of 20,000 lines takes seconds on a loaded machine, and a verdict already found
/// should not be lost to a short build limit.
pub const BUILD_MIN: Duration = Duration::from_secs(30);
/// The stack the replayed program runs with (`ulimit -s`, set in the child): a recursive
/// program whose own run is legitimately deep (10^6 calls) would overflow the default 8 MB
/// and be no evidence. Its pages are used only as deep as the run goes.
pub const STACK_MB: u64 = 1024;
/// What the harness prints (stderr) when the error is reached, before what was reached.
pub const MARKER: &str = "ara playback: reached ";

/// The user's file and how its error is defined (the front end's `--error-function`s).
#[derive(Clone, Debug, PartialEq)]
pub struct SourceOptions {
    pub file: PathBuf,
    pub error_functions: Vec<String>,
}

impl SourceOptions {
    /// SV-COMP's error functions (then `__assert_fail` and failing assertions are the error
    /// too, as in the front end).
    pub fn sv_comp_errors(&self) -> bool {
        self.error_functions
            .iter()
            .all(|f| f == "reach_error" || f == "__VERIFIER_error")
    }
}

/// A function the harness defines.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stub {
    /// `T name(void)`: the next recorded input as `T`.
    Nondet { name: String, ty: IntType },
    /// An error function: calling it is the error.
    Error(String),
    /// `__assert_fail`: the error (SV-COMP's error functions).
    AssertFail,
    /// `__VERIFIER_assert(int)`: failing it is the error.
    VerifierAssert,
    /// `__VERIFIER_assume(int)`: failing it ends the run ([`ASSUME_FAILED`]).
    VerifierAssume,
    /// `assume_abort_if_not(int)`: failing it aborts.
    AssumeAbortIfNot,
}

/// What the file says about the functions the harness may define: the names it calls (or
/// declares), and per function it defines, the names called in its body.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SourceFacts {
    pub mentioned: BTreeSet<String>,
    pub defined: BTreeMap<String, BTreeSet<String>>,
    /// Per function the file defines, how its body starts (`strategy::source_check`: whether
    /// ESBMC sees a call of an error function as the error).
    pub starts: BTreeMap<String, crate::frontend::source::BodyStart>,
}

/// The functions the harness defines for a file with `facts`, or why no harness can observe
/// its error. An error function the file defines is observed through its body: with SV-COMP's
/// error functions its body must call `__assert_fail` (`assert`) or an error function the
/// harness defines; with others the harness cannot see a call of it.
pub fn stubs_for(facts: &SourceFacts, opts: &SourceOptions) -> Result<Vec<Stub>, String> {
    let defined = |n: &str| facts.defined.contains_key(n);
    let mut stubs = BTreeSet::new();
    for name in &facts.mentioned {
        if let Some(ty) = IntType::from_nondet_fn(name).filter(|_| !defined(name)) {
            stubs.insert(Stub::Nondet {
                name: name.clone(),
                ty,
            });
        }
    }
    let sv_comp = opts.sv_comp_errors();
    let stubbed_errors: BTreeSet<&String> = opts
        .error_functions
        .iter()
        .filter(|f| !defined(f))
        .collect();
    for f in &opts.error_functions {
        match facts.defined.get(f) {
            None => {
                stubs.insert(Stub::Error(f.clone()));
            }
            Some(body) => {
                let observed = body.iter().any(|c| {
                    (sv_comp && (c == "__assert_fail" || c == "assert"))
                        || stubbed_errors.contains(c)
                });
                if !observed {
                    return Err(format!(
                        "the program defines {f} with a body the harness cannot observe (it \
                         calls neither __assert_fail nor an error function)"
                    ));
                }
            }
        }
    }
    if sv_comp {
        if defined("__assert_fail") {
            return Err("the program defines __assert_fail".into());
        }
        stubs.insert(Stub::AssertFail);
        if !defined("__VERIFIER_assert") {
            stubs.insert(Stub::VerifierAssert);
        }
    }
    if !defined("__VERIFIER_assume") {
        stubs.insert(Stub::VerifierAssume);
    }
    if !defined("assume_abort_if_not") {
        stubs.insert(Stub::AssumeAbortIfNot);
    }
    Ok(stubs.into_iter().collect())
}

/// The playback harness of a confirmed run.
#[derive(Clone, Debug, PartialEq)]
pub struct Harness {
    /// The user's file, as given.
    pub file: String,
    pub data_model: DataModel,
    /// The values the nondet calls return, in call order, each with its function's type.
    pub inputs: Vec<(IntType, i128)>,
    pub stubs: Vec<Stub>,
    /// What the run read that the harness cannot set (one line each); empty: every input.
    pub unset: Vec<String>,
}

impl Harness {
    /// The harness sets every input the run read.
    pub fn exact(&self) -> bool {
        self.unset.is_empty()
    }

    /// The C text of the harness; `name` is what it is called in its header's command line.
    pub fn text(&self, name: &str) -> String {
        let mut t = self.header(name);
        t.push_str(PRELUDE);
        t.push_str(&format!(
            "static const unsigned long ara_count = {};\n\
             static const unsigned long long ara_inputs[] = {{\n",
            self.inputs.len()
        ));
        for chunk in self.inputs.chunks(8) {
            let vals: Vec<String> = chunk
                .iter()
                // Two's complement bits: the conversion to the function's type is exact.
                .map(|&(_, v)| format!("{}ULL", v as u64))
                .collect();
            t.push_str(&format!("  {},\n", vals.join(", ")));
        }
        if self.inputs.is_empty() {
            t.push_str("  0\n");
        }
        t.push_str("};\n");
        t.push_str(&queue());
        for s in &self.stubs {
            t.push_str(&stub_text(s));
        }
        t
    }

    fn header(&self, name: &str) -> String {
        let m32 = if self.data_model == DataModel::Ilp32 {
            " -m32"
        } else {
            ""
        };
        let mut h = format!(
            "/* ara playback harness for {file}: the inputs of a run ara confirmed, {n} values\n   \
             of __VERIFIER_nondet_* calls in call order.\n   \
             Build and run:  gcc{m32} {file} {name} && ./a.out\n   \
             It prints \"ara playback: reached ...\" and exits with {REACHED} when the error is \
             reached,\n   \
             {EXHAUSTED} when the program asks for more inputs than recorded (the run went \
             elsewhere).\n",
            file = self.file,
            n = self.inputs.len(),
        );
        if !self.unset.is_empty() {
            h.push_str(
                "   Not set by this harness (the program reads them uninitialised; the run ara \
                 confirmed\n   gave them values a harness cannot: the error may not be \
                 reached):\n",
            );
            for u in &self.unset {
                h.push_str(&format!("     - {}\n", u.replace("*/", "* /")));
            }
        }
        h.push_str("*/\n");
        h
    }
}

const PRELUDE: &str = r#"#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
"#;

/// The queue of inputs and the report of reaching the error.
fn queue() -> String {
    format!(
        r#"static unsigned long ara_next = 0;
static unsigned long long ara_input(const char *f) {{
  if (ara_next >= ara_count) {{
    fflush(stdout);
    fprintf(stderr, "ara playback: %s called after the %lu recorded inputs: the run went elsewhere\n", f, ara_count);
    _exit({EXHAUSTED});
  }}
  return ara_inputs[ara_next++];
}}
static void ara_reached(const char *what) {{
  fflush(stdout);
  fprintf(stderr, "ara playback: reached %s after %lu inputs\n", what, ara_next);
  _exit({REACHED});
}}
"#
    )
}

fn stub_text(s: &Stub) -> String {
    match s {
        Stub::Nondet { name, ty } => {
            let t = ty.c_name();
            format!("{t} {name}(void) {{ return ({t}) ara_input(\"{name}\"); }}\n")
        }
        Stub::Error(f) => format!("void {f}(void) {{ ara_reached(\"{f}()\"); }}\n"),
        Stub::AssertFail => "void __assert_fail(const char *a, const char *f, unsigned int l, \
                             const char *fn) {\n  (void) f; (void) fn;\n  \
                             fflush(stdout);\n  \
                             fprintf(stderr, \"ara playback: assertion `%s' fails (line %u)\\n\", \
                             a, l);\n  \
                             ara_reached(\"__assert_fail\");\n}\n"
            .into(),
        Stub::VerifierAssert => {
            "void __VERIFIER_assert(int c) { if (!c) ara_reached(\"__VERIFIER_assert\"); }\n".into()
        }
        Stub::VerifierAssume => format!(
            "void __VERIFIER_assume(int c) {{ if (!c) {{ fflush(stdout); fprintf(stderr, \
             \"ara playback: an assumption fails\\n\"); _exit({ASSUME_FAILED}); }} }}\n"
        ),
        Stub::AssumeAbortIfNot => "void assume_abort_if_not(int c) { if (!c) abort(); }\n".into(),
    }
}

/// How the user's file, compiled with the harness, ran.
#[derive(Clone, Debug, PartialEq)]
pub enum SourceOutcome {
    /// The error was reached (what the harness printed).
    Reached(String),
    /// It ran and did not reach the error (how it ended).
    Missed(String),
    /// It could not be built or run (why).
    NotRun(String),
}

/// What an UNSAFE verdict confirmed by ara's replay of its translation becomes.
#[derive(Clone, Debug, PartialEq)]
pub enum Decision {
    /// UNSAFE, replayed on the user's source.
    OnSource,
    /// UNSAFE, replayed on ara's translation only (why not on the source).
    OnTranslation { why: String },
    /// UNKNOWN: the source does not reach the error on every input the translation's run read.
    Disagreement { detail: String },
}

/// The decision for a run whose translation reached the error (module doc: soundness).
/// `exact`: the harness set every input the run read.
pub fn decide(exact: bool, outcome: &SourceOutcome) -> Decision {
    match outcome {
        SourceOutcome::Reached(_) => Decision::OnSource,
        SourceOutcome::Missed(how) if exact => Decision::Disagreement {
            detail: format!(
                "ara's translation reaches the error on these inputs, the source compiled by \
                 gcc does not ({how})"
            ),
        },
        SourceOutcome::Missed(how) => Decision::OnTranslation {
            why: format!(
                "on the source the run read values the harness cannot set and did not reach \
                 the error ({how})"
            ),
        },
        SourceOutcome::NotRun(why) => Decision::OnTranslation { why: why.clone() },
    }
}

/// `verdict` (UNSAFE, confirmed by ara's replay of its translation) after the replay on the
/// source decided `d`: UNSAFE saying which replay confirmed it, or UNKNOWN on a disagreement.
/// Other verdicts stay as they are.
pub fn settle(verdict: &mut FinalVerdict, d: Decision) {
    let FinalVerdict::Unsafe { trace } = verdict else {
        return;
    };
    match d {
        Decision::OnSource => {
            trace.replayed_on = ReplayedOn::Source;
            trace.not_on_source = None;
        }
        Decision::OnTranslation { why } => {
            trace.replayed_on = ReplayedOn::Translation;
            trace.not_on_source = Some(why);
        }
        Decision::Disagreement { detail } => {
            *verdict = FinalVerdict::Unknown {
                reason: Inconclusive::FrontEndDisagreement { detail },
            };
        }
    }
}

/// gcc's arguments for the user's file with the harness: no optimisation, wrapping signed
/// arithmetic (as ara's semantics), 32-bit for ILP32.
fn gcc_args(h: &Harness, harness: &Path, exe: &Path) -> Vec<String> {
    let mut a: Vec<String> = ["-w", "-O0", "-fwrapv"].map(String::from).to_vec();
    if h.data_model == DataModel::Ilp32 {
        a.push("-m32".into());
    }
    a.extend([
        "-o".into(),
        exe.display().to_string(),
        // gcc runs in the work folder: the file by its absolute path.
        std::fs::canonicalize(&h.file).map_or_else(|_| h.file.clone(), |f| f.display().to_string()),
        harness.display().to_string(),
    ]);
    a
}

/// Whether gcc builds and runs 32-bit programs here (asked once).
fn gcc_builds_32bit(gcc: &Path) -> bool {
    static ANSWER: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ANSWER.get_or_init(|| {
        let Ok(dir) = tempfile::tempdir() else {
            return false;
        };
        let src = dir.path().join("m32.c");
        let exe = dir.path().join("m32.bin");
        if std::fs::write(&src, "int main(void) { return sizeof(long) == 4 ? 0 : 1; }\n").is_err()
        {
            return false;
        }
        let limits = Limits {
            timeout: Some(Duration::from_secs(30)),
            memory_mb: None,
        };
        let args: Vec<String> = vec![
            "-m32".into(),
            "-o".into(),
            exe.display().to_string(),
            src.display().to_string(),
        ];
        matches!(run(gcc, &args, Some(dir.path()), None, &limits), Ok(o) if o.ending == Ending::Exited(0))
            && matches!(run(&exe, &[], Some(dir.path()), None, &limits), Ok(o) if o.ending == Ending::Exited(0))
    })
}

/// Compiles the user's file with the harness (written to `dir`) and runs it, each step
/// within `limit` in its own process group.
pub fn run_on_source(h: &Harness, dir: &Path, limit: Duration) -> SourceOutcome {
    let gcc = match find_tool(Tool::Gcc, None) {
        Ok(g) => g,
        Err(e) => return SourceOutcome::NotRun(e.to_string()),
    };
    if h.data_model == DataModel::Ilp32 && !gcc_builds_32bit(&gcc) {
        return SourceOutcome::NotRun(
            "the task is ILP32 and gcc -m32 does not build programs on this machine".into(),
        );
    }
    let harness = dir.join("ara_playback_harness.c");
    let exe = dir.join("ara_playback.bin");
    if let Err(e) = std::fs::write(&harness, h.text("ara_playback_harness.c")) {
        return SourceOutcome::NotRun(format!("cannot write {}: {e}", harness.display()));
    }
    let limits = Limits {
        timeout: Some(limit),
        memory_mb: None,
    };
    let build_limits = Limits {
        timeout: Some(limit.max(BUILD_MIN)),
        memory_mb: None,
    };
    let built = match run(
        &gcc,
        &gcc_args(h, &harness, &exe),
        Some(dir),
        None,
        &build_limits,
    ) {
        Ok(o) => o,
        Err(e) => return SourceOutcome::NotRun(e.to_string()),
    };
    if built.ending == Ending::TimedOut {
        return SourceOutcome::NotRun(format!(
            "gcc did not build the source with the harness within {} s",
            limit.max(BUILD_MIN).as_secs()
        ));
    }
    if built.ending != Ending::Exited(0) {
        let first = built
            .stderr
            .lines()
            .find(|l| l.contains("error") || l.contains("undefined"))
            .unwrap_or("")
            .trim()
            .to_string();
        return SourceOutcome::NotRun(format!(
            "the source does not compile with the harness: {first}"
        ));
    }
    match run_with_stack(&exe, &[], Some(dir), &limits, STACK_MB) {
        Err(e) => SourceOutcome::NotRun(e.to_string()),
        Ok(o) => outcome_of(&o.ending, &o.stderr, limit),
    }
}

/// The outcome of a run that ended so and printed `stderr`.
fn outcome_of(ending: &Ending, stderr: &str, limit: Duration) -> SourceOutcome {
    let said = stderr
        .lines()
        .find(|l| l.starts_with("ara playback: "))
        .map(|l| l.trim_start_matches("ara playback: ").to_string());
    match (ending, said) {
        (Ending::Exited(REACHED), Some(s)) if stderr.contains(MARKER) => SourceOutcome::Reached(s),
        (Ending::Exited(c), Some(s)) => SourceOutcome::Missed(format!("exit code {c}: {s}")),
        (Ending::Exited(c), None) => {
            SourceOutcome::Missed(format!("exit code {c} without reaching the error"))
        }
        (Ending::Signaled(s), _) => SourceOutcome::Missed(format!("killed by signal {s}")),
        // A short limit (the check's time was nearly spent) is no evidence of a run that
        // does not end.
        (Ending::TimedOut, _) if limit < TIMEOUT_EVIDENCE => SourceOutcome::NotRun(format!(
            "the run on the source did not end within {} s",
            limit.as_secs()
        )),
        (Ending::TimedOut, _) => {
            SourceOutcome::Missed(format!("did not end within {} s", limit.as_secs()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::concrete::ConcreteTrace;

    fn opts(errors: &[&str]) -> SourceOptions {
        SourceOptions {
            file: "p.c".into(),
            error_functions: errors.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn facts(mentioned: &[&str], defined: &[(&str, &[&str])]) -> SourceFacts {
        SourceFacts {
            mentioned: mentioned.iter().map(|s| s.to_string()).collect(),
            defined: defined
                .iter()
                .map(|(f, b)| (f.to_string(), b.iter().map(|s| s.to_string()).collect()))
                .collect(),
            starts: Default::default(),
        }
    }

    const SV: &[&str] = &["reach_error", "__VERIFIER_error"];

    #[test]
    fn decision_table() {
        let reached = SourceOutcome::Reached("reach_error()".into());
        let missed = SourceOutcome::Missed("exit code 0".into());
        let not_run = SourceOutcome::NotRun("no gcc".into());
        assert_eq!(decide(true, &reached), Decision::OnSource);
        assert_eq!(decide(false, &reached), Decision::OnSource);
        assert!(matches!(
            decide(true, &missed),
            Decision::Disagreement { .. }
        ));
        assert!(matches!(
            decide(false, &missed),
            Decision::OnTranslation { .. }
        ));
        assert_eq!(
            decide(true, &not_run),
            Decision::OnTranslation {
                why: "no gcc".into()
            }
        );
    }

    fn unsafe_verdict() -> FinalVerdict {
        FinalVerdict::Unsafe {
            trace: ConcreteTrace {
                path: vec![1, 0],
                steps: vec![],
                inputs: vec![],
                confirmed_by: "replay".into(),
                replayed_on: ReplayedOn::Translation,
                not_on_source: None,
                nondet_values: vec![5],
                initial_values: Default::default(),
            },
        }
    }

    /// Both replays' outcomes → the verdict (ara's replay of its translation reached the
    /// error: the verdict comes in UNSAFE).
    fn verdict_of(exact: bool, source: SourceOutcome) -> FinalVerdict {
        let mut v = unsafe_verdict();
        settle(&mut v, decide(exact, &source));
        v
    }

    fn replayed_on(v: &FinalVerdict) -> Option<(ReplayedOn, Option<String>)> {
        match v {
            FinalVerdict::Unsafe { trace } => {
                Some((trace.replayed_on, trace.not_on_source.clone()))
            }
            _ => None,
        }
    }

    #[test]
    fn both_replays_to_the_verdict() {
        let reached = || SourceOutcome::Reached("reached reach_error()".into());
        let missed = || SourceOutcome::Missed("exit code 0".into());
        let v = verdict_of(true, reached());
        assert_eq!(replayed_on(&v), Some((ReplayedOn::Source, None)));
        assert_eq!(
            verdict_of(false, reached()).to_string(),
            "UNSAFE (replay; replayed on your source with gcc)"
        );
        // The safety net: every input set, the source does not reach the error.
        let v = verdict_of(true, missed());
        assert!(
            matches!(
                &v,
                FinalVerdict::Unknown {
                    reason: Inconclusive::FrontEndDisagreement { .. }
                }
            ),
            "{v}"
        );
        assert!(
            v.to_string()
                .starts_with("UNKNOWN (front end disagreement: ")
        );
        // Values the harness cannot set: no evidence, today's replay stands (and says so).
        let v = verdict_of(false, missed());
        assert_eq!(replayed_on(&v).unwrap().0, ReplayedOn::Translation);
        assert!(
            v.to_string()
                .contains("replayed on ara's translation, not on your source")
        );
        let v = verdict_of(true, SourceOutcome::NotRun("no -m32".into()));
        assert_eq!(
            replayed_on(&v),
            Some((ReplayedOn::Translation, Some("no -m32".into())))
        );
        // SAFE and UNKNOWN stay.
        let mut u = FinalVerdict::Unknown {
            reason: Inconclusive::CannotExclude,
        };
        settle(&mut u, Decision::OnSource);
        assert!(matches!(u, FinalVerdict::Unknown { .. }));
    }

    #[test]
    fn outcomes_need_the_marker() {
        let l = Duration::from_secs(1);
        assert_eq!(
            outcome_of(&Ending::Exited(86), "ara playback: reached x()\n", l),
            SourceOutcome::Reached("reached x()".into())
        );
        // The program's own exit(86) is no error.
        assert!(matches!(
            outcome_of(&Ending::Exited(86), "", l),
            SourceOutcome::Missed(_)
        ));
        assert!(matches!(
            outcome_of(&Ending::Exited(87), "ara playback: f called after", l),
            SourceOutcome::Missed(_)
        ));
        assert!(matches!(
            outcome_of(&Ending::Signaled(6), "ara playback: reached x()", l),
            SourceOutcome::Missed(_)
        ));
        assert!(matches!(
            outcome_of(&Ending::TimedOut, "", l),
            SourceOutcome::NotRun(_)
        ));
        assert!(matches!(
            outcome_of(&Ending::TimedOut, "", TIMEOUT_EVIDENCE),
            SourceOutcome::Missed(_)
        ));
    }

    #[test]
    fn stubs_of_a_typical_file() {
        let f = facts(
            &[
                "__VERIFIER_nondet_uchar",
                "__VERIFIER_nondet_long",
                "reach_error",
            ],
            &[("__VERIFIER_assert", &["reach_error"]), ("main", &[])],
        );
        let s = stubs_for(&f, &opts(SV)).unwrap();
        assert_eq!(
            s,
            vec![
                Stub::Nondet {
                    name: "__VERIFIER_nondet_long".into(),
                    ty: IntType::Long
                },
                Stub::Nondet {
                    name: "__VERIFIER_nondet_uchar".into(),
                    ty: IntType::UChar
                },
                Stub::Error("__VERIFIER_error".into()),
                Stub::Error("reach_error".into()),
                Stub::AssertFail,
                Stub::VerifierAssume,
                Stub::AssumeAbortIfNot,
            ]
        );
    }

    #[test]
    fn own_reach_error_is_observed_through_its_body() {
        let ok = facts(&[], &[("reach_error", &["__assert_fail"])]);
        assert!(stubs_for(&ok, &opts(SV)).is_ok());
        let silent = facts(&[], &[("reach_error", &["abort"])]);
        assert!(stubs_for(&silent, &opts(SV)).is_err());
        // Another error function: its own body is never observed, __assert_fail is no error.
        let custom = facts(&[], &[("my_err", &["__assert_fail"])]);
        assert!(stubs_for(&custom, &opts(&["my_err"])).is_err());
        let s = stubs_for(&facts(&[], &[]), &opts(&["my_err"])).unwrap();
        assert!(s.contains(&Stub::Error("my_err".into())));
        assert!(!s.contains(&Stub::AssertFail));
    }

    #[test]
    fn golden_harness_text() {
        let h = Harness {
            file: "p.c".into(),
            data_model: DataModel::Lp64,
            inputs: vec![(IntType::UChar, 200), (IntType::Long, -1)],
            stubs: vec![
                Stub::Nondet {
                    name: "__VERIFIER_nondet_uchar".into(),
                    ty: IntType::UChar,
                },
                Stub::Error("reach_error".into()),
            ],
            unset: vec!["the initial value of a[3]".into()],
        };
        let t = h.text("h.c");
        assert!(t.contains("gcc p.c h.c && ./a.out"), "{t}");
        assert!(t.contains("  200ULL, 18446744073709551615ULL,\n"), "{t}");
        assert!(
            t.contains("static const unsigned long ara_count = 2;"),
            "{t}"
        );
        assert!(t.contains(
            "unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char) \
             ara_input(\"__VERIFIER_nondet_uchar\"); }"
        ));
        assert!(t.contains("void reach_error(void) { ara_reached(\"reach_error()\"); }"));
        assert!(t.contains("     - the initial value of a[3]\n"), "{t}");
    }
}
