//! ESBMC: argument vectors for bounded model checking, k-induction and incremental bug search,
//! and the parser of its plain-text output (`--compact-trace` counterexample, `** Results:`,
//! the k-induction summary line, error messages).
//!
//! What ESBMC 8.4 prints (found by running it; everything on stderr):
//! - bounded: `VERIFICATION SUCCESSFUL` / `VERIFICATION FAILED` after a `[Counterexample]` with
//!   `State N file F line L column C function FN thread T` blocks and a `Violated property:`
//!   block; a violated unwinding assertion reads `unwinding assertion loop N`.
//! - k-induction: `Solution found by the forward condition; all states are reachable (k = K)`
//!   (complete unwinding), `Solution found by the inductive step (k = K)`, `Bug found (k = K)`
//!   after a base-case counterexample, or `Unable to prove or falsify the program, giving up.`
//!   with `VERIFICATION UNKNOWN`. Its inductive step checks the property in every unrolled
//!   iteration without assuming it in earlier ones, so it proves only properties that hold
//!   after k iterations from any state.
//!
//! **The inductive step is not trusted.** ESBMC 8.4 answered `Solution found by the inductive
//! step (k = 2)` on an unsafe program of three sequential loops (a loop `while (i < 0)` with a
//! `break`, a counting loop, then a loop whose first iteration fails an assertion on two
//! nondet values; `tests/soundness/kind_three_loops_unsafe.c`, found by the differential
//! tester). So such an answer is `Unknown(InductionNotTrusted)`, and `auto` goes on with the
//! incremental bounded search, whose forward condition is a complete unwinding (trusted: the
//! same as `--unwind K` with unwinding assertions). Unbounded proofs come from the Horn
//! engine, whose invariants ara checks itself.
//! - rejected input: clang-style `file:line:col: error: …` lines, then `ERROR: PARSING ERROR`,
//!   exit code 6. Own time limit: `ERROR: Timed out`; memory exhausted: `ERROR: Out of memory`.
//! - the static initialisation of globals appears as a state without `function`.

use super::{
    Backend, CheckOptions, FinalStatus, Mode, Proof, PropClass, PropStatus, PropertyResult, RunCtx,
    RunReport, Trace, UnknownReason, Verdict, bmc_verdict, ending_verdict, last_line,
};
use crate::base::error::AraError;
use crate::base::tools::{Ending, RunOutput};
use crate::frontend::source::{function_bodies, next_non_space};
use crate::ir::DataModel;
use crate::ir::trace::parse_text_trace;
use regex::Regex;
use std::sync::LazyLock;
use std::time::Duration;

/// The ESBMC back end.
pub struct Esbmc;

/// k-induction's limit in [`Mode::Auto`] before switching to a pure bug search.
pub const AUTO_MAX_K: u32 = 32;
/// Without a time limit, the bug search of [`Mode::Auto`] stops at this k.
pub const AUTO_SEARCH_MAX_K: u32 = 128;

/// One kind of ESBMC run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// `--unwind N` (unwinding assertions on: ESBMC's default).
    Bmc { unwind: u32 },
    /// `--k-induction --max-k-step N`.
    KInduction { max_k: u32 },
    /// `--incremental-bmc` (base case and forward condition for growing k, no inductive step)
    /// from `from_k` up to `max_k` (unbounded when `None`).
    IncrementalBmc { from_k: u32, max_k: Option<u32> },
}

/// The argument vector of one ESBMC run on `file`. `timeout` is ESBMC's own limit (whole
/// seconds, rounded up); ara kills the process group shortly after in any case.
pub fn args(
    file: &str,
    step: Step,
    data_model: DataModel,
    timeout: Option<Duration>,
    extra: &[String],
) -> Vec<String> {
    let mut a: Vec<String> = [
        file,
        "--no-bounds-check",
        "--no-pointer-check",
        "--no-div-by-zero-check",
        "--no-align-check",
        // Implies --no-slice: every marker assignment stays in the trace.
        "--compact-trace",
        "--quiet",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    if data_model == DataModel::Ilp32 {
        a.push("--32".into());
    }
    match step {
        Step::Bmc { unwind } => a.extend(["--unwind".into(), unwind.to_string()]),
        Step::KInduction { max_k } => a.extend([
            "--k-induction".into(),
            "--max-k-step".into(),
            max_k.to_string(),
        ]),
        Step::IncrementalBmc { from_k, max_k } => {
            a.extend([
                "--incremental-bmc".into(),
                "--base-k-step".into(),
                from_k.max(1).to_string(),
            ]);
            match max_k {
                Some(m) => a.extend(["--max-k-step".into(), m.to_string()]),
                None => a.push("--unlimited-k-steps".into()),
            }
        }
    }
    if let Some(t) = timeout {
        let s = t.as_secs() + u64::from(t.subsec_nanos() > 0);
        a.extend(["--timeout".into(), format!("{}s", s.max(1))]);
    }
    a.extend(extra.iter().cloned());
    a
}

/// `--no-library`: ESBMC without its C library (the abstract models of libc it parses at
/// every start: about 0.11 s of the 0.13 s a trivial run takes, measured with ESBMC 8.4;
/// with the flag a trivial run takes 0.01 s).
pub const NO_LIBRARY: &str = "--no-library";

/// Functions ESBMC 8.4 models by itself, without its C library, exactly as with it: found by
/// running it with and without `--no-library` on programs whose truth turns on each of them
/// (`tests/checkers_esbmc.rs`, `no_library_keeps_the_verdicts_of_ara_s_programs`):
/// `__VERIFIER_assume` cuts the paths where its argument is 0, `__assert_fail` is a failed
/// assertion, `exit` ends the path, and a `__VERIFIER_nondet_*` function (declared, without
/// body) returns any value of its type. Not here, and so a reason to keep the library:
/// `abort` (without the library a call is a no-op that returns), and `malloc` and `calloc`
/// (without it ESBMC took minutes on a three-element `calloc`).
const MODELLED_WITHOUT_LIBRARY: [&str; 3] = ["__VERIFIER_assume", "__assert_fail", "exit"];

/// The functions ara's emitted programs define themselves (beside [`NOT_CALLS`]).
const EMITTED_FUNCTIONS: [&str; 2] = ["main", "reach_error"];

/// Whether ESBMC decides C `text` (a program ara emitted, `ir::emit`) the same without its C
/// library ([`NO_LIBRARY`]): every word followed by `(` outside an `extern` declaration line,
/// a comment or a string is a C keyword, `main`, `reach_error`, a `__VERIFIER_nondet_*`
/// function or one of [`MODELLED_WITHOUT_LIBRARY`]. Conservative: any other call, a macro
/// definition, or a word it does not know keeps the library (slower, never different).
///
/// Soundness: the flag changes ESBMC's reading of a program only through the functions its
/// library defines; a text that calls none of them (but the ones ESBMC models itself) has
/// the same executions either way, so every verdict (SAFE from complete unwinding, a
/// counterexample for ara to confirm) is the one ESBMC gives with its library.
pub fn library_free(text: &str) -> bool {
    let mut rest = strip_comments_and_strings(text);
    rest.retain(|c| c != '\r');
    for line in rest.lines() {
        let t = line.trim_start();
        if t.starts_with('#') && !t.starts_with("#line") {
            // A macro may hide any call.
            return false;
        }
        if t.starts_with("extern ") {
            continue;
        }
        let library_call = called_words(t).into_iter().any(|word| {
            !NOT_CALLS.contains(&word)
                && !EMITTED_FUNCTIONS.contains(&word)
                && !MODELLED_WITHOUT_LIBRARY.contains(&word)
                && !word.starts_with("__VERIFIER_nondet_")
        });
        if library_call {
            return false;
        }
    }
    true
}

/// How ESBMC can read a user's own C file (ESBMC on the source: `strategy::source_check`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceLibrary {
    /// With its C library: the file may call a function the library defines, or the check
    /// cannot tell.
    Needed,
    /// Without it ([`NO_LIBRARY`]); `abort_model`: with [`ABORT_MODEL`] given as a second
    /// file (the file calls or declares `abort` and does not define it).
    Free { abort_model: bool },
}

/// `abort` as ESBMC 8.4's library gives it: the path ends (`if (!c) abort();` is an
/// assumption; with the library, without it and this definition, and without it alone, a
/// program asserting `c` after that line: SUCCESSFUL, SUCCESSFUL, FAILED).
pub const ABORT_MODEL: &str = "void abort(void) { __ESBMC_assume(0); }\n";

/// Words followed by `(` that call no function: C's statements and operators and the words
/// of GCC's attributes.
const NOT_CALLS: [&str; 11] = [
    "if",
    "while",
    "for",
    "switch",
    "return",
    "sizeof",
    "_Alignof",
    "__attribute__",
    "__nothrow__",
    "__leaf__",
    "__noreturn__",
];

/// Whether ESBMC decides a user's C file `text` the same without its C library
/// ([`SourceLibrary`]): every word followed by `(` (a call, or a declaration of a function,
/// anywhere in the file) is one of [`NOT_CALLS`], a function the file defines (a body
/// at the top level: `name(…) {`), a `__VERIFIER_nondet_*` function, one of
/// [`MODELLED_WITHOUT_LIBRARY`], or `abort` (given [`ABORT_MODEL`]); and every preprocessor
/// line is a line marker or an object-like `#define` whose body holds only numbers,
/// operators, parentheses and names defined before it (so no macro hides a call or forges a
/// definition). Conservative: an `#include`, a conditional, a function-like macro, a call of
/// a function the file only declares (`__VERIFIER_error`, `memset`), through a pointer
/// (`int (*f)(int)`), or of a builtin keeps the library (slower, never different).
///
/// Soundness: the flag changes ESBMC's reading of a program only through the functions its
/// library defines (as for ara's own programs, [`library_free`]); a file that calls none of
/// them but those ESBMC models itself, and `abort` with the library's meaning, has the same
/// executions either way, so every verdict (SAFE from complete unwinding, a counterexample
/// that gcc must then replay) is the one ESBMC gives with its library. A function the file
/// defines keeps its own body either way. Checked on every recursive twin of the suite and
/// the procedures benchmark (`tests/checkers_esbmc.rs`, `the_source_without_the_library`).
pub fn source_library(text: &str) -> SourceLibrary {
    let code = strip_comments_and_strings(text).replace('\r', "");
    let mut macros: Vec<String> = vec![];
    let mut body = String::with_capacity(code.len());
    for line in code.lines() {
        match line.trim_start().strip_prefix('#') {
            Some(d) => match directive(d, &macros) {
                Directive::Marker => {}
                Directive::Define(name) => macros.push(name),
                Directive::Other => return SourceLibrary::Needed,
            },
            None => body.push_str(line),
        }
        body.push('\n');
    }
    let defined: Vec<String> = function_bodies(&body).into_iter().map(|d| d.0).collect();
    let mut abort_model = false;
    for word in called_words(&body) {
        let known = NOT_CALLS.contains(&word)
            || MODELLED_WITHOUT_LIBRARY.contains(&word)
            || word.starts_with("__VERIFIER_nondet_")
            || defined.iter().any(|d| d == word);
        if word == "abort" && !known {
            abort_model = true;
        } else if !known {
            return SourceLibrary::Needed;
        }
    }
    SourceLibrary::Free { abort_model }
}

/// A preprocessor line of a user's file, after its `#`.
enum Directive {
    /// A line marker (`# 12 "f.c"`, `#line 12`).
    Marker,
    /// `#define NAME body`, object-like, its body only numbers, operators, parentheses and
    /// names in `macros`.
    Define(String),
    /// Anything else.
    Other,
}

fn directive(d: &str, macros: &[String]) -> Directive {
    let d = d.trim_start();
    if d.starts_with(|c: char| c.is_ascii_digit()) || d.starts_with("line ") {
        return Directive::Marker;
    }
    let Some(rest) = d.strip_prefix("define ") else {
        return Directive::Other;
    };
    let rest = rest.trim_start();
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let (name, value) = rest.split_at(end);
    // `NAME(` is a function-like macro; an empty name is no definition.
    if name.is_empty() || value.starts_with('(') || !macro_value_is_plain(value, macros) {
        return Directive::Other;
    }
    Directive::Define(name.to_string())
}

/// A macro's value that can hide no call and forge no definition.
fn macro_value_is_plain(value: &str, macros: &[String]) -> bool {
    let b = value.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphanumeric() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
            let word = &value[start..i];
            if !c.is_ascii_digit() && !macros.iter().any(|m| m == word) {
                return false;
            }
        } else if b" \t+-*/%<>=!&|^~?:()".contains(&c) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

/// The words of `code` followed by `(` (spaces and line breaks between them allowed).
fn called_words(code: &str) -> Vec<&str> {
    let b = code.as_bytes();
    let mut out = vec![];
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_alphabetic() || b[i] == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            if next_non_space(b, i).is_some_and(|j| b[j] == b'(') {
                out.push(&code[start..i]);
            }
        } else if b[i].is_ascii_digit() {
            // A number's suffix (`10u`, `0x1f`) is no word.
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out
}

/// `text` with its comments and the contents of its string and character literals blanked
/// (a comment or a string never calls a function).
fn strip_comments_and_strings(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut prev = ' ';
                for d in chars.by_ref() {
                    if d == '\n' {
                        out.push('\n');
                    }
                    if prev == '*' && d == '/' {
                        break;
                    }
                    prev = d;
                }
                out.push(' ');
            }
            '/' if chars.peek() == Some(&'/') => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' | '\'' => {
                let mut escaped = false;
                for d in chars.by_ref() {
                    if d == '\n' {
                        out.push('\n');
                    }
                    if !escaped && d == c {
                        break;
                    }
                    escaped = !escaped && d == '\\';
                }
                out.push('0');
            }
            _ => out.push(c),
        }
    }
    out
}

/// The k-induction summary line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KindResult {
    ForwardCondition { k: u32 },
    InductiveStep { k: u32 },
    BugFound { k: u32 },
    GaveUp,
}

/// One ESBMC run read into types.
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    pub report: RunReport,
    pub kind: Option<KindResult>,
}

static RESULT_LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s+(?P<st>[A-Z][A-Z ]*?)\s+\[(?P<id>[^\]]+)\]\s+line\s+\d+\s+(?P<d>.*?)\s*$")
        .unwrap()
});
static RESULT_FN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\S.*, function (?P<f>\S+)\s*$").unwrap());
static CLANG_ERROR: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\S.*:\d+:\d+: (?:fatal )?error: .*$").unwrap());
static KIND: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:Solution found by the (?P<how>forward condition|inductive step)|(?P<bug>Bug found))\b.*\(k = (?P<k>\d+)\)").unwrap()
});
static VIOLATED_FN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\bfunction (?P<f>\S+)").unwrap());

/// Reads ESBMC's output (stderr and stdout) into a [`Parsed`].
pub fn parse(stderr: &str, stdout: &str, exit: Option<i32>) -> Parsed {
    let text = format!("{stderr}\n{stdout}");
    let mut p = Parsed::default();
    let r = &mut p.report;
    let lines: Vec<&str> = text.lines().collect();
    let mut in_results = false;
    let mut cur_fn: Option<String> = None;
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim();
        match t {
            "VERIFICATION SUCCESSFUL" => r.final_status = Some(FinalStatus::Successful),
            "VERIFICATION FAILED" => r.final_status = Some(FinalStatus::Failed),
            "VERIFICATION UNKNOWN" => r.final_status = Some(FinalStatus::Unknown),
            "** Results:" => {
                in_results = true;
                r.properties.clear();
                continue;
            }
            "ERROR: Timed out" => r.timed_out = true,
            "Unable to prove or falsify the program, giving up." => {
                p.kind = Some(KindResult::GaveUp)
            }
            _ => {}
        }
        // ESBMC's own message, C++'s, and Boolector's (`btor_mem_sat_malloc: out of memory`).
        if t.to_ascii_lowercase().contains("out of memory") || t.contains("std::bad_alloc") {
            r.out_of_memory = true;
        }
        if let Some(c) = KIND.captures(t) {
            let k = c["k"].parse().unwrap_or(0);
            p.kind = Some(if c.name("bug").is_some() {
                KindResult::BugFound { k }
            } else if &c["how"] == "forward condition" {
                KindResult::ForwardCondition { k }
            } else {
                KindResult::InductiveStep { k }
            });
        }
        if t == "Violated property:" {
            let func = lines
                .get(i + 1)
                .and_then(|x| VIOLATED_FN.captures(x))
                .map(|c| c["f"].to_string());
            let description = lines
                .get(i + 2)
                .map(|x| x.trim().to_string())
                .unwrap_or_default();
            r.violated = Some(PropertyResult {
                id: String::new(),
                description,
                function: func,
                status: PropStatus::Failed,
            });
        }
        if in_results {
            if t.starts_with("** ") || t.starts_with("VERIFICATION ") {
                in_results = false;
            } else if let Some(c) = RESULT_FN.captures(l) {
                cur_fn = Some(c["f"].to_string());
            } else if let Some(c) = RESULT_LINE.captures(l) {
                r.properties.push(PropertyResult {
                    id: c["id"].to_string(),
                    description: c["d"].to_string(),
                    function: cur_fn.clone(),
                    status: match &c["st"] {
                        "PASSED" => PropStatus::Passed,
                        "FAILED" => PropStatus::Failed,
                        _ => PropStatus::Other,
                    },
                });
            }
        }
    }
    if exit == Some(6) || text.contains("PARSING ERROR") {
        let msg = lines
            .iter()
            .map(|l| l.trim())
            .find(|l| CLANG_ERROR.is_match(l))
            .or_else(|| {
                lines
                    .iter()
                    .map(|l| l.trim())
                    .find(|l| l.starts_with("ERROR: ") && !l.contains("PARSING ERROR"))
            })
            .or_else(|| {
                lines
                    .iter()
                    .map(|l| l.trim())
                    .find(|l| l.starts_with("ERROR:"))
            })
            .unwrap_or("rejected (exit code 6)");
        r.rejected = Some(msg.trim_start_matches("ERROR: ").to_string());
    }
    if let Some(pos) = text.find("[Counterexample]") {
        r.trace = parse_text_trace(&text[pos..]);
    }
    p
}

fn exit_code(out: &RunOutput) -> Option<i32> {
    match out.ending {
        Ending::Exited(c) => Some(c),
        _ => None,
    }
}

/// Reads one run: the typed report, with the last output line for crash reports.
pub fn read(out: &RunOutput) -> Parsed {
    let mut p = parse(&out.stderr, &out.stdout, exit_code(out));
    // ESBMC prints everything but its version line on stderr.
    p.report.last_line = last_line(out);
    p
}

/// The verdict of a k-induction or incremental-BMC run (whose bugs come from the base case, a
/// plain bounded run). `max_k` is the run's limit; `may_prove` whether a success line counts.
fn kind_verdict(p: &Parsed, exit: Option<i32>, max_k: u32, may_prove: bool) -> Verdict {
    let r = &p.report;
    if r.final_status == Some(FinalStatus::Failed)
        || matches!(p.kind, Some(KindResult::BugFound { .. }))
    {
        let k = match p.kind {
            Some(KindResult::BugFound { k }) => Some(k),
            _ => None,
        };
        // A bug of the base case is a bounded run's bug: the same rules.
        return bmc_verdict(r, k, false, exit, 0);
    }
    if r.final_status == Some(FinalStatus::Successful) && may_prove && exit == Some(0) {
        match p.kind {
            Some(KindResult::ForwardCondition { k }) => {
                return Verdict::Safe {
                    how: Proof::CompleteUnwinding { bound: k },
                };
            }
            Some(KindResult::InductiveStep { k }) => {
                // Not a proof: see the module doc (wrong on a program with three loops).
                return Verdict::unknown(UnknownReason::InductionNotTrusted { k });
            }
            _ => {}
        }
    }
    match (r.final_status, p.kind) {
        (Some(FinalStatus::Unknown), _) | (_, Some(KindResult::GaveUp)) => {
            Verdict::unknown(UnknownReason::KInductionGaveUp { max_k })
        }
        (Some(FinalStatus::Successful), _) => Verdict::unknown(UnknownReason::CheckerUnknown {
            detail: "success reported without a proof step".into(),
        }),
        _ => bmc_verdict(r, None, false, exit, 0),
    }
}

/// ESBMC's solver options: a run that names one keeps it.
const SOLVER_FLAGS: [&str; 5] = ["--boolector", "--bitwuzla", "--z3", "--cvc5", "--yices"];

impl Esbmc {
    /// `step`, and once more with Boolector when the default solver (Bitwuzla) ran out of
    /// memory: on some witness programs Bitwuzla needs over 1 GB within seconds where
    /// Boolector proves the same formula in 0.5 s and 84 MB (measured with ESBMC 8.4). Both
    /// decide the same formula; a verdict is as good from either.
    fn run_step(
        &self,
        ctx: &mut RunCtx,
        file: &str,
        opts: &CheckOptions,
        step: Step,
    ) -> Result<(Verdict, Option<Trace>), AraError> {
        let (v, t) = self.run_step_once(ctx, file, opts, step)?;
        let oom = matches!(
            v,
            Verdict::Unknown {
                reason: UnknownReason::OutOfMemory
            }
        );
        let chosen = opts
            .extra_args
            .iter()
            .any(|a| SOLVER_FLAGS.contains(&a.as_str()));
        if !oom || chosen {
            return Ok((v, t));
        }
        let mut boolector = opts.clone();
        boolector.extra_args.push("--boolector".into());
        let (w, u) = self.run_step_once(ctx, file, &boolector, step)?;
        // No answer from Boolector either: the first run's reason stands.
        Ok(if matches!(w, Verdict::Unknown { .. }) {
            (v, t)
        } else {
            (w, u)
        })
    }

    /// One run of `step`; the verdict and the trace of a bug.
    fn run_step_once(
        &self,
        ctx: &mut RunCtx,
        file: &str,
        opts: &CheckOptions,
        step: Step,
    ) -> Result<(Verdict, Option<Trace>), AraError> {
        let a = args(
            file,
            step,
            opts.data_model,
            ctx.remaining(),
            &opts.extra_args,
        );
        let Some(out) = ctx.run(a, true)? else {
            return Ok((ctx.timeout_verdict(), None));
        };
        let p = read(&out);
        let exit = exit_code(&out);
        if let Some(v) = ending_verdict(&out.ending, &p.report, ctx.limit()) {
            return Ok((v, None));
        }
        let v = match step {
            Step::Bmc { unwind } => bmc_verdict(&p.report, Some(unwind), true, exit, 0),
            Step::KInduction { max_k } => kind_verdict(&p, exit, max_k, true),
            Step::IncrementalBmc { max_k, .. } => {
                kind_verdict(&p, exit, max_k.unwrap_or(u32::MAX), true)
            }
        };
        if let (
            Step::Bmc { unwind },
            Verdict::Unknown {
                reason: UnknownReason::UnwindingIncomplete { .. },
            },
        ) = (step, &v)
        {
            // ESBMC stops at the first violation, which may be the unwinding assertion while a
            // real bug lies within the bound: look again with unwinding assertions off. Only
            // a bug can come of it (a clean run proves nothing then).
            let mut a = args(
                file,
                Step::Bmc { unwind },
                opts.data_model,
                ctx.remaining(),
                &opts.extra_args,
            );
            a.push("--no-unwinding-assertions".into());
            if let Some(out) = ctx.run(a, true)? {
                let q = read(&out);
                if ending_verdict(&out.ending, &q.report, ctx.limit()).is_none()
                    && bmc_verdict(&q.report, Some(unwind), false, exit_code(&out), 0).is_unsafe()
                {
                    return Ok((Verdict::Unsafe, q.report.trace));
                }
            }
            return Ok((v, None));
        }
        if v.is_unsafe() && p.report.trace.is_none() {
            // No counterexample printed: find it again with a plain bounded run at that k,
            // without unwinding assertions (so only a real violation can stop it).
            if let Some(KindResult::BugFound { k }) = p.kind
                && !matches!(step, Step::Bmc { .. })
            {
                let mut a = args(
                    file,
                    Step::Bmc { unwind: k },
                    opts.data_model,
                    ctx.remaining(),
                    &opts.extra_args,
                );
                a.push("--no-unwinding-assertions".into());
                if let Some(out) = ctx.run(a, true)? {
                    let q = read(&out);
                    let failed_assertion = q
                        .report
                        .violated
                        .as_ref()
                        .is_some_and(|x| x.class() == PropClass::Assertion);
                    if failed_assertion {
                        return Ok((Verdict::Unsafe, q.report.trace));
                    }
                }
            }
        }
        Ok((v, p.report.trace))
    }
}

impl Backend for Esbmc {
    fn check(
        &self,
        ctx: &mut RunCtx,
        file: &str,
        opts: &CheckOptions,
    ) -> Result<(Verdict, Option<Trace>), AraError> {
        match opts.mode {
            Mode::Unwind(0) => Err(AraError::Usage(
                "an unwinding bound must be at least 1 (ESBMC reads 0 as unlimited)".into(),
            )),
            Mode::KInduction { max_k: 0 } => Err(AraError::Usage(
                "k-induction needs max k of at least 1".into(),
            )),
            Mode::Unwind(n) => self.run_step(ctx, file, opts, Step::Bmc { unwind: n }),
            Mode::KInduction { max_k } => {
                self.run_step(ctx, file, opts, Step::KInduction { max_k })
            }
            Mode::Auto => {
                let (v, t) =
                    self.run_step(ctx, file, opts, Step::KInduction { max_k: AUTO_MAX_K })?;
                let gave_up = matches!(
                    v,
                    Verdict::Unknown {
                        reason: UnknownReason::KInductionGaveUp { .. }
                            | UnknownReason::InductionNotTrusted { .. }
                    }
                );
                if !gave_up {
                    return Ok((v, t));
                }
                // No proof: go on unwinding deeper, which finds deeper bugs and proves loops
                // with larger constant bounds (forward condition), in the remaining time.
                let max_k = match ctx.timeout {
                    Some(_) => None,
                    None => Some(AUTO_SEARCH_MAX_K),
                };
                self.run_step(
                    ctx,
                    file,
                    opts,
                    Step::IncrementalBmc {
                        from_k: AUTO_MAX_K + 1,
                        max_k,
                    },
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The prelude of every emitted program, a nondet, an assumption, an exit: no library.
    /// A call of `abort`, `malloc` (the allocation of arrays of symbolic size) or a function
    /// the text only declares: the library.
    #[test]
    fn library_free_only_for_calls_esbmc_models_itself() {
        let prelude = "/* Generated by ara. */\nextern void abort(void);\nextern void exit(int);\n\
            extern void __assert_fail(const char *, const char *, unsigned int, const char *)\n    \
            __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));\n\
            extern void __VERIFIER_assume(int);\nextern int __VERIFIER_nondet_int(void);\n\
            void reach_error(void) { __assert_fail(\"0\", \"f(x).c\", 0, \"reach_error\"); }\n";
        let body = |b: &str| format!("{prelude}int main() {{\n  int x; /* g(y) */\n{b}\n}}\n");
        for ok in [
            "  x = __VERIFIER_nondet_int ();\n  __VERIFIER_assume(x > 0);\n  if (x) exit(0);",
            "  while (x < (int) (sizeof(int))) { x = x + 1; } // h(z)\n  if (!(x)) reach_error();",
            "  return 0;",
        ] {
            assert!(library_free(&body(ok)), "{ok}");
        }
        for lib in [
            "  abort();",
            "  x = (int) ara_alloc(x, sizeof(int));",
            "  x = f (x);",
            "#define F(x) malloc(x)\n  x = 0;",
        ] {
            assert!(!library_free(&body(lib)), "{lib}");
        }
    }

    /// A user's file: its own functions, nondets, SV-COMP's error function and `abort`
    /// without the library (with `abort`'s model); a declared-only function, an `#include`,
    /// a function-like macro, a macro naming a function, a call through a pointer or a line
    /// continued past a `#define` keep it.
    #[test]
    fn source_library_for_files_that_call_only_their_own_functions() {
        let head = "extern void abort(void);\n# 3 \"f.c\"\n#define N 10\n#define M (N + 1)\n\
            extern void __assert_fail(const char *, const char *, unsigned int, const char *)\n  \
            __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));\n\
            void reach_error() { __assert_fail(\"0\", \"f(x).c\", 3, \"reach_error\"); }\n\
            extern int __VERIFIER_nondet_int(void);\nint a[M];\n\
            void assume_abort_if_not(int c) { if (!c) { abort(); } }\n\
            int f(int *q, int n)\n{\n  if (n <= 0) return 0; /* g(y) */\n  return f\n (q + 1, n - 1) + q[0];\n}\n";
        let with = |b: &str| source_library(&format!("{head}int main(void) {{\n{b}\n}}\n"));
        let free = SourceLibrary::Free { abort_model: true };
        for ok in [
            "  int n = __VERIFIER_nondet_int();\n  assume_abort_if_not(n < N);\n  return f(a, n);",
            "  if (sizeof(int) == 4u && 0x1fUL) reach_error();\n  exit(0);",
        ] {
            assert_eq!(with(ok), free, "{ok}");
        }
        for lib in [
            "  memset(a, 0, sizeof(a));",
            "  __VERIFIER_error();",
            "  int (*p)(int *, int) = f;\n  return p(a, 1);",
            "  return __builtin_expect(a[0], 0);",
        ] {
            assert_eq!(with(lib), SourceLibrary::Needed, "{lib}");
        }
        for directive in [
            "#include <string.h>",
            "#define F(x) memset(x, 0, 4)",
            "#define G memset",
            "#define H 1 + \\\n  memset(a, 0, 4)",
            "#if 1\nint b;\n#endif",
            "#pragma once",
        ] {
            let text = format!("{directive}\n{head}int main(void) {{ return 0; }}\n");
            assert_eq!(source_library(&text), SourceLibrary::Needed, "{directive}");
        }
        // A file that defines `abort` keeps its own; no model is added.
        let own = format!("{head}void abort(void) {{ }}\nint main(void) {{ return 0; }}\n");
        let own = own.replacen("extern void abort(void);\n", "", 1);
        assert_eq!(
            source_library(&own),
            SourceLibrary::Free { abort_model: false }
        );
    }

    #[test]
    fn argv() {
        let a = args(
            "f.c",
            Step::KInduction { max_k: 5 },
            DataModel::Ilp32,
            Some(Duration::from_millis(1500)),
            &["--foo".into()],
        );
        let s = a.join(" ");
        assert!(s.starts_with("f.c --no-bounds-check --no-pointer-check --no-div-by-zero-check --no-align-check --compact-trace"), "{s}");
        assert!(s.contains(" --32 "), "{s}");
        assert!(s.contains("--k-induction --max-k-step 5"), "{s}");
        assert!(s.ends_with("--timeout 2s --foo"), "{s}");
        assert!(!s.contains("no-unwinding-assertions"));
        let b = args("f.c", Step::Bmc { unwind: 7 }, DataModel::Lp64, None, &[]).join(" ");
        assert!(b.ends_with("--unwind 7") && !b.contains("--32"), "{b}");
    }

    const RESULTS: &str = "** Results:\nunsafe_loop.c, function main\n  NOT CHECKED  [main.assertion.1]         line 9  unwinding assertion loop 3\nunsafe_loop.c, function reach_error\n  FAILED       [reach_error.assertion.1]  line 3  assertion 0\n\n** 1 of 2 properties failed, 1 not checked\n\nVERIFICATION FAILED\n\nBug found (k = 4)\n";

    #[test]
    fn results_and_kind_line() {
        let p = parse(RESULTS, "", Some(1));
        assert_eq!(p.kind, Some(KindResult::BugFound { k: 4 }));
        assert_eq!(p.report.final_status, Some(FinalStatus::Failed));
        assert_eq!(p.report.properties.len(), 2);
        assert_eq!(p.report.properties[0].class(), PropClass::Unwinding);
        assert_eq!(p.report.properties[0].status, PropStatus::Other);
        assert_eq!(p.report.properties[1].class(), PropClass::Assertion);
        assert_eq!(
            p.report.properties[1].function.as_deref(),
            Some("reach_error")
        );
        assert_eq!(kind_verdict(&p, Some(1), 10, true), Verdict::Unsafe);
        let fwd = parse(
            "VERIFICATION SUCCESSFUL\n\nSolution found by the forward condition; all states are reachable (k = 11)\n",
            "",
            Some(0),
        );
        assert_eq!(
            kind_verdict(&fwd, Some(0), 20, true),
            Verdict::Safe {
                how: Proof::CompleteUnwinding { bound: 11 }
            }
        );
        // A run that may not prove (none at present) does not.
        assert!(!kind_verdict(&fwd, Some(0), 20, false).is_safe());
        let ind = parse(
            "VERIFICATION SUCCESSFUL\nSolution found by the inductive step (k = 2)\n",
            "",
            Some(0),
        );
        assert_eq!(
            kind_verdict(&ind, Some(0), 20, true),
            Verdict::unknown(UnknownReason::InductionNotTrusted { k: 2 })
        );
        let gave = parse(
            "Unable to prove or falsify the program, giving up.\nVERIFICATION UNKNOWN\n",
            "",
            Some(0),
        );
        assert_eq!(
            kind_verdict(&gave, Some(0), 20, true),
            Verdict::unknown(UnknownReason::KInductionGaveUp { max_k: 20 })
        );
        // Success without the proof line is no proof.
        let bare = parse("VERIFICATION SUCCESSFUL\n", "", Some(0));
        assert!(!kind_verdict(&bare, Some(0), 20, true).is_safe());
    }

    /// ESBMC bounds recursion with an assertion whose id reads like a user assertion's: it is
    /// an unwinding property (a bound too small), never the error.
    #[test]
    fn recursion_unwinding_assertion() {
        let out = "Violated property:\n  file m.c line 7 column 46 function f91\n  recursion unwinding assertion\n\n\n** Results:\nm.c, function f91\n  FAILED       [f91.assertion.1]          line 7  recursion unwinding assertion\n\nVERIFICATION FAILED\n";
        let p = parse(out, "", Some(1));
        assert_eq!(
            p.report.violated.as_ref().map(|v| v.class()),
            Some(PropClass::Unwinding)
        );
        assert_eq!(p.report.properties[0].class(), PropClass::Unwinding);
        assert!(!bmc_verdict(&p.report, Some(4), true, Some(1), 0).is_unsafe());
    }

    #[test]
    fn rejection_and_limits() {
        let p = parse(
            "Parsing s.c\ns.c:3:10: error: expected expression\n    3 |   a[1] = ;\n      |          ^\nERROR: PARSING ERROR\n",
            "ESBMC version 8.4.0 64-bit x86_64 linux\n",
            Some(6),
        );
        assert_eq!(
            p.report.rejected.as_deref(),
            Some("s.c:3:10: error: expected expression")
        );
        let p = parse("ERROR: failed to open input file /x.c\n", "", Some(6));
        assert_eq!(
            p.report.rejected.as_deref(),
            Some("failed to open input file /x.c")
        );
        assert!(
            parse(
                "Solving with solver Bitwuzla 0.9.0\nERROR: Timed out\n",
                "",
                Some(1)
            )
            .report
            .timed_out
        );
        assert!(
            parse(
                "ERROR: Out of memory\n\nERROR: SMT solver failed\n",
                "",
                Some(2)
            )
            .report
            .out_of_memory
        );
        assert!(
            parse(
                "[btormem] btor_mem_sat_malloc: out of memory in 'btor_mem_sat_malloc'\n",
                "",
                None
            )
            .report
            .out_of_memory
        );
    }
}
