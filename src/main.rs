//! The `ara` command line: parse arguments, call the library, map errors to exit codes.

use ara::error::{AraError, exit};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

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
    },
    /// Write the index-set abstraction of a program as array-free C.
    Abstract {
        #[command(flatten)]
        input: InputArgs,
        /// Array elements to keep: `a=1,5`, `b=0`, `a=all` (repeatable; other arrays keep none).
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
}

fn data_model(a: DataModelArg) -> ara::ir::DataModel {
    match a {
        DataModelArg::Ilp32 => ara::ir::DataModel::Ilp32,
        DataModelArg::Lp64 => ara::ir::DataModel::Lp64,
    }
}

fn load(input: &InputArgs) -> Result<ara::ir::Program, AraError> {
    let mut opts = ara::frontend::FrontendOptions {
        data_model: data_model(input.data_model),
        ..Default::default()
    };
    if !input.error_functions.is_empty() {
        opts.error_functions = input.error_functions.clone();
    }
    ara::frontend::load_file(&input.file, &opts)
}

fn write_output(path: Option<&PathBuf>, text: &str) -> Result<(), AraError> {
    match path {
        Some(p) => std::fs::write(p, text).map_err(|e| AraError::Input {
            file: p.display().to_string(),
            msg: format!("cannot write: {e}"),
        }),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

fn run(cli: Cli) -> Result<i32, AraError> {
    match cli.command {
        Command::Cfg { input, dot } => {
            let p = load(&input)?;
            let cfg = ara::ir::cfg::Cfg::build(&p);
            print!("{}", if dot { cfg.to_dot(&p) } else { cfg.to_text(&p) });
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
            let r = IndexSets::parse_track(&p, &track)?;
            let v = VarSet::parse(&p, &vars)?;
            let abs = abstract_program(&p, &v, &r);
            let opts = ara::emit::EmitOptions {
                markers,
                line_comments: !no_line_comments,
                header_comment: Some(format!(
                    "Index-set abstraction of {} (ara abstract {})",
                    input.file.display(),
                    std::env::args().skip(2).collect::<Vec<_>>().join(" ")
                )),
            };
            write_output(output.as_ref(), &ara::emit::emit_c(&abs.program, &opts))?;
            Ok(exit::OK)
        }
    }
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
    let code = match run(cli) {
        Ok(code) => code,
        Err(e) => {
            // Located errors already read `file:line:col: ...`, like a compiler's.
            match e {
                AraError::Syntax { .. } | AraError::Unsupported { .. } => eprintln!("{e}"),
                _ => eprintln!("error: {e}"),
            }
            e.exit_code()
        }
    };
    std::process::exit(code);
}
