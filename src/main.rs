//! The `ara` command line: parse arguments, call the library, map errors to exit codes.

use ara::error::{AraError, exit};
use ara::{out, outln};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "ara",
    version,
    about = "Index-set abstraction and refinement for C programs with arrays, driving ESBMC/CBMC and Z3",
    long_about = None
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum DataModelArg {
    Ilp32,
    Lp64,
}

/// Options shared by every command that reads a C file.
#[derive(Args)]
struct InputArgs {
    /// C file: `.c` (preprocessed with `gcc -E`) or `.i` (already preprocessed).
    file: PathBuf,
    /// Data model of the target: ILP32 (32-bit) or LP64 (64-bit).
    #[arg(long, value_enum, default_value = "lp64")]
    data_model: DataModelArg,
    /// Name of a function whose call is the error (default: reach_error and __VERIFIER_error).
    #[arg(long = "error-function", value_name = "NAME")]
    error_functions: Vec<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Print the control-flow graph (one line per vertex; vertex 0 is the error vertex).
    Cfg {
        #[command(flatten)]
        input: InputArgs,
        /// Print Graphviz instead of text.
        #[arg(long)]
        dot: bool,
        /// Print one CFG per procedure (calls kept; the default for a recursive program).
        #[arg(long)]
        procedures: bool,
    },
    /// Write the index-set abstraction of a program as array-free C.
    Abstract {
        #[command(flatten)]
        input: InputArgs,
        /// Array elements to keep: `a=1,5`, `b=0`, `a=all`, witness cells `a=w`, `a=w1,w2`,
        /// index terms over a variable `a=N-1`, `a=N/2` (repeatable; other arrays keep none).
        #[arg(long = "track", value_name = "ARRAY=INDEXES")]
        track: Vec<String>,
        /// Scalar variables to keep: `all`, `none` or a list `i,j`.
        #[arg(long, default_value = "all")]
        vars: String,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Add `ara_loc = N;` vertex markers (as `ara bmc`/`ara check` do).
        #[arg(long)]
        markers: bool,
        /// Leave out the `/* line N */` comments.
        #[arg(long)]
        no_line_comments: bool,
    },
    /// Write the witness-index transformation of a program: array-free, loop-free C that
    /// over-approximates it (one witness index per array size, each loop body once).
    Witness {
        #[command(flatten)]
        input: InputArgs,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Add `ara_loc = N;` markers (the ids of the original statements).
        #[arg(long)]
        markers: bool,
        /// Leave out the `/* line N */` comments.
        #[arg(long)]
        no_line_comments: bool,
    },
    /// Run a checker on a program (an original, or one written by `ara abstract`) and map its
    /// answer onto ara's CFG.
    Bmc {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        checker: CheckerArgs,
        /// Bounded model checking with this unwinding bound (SAFE only if every loop is
        /// fully unwound).
        #[arg(long, conflicts_with_all = ["k_induction", "auto"])]
        unwind: Option<u32>,
        /// k-induction (ESBMC).
        #[arg(long, conflicts_with = "auto")]
        k_induction: bool,
        /// Pick the mode automatically (the default): k-induction, then incremental BMC.
        #[arg(long)]
        auto: bool,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Decide whether the error is reachable: abstraction refinement over array indexes
    /// with an SMT feasibility check of each abstract counterexample.
    Check {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        checker: CheckerArgs,
        /// Initial scalar variables V: all (default) or none (as in the paper).
        #[arg(long, value_enum, default_value = "all")]
        initial_vars: InitialVars,
        /// Theory of the trace formulas: bit-vectors with C semantics (bv) or integers (lia).
        #[arg(long, value_enum, default_value = "bv")]
        theory: TheoryArg,
        /// Stop after this many refinement iterations.
        #[arg(long, default_value_t = 50)]
        max_iterations: u32,
        /// witness: the witness-index transformation only; cegar: the refinement loop only;
        /// auto: witness first, then the refinement loop beside a bounded search.
        #[arg(long, value_enum, default_value = "auto")]
        strategy: StrategyArg,
        /// Write an SV-COMP witness (YAML, format 2.0) of the verdict here: for UNSAFE the
        /// confirmed run's inputs (`ara validate` checks it).
        #[arg(long, value_name = "FILE")]
        witness: Option<PathBuf>,
        /// For UNSAFE, write a C harness here: `gcc prog.c FILE && ./a.out` replays the
        /// confirmed run on your program and reaches the error.
        #[arg(long, value_name = "FILE")]
        playback: Option<PathBuf>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
        /// After the answer, print how ara reached it: the engines, the refinement loop's
        /// iterations, the tracked elements, the times.
        #[arg(long, short)]
        verbose: bool,
    },
    /// Run `ara check` over SV-COMP task files (`*.yml`) in parallel: results.csv/json/html,
    /// the SV-COMP score, exit code 30 if any verdict is wrong.
    Batch(ara::batch::BatchArgs),
    /// Check an SV-COMP witness (YAML, format 2.0): a violation witness by running the
    /// program on its inputs. CONFIRMED (exit 10), REJECTED (exit 40) or UNKNOWN (exit 20).
    Validate(ValidateArgs),
}

/// `ara validate prog.c --witness FILE`.
#[derive(Args)]
struct ValidateArgs {
    /// C file the witness is about.
    file: PathBuf,
    /// The witness (YAML, format 2.0).
    #[arg(long, value_name = "FILE")]
    witness: PathBuf,
    /// Data model of the target (default: the witness's, else lp64).
    #[arg(long, value_enum)]
    data_model: Option<DataModelArg>,
    /// Name of a function whose call is the error (default: reach_error and __VERIFIER_error).
    #[arg(long = "error-function", value_name = "NAME")]
    error_functions: Vec<String>,
    /// Time limit in seconds for compiling and for running the program.
    #[arg(long, default_value_t = 60)]
    timeout: u64,
}

#[derive(Clone, Copy, ValueEnum)]
enum StrategyArg {
    Witness,
    Cegar,
    Auto,
}

#[derive(Clone, Copy, ValueEnum)]
enum InitialVars {
    All,
    None,
}

#[derive(Clone, Copy, ValueEnum)]
enum TheoryArg {
    Bv,
    Lia,
}

#[derive(Clone, Copy, ValueEnum)]
enum CheckerArg {
    Esbmc,
    Cbmc,
}

/// Which engines check the programs.
#[derive(Clone, Copy, ValueEnum)]
enum EngineArg {
    /// The bounded model checker of `--checker`.
    Bounded,
    /// The Horn-clause engine (Z3 Spacer): proofs with a checked inductive invariant.
    Horn,
    /// Both side by side; the first proof wins.
    Both,
    /// The cell-morphing Horn engine alone, on the original program with its arrays.
    HornCells,
}

/// Options for running a checker.
#[derive(Args)]
struct CheckerArgs {
    /// The engines: the bounded checker, the Horn-clause engine (Z3 Spacer), or both side by
    /// side (default for `check`; `bmc` runs `bounded` unless told).
    #[arg(long, value_enum)]
    engine: Option<EngineArg>,
    /// The model checker to run.
    #[arg(long, value_enum, default_value = "esbmc")]
    checker: CheckerArg,
    /// Path of the checker binary (overrides ARA_ESBMC/ARA_CBMC, .tools/ and PATH).
    #[arg(long)]
    checker_path: Option<PathBuf>,
    /// Time limit in seconds (whole command).
    #[arg(long, default_value_t = 900)]
    timeout: u64,
    /// Memory limit of each checker process in MiB.
    #[arg(long)]
    memory_mb: Option<u64>,
    /// Keep the generated files (programs, checker outputs, SMT queries) in this directory.
    /// (Made absolute: the checkers and gcc run in folders of their own.)
    #[arg(long, value_name = "DIR", value_parser = absolute_dir)]
    keep: Option<PathBuf>,
}

fn absolute_dir(s: &str) -> Result<PathBuf, String> {
    std::path::absolute(s).map_err(|e| format!("{s}: {e}"))
}

impl CheckerArgs {
    fn engines(
        &self,
        default: ara::engines::race::EngineChoice,
    ) -> ara::engines::race::EngineChoice {
        use ara::engines::race::EngineChoice;
        match self.engine {
            None => default,
            Some(EngineArg::Bounded) => EngineChoice::Bounded,
            Some(EngineArg::Horn | EngineArg::HornCells) => EngineChoice::Horn,
            Some(EngineArg::Both) => EngineChoice::Both,
        }
    }

    fn options(&self, dm: ara::ir::DataModel) -> ara::checkers::CheckOptions {
        let kind = match self.checker {
            CheckerArg::Esbmc => ara::checkers::CheckerKind::Esbmc,
            CheckerArg::Cbmc => ara::checkers::CheckerKind::Cbmc,
        };
        let mut o = ara::checkers::CheckOptions::new(kind);
        o.timeout = Some(Duration::from_secs(self.timeout));
        o.memory_mb = self.memory_mb;
        o.checker_path = self.checker_path.clone();
        o.data_model = dm;
        o
    }
}

fn data_model(a: DataModelArg) -> ara::ir::DataModel {
    match a {
        DataModelArg::Ilp32 => ara::ir::DataModel::Ilp32,
        DataModelArg::Lp64 => ara::ir::DataModel::Lp64,
    }
}

fn load(input: &InputArgs) -> Result<ara::ir::Program, AraError> {
    ara::frontend::load_file(&input.file, &frontend_options(input))
}

/// `ara cfg --procedures`: the CFG of every procedure of the procedural form.
fn print_procedures(input: &InputArgs) -> Result<i32, AraError> {
    let pp = ara::frontend::load_procedures(&input.file, &frontend_options(input))?;
    out!("{}", pp.cfg_text());
    Ok(exit::OK)
}

fn frontend_options(input: &InputArgs) -> ara::frontend::FrontendOptions {
    let mut opts = ara::frontend::FrontendOptions {
        data_model: data_model(input.data_model),
        ..Default::default()
    };
    if !input.error_functions.is_empty() {
        opts.error_functions = input.error_functions.clone();
    }
    opts
}

/// The user's file and its error functions, for the replay on the source.
fn source_options(input: &InputArgs) -> ara::engines::concrete::playback::SourceOptions {
    ara::engines::concrete::playback::SourceOptions {
        file: input.file.clone(),
        error_functions: if input.error_functions.is_empty() {
            ara::frontend::FrontendOptions::default().error_functions
        } else {
            input.error_functions.clone()
        },
    }
}

/// `ara check --playback FILE`: the harness of an UNSAFE verdict's run; notes on stderr.
fn write_playback(
    p: &ara::ir::Program,
    input: &InputArgs,
    verdict: &ara::verdict::FinalVerdict,
    file: &std::path::Path,
) {
    let ara::verdict::FinalVerdict::Unsafe { trace } = verdict else {
        eprintln!("ara: no playback harness written: the verdict is not UNSAFE");
        return;
    };
    let opts = source_options(input);
    match ara::svwitness::playback::write_playback(p, &opts, trace, file, PLAYBACK_TIME) {
        Ok(notes) => notes.iter().for_each(|n| eprintln!("ara: {n}")),
        Err(why) => eprintln!("ara: no playback harness written: {why}"),
    }
}

/// Longest the run that places a playback's inputs at their calls may compile or run.
const PLAYBACK_TIME: Duration = Duration::from_secs(60);

fn write_output(path: Option<&PathBuf>, text: &str) -> Result<(), AraError> {
    match path {
        Some(p) => std::fs::write(p, text).map_err(|e| AraError::Input {
            file: p.display().to_string(),
            msg: format!("cannot write: {e}"),
        }),
        None => {
            out!("{text}");
            Ok(())
        }
    }
}

fn run(cli: Cli) -> Result<i32, AraError> {
    match cli.command {
        Command::Cfg {
            input,
            dot,
            procedures,
        } => {
            let p = match load(&input) {
                Err(AraError::Recursion { .. }) if !dot => return print_procedures(&input),
                _ if procedures && !dot => return print_procedures(&input),
                r => r?,
            };
            let cfg = ara::ir::cfg::Cfg::build(&p);
            out!("{}", if dot { cfg.to_dot(&p) } else { cfg.to_text(&p) });
            Ok(exit::OK)
        }
        Command::Abstract {
            input,
            track,
            vars,
            output,
            markers,
            no_line_comments,
        } => {
            use ara::abstraction::{IndexSets, VarSet, abstract_program};
            let p = load(&input)?;
            let track: Vec<&str> = track.iter().map(String::as_str).collect();
            let r = IndexSets::parse_track(&p, &track)?;
            let v = VarSet::parse(&p, &vars)?;
            let abs = abstract_program(&p, &v, &r);
            let opts = ara::emit::EmitOptions {
                markers,
                line_comments: !no_line_comments,
                header_comment: Some(format!(
                    "Index-set abstraction of {} (ara abstract {}){}",
                    input.file.display(),
                    std::env::args().skip(2).collect::<Vec<_>>().join(" "),
                    if markers {
                        // Lets `ara bmc` show a trace of this file on the original's CFG.
                        format!("\n   {MARKERS_OF} {}", abs_path(&input.file))
                    } else {
                        String::new()
                    }
                )),
            };
            write_output(output.as_ref(), &ara::emit::emit_c(&abs.program, &opts))?;
            Ok(exit::OK)
        }
        Command::Witness {
            input,
            output,
            markers,
            no_line_comments,
        } => {
            let p = load(&input)?;
            let w = ara::abstraction::witness::witness_program(&p)?;
            let opts = ara::emit::EmitOptions {
                markers,
                line_comments: !no_line_comments,
                header_comment: Some(format!(
                    "Witness-index transformation of {} (ara witness)\n{}",
                    input.file.display(),
                    w.summary(&p)
                )),
            };
            write_output(output.as_ref(), &ara::emit::emit_c(&w.program, &opts))?;
            Ok(exit::OK)
        }
        Command::Bmc {
            input,
            checker,
            unwind,
            k_induction,
            auto: _,
            json,
        } => {
            let mode = match (unwind, k_induction) {
                (Some(n), _) => ara::checkers::Mode::Unwind(n),
                (None, true) => ara::checkers::Mode::KInduction { max_k: 50 },
                (None, false) => ara::checkers::Mode::Auto,
            };
            match checker.engines(ara::engines::race::EngineChoice::Bounded) {
                ara::engines::race::EngineChoice::Bounded => bmc(&input, &checker, mode, json),
                _ => bmc_horn(&input, &checker, json),
            }
        }
        Command::Check {
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
        } => {
            let start = std::time::Instant::now();
            set_end(&checker);
            let (p, report, code) = check(
                &input,
                &checker,
                initial_vars,
                theory,
                max_iterations,
                strategy,
                Shown { json, verbose },
            )?;
            let Some(p) = p else {
                // Checked on the source (recursion): no program of ara's to state it in.
                if witness.is_some() || playback.is_some() {
                    eprintln!(
                        "ara: no witness or playback harness written: the program is recursive \
                         (checked by ESBMC on the source)"
                    );
                }
                return Ok(code);
            };
            if let Some(file) = witness {
                let r = &report.report;
                // The witness is part of the answer: it is written within the time limit
                // (`ara batch` kills ara shortly after it), with at least a moment for the
                // minimal witness.
                let left = Duration::from_secs(checker.timeout)
                    .saturating_sub(start.elapsed())
                    .max(WITNESS_MIN_TIME);
                write_witness(&p, &input.file, &r.verdict, &r.arrays, &file, left)?;
            }
            if let Some(file) = playback {
                write_playback(&p, &input, &report.report.verdict, &file);
            }
            Ok(code)
        }
        Command::Batch(args) => ara::batch::main(args),
        Command::Validate(args) => validate(&args),
    }
}

/// The end of `ara check --timeout T` from now: T and the least time of a witness. Past it
/// every part stops as if cancelled ([`ara::tools::set_end`]).
fn set_end(checker: &CheckerArgs) {
    let t = Duration::from_secs(checker.timeout) + WITNESS_MIN_TIME;
    if let Some(end) = std::time::Instant::now().checked_add(t) {
        ara::tools::set_end(end);
    }
}

/// `ara validate`: the witness's answer, its reason and what it did not check.
fn validate(args: &ValidateArgs) -> Result<i32, AraError> {
    use ara::svwitness::validate::Validation;
    let witness = std::fs::read_to_string(&args.witness).map_err(|e| AraError::Input {
        file: args.witness.display().to_string(),
        msg: format!("cannot read: {e}"),
    })?;
    let witness_ilp32 =
        ara::svwitness::validate::data_model_of(&witness) == Some(ara::ir::DataModel::Ilp32);
    let input = InputArgs {
        file: args.file.clone(),
        data_model: args.data_model.unwrap_or(if witness_ilp32 {
            DataModelArg::Ilp32
        } else {
            DataModelArg::Lp64
        }),
        error_functions: args.error_functions.clone(),
    };
    let p = load(&input)?;
    let src =
        ara::svwitness::source::SourceText::read(&args.file).map_err(|msg| AraError::Input {
            file: args.file.display().to_string(),
            msg,
        })?;
    let work = tempfile::tempdir()
        .map_err(|e| AraError::Internal(format!("cannot create a temporary directory: {e}")))?;
    let report = ara::svwitness::validate::validate(
        &p,
        &src,
        &witness,
        work.path(),
        Duration::from_secs(args.timeout),
    );
    outln!("{}", report.validation);
    for n in &report.notes {
        outln!("  {n}");
    }
    Ok(match report.validation {
        Validation::Confirmed(_) if report.correctness => exit::OK,
        Validation::Confirmed(_) => exit::UNSAFE,
        Validation::Rejected(_) => exit::REJECTED,
        Validation::Unknown(_) => exit::UNKNOWN,
    })
}

/// Header line of a file written by `ara abstract --markers`, naming the program whose CFG
/// vertices the markers number.
const MARKERS_OF: &str = "ara-markers-of:";

fn abs_path(p: &std::path::Path) -> String {
    std::fs::canonicalize(p)
        .unwrap_or_else(|_| p.to_path_buf())
        .display()
        .to_string()
}

/// The original program of a file written by `ara abstract --markers` (from its header).
fn markers_of(file: &std::path::Path) -> Option<PathBuf> {
    let text = std::fs::read_to_string(file).ok()?;
    let line = text.lines().take(5).find(|l| l.contains(MARKERS_OF))?;
    let rest = &line[line.find(MARKERS_OF)? + MARKERS_OF.len()..];
    let rest = rest.trim().trim_end_matches("*/").trim_end();
    Some(PathBuf::from(rest))
}

/// The JSON report of `ara bmc`: the checker's verdict at the top (`verdict`, with `how` or
/// `reason`; `ara batch` reads it), its raw outcome, the trace as a CFG path.
#[derive(serde::Serialize)]
struct BmcJson<'a> {
    file: String,
    cfg_of: &'a str,
    #[serde(flatten)]
    verdict: &'a ara::checkers::Verdict,
    outcome: &'a ara::checkers::CheckerOutcome,
    path: &'a [u32],
    path_is_cfg_path: bool,
    nondet_values: &'a [ara::checkers::NondetValue],
}

/// `ara bmc --engine horn`: the Horn-clause engine on the program (its SAFE carries the
/// checked invariants; its error path is a path of the program's CFG). `--engine horn-cells`:
/// the cell-morphing engine instead (`ara check --engine horn-cells` explains its answer as
/// every check's: `strategy::one`).
fn bmc_horn(input: &InputArgs, chk: &CheckerArgs, json: bool) -> Result<i32, AraError> {
    use ara::engines::horn::{Horn, morph::HornCells};
    use ara::engines::{Budget, Engine, EngineVerdict};
    if markers_of(&input.file).is_some() {
        return Err(AraError::Usage(
            "the Horn engine checks C programs, not files with vertex markers: write the \
             abstraction without --markers"
                .into(),
        ));
    }
    let start = std::time::Instant::now();
    let p = load(input)?;
    let budget = Budget {
        // The front end's time counts against the limit.
        timeout: Some(Duration::from_secs(chk.timeout).saturating_sub(start.elapsed())),
        memory_mb: chk.memory_mb,
        keep_dir: chk.keep.clone(),
        ..Budget::default()
    };
    let o = match chk.engine {
        Some(EngineArg::HornCells) => HornCells::default().check(&p, &budget)?,
        _ => Horn::default().check(&p, &budget)?,
    };
    if json {
        let v = serde_json::json!({ "file": input.file.display().to_string(), "outcome": &o });
        outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    } else {
        outln!("{}", o.verdict);
        match &o.verdict {
            EngineVerdict::Proved(proof) => out!("{}", proof.invariant_lines()),
            EngineVerdict::Counterexample(c) => outln!("path: {:?}", c.path),
            EngineVerdict::Unknown(_) => {}
        }
    }
    Ok(match o.verdict {
        EngineVerdict::Proved(_) => exit::OK,
        EngineVerdict::Counterexample(_) => exit::UNSAFE,
        EngineVerdict::Unknown(_) => exit::UNKNOWN,
    })
}

/// `ara bmc`: the program with vertex markers through the checker; the trace as CFG vertices.
/// A file written by `ara abstract --markers` is checked as it is and its trace shown on the
/// CFG of the original program it names.
fn bmc(
    input: &InputArgs,
    chk: &CheckerArgs,
    mode: ara::checkers::Mode,
    json: bool,
) -> Result<i32, AraError> {
    use ara::checkers::Verdict;
    use ara::engines::{Budget, EngineVerdict, bmc::Bmc};
    let marked = markers_of(&input.file);
    let (p, text) = match &marked {
        Some(orig) => {
            let o = InputArgs {
                file: orig.clone(),
                data_model: input.data_model,
                error_functions: input.error_functions.clone(),
            };
            let p = load(&o)?;
            let text = std::fs::read_to_string(&input.file).map_err(|e| AraError::Input {
                file: input.file.display().to_string(),
                msg: format!("cannot read: {e}"),
            })?;
            (p, Some(text))
        }
        None => (load(input)?, None),
    };
    let cfg = ara::ir::cfg::Cfg::build(&p);
    let mut opts = chk.options(p.data_model);
    opts.mode = mode;
    opts.keep_dir = chk.keep.clone();
    let engine = Bmc::new(
        opts,
        "program",
        format!("ara bmc: {}", input.file.display()),
    );
    let budget = Budget {
        keep_dir: chk.keep.clone(),
        ..Budget::default()
    };
    let run = match &text {
        Some(text) => engine.run_text(&p, text, &budget)?,
        None => engine.run(&p, &budget)?,
    };
    let out = &run.checker;
    let path: Vec<u32> = match &run.outcome.verdict {
        EngineVerdict::Counterexample(c) => c.path.clone(),
        _ => vec![],
    };
    let nondets = out
        .trace
        .as_ref()
        .map(|t| t.nondet_values(Some(&run.text)))
        .unwrap_or_default();
    let valid_path = !path.is_empty() && cfg.is_path(&path);
    if json {
        let v = BmcJson {
            file: input.file.display().to_string(),
            cfg_of: &p.file,
            verdict: &out.verdict,
            outcome: out,
            path: &path,
            path_is_cfg_path: valid_path,
            nondet_values: &nondets,
        };
        outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    } else {
        outln!("{}", out.verdict);
        if matches!(out.verdict, Verdict::Unsafe) {
            match &marked {
                Some(o) => outln!(
                    "trace ({} vertices of the CFG of {}):",
                    path.len(),
                    o.display()
                ),
                None => outln!("trace ({} vertices):", path.len()),
            }
            out!("{}", ara::engines::concrete::describe_path(&p, &cfg, &path));
            if !valid_path {
                outln!("(warning: the checker's marker sequence is not a path of the CFG)");
            }
            if !nondets.is_empty() {
                outln!("nondet values:");
                for n in &nondets {
                    let at = n
                        .loc
                        .as_ref()
                        .map(|l| format!(" at line {}", l.line))
                        .unwrap_or_default();
                    match n.value {
                        Some(v) => outln!("  {}(){at} = {v}", n.function),
                        None => outln!("  {}(){at} = ?", n.function),
                    }
                }
            }
        }
    }
    Ok(match out.verdict {
        Verdict::Safe { .. } => exit::OK,
        Verdict::Unsafe => exit::UNSAFE,
        Verdict::Unknown { .. } => exit::UNKNOWN,
    })
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
) -> Result<(Option<ara::ir::Program>, ara::strategy::StrategyReport, i32), AraError> {
    let strategy = match strategy {
        StrategyArg::Witness => ara::strategy::Strategy::Witness,
        StrategyArg::Cegar => ara::strategy::Strategy::Cegar,
        StrategyArg::Auto => ara::strategy::Strategy::Auto,
    };
    let start = std::time::Instant::now();
    // On a terminal, a line on stderr says what runs and the best answer so far; it is
    // cleared before the report is printed.
    let progress = ara::progress::show_on_terminal();
    let loaded = load(input);
    let many_calls = || {
        let pp = ara::frontend::load_procedures(&input.file, &frontend_options(input)).ok()?;
        (pp.num_calls() >= ara::procedures::MANY_CALLS).then_some(pp)
    };
    let by_procedures = match &loaded {
        Err(AraError::Recursion { .. }) => {
            Some(ara::frontend::load_procedures(&input.file, &frontend_options(input)).ok())
        }
        Ok(p) if p.num_vertices as usize >= ara::procedures::MANY_CALLS => many_calls().map(Some),
        _ => None,
    };
    let p = match loaded {
        _ if by_procedures.is_some() => {
            let procs = by_procedures.flatten();
            let report = ara::procedures::check(
                &source_options(input),
                &chk.options(data_model(input.data_model)),
                Duration::from_secs(chk.timeout).saturating_sub(start.elapsed()),
                chk.keep.as_deref(),
                strategy,
                procs.clone(),
            )?;
            drop(progress);
            let read = Read::Procedures(procs.as_ref());
            let (report, code) = finish(report, shown, read, &input.file);
            return Ok((None, report, code));
        }
        r => r?,
    };
    let opts = ara::cegar::CegarOptions {
        checker: chk.options(p.data_model),
        // The front end's time counts against the limit.
        timeout: Duration::from_secs(chk.timeout).saturating_sub(start.elapsed()),
        max_iterations,
        initial_vars_all: matches!(initial_vars, InitialVars::All),
        theory: match theory {
            TheoryArg::Bv => ara::smt::Theory::BitVector,
            TheoryArg::Lia => ara::smt::Theory::Lia,
        },
        keep_dir: chk.keep.clone(),
        seed: ara::abstraction::IndexSets::empty(),
        engines: chk.engines(ara::engines::race::EngineChoice::Both),
        source: Some(source_options(input)),
    };
    let report = match chk.engine {
        // The cell-morphing engine alone: its answer read as the portfolio's would be.
        Some(EngineArg::HornCells) => {
            let cells = ara::engines::horn::morph::HornCells::default();
            ara::strategy::one::check_with(&p, &cells, strategy, &opts)?
        }
        _ => ara::strategy::check(&p, strategy, &opts)?,
    };
    drop(progress);
    let (report, code) = finish(report, shown, Read::Program(&p), &input.file);
    Ok((Some(p), report, code))
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
    Program(&'a ara::ir::Program),
    /// Checked on the source (recursion, many calls): the procedural form, when it was read.
    Procedures(Option<&'a ara::ir::procs::ProcProgram>),
}

/// The report of `ara check` (an interrupt without an answer is the reason), printed; its
/// exit code. `read`: what the front end read from `file`.
fn finish(
    mut report: ara::strategy::StrategyReport,
    shown: Shown,
    read: Read,
    file: &std::path::Path,
) -> (ara::strategy::StrategyReport, i32) {
    use ara::verdict::FinalVerdict;
    if let Some(by) = ara::tools::interrupted() {
        // No answer: why is the interrupt (not what the stopped runs made of it). A proof or
        // a confirmed bug found before it stands.
        if matches!(report.report.verdict, FinalVerdict::Unknown { .. }) {
            report.report.verdict = FinalVerdict::Unknown {
                reason: ara::verdict::Inconclusive::Interrupted { by },
            };
        }
    }
    let source = std::fs::read_to_string(file).ok();
    let (verdict, source) = (&report.report.verdict, source.as_deref());
    let explained = match read {
        Read::Program(p) => ara::explain::explain(Some(p), verdict, source),
        Read::Procedures(pp) => ara::explain::explain_procedures(pp, verdict, source),
    };
    if shown.json {
        let mut j = serde_json::to_value(&report).unwrap_or_default();
        j["explanation"] = serde_json::to_value(&explained).unwrap_or_default();
        outln!("{}", serde_json::to_string_pretty(&j).unwrap_or_default());
    } else {
        let trace = match &report.report.verdict {
            FinalVerdict::Unsafe { trace } => Some(trace),
            _ => None,
        };
        let written = ara::explain::Written {
            inputs: explained
                .inputs_to_file()
                .then(|| write_aside(file, "inputs", &explained.inputs_text()))
                .flatten(),
            trace: explained
                .trace_to_file()
                .then(|| write_aside(file, "trace", &explained.trace_text()))
                .flatten(),
        };
        out!("{}", explained.text(trace, &written));
        if shown.verbose {
            out!("details:\n{}", report.to_text());
        }
    }
    let code = match report.report.verdict {
        FinalVerdict::Safe { .. } => exit::OK,
        FinalVerdict::Unsafe { .. } => exit::UNSAFE,
        FinalVerdict::Unknown { .. } => exit::UNKNOWN,
    };
    (report, code)
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

/// `ara check --witness FILE`: for SAFE the correctness witness of the proof (its checked
/// loop invariants, or none); for UNSAFE the violation witness of a confirmed run (re-run on
/// the original program to place its inputs at their calls and the initial values of
/// uninitialised locals it read after their declarations). No witness is written for UNKNOWN,
/// nor for a run whose inputs a witness cannot state; a note on stderr says why.
/// The least time a witness gets after the verdict, even when the verdict used up the limit.
const WITNESS_MIN_TIME: Duration = Duration::from_secs(1);

/// `left`: the time the witness may take (its checks, its invariant search, its re-run).
fn write_witness(
    p: &ara::ir::Program,
    file: &std::path::Path,
    verdict: &ara::verdict::FinalVerdict,
    tracked: &[ara::cegar::TrackedSummary],
    out: &std::path::Path,
    left: Duration,
) -> Result<(), AraError> {
    let spec = ara::svwitness::write::UNREACH_CALL;
    let deadline = std::time::Instant::now() + left;
    let write = |yaml: String| write_whole(out, &yaml);
    let trace = match verdict {
        ara::verdict::FinalVerdict::Unsafe { trace } => trace,
        ara::verdict::FinalVerdict::Safe { proof } => {
            // The search first, then the check of what it found (or of the proof's own
            // invariants) in the rest.
            let budget = ara::svwitness::search::SEARCH_BUDGET.min(left / 3);
            let check = Duration::from_secs(60).min(left - budget);
            let search = ara::svwitness::Search {
                budget,
                proved: matches!(proof.on, ara::verdict::Subject::Abstraction { .. })
                    .then_some(tracked),
            };
            let how = &proof.how;
            return match ara::svwitness::correctness_witness_for(p, file, spec, how, check, search)
            {
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
        ara::verdict::FinalVerdict::Unknown { .. } => {
            eprintln!("ara: no witness written: the verdict is UNKNOWN");
            return Ok(());
        }
    };
    let dir = tempfile::Builder::new()
        .prefix("ara-witness-")
        .tempdir()
        .map_err(|e| AraError::Internal(format!("cannot create a temporary folder: {e}")))?;
    match ara::svwitness::violation_witness_within(
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

fn main() {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            use clap::error::ErrorKind;
            let code = match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => exit::OK,
                _ => exit::USAGE,
            };
            let _ = e.print();
            std::process::exit(code);
        }
    };
    // Deep syntax trees make deep recursion: the command runs on a thread with a big stack
    // (reserved, touched only as used; smaller under an address-space limit), and so does
    // every thread it starts for such work (`tools::spawn_deep`).
    ara::tools::trace_start();
    ara::tools::fit_address_space();
    ara::tools::handle_interrupts();
    let (tx, rx) = std::sync::mpsc::channel();
    let worker = ara::tools::spawn_deep("ara", move || {
        let _ = tx.send(report(run(cli)));
    });
    let code = match worker {
        Ok(_) => wait_for(&rx),
        Err(e) => report(Err(AraError::Internal(format!(
            "cannot start a thread: {e}"
        )))),
    };
    std::process::exit(code);
}

/// How long the command may take to return after SIGINT or SIGTERM.
const INTERRUPT_GRACE: Duration = Duration::from_secs(10);

/// The exit code the command sends; after an interrupt, at most [`INTERRUPT_GRACE`] later
/// (then every external program still running is killed).
fn wait_for(rx: &std::sync::mpsc::Receiver<i32>) -> i32 {
    use std::sync::mpsc::RecvTimeoutError;
    let mut since = None;
    loop {
        match rx.recv_timeout(Duration::from_millis(50)) {
            Ok(code) => return code,
            // The worker panicked (its message is printed).
            Err(RecvTimeoutError::Disconnected) => return exit::INTERNAL,
            Err(RecvTimeoutError::Timeout) => {}
        }
        if let Some(by) = ara::tools::interrupted() {
            let t = *since.get_or_insert_with(std::time::Instant::now);
            if t.elapsed() > INTERRUPT_GRACE {
                ara::tools::kill_all_running();
                eprintln!(
                    "error: {by}; not stopped within {} s",
                    INTERRUPT_GRACE.as_secs()
                );
                return exit::UNKNOWN;
            }
        }
    }
}

/// Prints the error of a failed command; the exit code. After an interrupt, a failure is the
/// interrupt's doing: UNKNOWN.
fn report(result: Result<i32, AraError>) -> i32 {
    match result {
        Ok(code) => code,
        Err(e) if ara::tools::interrupted().is_some() => {
            let by = ara::tools::interrupted()
                .map(|b| b.to_string())
                .unwrap_or_default();
            eprintln!("error: {by} ({e})");
            exit::UNKNOWN
        }
        Err(e) => {
            // Located errors already read `file:line:col: ...`, like a compiler's.
            match e {
                AraError::Syntax { .. }
                | AraError::Unsupported { .. }
                | AraError::Recursion { .. } => eprintln!("{e}"),
                _ => eprintln!("error: {e}"),
            }
            e.exit_code()
        }
    }
}
