//! Running one program through the oracles and through ara, and a whole timed run.
//!
//! Ground truth: plain ESBMC with complete unwinding (`--unwind K`, ESBMC 8.4 adds the
//! unwinding assertions itself) in multi-property mode with the overflow, bounds and
//! division checks on: the program is SAFE when every property holds, UNSAFE when the
//! assertion in `reach_error` fails; a failing unwinding assertion or a timeout means no ground
//! truth, and a failing UB check means the program is not a valid task (a generator bug,
//! counted apart). ESBMC decides a generated program with block-local struct tags on the same
//! program with those tags renamed apart ([`truth_text`]: it mis-types a shadowed tag). gcc
//! cross-checks it (LP64 only: there is no 32-bit libc here): the program
//! runs on seeded random inputs, and a run reaching the error of a program ESBMC called SAFE
//! is an *oracle conflict*, reported apart from ara's results. Then `ara check` runs with each
//! strategy (a generated program with a grid pattern with `ARA_NO_UNWINDING=1`, see
//! [`ara_env`], and also with the cell stage on its relaid grid alone, [`Strategy::Relaid`]:
//! the other strategies answer most grids before that stage would); a definite verdict
//! against the truth is a disagreement, which is reduced
//! ([`super::reduce`]) and written to the output folder. ESBMC and every `ara check` run with
//! a temporary root of their own, removed after they ended ([`tools::run_with_own_tmp`]).

use super::ast::Program;
use super::contracts::{self, ContractCase};
use super::generate::{GenConfig, generate};
use super::mutate;
use super::print::{print_for_truth, print_program};
use super::reduce;
use super::rng::Rng;
use crate::base::tools::{
    self, Ending, Limits, Tool, find_tool, run, run_with_own_tmp, run_with_own_tmp_env,
};
use crate::ir::types::DataModel;
use crate::strategy::svwitness::source::SourceText;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The programs the tester runs.
#[derive(Clone, Debug)]
pub struct Tools {
    pub esbmc: PathBuf,
    pub gcc: PathBuf,
    pub ara: PathBuf,
}

impl Tools {
    /// ESBMC and gcc as ara finds them; `ara` given (the binary under test).
    pub fn find(ara: PathBuf) -> crate::Result<Tools> {
        Ok(Tools {
            esbmc: find_tool(Tool::Esbmc, None)?,
            gcc: find_tool(Tool::Gcc, None)?,
            ara,
        })
    }
}

/// ara's strategies, and one stage of `auto` alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    Witness,
    Cegar,
    Auto,
    /// The cell engine on the relaid grid alone (`ARA_RELAID_ONLY=1 ara check --engine
    /// horn-cells`): run on every program with a grid pattern, which the other strategies
    /// mostly answer before that stage ends.
    Relaid,
    /// `ara validate` of a contracts case's witness (`super::contracts`): CONFIRMED is a
    /// SAFE answer, anything else none.
    Validate,
}

impl Strategy {
    pub const ALL: [Strategy; 5] = [
        Strategy::Witness,
        Strategy::Cegar,
        Strategy::Auto,
        Strategy::Relaid,
        Strategy::Validate,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Witness => "witness",
            Strategy::Cegar => "cegar",
            Strategy::Auto => "auto",
            Strategy::Relaid => "relaid",
            Strategy::Validate => "validate",
        }
    }

    /// The arguments of `ara check` that select it.
    fn args(self) -> &'static [&'static str] {
        match self {
            Strategy::Witness => &["--strategy", "witness"],
            Strategy::Cegar => &["--strategy", "cegar"],
            Strategy::Auto => &["--strategy", "auto"],
            Strategy::Relaid => &["--engine", "horn-cells"],
            Strategy::Validate => &[],
        }
    }
}

fn dm_name(dm: DataModel) -> &'static str {
    match dm {
        DataModel::Lp64 => "lp64",
        DataModel::Ilp32 => "ilp32",
    }
}

/// The ground truth of a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Truth {
    Safe,
    Unsafe,
    /// Unwinding assertion failed, timeout, or ESBMC could not run.
    None(String),
    /// A UB check failed: the program is not a valid task.
    Ub(String),
}

/// ara's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Safe,
    Unsafe,
    Unknown(String),
    /// Any other exit (crash, unsupported, internal error): code and first line of output.
    Error(String),
}

/// One program: its text, data model, unwinding bound, and how it was made.
#[derive(Clone, Debug)]
pub struct Case {
    pub id: u64,
    pub origin: String,
    pub dm: DataModel,
    pub unwind: u32,
    pub text: String,
    /// The tree of a generated program (the reducer works on it).
    pub program: Option<Program>,
    /// A case of the contracts class: its contract and truth program.
    pub contract: Option<ContractCase>,
}

/// Limits of one case's runs.
#[derive(Clone, Debug)]
pub struct Budgets {
    pub esbmc: Duration,
    pub ara: Duration,
    pub gcc_runs: u32,
}

impl Default for Budgets {
    fn default() -> Budgets {
        Budgets {
            esbmc: Duration::from_secs(20),
            ara: Duration::from_secs(30),
            gcc_runs: 64,
        }
    }
}

/// Plain ESBMC with complete unwinding on `src`.
pub fn ground_truth(t: &Tools, src: &Path, dm: DataModel, unwind: u32, limit: Duration) -> Truth {
    let mut args: Vec<String> = [
        "--unwind",
        &unwind.to_string(),
        "--multi-property",
        "--overflow-check",
        "--no-pointer-check",
        "--no-align-check",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    if dm == DataModel::Ilp32 {
        args.push("--32".into());
    }
    args.push(src.display().to_string());
    let limits = Limits {
        timeout: Some(limit),
        memory_mb: Some(4096),
    };
    let out = match run_with_own_tmp(&t.esbmc, &args, src.parent(), &limits, None) {
        Ok(o) => o,
        Err(e) => return Truth::None(format!("esbmc: {e}")),
    };
    if out.ending == Ending::TimedOut {
        return Truth::None("esbmc timeout".into());
    }
    classify_esbmc(&out.combined())
}

/// ESBMC's multi-property report → truth.
pub fn classify_esbmc(text: &str) -> Truth {
    let failed: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("FAILED"))
        .collect();
    if let Some(l) = failed.iter().find(|l| l.contains("unwinding assertion")) {
        return Truth::None(format!("incomplete unwinding: {l}"));
    }
    if let Some(l) = failed.iter().find(|l| !l.contains("[reach_error.")) {
        return Truth::Ub(l.split_whitespace().collect::<Vec<_>>().join(" "));
    }
    if !failed.is_empty() {
        return Truth::Unsafe;
    }
    if text.contains("VERIFICATION SUCCESSFUL") {
        return Truth::Safe;
    }
    let why = text
        .lines()
        .find(|l| l.contains("ERROR") || l.contains("error"))
        .unwrap_or("no verdict");
    Truth::None(format!("esbmc: {}", why.trim()))
}

/// How `ara check` runs on a case: a program with a ranged input (a grid pattern's row
/// length) runs with `ARA_NO_UNWINDING=1`, so that no complete unwinding answers and the
/// cell engine on the relaid grid (`schedule::cells_first`) does; the truth stays ESBMC's.
pub fn ara_env(case: &Case) -> &'static [(&'static str, &'static str)] {
    match &case.program {
        Some(p) if p.has_ranged_input() => &[("ARA_NO_UNWINDING", "1")],
        _ => &[],
    }
}

/// `ara check` with one strategy, with `envs` added to its environment.
pub fn run_ara(
    t: &Tools,
    src: &Path,
    dm: DataModel,
    s: Strategy,
    limit: Duration,
    envs: &[(&str, &str)],
) -> Verdict {
    let args: Vec<String> = ["check"]
        .iter()
        .chain(s.args())
        .chain(&[
            "--data-model",
            dm_name(dm),
            "--timeout",
            &limit.as_secs().max(1).to_string(),
        ])
        .map(|s| s.to_string())
        .chain([src.display().to_string()])
        .collect();
    let relaid = [("ARA_RELAID_ONLY", "1")];
    let envs = if s == Strategy::Relaid {
        &relaid[..]
    } else {
        envs
    };
    run_ara_with(t, &args, src, limit, envs, |code, first| match code {
        0 => Some(Verdict::Safe),
        10 => Some(Verdict::Unsafe),
        20 => Some(Verdict::Unknown(first.to_string())),
        _ => None,
    })
}

/// ara with `args` in `src`'s folder, given `limit` and 15 s more; `answer` reads an exit code
/// and the first line of stdout (`None`: an error). A kill at the time limit is UNKNOWN.
fn run_ara_with(
    t: &Tools,
    args: &[String],
    src: &Path,
    limit: Duration,
    envs: &[(&str, &str)],
    answer: impl Fn(i32, &str) -> Option<Verdict>,
) -> Verdict {
    let limits = Limits {
        timeout: Some(limit + Duration::from_secs(15)),
        memory_mb: None,
    };
    let out = match run_with_own_tmp_env(&t.ara, args, src.parent(), &limits, None, envs) {
        Ok(o) => o,
        Err(e) => return Verdict::Error(format!("cannot run ara: {e}")),
    };
    let first = |s: &str| s.lines().next().unwrap_or("").to_string();
    match out.ending {
        Ending::Exited(c) => answer(c, &first(&out.stdout))
            .unwrap_or_else(|| Verdict::Error(format!("exit {c}: {}", first(&out.combined())))),
        Ending::TimedOut => Verdict::Unknown("killed at the time limit".into()),
        Ending::Signaled(s) => Verdict::Error(format!("signal {s}: {}", first(&out.stderr))),
    }
}

/// The C harness for gcc runs: nondet values from a seeded SplitMix64 (small numbers and
/// boundaries often), `__VERIFIER_assume` ends a run quietly, reaching the error exits 77;
/// `main` runs the program once per seed in a child process.
const HARNESS: &str = r#"
#include <stdlib.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/wait.h>
static unsigned long long dt_state;
static unsigned long long dt_next(void) {
  unsigned long long z = (dt_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
static unsigned long long dt_raw(void) {
  unsigned long long r = dt_next();
  switch (r % 8) {
  case 0: case 1: case 2: case 3: return (unsigned long long)((long long)((r >> 8) % 16) - 4);
  case 4: return 0;
  case 5: return ~0ULL;
  case 6: return (1ULL << ((r >> 8) % 64)) - ((r >> 20) & 1);
  default: return r >> ((r >> 8) % 64);
  }
}
_Bool __VERIFIER_nondet_bool(void) { return dt_next() & 1; }
char __VERIFIER_nondet_char(void) { return (char)dt_raw(); }
unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char)dt_raw(); }
short __VERIFIER_nondet_short(void) { return (short)dt_raw(); }
unsigned short __VERIFIER_nondet_ushort(void) { return (unsigned short)dt_raw(); }
int __VERIFIER_nondet_int(void) { return (int)dt_raw(); }
unsigned int __VERIFIER_nondet_uint(void) { return (unsigned int)dt_raw(); }
long __VERIFIER_nondet_long(void) { return (long)dt_raw(); }
unsigned long __VERIFIER_nondet_ulong(void) { return (unsigned long)dt_raw(); }
long long __VERIFIER_nondet_longlong(void) { return (long long)dt_raw(); }
unsigned long long __VERIFIER_nondet_ulonglong(void) { return dt_raw(); }
void __VERIFIER_assume(int c) { if (!c) _exit(78); }
void difftest_reached(const char *a, const char *b, unsigned int c, const char *d) { _exit(77); }
int difftest_main(void);
int main(int argc, char **argv) {
  int runs = argc > 1 ? atoi(argv[1]) : 16;
  for (int s = 0; s < runs; s++) {
    pid_t p = fork();
    if (p == 0) { dt_state = 1000003ULL * (unsigned long long)s; alarm(5); exit(difftest_main()); }
    int st = 0;
    waitpid(p, &st, 0);
    if (WIFEXITED(st) && WEXITSTATUS(st) == 77) { printf("reached with seed %d\n", s); return 77; }
  }
  return 0;
}
"#;

/// What the gcc runs showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GccRuns {
    Reached(String),
    NotReached,
    /// No 32-bit libc, or the program did not compile (the message).
    Skipped(String),
}

/// Compiles the program with the harness and runs it on `runs` seeds (LP64 only).
pub fn gcc_runs(t: &Tools, src: &Path, dm: DataModel, runs: u32) -> GccRuns {
    if dm == DataModel::Ilp32 {
        return GccRuns::Skipped("ilp32".into());
    }
    let dir = src.parent().unwrap_or(Path::new("."));
    let obj = dir.join("prog.o");
    let harness = dir.join("harness.c");
    let exe = dir.join("prog.bin");
    if std::fs::write(&harness, HARNESS).is_err() {
        return GccRuns::Skipped("cannot write harness".into());
    }
    let limits = Limits {
        timeout: Some(Duration::from_secs(60)),
        memory_mb: None,
    };
    let s = |x: &str| x.to_string();
    let compile = [
        s("-std=gnu11"),
        s("-O0"),
        s("-w"),
        s("-c"),
        s("-Dmain=difftest_main"),
        s("-D__assert_fail=difftest_reached"),
        src.display().to_string(),
        s("-o"),
        obj.display().to_string(),
    ];
    let link = [
        s("-O0"),
        s("-w"),
        harness.display().to_string(),
        obj.display().to_string(),
        s("-o"),
        exe.display().to_string(),
    ];
    for args in [&compile[..], &link[..]] {
        match run(&t.gcc, args, Some(dir), None, &limits) {
            Ok(o) if o.ending == Ending::Exited(0) => {}
            Ok(o) => {
                let e = o.stderr.lines().find(|l| l.contains("error")).unwrap_or("");
                return GccRuns::Skipped(format!("gcc: {e}"));
            }
            Err(e) => return GccRuns::Skipped(e.to_string()),
        }
    }
    match run(&exe, &[runs.to_string()], Some(dir), None, &limits) {
        Ok(o) if o.ending == Ending::Exited(77) => GccRuns::Reached(o.stdout.trim().to_string()),
        Ok(_) => GccRuns::NotReached,
        Err(e) => GccRuns::Skipped(e.to_string()),
    }
}

/// How one strategy's verdict compares with the truth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Agree,
    Unknown,
    WrongSafe,
    WrongUnsafe,
    Error,
}

pub fn compare(truth: &Truth, v: &Verdict) -> Outcome {
    match (truth, v) {
        (_, Verdict::Unknown(_)) => Outcome::Unknown,
        (_, Verdict::Error(_)) => Outcome::Error,
        (Truth::Safe, Verdict::Safe) | (Truth::Unsafe, Verdict::Unsafe) => Outcome::Agree,
        (Truth::Unsafe, Verdict::Safe) => Outcome::WrongSafe,
        (Truth::Safe, Verdict::Unsafe) => Outcome::WrongUnsafe,
        _ => Outcome::Unknown,
    }
}

/// The result of one case.
#[derive(Clone, Debug)]
pub struct CaseResult {
    pub case: Case,
    pub truth: Truth,
    pub gcc: GccRuns,
    pub verdicts: Vec<(Strategy, Verdict)>,
}

impl CaseResult {
    /// ESBMC says SAFE and a gcc run reaches the error.
    pub fn oracle_conflict(&self) -> bool {
        self.truth == Truth::Safe && matches!(self.gcc, GccRuns::Reached(_))
    }
}

/// Runs one case in `dir` (a fresh folder).
pub fn run_case(
    t: &Tools,
    case: &Case,
    dir: &Path,
    b: &Budgets,
    strategies: &[Strategy],
) -> CaseResult {
    let src = dir.join("prog.c");
    let mut res = CaseResult {
        case: case.clone(),
        truth: Truth::None("not run".into()),
        gcc: GccRuns::Skipped("not run".into()),
        verdicts: vec![],
    };
    if let Err(e) = std::fs::write(&src, &case.text) {
        res.truth = Truth::None(format!("cannot write {}: {e}", src.display()));
        return res;
    }
    res.truth = truth_of(t, &src, &truth_text(case), case.dm, case.unwind, b.esbmc);
    if !matches!(res.truth, Truth::Safe | Truth::Unsafe) {
        return res;
    }
    if let Some(c) = &case.contract {
        res.gcc = GccRuns::Skipped("a contracts case".into());
        let v = run_validate(t, &src, c, b.ara);
        res.verdicts.push((Strategy::Validate, v));
        return res;
    }
    res.gcc = gcc_runs(t, &src, case.dm, b.gcc_runs);
    let grid = case.program.as_ref().is_some_and(|p| p.has_ranged_input());
    let relaid = grid.then_some(Strategy::Relaid);
    for s in strategies.iter().copied().chain(relaid) {
        res.verdicts
            .push((s, run_ara(t, &src, case.dm, s, b.ara, ara_env(case))));
    }
    res
}

/// `ara validate` of the witness stating `c`'s contract for the program at `src`.
fn run_validate(t: &Tools, src: &Path, c: &ContractCase, limit: Duration) -> Verdict {
    let hash = SourceText::new("", c.text.clone()).sha256();
    let w = src.with_file_name("witness.yml");
    let path = src.display().to_string();
    if let Err(e) = std::fs::write(&w, contracts::witness(c, &path, &hash)) {
        return Verdict::Error(format!("cannot write {}: {e}", w.display()));
    }
    let args: Vec<String> = vec![
        "validate".into(),
        "--timeout".into(),
        limit.as_secs().max(1).to_string(),
        "--witness".into(),
        w.display().to_string(),
        path,
    ];
    run_ara_with(t, &args, src, limit, &[], |code, first| match code {
        0 if first.starts_with("CONFIRMED") => Some(Verdict::Safe),
        0 | 10 | 20 => Some(Verdict::Unknown(first.to_string())),
        _ => None,
    })
}

/// The text plain ESBMC decides: the program's, or for a generated one with block-local
/// struct tags the same program with them renamed apart (`print::print_for_truth`); for a
/// contracts case its truth program.
fn truth_text(case: &Case) -> String {
    if let Some(c) = &case.contract {
        return c.truth_text.clone();
    }
    case.program
        .as_ref()
        .map_or_else(|| case.text.clone(), print_for_truth)
}

/// [`ground_truth`] of `text` (the program in `src`, or the same program as plain ESBMC
/// reads it correctly: [`truth_text`]), written beside `src` when it differs.
fn truth_of(
    t: &Tools,
    src: &Path,
    text: &str,
    dm: DataModel,
    unwind: u32,
    limit: Duration,
) -> Truth {
    if std::fs::read_to_string(src).is_ok_and(|s| s == text) {
        return ground_truth(t, src, dm, unwind, limit);
    }
    let alt = src.with_file_name("truth.c");
    if let Err(e) = std::fs::write(&alt, text) {
        return Truth::None(format!("cannot write {}: {e}", alt.display()));
    }
    ground_truth(t, &alt, dm, unwind, limit)
}

/// Options of a timed run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    pub seconds: u64,
    /// Stop after this many programs (all of them run even past `seconds`), if given.
    pub max_programs: Option<u64>,
    pub seed: u64,
    pub jobs: usize,
    pub out: PathBuf,
    pub generator: GenConfig,
    /// Percentage of corpus mutants among the programs.
    pub mutant_pct: u64,
    pub corpus: Option<PathBuf>,
    pub budgets: Budgets,
    pub reduce: bool,
    /// Time limit of one reduction.
    pub reduce_budget: Duration,
    pub strategies: Vec<Strategy>,
    pub verbose: bool,
}

/// Counts of a run.
#[derive(Clone, Debug, Default)]
pub struct Counts {
    pub programs: u64,
    pub with_truth: u64,
    pub truth_safe: u64,
    pub truth_unsafe: u64,
    pub no_truth: u64,
    pub ub: u64,
    pub oracle_conflicts: u64,
    pub gcc_checked: u64,
    /// Per strategy (in `Strategy::ALL` order): agree, unknown, wrong safe, wrong unsafe, error.
    pub per: [[u64; 5]; 5],
    /// How often each (strategy, UNKNOWN or error reason) occurred.
    pub reasons: std::collections::BTreeMap<String, u64>,
}

/// The gist of an UNKNOWN or error message: up to its first path or number, so that temporary
/// paths and numbers do not split one reason into many.
fn reason_key(s: Strategy, msg: &str) -> String {
    let msg = msg.replace("UNKNOWN (", "");
    let end = msg
        .find(|c: char| c == '/' || c.is_ascii_digit())
        .unwrap_or(msg.len());
    let gist = msg[..end].trim_end_matches(|c: char| " :;(),".contains(c));
    format!("{}: {gist}", s.name())
}

impl Counts {
    pub fn disagreements(&self) -> u64 {
        self.per.iter().map(|p| p[2] + p[3]).sum()
    }

    pub fn add(&mut self, r: &CaseResult) {
        self.programs += 1;
        match r.truth {
            Truth::Safe => self.truth_safe += 1,
            Truth::Unsafe => self.truth_unsafe += 1,
            Truth::None(_) => self.no_truth += 1,
            Truth::Ub(_) => self.ub += 1,
        }
        if matches!(r.truth, Truth::Safe | Truth::Unsafe) {
            self.with_truth += 1;
        }
        if matches!(r.gcc, GccRuns::Reached(_) | GccRuns::NotReached) {
            self.gcc_checked += 1;
        }
        if r.oracle_conflict() {
            self.oracle_conflicts += 1;
            return;
        }
        for (s, v) in &r.verdicts {
            let k = Strategy::ALL.iter().position(|x| x == s).unwrap_or(0);
            let o = compare(&r.truth, v) as usize;
            self.per[k][o] += 1;
            if let Verdict::Unknown(m) | Verdict::Error(m) = v {
                *self.reasons.entry(reason_key(*s, m)).or_default() += 1;
            }
        }
    }

    pub fn report(&self, strategies: &[Strategy]) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "programs: {}  with ground truth: {} (safe {}, unsafe {})  no ground truth: {}  UB (discarded): {}",
            self.programs,
            self.with_truth,
            self.truth_safe,
            self.truth_unsafe,
            self.no_truth,
            self.ub
        );
        let _ = writeln!(
            s,
            "gcc cross-checked: {}  oracle conflicts (ESBMC SAFE, gcc reaches the error): {}",
            self.gcc_checked, self.oracle_conflicts
        );
        for (k, st) in Strategy::ALL.iter().enumerate() {
            if !strategies.contains(st) && self.per[k].iter().all(|&n| n == 0) {
                continue;
            }
            let p = self.per[k];
            let _ = writeln!(
                s,
                "{:8} agree {:5}  unknown {:5}  disagree {:3} (wrong SAFE {}, wrong UNSAFE {})  ara errors {}",
                st.name(),
                p[0],
                p[1],
                p[2] + p[3],
                p[2],
                p[3],
                p[4]
            );
        }
        let mut reasons: Vec<_> = self.reasons.iter().collect();
        reasons.sort_by(|a, b| b.1.cmp(a.1));
        for (r, n) in reasons.iter().take(12) {
            let _ = writeln!(s, "  {n:5}  {r}");
        }
        s
    }
}

/// The case with number `k` of a run with base seed `seed`.
pub fn make_case(k: u64, o: &RunOptions, corpus: &[(String, String, u32)]) -> Case {
    let seed = o.seed.wrapping_mul(0x1000_0000_01b3).wrapping_add(k);
    let mut rng = Rng::new(seed ^ 0x5eed);
    if o.generator.contracts {
        let c = contracts::case(&mut rng);
        return Case {
            id: k,
            origin: format!("contracts case, seed {seed}: {}", c.what),
            dm: DataModel::Lp64,
            unwind: c.unwind,
            text: c.text.clone(),
            program: None,
            contract: Some(c),
        };
    }
    if !corpus.is_empty() && rng.chance(o.mutant_pct) {
        let (name, text, unwind) = &corpus[rng.below(corpus.len() as u64) as usize];
        let (mutated, what) = mutate::mutate(text, &mut rng);
        let dm = o.generator.dm.unwrap_or(if rng.chance(30) {
            DataModel::Ilp32
        } else {
            DataModel::Lp64
        });
        return Case {
            id: k,
            origin: format!("mutant of {name}: {what}"),
            dm,
            unwind: unwind + 4,
            text: mutated,
            program: None,
            contract: None,
        };
    }
    let p = generate(seed, &o.generator);
    let (text, origin) = error_body_variant(print_program(&p), &mut rng);
    Case {
        id: k,
        origin: format!("generated, seed {seed}{origin}"),
        dm: p.dm,
        unwind: p.unwind_bound(),
        text,
        program: Some(p),
        contract: None,
    }
}

/// The prelude's `reach_error` as SV-COMP writes it.
const STANDARD_ERROR: &str =
    "void reach_error() { __assert_fail(\"0\", \"gen.c\", 3, \"reach_error\"); }";

/// One case in ten: `text` with `reach_error` defined with a body that only aborts (what
/// ara's input says then; the truth is plain ESBMC's on the standard prelude, `truth_text`,
/// as SV-COMP reads every call of `reach_error` as the error). ESBMC passes such a call by,
/// which once made ara's complete unwinding on a recursive source a wrong SAFE
/// (`strategy::source_check::esbmc_sees_errors`). gcc's cross-check does not see these
/// errors (`gcc_runs` catches `__assert_fail`).
fn error_body_variant(text: String, rng: &mut Rng) -> (String, &'static str) {
    if !rng.chance(10) || !text.contains(STANDARD_ERROR) {
        return (text, "");
    }
    let text = text.replacen(STANDARD_ERROR, "void reach_error() { abort(); }", 1);
    (text, ", reach_error only aborts")
}

/// The stack of a differential-testing worker (std's default for spawned threads).
const WORKER_STACK: usize = 2 << 20;

/// Runs cases for `o.seconds` seconds (or `o.max_programs` cases) on `o.jobs` threads; prints
/// a line per finding and writes the failing programs (and their reductions) to `o.out`.
/// After SIGINT or SIGTERM (with [`tools::handle_interrupts`] installed) no case starts, the
/// running ones are stopped and left out of the counts, and the counts so far are returned.
pub fn run_timed(t: &Tools, o: &RunOptions) -> Counts {
    let _ = std::fs::create_dir_all(&o.out);
    let corpus = o
        .corpus
        .as_deref()
        .map(mutate::load_corpus)
        .unwrap_or_default();
    let next = AtomicU64::new(0);
    let counts = Mutex::new(Counts::default());
    let log = Mutex::new(());
    let start = Instant::now();
    let deadline = start + Duration::from_secs(o.seconds);
    let worker = || {
        loop {
            let k = next.fetch_add(1, Ordering::SeqCst);
            let done = match o.max_programs {
                Some(m) => k >= m,
                None => Instant::now() >= deadline,
            };
            if done || tools::interrupted().is_some() {
                break;
            }
            let case = make_case(k, o, &corpus);
            let Ok(dir) = tempfile::Builder::new().prefix("difftest").tempdir() else {
                continue;
            };
            let r = run_case(t, &case, dir.path(), &o.budgets, &o.strategies);
            if tools::interrupted().is_some() {
                // Its runs were stopped midway: their answers are not the tools'.
                break;
            }
            let findings = report_findings(t, o, &r, dir.path());
            let _g = log.lock().unwrap();
            if o.verbose || !findings.is_empty() {
                println!("#{k} {}: {}", case.origin, summary(&r));
            }
            for f in findings {
                println!("  {f}");
            }
            let mut c = counts.lock().unwrap();
            c.add(&r);
            if c.programs.is_multiple_of(50) {
                eprintln!(
                    "[{} s] {} programs, {} with ground truth, {} disagreements",
                    start.elapsed().as_secs(),
                    c.programs,
                    c.with_truth,
                    c.disagreements()
                );
            }
        }
    };
    std::thread::scope(|sc| {
        let mut started = 0;
        for k in 0..o.jobs.max(1) {
            // A worker waits for its child processes and generates small programs: a small
            // stack. One that cannot start (no address space) leaves its share to the others.
            let b = std::thread::Builder::new().stack_size(WORKER_STACK);
            match b.spawn_scoped(sc, worker) {
                Ok(_) => started += 1,
                Err(e) => eprintln!("ara-difftest: cannot start worker {k}: {e}"),
            }
        }
        if started == 0 {
            worker();
        }
    });
    counts.into_inner().unwrap()
}

fn summary(r: &CaseResult) -> String {
    let mut s = format!("truth {:?}", r.truth);
    for (st, v) in &r.verdicts {
        let _ = write!(s, "; {} {:?}", st.name(), v);
    }
    s
}

/// Writes the case's findings to the output folder and describes them: disagreements
/// (reduced), oracle conflicts, UB programs, ara errors.
fn report_findings(t: &Tools, o: &RunOptions, r: &CaseResult, dir: &Path) -> Vec<String> {
    let mut out = vec![];
    let id = r.case.id;
    let save = |name: &str, text: &str| -> String {
        let p = o.out.join(name);
        let _ = std::fs::write(&p, text);
        p.display().to_string()
    };
    let header = |r: &CaseResult, what: &str| {
        let contract = (r.case.contract.as_ref())
            .map(|c| format!("// contract of f: ensures {}\n", c.ensures))
            .unwrap_or_default();
        format!(
            "// difftest: {what}\n// origin: {}\n// data model: {}, unwind {}\n{contract}",
            r.case.origin,
            dm_name(r.case.dm),
            r.case.unwind
        )
    };
    if let Truth::Ub(why) = &r.truth {
        // A mutant may well have UB (an index moved out of bounds); a generated program must not.
        if r.case.program.is_some() {
            let p = save(&format!("ub-{id}.c"), &(header(r, why) + &r.case.text));
            out.push(format!(
                "UB in a generated program (generator bug): {why}: {p}"
            ));
        }
        return out;
    }
    if r.oracle_conflict() {
        let p = save(
            &format!("oracle-{id}.c"),
            &(header(r, "ESBMC SAFE, gcc reaches the error") + &r.case.text),
        );
        out.push(format!("oracle conflict: ESBMC SAFE, gcc {:?}: {p}", r.gcc));
        return out;
    }
    // One reduction per case: the strategies that disagree on a case mostly share the cause.
    let mut reduced = false;
    for (s, v) in &r.verdicts {
        match compare(&r.truth, v) {
            Outcome::WrongSafe | Outcome::WrongUnsafe => {
                let what = format!("{} answers {:?}, ground truth {:?}", s.name(), v, r.truth);
                let p = save(
                    &format!("disagree-{id}-{}.c", s.name()),
                    &(header(r, &what) + &r.case.text),
                );
                out.push(format!("DISAGREEMENT: {what}: {p}"));
                // A contracts case is small already; its reducer would need the contract's.
                if o.reduce && !reduced && r.case.contract.is_none() {
                    reduced = true;
                    let red = reduce_case(t, o, r, *s, v, dir);
                    let p = save(
                        &format!("disagree-{id}-{}-reduced.c", s.name()),
                        &(header(r, &format!("reduced; {what}")) + &red),
                    );
                    out.push(format!("  reduced ({} lines): {p}", red.lines().count()));
                }
            }
            Outcome::Error => {
                let p = save(
                    &format!("error-{id}-{}.c", s.name()),
                    &(header(r, &format!("{v:?}")) + &r.case.text),
                );
                out.push(format!("ara error ({}): {v:?}: {p}", s.name()));
            }
            _ => {}
        }
    }
    out
}

/// Regenerates the program of a generation seed (as a run's output names it), runs it with
/// one strategy and, when ara disagrees with the truth, gives the reduced program.
pub fn reduce_seed(t: &Tools, o: &RunOptions, seed: u64, s: Strategy) -> Result<String, String> {
    let p = generate(seed, &o.generator);
    let case = Case {
        id: 0,
        origin: format!("generated, seed {seed}"),
        dm: p.dm,
        unwind: p.unwind_bound(),
        text: print_program(&p),
        program: Some(p),
        contract: None,
    };
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let r = run_case(t, &case, dir.path(), &o.budgets, &[s]);
    let Some((_, v)) = r.verdicts.first() else {
        return Err(format!("no ground truth: {:?}", r.truth));
    };
    if !matches!(
        compare(&r.truth, v),
        Outcome::WrongSafe | Outcome::WrongUnsafe
    ) {
        return Err(format!(
            "no disagreement: truth {:?}, {} {v:?}",
            r.truth,
            s.name()
        ));
    }
    Ok(reduce_case(t, o, &r, s, v, dir.path()))
}

/// A disagreement being reduced: the case, the strategy, the truth and ara's wrong verdict.
struct Disagreement<'a> {
    t: &'a Tools,
    o: &'a RunOptions,
    case: &'a Case,
    s: Strategy,
    truth: &'a Truth,
    v: &'a Verdict,
    dir: &'a Path,
    deadline: Instant,
}

impl Disagreement<'_> {
    /// Whether `text` still shows it: same truth, same wrong verdict (false after the deadline).
    fn persists(&self, text: &str, truth_text: &str, unwind: u32) -> bool {
        if Instant::now() >= self.deadline {
            return false;
        }
        let sub = self.dir.join("reduce");
        let _ = std::fs::create_dir_all(&sub);
        let src = sub.join("prog.c");
        if std::fs::write(&src, text).is_err() {
            return false;
        }
        let (dm, b) = (self.case.dm, &self.o.budgets);
        truth_of(self.t, &src, truth_text, dm, unwind, b.esbmc) == *self.truth
            && run_ara(self.t, &src, dm, self.s, b.ara, ara_env(self.case)) == *self.v
    }
}

/// The smallest program found that keeps the disagreement (the AST reducer for generated
/// programs, the line reducer for mutants).
fn reduce_case(
    t: &Tools,
    o: &RunOptions,
    r: &CaseResult,
    s: Strategy,
    v: &Verdict,
    dir: &Path,
) -> String {
    let d = Disagreement {
        t,
        o,
        case: &r.case,
        s,
        truth: &r.truth,
        v,
        dir,
        deadline: Instant::now() + o.reduce_budget,
    };
    match &r.case.program {
        Some(p) => {
            let keep =
                |q: &Program| d.persists(&print_program(q), &print_for_truth(q), q.unwind_bound());
            print_program(&reduce::reduce_program(p, &keep))
        }
        None => reduce::reduce_lines(&r.case.text, &|text| d.persists(text, text, r.case.unwind)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Grid programs (and only they) run ara without complete unwinding.
    #[test]
    fn grid_programs_run_ara_without_unwinding() {
        let o = |grid| RunOptions {
            seconds: 0,
            max_programs: None,
            seed: 3,
            jobs: 1,
            out: PathBuf::from("."),
            generator: GenConfig {
                grid,
                ..GenConfig::default()
            },
            mutant_pct: 0,
            corpus: None,
            budgets: Budgets::default(),
            reduce: false,
            reduce_budget: Duration::ZERO,
            strategies: vec![],
            verbose: false,
        };
        let grid = make_case(0, &o(true), &[]);
        assert_eq!(ara_env(&grid), &[("ARA_NO_UNWINDING", "1")]);
        let plain = (0..20).find(|&k| !make_case(k, &o(false), &[]).text.contains("grid"));
        let plain = make_case(plain.expect("a program without a grid"), &o(false), &[]);
        assert!(ara_env(&plain).is_empty());
    }

    #[test]
    fn esbmc_reports_become_truths() {
        let unsafe_ =
            "  FAILED       [reach_error.assertion.1]     line 4  assertion 0\nVERIFICATION FAILED";
        assert_eq!(classify_esbmc(unsafe_), Truth::Unsafe);
        let ub = "  PASSED [main.x] ok\n  FAILED       [main.arithmetic-overflow.2]  line 6  arithmetic overflow on add\n  FAILED       [reach_error.assertion.1]  line 4  assertion 0";
        assert!(matches!(classify_esbmc(ub), Truth::Ub(_)));
        let unwind = "  FAILED  [main.unwind.1]  line 9  unwinding assertion loop 0";
        assert!(matches!(classify_esbmc(unwind), Truth::None(_)));
        assert_eq!(
            classify_esbmc("** 0 of 3 failed\nVERIFICATION SUCCESSFUL"),
            Truth::Safe
        );
        assert!(matches!(
            classify_esbmc("ERROR: PARSING ERROR"),
            Truth::None(_)
        ));
    }

    #[test]
    fn reasons_ignore_paths_and_numbers() {
        let k = reason_key(
            Strategy::Cegar,
            "UNKNOWN (checker: UNKNOWN (input rejected: /tmp/x/abstract_1.c:24:29: error))",
        );
        assert_eq!(k, "cegar: checker: input rejected");
        let k = reason_key(
            Strategy::Witness,
            "UNKNOWN (too coarse (its counterexample))",
        );
        assert_eq!(k, "witness: too coarse (its counterexample");
    }

    #[test]
    fn verdicts_compare_with_the_truth() {
        assert_eq!(compare(&Truth::Unsafe, &Verdict::Safe), Outcome::WrongSafe);
        assert_eq!(
            compare(&Truth::Safe, &Verdict::Unsafe),
            Outcome::WrongUnsafe
        );
        assert_eq!(compare(&Truth::Safe, &Verdict::Safe), Outcome::Agree);
        assert_eq!(
            compare(&Truth::Unsafe, &Verdict::Unknown(String::new())),
            Outcome::Unknown
        );
    }
}
