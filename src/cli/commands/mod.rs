//! The commands of the `ara` binary (`cfg`, `abstract`, `witness`, `bmc`, `check`,
//! `validate`; `batch` is [`crate::cli::batch`]): their arguments (clap's derive, read by
//! `src/main.rs`, which only parses and dispatches) and their bodies, which call the library
//! and print (stdout through [`crate::base::out`]; notes on stderr). Each takes its arguments and
//! gives the exit code (`error::exit`), or an [`AraError`] the binary prints.

pub mod bmc;
pub mod check;

use crate::base::error::{AraError, exit};
use crate::{out, outln};
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::time::Duration;

/// The arguments of `ara cfg`.
#[derive(Args)]
pub struct CfgArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print Graphviz instead of text.
    #[arg(long)]
    pub dot: bool,
    /// Print one CFG per procedure (calls kept; the default for a recursive program).
    #[arg(long)]
    pub procedures: bool,
}

/// The arguments of `ara abstract`.
#[derive(Args)]
pub struct AbstractArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Array elements to keep: `a=1,5`, `b=0`, `a=all`, witness cells `a=w`, `a=w1,w2`,
    /// index terms over a variable `a=N-1`, `a=N/2` (repeatable; other arrays keep none).
    #[arg(long = "track", value_name = "ARRAY=INDEXES")]
    pub track: Vec<String>,
    /// Scalar variables to keep: `all`, `none` or a list `i,j`.
    #[arg(long, default_value = "all")]
    pub vars: String,
    /// Output file (default: standard output).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Add `ara_loc = N;` vertex markers (as `ara bmc`/`ara check` do).
    #[arg(long)]
    pub markers: bool,
    /// Leave out the `/* line N */` comments.
    #[arg(long)]
    pub no_line_comments: bool,
}

/// The arguments of `ara witness`.
#[derive(Args)]
pub struct WitnessArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output file (default: standard output).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Add `ara_loc = N;` markers (the ids of the original statements).
    #[arg(long)]
    pub markers: bool,
    /// Leave out the `/* line N */` comments.
    #[arg(long)]
    pub no_line_comments: bool,
}

/// Options shared by every command that reads a C file.
#[derive(Args)]
pub struct InputArgs {
    /// C file: `.c` (preprocessed with `gcc -E`) or `.i` (already preprocessed).
    pub file: PathBuf,
    /// Data model of the target: ILP32 (32-bit) or LP64 (64-bit).
    #[arg(long, value_enum, default_value = "lp64")]
    pub data_model: DataModelArg,
    /// Name of a function whose call is the error (default: reach_error and __VERIFIER_error).
    #[arg(long = "error-function", value_name = "NAME")]
    pub error_functions: Vec<String>,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum DataModelArg {
    Ilp32,
    Lp64,
}

/// Options for running a checker.
#[derive(Args)]
pub struct CheckerArgs {
    /// The engines: the bounded checker, the Horn-clause engine (Z3 Spacer), or both side by
    /// side (default for `check`; `bmc` runs `bounded` unless told).
    #[arg(long, value_enum)]
    pub engine: Option<EngineArg>,
    /// The model checker to run.
    #[arg(long, value_enum, default_value = "esbmc")]
    pub checker: CheckerArg,
    /// Path of the checker binary (overrides ARA_ESBMC/ARA_CBMC, .tools/ and PATH).
    #[arg(long)]
    pub checker_path: Option<PathBuf>,
    /// Time limit in seconds (whole command).
    #[arg(long, default_value_t = 900)]
    pub timeout: u64,
    /// Memory limit of each checker process in MiB.
    #[arg(long)]
    pub memory_mb: Option<u64>,
    /// Keep the generated files (programs, checker outputs, SMT queries) in this directory.
    /// (Made absolute: the checkers and gcc run in folders of their own.)
    #[arg(long, value_name = "DIR", value_parser = absolute_dir)]
    pub keep: Option<PathBuf>,
}

pub(crate) fn absolute_dir(s: &str) -> Result<PathBuf, String> {
    std::path::absolute(s).map_err(|e| format!("{s}: {e}"))
}

impl CheckerArgs {
    fn engines(
        &self,
        default: crate::engines::race::EngineChoice,
    ) -> crate::engines::race::EngineChoice {
        use crate::engines::race::EngineChoice;
        match self.engine {
            None => default,
            Some(EngineArg::Bounded) => EngineChoice::Bounded,
            Some(EngineArg::Horn | EngineArg::HornCells) => EngineChoice::Horn,
            Some(EngineArg::Both) => EngineChoice::Both,
        }
    }

    fn options(&self, dm: crate::ir::DataModel) -> crate::engines::checkers::CheckOptions {
        let kind = match self.checker {
            CheckerArg::Esbmc => crate::engines::checkers::CheckerKind::Esbmc,
            CheckerArg::Cbmc => crate::engines::checkers::CheckerKind::Cbmc,
        };
        let mut o = crate::engines::checkers::CheckOptions::new(kind);
        o.timeout = Some(Duration::from_secs(self.timeout));
        o.memory_mb = self.memory_mb;
        o.checker_path = self.checker_path.clone();
        o.data_model = dm;
        o
    }
}

/// Which engines check the programs.
#[derive(Clone, Copy, ValueEnum)]
pub enum EngineArg {
    /// The bounded model checker of `--checker`.
    Bounded,
    /// The Horn-clause engine (Z3 Spacer): proofs with a checked inductive invariant.
    Horn,
    /// Both side by side; the first proof wins.
    Both,
    /// The cell-morphing Horn engine alone, on the original program with its arrays.
    HornCells,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum CheckerArg {
    Esbmc,
    Cbmc,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum StrategyArg {
    Witness,
    Cegar,
    Auto,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum InitialVars {
    All,
    None,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum TheoryArg {
    Bv,
    Lia,
}

/// `ara validate prog.c --witness FILE`.
#[derive(Args)]
pub struct ValidateArgs {
    /// C file the witness is about.
    pub file: PathBuf,
    /// The witness (YAML, format 2.0).
    #[arg(long, value_name = "FILE")]
    pub witness: PathBuf,
    /// Data model of the target (default: the witness's, else lp64).
    #[arg(long, value_enum)]
    pub data_model: Option<DataModelArg>,
    /// Name of a function whose call is the error (default: reach_error and __VERIFIER_error).
    #[arg(long = "error-function", value_name = "NAME")]
    pub error_functions: Vec<String>,
    /// Time limit in seconds for compiling and for running the program.
    #[arg(long, default_value_t = 60)]
    pub timeout: u64,
}

/// `ara cfg`: the CFG as text or Graphviz (one per procedure for a recursive program).
pub fn cfg(args: CfgArgs) -> Result<i32, AraError> {
    let CfgArgs {
        input,
        dot,
        procedures,
    } = args;
    let p = match load(&input) {
        Err(AraError::Recursion { .. }) if !dot => return print_procedures(&input),
        _ if procedures && !dot => return print_procedures(&input),
        r => r?,
    };
    let cfg = crate::ir::cfg::Cfg::build(&p);
    out!("{}", if dot { cfg.to_dot(&p) } else { cfg.to_text(&p) });
    Ok(exit::OK)
}

/// `ara abstract`: the index-set abstraction as array-free C.
pub fn abstract_c(args: AbstractArgs) -> Result<i32, AraError> {
    let AbstractArgs {
        input,
        track,
        vars,
        output,
        markers,
        no_line_comments,
    } = args;
    use crate::abstraction::{IndexSets, VarSet, abstract_program};
    let p = load(&input)?;
    let track: Vec<&str> = track.iter().map(String::as_str).collect();
    let r = IndexSets::parse_track(&p, &track)?;
    let v = VarSet::parse(&p, &vars)?;
    let abs = abstract_program(&p, &v, &r);
    let opts = crate::ir::emit::EmitOptions {
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
    write_output(
        output.as_ref(),
        &crate::ir::emit::emit_c(&abs.program, &opts),
    )?;
    Ok(exit::OK)
}

/// `ara witness`: the witness-index transformation as C.
pub fn witness(args: WitnessArgs) -> Result<i32, AraError> {
    let WitnessArgs {
        input,
        output,
        markers,
        no_line_comments,
    } = args;
    let p = load(&input)?;
    let w = crate::abstraction::witness::witness_program(&p)?;
    let opts = crate::ir::emit::EmitOptions {
        markers,
        line_comments: !no_line_comments,
        header_comment: Some(format!(
            "Witness-index transformation of {} (ara witness)\n{}",
            input.file.display(),
            w.summary(&p)
        )),
    };
    write_output(output.as_ref(), &crate::ir::emit::emit_c(&w.program, &opts))?;
    Ok(exit::OK)
}

/// `ara validate`: the witness's answer, its reason and what it did not check.
pub fn validate(args: &ValidateArgs) -> Result<i32, AraError> {
    let witness = std::fs::read_to_string(&args.witness).map_err(|e| AraError::Input {
        file: args.witness.display().to_string(),
        msg: format!("cannot read: {e}"),
    })?;
    let witness_ilp32 = crate::strategy::svwitness::validate::data_model_of(&witness)
        == Some(crate::ir::DataModel::Ilp32);
    let input = InputArgs {
        file: args.file.clone(),
        data_model: args.data_model.unwrap_or(if witness_ilp32 {
            DataModelArg::Ilp32
        } else {
            DataModelArg::Lp64
        }),
        error_functions: args.error_functions.clone(),
    };
    let fopts = frontend_options(&input);
    let pre = crate::frontend::Preprocessed::read(&args.file, &fopts)?;
    let loaded = pre.program(&fopts);
    let src = crate::strategy::svwitness::source::SourceText::read(&args.file).map_err(|msg| {
        AraError::Input {
            file: args.file.display().to_string(),
            msg,
        }
    })?;
    let p = match loaded {
        // A recursive program: its procedural form and the witness's function contracts.
        Err(AraError::Recursion { .. }) => {
            let pp = pre.procedures(&fopts)?;
            let report = crate::strategy::svwitness::validate::validate_procedures(
                &pp,
                &src,
                &witness,
                Duration::from_secs(args.timeout),
            );
            return Ok(print_validation(&report));
        }
        r => r?,
    };
    let work = tempfile::tempdir()
        .map_err(|e| AraError::Internal(format!("cannot create a temporary directory: {e}")))?;
    let report = crate::strategy::svwitness::validate::validate(
        &p,
        &src,
        &witness,
        work.path(),
        Duration::from_secs(args.timeout),
    );
    Ok(print_validation(&report))
}

/// Prints a validation's answer and notes; the exit code.
fn print_validation(report: &crate::strategy::svwitness::validate::Report) -> i32 {
    use crate::strategy::svwitness::validate::Validation;
    outln!("{}", report.validation);
    for n in &report.notes {
        outln!("  {n}");
    }
    match report.validation {
        Validation::Confirmed(_) if report.correctness => exit::OK,
        Validation::Confirmed(_) => exit::UNSAFE,
        Validation::Rejected(_) => exit::REJECTED,
        Validation::Unknown(_) => exit::UNKNOWN,
    }
}

pub(crate) fn data_model(a: DataModelArg) -> crate::ir::DataModel {
    match a {
        DataModelArg::Ilp32 => crate::ir::DataModel::Ilp32,
        DataModelArg::Lp64 => crate::ir::DataModel::Lp64,
    }
}

pub(crate) fn load(input: &InputArgs) -> Result<crate::ir::Program, AraError> {
    crate::frontend::load_file(&input.file, &frontend_options(input))
}

/// `ara cfg --procedures`: the CFG of every procedure of the procedural form.
pub(crate) fn print_procedures(input: &InputArgs) -> Result<i32, AraError> {
    let pp = crate::frontend::load_procedures(&input.file, &frontend_options(input))?;
    out!("{}", pp.cfg_text());
    Ok(exit::OK)
}

pub(crate) fn frontend_options(input: &InputArgs) -> crate::frontend::FrontendOptions {
    let mut opts = crate::frontend::FrontendOptions {
        data_model: data_model(input.data_model),
        ..Default::default()
    };
    if !input.error_functions.is_empty() {
        opts.error_functions = input.error_functions.clone();
    }
    opts
}

/// The user's file and its error functions, for the replay on the source.
pub(crate) fn source_options(
    input: &InputArgs,
) -> crate::engines::concrete::playback::SourceOptions {
    crate::engines::concrete::playback::SourceOptions {
        file: input.file.clone(),
        error_functions: if input.error_functions.is_empty() {
            crate::frontend::FrontendOptions::default().error_functions
        } else {
            input.error_functions.clone()
        },
    }
}

pub(crate) fn write_output(path: Option<&PathBuf>, text: &str) -> Result<(), AraError> {
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

/// Header line of a file written by `ara abstract --markers`, naming the program whose CFG
/// vertices the markers number.
pub(crate) const MARKERS_OF: &str = "ara-markers-of:";

pub(crate) fn abs_path(p: &std::path::Path) -> String {
    std::fs::canonicalize(p)
        .unwrap_or_else(|_| p.to_path_buf())
        .display()
        .to_string()
}

/// The original program of a file written by `ara abstract --markers` (from its header).
pub(crate) fn markers_of(file: &std::path::Path) -> Option<PathBuf> {
    let text = std::fs::read_to_string(file).ok()?;
    let line = text.lines().take(5).find(|l| l.contains(MARKERS_OF))?;
    let rest = &line[line.find(MARKERS_OF)? + MARKERS_OF.len()..];
    let rest = rest.trim().trim_end_matches("*/").trim_end();
    Some(PathBuf::from(rest))
}
