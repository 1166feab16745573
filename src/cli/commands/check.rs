//! `ara check`: the program through the portfolio (or, for recursion and many calls, the
//! procedures' check on the source; with `--engine horn-cells`, that engine alone), the
//! verdict explained (`explain`), the witness and the playback harness written.

use super::*;

/// The arguments of `ara check`.
#[derive(Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub checker: CheckerArgs,
    /// Initial scalar variables V: all (default) or none (as in the paper).
    #[arg(long, value_enum, default_value = "all")]
    pub initial_vars: InitialVars,
    /// Theory of the trace formulas: bit-vectors with C semantics (bv) or integers (lia).
    #[arg(long, value_enum, default_value = "bv")]
    pub theory: TheoryArg,
    /// Stop after this many refinement iterations.
    #[arg(long, default_value_t = 50)]
    pub max_iterations: u32,
    /// witness: the witness-index transformation only; cegar: the refinement loop only;
    /// auto: witness first, then the refinement loop beside a bounded search.
    #[arg(long, value_enum, default_value = "auto")]
    pub strategy: StrategyArg,
    /// Write an SV-COMP witness (YAML, format 2.0) of the verdict here: for UNSAFE the
    /// confirmed run's inputs (`ara validate` checks it).
    #[arg(long, value_name = "FILE")]
    pub witness: Option<PathBuf>,
    /// For UNSAFE, write a C harness here: `gcc prog.c FILE && ./a.out` replays the
    /// confirmed run on your program and reaches the error.
    #[arg(long, value_name = "FILE")]
    pub playback: Option<PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// After the answer, print how ara reached it: the engines, the refinement loop's
    /// iterations, the tracked elements, the times.
    #[arg(long, short)]
    pub verbose: bool,
}

/// `ara check`: the verdict explained; with `--witness`/`--playback`, the witness and the
/// harness of it.
pub fn run(args: CheckArgs) -> Result<i32, AraError> {
    let CheckArgs {
        input,
        checker,
        initial_vars,
        theory,
        max_iterations,
        strategy,
        witness,
        playback,
        json,
        verbose,
    } = args;
    let start = std::time::Instant::now();
    set_end(&checker);
    set_fallback(&input.file, &checker, strategy, Shown { json, verbose });
    let (checked, report, code) = check(
        &input,
        &checker,
        initial_vars,
        theory,
        max_iterations,
        strategy,
        Shown { json, verbose },
    )?;
    // The verdict is printed: past the command's end, ara exits with it even if the witness
    // or the harness below is not done (`main`'s wait; issue 24: an answer found is given).
    let left = || {
        Duration::from_secs(checker.timeout)
            .saturating_sub(start.elapsed())
            .max(WITNESS_MIN_TIME)
    };
    let p = match checked {
        Checked::Program(p) => p,
        // Checked on the source (recursion, many calls): a proof by summaries is written as
        // function contracts, a confirmed run on the procedures inlined as deep as it goes.
        Checked::Procedures(pp) => {
            let verdict = &report.report.verdict;
            match (&pp, witness) {
                (Some(pp), Some(w)) => write_procedures_witness(pp, &input, verdict, &w, left()),
                (None, Some(_)) => eprintln!(
                    "ara: no witness written: the front end could not read the program's \
                     procedures"
                ),
                (_, None) => {}
            }
            if let Some(file) = playback {
                write_procedures_playback(pp.as_ref(), &input, verdict, &file);
            }
            return Ok(code);
        }
    };
    if let Some(file) = witness {
        let r = &report.report;
        // The witness is part of the answer: it is written within the time limit
        // (`ara batch` kills ara shortly after it), with at least a moment for the
        // minimal witness.
        write_witness(&p, &input.file, &r.verdict, &r.arrays, &file, left())?;
    }
    if let Some(file) = playback {
        write_playback(&p, &input, &report.report.verdict, &file);
    }
    Ok(code)
}

/// The end of `ara check --timeout T` from now: T and the least time of a witness. Past it
/// every part stops as if cancelled ([`crate::base::tools::set_end`]).
fn set_end(checker: &CheckerArgs) {
    let t = Duration::from_secs(checker.timeout) + WITNESS_MIN_TIME;
    if let Some(end) = std::time::Instant::now().checked_add(t) {
        crate::base::tools::set_end(end);
    }
}

/// Registers the answer `main` gives when the check has not answered shortly past its end
/// (`tools::answer_at_end`): UNKNOWN at the time limit, printed as the check would print it.
fn set_fallback(
    file: &std::path::Path,
    checker: &CheckerArgs,
    strategy: StrategyArg,
    shown: Shown,
) {
    let reason = crate::engines::verdict::Inconclusive::Timeout {
        after: Duration::from_secs(checker.timeout),
    };
    let mut report = crate::strategy::StrategyReport::unanswered(
        file.display().to_string(),
        reason,
        strategy_of(strategy),
    );
    report.report.time_total_s = checker.timeout as f64;
    let (_, text, code) = render(report, shown, Read::Procedures(None), file);
    crate::base::tools::set_fallback(text, code);
}

fn strategy_of(s: StrategyArg) -> crate::strategy::Strategy {
    match s {
        StrategyArg::Witness => crate::strategy::Strategy::Witness,
        StrategyArg::Cegar => crate::strategy::Strategy::Cegar,
        StrategyArg::Auto => crate::strategy::Strategy::Auto,
    }
}

/// `ara check`: the refinement loop, or for a recursive program ESBMC on the source.
fn check(
    input: &InputArgs,
    chk: &CheckerArgs,
    initial_vars: InitialVars,
    theory: TheoryArg,
    max_iterations: u32,
    strategy: StrategyArg,
    shown: Shown,
) -> Result<(Checked, crate::strategy::StrategyReport, i32), AraError> {
    let strategy = strategy_of(strategy);
    let start = std::time::Instant::now();
    // On a terminal, a line on stderr says what runs and the best answer so far; it is
    // cleared before the report is printed.
    let progress = crate::base::progress::show_on_terminal();
    // Read and preprocessed once: a recursive program, or one of many calls, is lowered a
    // second time as procedures.
    let fopts = frontend_options(input);
    let pre = crate::frontend::Preprocessed::read(&input.file, &fopts)?;
    let loaded = pre.program(&fopts);
    let many_calls = || {
        let pp = pre.procedures(&fopts).ok()?;
        (pp.num_calls() >= crate::strategy::procedures::MANY_CALLS).then_some(pp)
    };
    let by_procedures = match &loaded {
        Err(AraError::Recursion { .. }) => Some(pre.procedures(&fopts).ok()),
        Ok(p) if p.num_vertices as usize >= crate::strategy::procedures::MANY_CALLS => {
            many_calls().map(Some)
        }
        _ => None,
    };
    let p = match loaded {
        _ if by_procedures.is_some() => {
            let procs = by_procedures.flatten();
            // A transformation asked for by name and not run says so (issue 26).
            use crate::strategy::Strategy;
            if let (Some(pp), Strategy::Witness | Strategy::Cegar) = (&procs, strategy) {
                eprintln!(
                    "ara: note: {}: the procedure summaries and ESBMC on your source answer \
                     instead",
                    crate::strategy::procedures::not_transformed(pp)
                );
            }
            let report = match (&procs, chk.engine) {
                // The summary engine alone.
                (Some(pp), Some(EngineArg::Horn)) => crate::strategy::procedures::summaries_only(
                    &source_options(input),
                    &chk.options(data_model(input.data_model)),
                    Duration::from_secs(chk.timeout).saturating_sub(start.elapsed()),
                    chk.keep.as_deref(),
                    strategy,
                    pp,
                )?,
                _ => crate::strategy::procedures::check(
                    &source_options(input),
                    &chk.options(data_model(input.data_model)),
                    Duration::from_secs(chk.timeout).saturating_sub(start.elapsed()),
                    chk.keep.as_deref(),
                    strategy,
                    procs.clone(),
                )?,
            };
            drop(progress);
            let report = timed_out_at(report, Duration::from_secs(chk.timeout));
            let read = Read::Procedures(procs.as_ref());
            let (report, code) = finish(report, shown, read, &input.file);
            return Ok((Checked::Procedures(procs), report, code));
        }
        r => r?,
    };
    let opts = crate::strategy::cegar::CegarOptions {
        checker: chk.options(p.data_model),
        // The front end's time counts against the limit.
        timeout: Duration::from_secs(chk.timeout).saturating_sub(start.elapsed()),
        max_iterations,
        initial_vars_all: matches!(initial_vars, InitialVars::All),
        theory: match theory {
            TheoryArg::Bv => crate::engines::smt::Theory::BitVector,
            TheoryArg::Lia => crate::engines::smt::Theory::Lia,
        },
        keep_dir: chk.keep.clone(),
        seed: crate::abstraction::IndexSets::empty(),
        engines: chk.engines(crate::engines::race::EngineChoice::Both),
        source: Some(source_options(input)),
    };
    let report = match chk.engine {
        // The cell-morphing engine alone: its answer read as the portfolio's would be.
        Some(EngineArg::HornCells) if relaid_only() => relaid_report(&p, strategy, &opts)?,
        Some(EngineArg::HornCells) => {
            let cells = crate::engines::horn::morph::HornCells::default();
            crate::strategy::one::check_with(&p, &cells, strategy, &opts)?
        }
        _ => crate::strategy::check(&p, strategy, &opts)?,
    };
    drop(progress);
    let (report, code) = finish(report, shown, Read::Program(&p), &input.file);
    Ok((Checked::Program(p), report, code))
}

/// What `ara check` checked: the program (calls inlined), or its procedural form (recursion,
/// many calls; `None` when the front end could not read it).
enum Checked {
    Program(crate::ir::Program),
    Procedures(Option<crate::ir::procs::ProcProgram>),
}

/// `report` with a timeout's reason naming the user's time limit (the parts see only what
/// was left of it after the front end).
fn timed_out_at(
    mut report: crate::strategy::StrategyReport,
    limit: Duration,
) -> crate::strategy::StrategyReport {
    use crate::engines::verdict::{FinalVerdict, Inconclusive};
    let after = match &mut report.report.verdict {
        FinalVerdict::Unknown { reason } => match reason {
            Inconclusive::Timeout { after } => Some(after),
            Inconclusive::Procedures { source, .. } => match &mut **source {
                Inconclusive::Timeout { after } => Some(after),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    };
    if let Some(after) = after {
        *after = limit;
    }
    report
}

/// `ARA_RELAID_ONLY=1` (with `--engine horn-cells`): the cell stage on the relaid grid alone
/// (`schedule::relaid_stage`), for the differential tester.
fn relaid_only() -> bool {
    std::env::var_os("ARA_RELAID_ONLY").is_some_and(|v| !v.is_empty())
}

/// The report of [`relaid_only`]: its proof, or UNKNOWN with why none.
fn relaid_report(
    p: &crate::ir::Program,
    strategy: crate::strategy::Strategy,
    opts: &crate::strategy::cegar::CegarOptions,
) -> Result<crate::strategy::StrategyReport, AraError> {
    let start = std::time::Instant::now();
    let (_tmp, dir) = crate::engines::work_dir("ara-relaid-", opts.keep_dir.as_deref())?;
    let file = p.file.clone();
    let verdict = crate::strategy::schedule::relaid_stage(p, opts.timeout, &dir);
    let mut report = match verdict {
        Ok(v) => crate::strategy::StrategyReport::of_verdict(
            file,
            v,
            crate::strategy::AnsweredBy::Engine,
            strategy,
        ),
        Err(why) => crate::strategy::StrategyReport::unanswered(
            file,
            crate::engines::verdict::Inconclusive::Engine {
                engine: "spacer-cells".into(),
                on: crate::engines::verdict::Subject::Relayout,
                reason: crate::engines::checkers::UnknownReason::Unsupported { what: why },
            },
            strategy,
        ),
    };
    report.report.time_total_s = start.elapsed().as_secs_f64();
    Ok(report)
}

/// How `ara check` prints its report.
#[derive(Clone, Copy)]
struct Shown {
    json: bool,
    verbose: bool,
}

/// What the front end read of the user's file.
#[derive(Clone, Copy)]
enum Read<'a> {
    /// The program (calls inlined) that was checked.
    Program(&'a crate::ir::Program),
    /// Checked on the source (recursion, many calls): the procedural form, when it was read.
    Procedures(Option<&'a crate::ir::procs::ProcProgram>),
}

/// The report of `ara check` (an interrupt without an answer is the reason), printed (unless
/// `main` answered for it at the time limit); its exit code. `read`: what the front end read
/// from `file`.
fn finish(
    report: crate::strategy::StrategyReport,
    shown: Shown,
    read: Read,
    file: &std::path::Path,
) -> (crate::strategy::StrategyReport, i32) {
    let (report, text, code) = render(report, shown, read, file);
    crate::base::tools::give_answer(&text, code);
    (report, code)
}

/// The text `ara check` prints for `report`, and its exit code.
fn render(
    mut report: crate::strategy::StrategyReport,
    shown: Shown,
    read: Read,
    file: &std::path::Path,
) -> (crate::strategy::StrategyReport, String, i32) {
    use crate::engines::verdict::FinalVerdict;
    if let Some(by) = crate::base::tools::interrupted() {
        // No answer: why is the interrupt (not what the stopped runs made of it). A proof or
        // a confirmed bug found before it stands.
        if matches!(report.report.verdict, FinalVerdict::Unknown { .. }) {
            report.report.verdict = FinalVerdict::Unknown {
                reason: crate::engines::verdict::Inconclusive::Interrupted { by },
            };
        }
    }
    let source = std::fs::read_to_string(file).ok();
    let (verdict, source) = (&report.report.verdict, source.as_deref());
    let explained = match read {
        Read::Program(p) => crate::strategy::explain::explain(Some(p), verdict, source),
        Read::Procedures(pp) => crate::strategy::explain::explain_procedures(pp, verdict, source),
    };
    let text = if shown.json {
        let mut j = report.to_json();
        j["explanation"] = serde_json::to_value(&explained).unwrap_or_default();
        format!("{}\n", serde_json::to_string_pretty(&j).unwrap_or_default())
    } else {
        let trace = match &report.report.verdict {
            FinalVerdict::Unsafe { trace } => Some(trace),
            _ => None,
        };
        let written = crate::strategy::explain::Written {
            inputs: explained
                .inputs_to_file()
                .then(|| write_aside(file, "inputs", &explained.inputs_text()))
                .flatten(),
            trace: explained
                .trace_to_file()
                .then(|| write_aside(file, "trace", &explained.trace_text()))
                .flatten(),
        };
        let mut text = explained.text(trace, &written);
        if shown.verbose {
            text += &format!("details:\n{}", report.to_text());
        }
        text
    };
    let code = match report.report.verdict {
        FinalVerdict::Safe { .. } => exit::OK,
        FinalVerdict::Unsafe { .. } => exit::UNSAFE,
        FinalVerdict::Unknown { .. } => exit::UNKNOWN,
    };
    (report, text, code)
}

/// Writes what is too long to print (`what`: `inputs`, `trace`) to a file of the temporary
/// folder; its path.
fn write_aside(file: &std::path::Path, what: &str, text: &str) -> Option<String> {
    let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned());
    let name = format!(
        "ara-{what}-{}-{}.txt",
        stem.unwrap_or_default(),
        std::process::id()
    );
    let path = std::env::temp_dir().join(name);
    match std::fs::write(&path, text) {
        Ok(()) => Some(path.display().to_string()),
        Err(e) => {
            eprintln!("ara: cannot write the {what} to {}: {e}", path.display());
            None
        }
    }
}

/// The least time a witness gets after the verdict, even when the verdict used up the limit.
const WITNESS_MIN_TIME: Duration = Duration::from_secs(1);

/// `ara check --witness FILE` for a program checked on its procedural form `pp`: for a
/// proof by procedure summaries their contracts (`svwitness::contracts`), for UNSAFE the
/// violation witness of the confirmed run (`svwitness::procedures`); for another verdict
/// (a proof by complete unwinding of the source, UNKNOWN) none, and a note says why.
fn write_procedures_witness(
    pp: &crate::ir::procs::ProcProgram,
    input: &InputArgs,
    verdict: &crate::engines::verdict::FinalVerdict,
    out: &std::path::Path,
    left: Duration,
) {
    use crate::engines::verdict::FinalVerdict;
    let spec = crate::strategy::svwitness::write::UNREACH_CALL;
    let written = match verdict {
        FinalVerdict::Safe { proof } => match &proof.how {
            crate::engines::Proof::Summaries { summaries, .. } => {
                let check = Duration::from_secs(60).min(left);
                crate::strategy::svwitness::contracts::summaries_witness_for(
                    pp,
                    &input.file,
                    spec,
                    summaries,
                    check,
                )
            }
            _ => Err(
                "the proof (ESBMC's complete unwinding of the source) states no \
                      invariant or contract"
                    .into(),
            ),
        },
        FinalVerdict::Unsafe { trace } => {
            let deadline = std::time::Instant::now() + left;
            tempfile::Builder::new()
                .prefix("ara-witness-")
                .tempdir()
                .map_err(|e| format!("cannot create a temporary folder: {e}"))
                .and_then(|dir| {
                    crate::strategy::svwitness::procedures::violation_witness(
                        pp,
                        &input.file,
                        spec,
                        trace,
                        dir.path(),
                        deadline,
                    )
                })
        }
        FinalVerdict::Unknown { .. } => Err("the verdict is UNKNOWN".into()),
    };
    match written {
        Ok((yaml, notes)) => {
            for n in notes {
                eprintln!("ara: witness: {n}");
            }
            if let Err(e) = write_whole(out, &yaml) {
                eprintln!("ara: no witness written: {e}");
            }
        }
        Err(why) => eprintln!("ara: no witness written: {why}"),
    }
}

/// `ara check --playback FILE` for a program checked on its procedural form `pp` (`None`:
/// not read): the harness of an UNSAFE verdict's run; notes on stderr.
fn write_procedures_playback(
    pp: Option<&crate::ir::procs::ProcProgram>,
    input: &InputArgs,
    verdict: &crate::engines::verdict::FinalVerdict,
    file: &std::path::Path,
) {
    let Some(trace) = playback_trace(verdict) else {
        return;
    };
    let Some(pp) = pp else {
        eprintln!(
            "ara: no playback harness written: the front end could not read the program's \
             procedures"
        );
        return;
    };
    let opts = source_options(input);
    match crate::strategy::svwitness::procedures::write_playback(
        pp,
        &opts,
        trace,
        file,
        PLAYBACK_TIME,
    ) {
        Ok(notes) => notes.iter().for_each(|n| eprintln!("ara: {n}")),
        Err(why) => eprintln!("ara: no playback harness written: {why}"),
    }
}

/// `ara check --witness FILE`: for SAFE the correctness witness of the proof (its checked
/// loop invariants, or none); for UNSAFE the violation witness of a confirmed run (re-run on
/// the original program to place its inputs at their calls and the initial values of
/// uninitialised locals it read after their declarations). No witness is written for UNKNOWN,
/// nor for a run whose inputs a witness cannot state; a note on stderr says why. `left`: the
/// time the witness may take (its checks, its invariant search, its re-run).
fn write_witness(
    p: &crate::ir::Program,
    file: &std::path::Path,
    verdict: &crate::engines::verdict::FinalVerdict,
    tracked: &[crate::strategy::cegar::TrackedSummary],
    out: &std::path::Path,
    left: Duration,
) -> Result<(), AraError> {
    let spec = crate::strategy::svwitness::write::UNREACH_CALL;
    let deadline = std::time::Instant::now() + left;
    let write = |yaml: String| write_whole(out, &yaml);
    let trace = match verdict {
        crate::engines::verdict::FinalVerdict::Unsafe { trace } => trace,
        crate::engines::verdict::FinalVerdict::Safe { proof } => {
            // The search first, then the check of what it found (or of the proof's own
            // invariants) in the rest.
            let budget = crate::strategy::svwitness::search::SEARCH_BUDGET.min(left / 3);
            let check = Duration::from_secs(60).min(left - budget);
            let search = crate::strategy::svwitness::Search {
                budget,
                proved: matches!(
                    proof.on,
                    crate::engines::verdict::Subject::Abstraction { .. }
                )
                .then_some(tracked),
            };
            let how = &proof.how;
            return match crate::strategy::svwitness::correctness_witness_for(
                p, file, spec, how, check, search,
            ) {
                Ok((yaml, notes)) => {
                    for n in notes {
                        eprintln!("ara: witness: {n}");
                    }
                    write(yaml)
                }
                Err(why) => {
                    eprintln!("ara: no witness written: {why}");
                    Ok(())
                }
            };
        }
        crate::engines::verdict::FinalVerdict::Unknown { .. } => {
            eprintln!("ara: no witness written: the verdict is UNKNOWN");
            return Ok(());
        }
    };
    let dir = tempfile::Builder::new()
        .prefix("ara-witness-")
        .tempdir()
        .map_err(|e| AraError::Internal(format!("cannot create a temporary folder: {e}")))?;
    match crate::strategy::svwitness::violation_witness_within(
        p,
        file,
        spec,
        &trace.nondet_values,
        &trace.initial_values,
        dir.path(),
        deadline,
    ) {
        Ok((yaml, notes)) => {
            for n in notes {
                eprintln!("ara: witness: {n}");
            }
            write(yaml)
        }
        Err(why) => {
            eprintln!("ara: no witness written: {why}");
            Ok(())
        }
    }
}

/// Writes `text` to `out` whole or not at all: into `out.part`, renamed to `out` when
/// complete (a run killed while writing leaves no cut-off witness where `ara batch` looks).
fn write_whole(out: &std::path::Path, text: &str) -> Result<(), AraError> {
    let mut part = out.as_os_str().to_owned();
    part.push(".part");
    let part = std::path::PathBuf::from(part);
    std::fs::write(&part, text)
        .and_then(|()| std::fs::rename(&part, out))
        .map_err(|e| {
            let _ = std::fs::remove_file(&part);
            AraError::Input {
                file: out.display().to_string(),
                msg: format!("cannot write the witness: {e}"),
            }
        })
}

/// The run a playback harness replays: an UNSAFE verdict's (else a note on stderr).
fn playback_trace(
    verdict: &crate::engines::verdict::FinalVerdict,
) -> Option<&crate::engines::concrete::trace::ConcreteTrace> {
    match verdict {
        crate::engines::verdict::FinalVerdict::Unsafe { trace } => Some(trace),
        _ => {
            eprintln!("ara: no playback harness written: the verdict is not UNSAFE");
            None
        }
    }
}

/// `ara check --playback FILE`: the harness of an UNSAFE verdict's run; notes on stderr.
fn write_playback(
    p: &crate::ir::Program,
    input: &InputArgs,
    verdict: &crate::engines::verdict::FinalVerdict,
    file: &std::path::Path,
) {
    let Some(trace) = playback_trace(verdict) else {
        return;
    };
    let opts = source_options(input);
    match crate::strategy::svwitness::playback::write_playback(
        p,
        &opts,
        trace,
        file,
        PLAYBACK_TIME,
        None,
    ) {
        Ok(notes) => notes.iter().for_each(|n| eprintln!("ara: {n}")),
        Err(why) => eprintln!("ara: no playback harness written: {why}"),
    }
}

/// Longest the run that places a playback's inputs at their calls may compile or run.
const PLAYBACK_TIME: Duration = Duration::from_secs(60);
