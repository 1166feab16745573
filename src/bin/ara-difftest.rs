//! `ara-difftest`: the differential tester's command line (see `ara::cli::difftest`).
//!
//! `ara-difftest run --seconds S [--seed N] [--jobs J] [--out DIR]` runs random programs and
//! corpus mutants through plain ESBMC, gcc and `ara check` (every strategy) and prints the
//! counts; exit code 1 when ara disagreed with the ground truth. `ara-difftest gen --seed N`
//! prints one generated program. `--recursion` draws programs of the recursion class only
//! (`ara::cli::difftest::recursion`), `--arrays` of the array-parameter class
//! (`ara::cli::difftest::arrparams`), `--contracts` cases of the contracts class
//! (`ara::cli::difftest::contracts`: a witness's contract checked by `ara validate`).

use ara::cli::difftest::driver::{Budgets, RunOptions, Strategy, Tools, reduce_seed, run_timed};
use ara::cli::difftest::generate::{GenConfig, KnownBugs, generate};
use ara::cli::difftest::print::{print_for_truth, print_program};
use ara::ir::types::DataModel;
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "ara-difftest",
    about = "Differential tester of ara against plain ESBMC and gcc"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Clone, Copy, ValueEnum)]
enum Dm {
    Ilp32,
    Lp64,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run programs for a while and print the counts
    Run {
        /// Run for this many seconds (programs started before the end finish)
        #[arg(long, default_value_t = 60)]
        seconds: u64,
        /// Run exactly this many programs instead (ignores --seconds)
        #[arg(long)]
        programs: Option<u64>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 2)]
        jobs: usize,
        /// Where failing programs and their reductions are written
        #[arg(long, default_value = "difftest-out")]
        out: PathBuf,
        /// Known wrong-verdict classes to generate: none, all, or a list of
        /// assert-conv, accum-nondet, loop-local-arrays, ilp32-struct-ll
        #[arg(long, default_value = "none")]
        known_bugs: String,
        /// Only this data model (default: both, chosen per program)
        #[arg(long)]
        data_model: Option<Dm>,
        /// The ara binary under test (default: `ara` beside this binary)
        #[arg(long)]
        ara: Option<PathBuf>,
        /// Time limit of each `ara check` in seconds
        #[arg(long, default_value_t = 30)]
        timeout: u64,
        /// Time limit of each ground-truth ESBMC run in seconds
        #[arg(long, default_value_t = 20)]
        esbmc_timeout: u64,
        /// Percentage of corpus mutants among the programs
        #[arg(long, default_value_t = 15)]
        mutants: u64,
        /// The corpus folder (default: bench-suite/corpus of this project)
        #[arg(long)]
        corpus: Option<PathBuf>,
        /// Do not reduce disagreements
        #[arg(long)]
        no_reduce: bool,
        /// Time limit of one reduction in seconds
        #[arg(long, default_value_t = 240)]
        reduce_seconds: u64,
        /// Strategies to run (comma-separated: witness, cegar, auto)
        #[arg(long, default_value = "witness,cegar,auto")]
        strategies: String,
        /// Every program starts with a grid pattern (a flat 2-D array of a symbolic row length;
        /// ara then runs with ARA_NO_UNWINDING=1 on it)
        #[arg(long)]
        grid: bool,
        /// Programs of the recursion class only: recursive procedures (direct, mutual, over an
        /// array, writing globals) whose values depend on the data model
        #[arg(long)]
        recursion: bool,
        /// Programs of the array-parameter class only: recursions over array parameters
        /// (`ara::cli::difftest::arrparams`)
        #[arg(long)]
        arrays: bool,
        /// Cases of the contracts class only: a recursive procedure and a function contract
        /// for `ara validate` (`ara::cli::difftest::contracts`)
        #[arg(long)]
        contracts: bool,
        /// Print a line per program
        #[arg(long)]
        verbose: bool,
    },
    /// Reduce the disagreement of a generated program (its seed as a run prints it)
    Reduce {
        #[arg(long)]
        seed: u64,
        #[arg(long, default_value = "auto")]
        strategy: String,
        #[arg(long, default_value = "none")]
        known_bugs: String,
        /// Every program starts with a grid pattern (a flat 2-D array of a symbolic row length;
        /// ara then runs with ARA_NO_UNWINDING=1 on it)
        #[arg(long)]
        grid: bool,
        /// Programs of the recursion class only: recursive procedures (direct, mutual, over an
        /// array, writing globals) whose values depend on the data model
        #[arg(long)]
        recursion: bool,
        /// Programs of the array-parameter class only: recursions over array parameters
        /// (`ara::cli::difftest::arrparams`)
        #[arg(long)]
        arrays: bool,
        #[arg(long)]
        ara: Option<PathBuf>,
        #[arg(long, default_value_t = 30)]
        timeout: u64,
        #[arg(long, default_value_t = 600)]
        reduce_seconds: u64,
    },
    /// Print the generated program of a seed
    Gen {
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value = "none")]
        known_bugs: String,
        /// Every program starts with a grid pattern (a flat 2-D array of a symbolic row length;
        /// ara then runs with ARA_NO_UNWINDING=1 on it)
        #[arg(long)]
        grid: bool,
        /// Programs of the recursion class only: recursive procedures (direct, mutual, over an
        /// array, writing globals) whose values depend on the data model
        #[arg(long)]
        recursion: bool,
        /// Programs of the array-parameter class only: recursions over array parameters
        /// (`ara::cli::difftest::arrparams`)
        #[arg(long)]
        arrays: bool,
        /// Cases of the contracts class only: a recursive procedure and a function contract
        /// for `ara validate` (`ara::cli::difftest::contracts`)
        #[arg(long)]
        contracts: bool,
        #[arg(long)]
        data_model: Option<Dm>,
        /// The text plain ESBMC decides (block-local struct tags renamed apart)
        #[arg(long)]
        truth: bool,
    },
}

fn dm(d: Option<Dm>) -> Option<DataModel> {
    d.map(|d| match d {
        Dm::Ilp32 => DataModel::Ilp32,
        Dm::Lp64 => DataModel::Lp64,
    })
}

/// The ara binary under test: given, or `ara` beside this binary.
fn ara_binary(ara: Option<PathBuf>) -> Result<PathBuf, String> {
    let ara = match ara {
        Some(p) => p,
        None => std::env::current_exe()
            .map_err(|e| e.to_string())?
            .with_file_name("ara"),
    };
    if !ara.is_file() {
        return Err(format!(
            "{} does not exist (build ara, or pass --ara)",
            ara.display()
        ));
    }
    // Absolute: ara runs in each case's own folder.
    ara.canonicalize()
        .map_err(|e| format!("{}: {e}", ara.display()))
}

fn parse_strategies(s: &str) -> Result<Vec<Strategy>, String> {
    s.split(',')
        .map(|s| match s.trim() {
            "witness" => Ok(Strategy::Witness),
            "cegar" => Ok(Strategy::Cegar),
            "auto" => Ok(Strategy::Auto),
            o => Err(format!("unknown strategy {o}")),
        })
        .collect()
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("ara-difftest: {e}");
            ExitCode::from(64)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.cmd {
        Cmd::Gen {
            seed,
            known_bugs,
            data_model,
            grid,
            recursion,
            arrays,
            contracts,
            truth,
        } => {
            if contracts {
                let mut rng = ara::cli::difftest::rng::Rng::new(seed ^ 0x5eed);
                let c = ara::cli::difftest::contracts::case(&mut rng);
                println!("// {}\n// ensures {}", c.what, c.ensures);
                print!("{}", if truth { &c.truth_text } else { &c.text });
                return Ok(ExitCode::SUCCESS);
            }
            let cfg = GenConfig {
                known_bugs: KnownBugs::parse(&known_bugs)?,
                dm: dm(data_model),
                grid,
                recursion,
                arrays,
                contracts: false,
            };
            let p = generate(seed, &cfg);
            println!("// seed {seed}, unwind {}", p.unwind_bound());
            match truth {
                true => print!("{}", print_for_truth(&p)),
                false => print!("{}", print_program(&p)),
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Reduce {
            seed,
            strategy,
            known_bugs,
            grid,
            recursion,
            arrays,
            ara,
            timeout,
            reduce_seconds,
        } => {
            let tools = Tools::find(ara_binary(ara)?).map_err(|e| e.to_string())?;
            let s = parse_strategies(&strategy)?[0];
            let o = RunOptions {
                seconds: 0,
                max_programs: None,
                seed: 0,
                jobs: 1,
                out: PathBuf::from("."),
                generator: GenConfig {
                    known_bugs: KnownBugs::parse(&known_bugs)?,
                    dm: None,
                    grid,
                    recursion,
                    arrays,
                    contracts: false,
                },
                mutant_pct: 0,
                corpus: None,
                budgets: Budgets {
                    ara: Duration::from_secs(timeout),
                    ..Budgets::default()
                },
                reduce: true,
                reduce_budget: Duration::from_secs(reduce_seconds),
                strategies: vec![s],
                verbose: false,
            };
            print!("{}", reduce_seed(&tools, &o, seed, s)?);
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Run {
            seconds,
            programs,
            seed,
            jobs,
            out,
            known_bugs,
            data_model,
            ara,
            timeout,
            esbmc_timeout,
            mutants,
            corpus,
            no_reduce,
            reduce_seconds,
            strategies,
            grid,
            recursion,
            arrays,
            contracts,
            verbose,
        } => {
            let tools = Tools::find(ara_binary(ara)?).map_err(|e| e.to_string())?;
            let strategies = parse_strategies(&strategies)?;
            let corpus = corpus.or_else(|| {
                let d = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("bench-suite/corpus");
                d.is_dir().then_some(d)
            });
            let o = RunOptions {
                seconds,
                max_programs: programs,
                seed,
                jobs,
                out,
                generator: GenConfig {
                    known_bugs: KnownBugs::parse(&known_bugs)?,
                    dm: dm(data_model),
                    grid,
                    recursion,
                    arrays,
                    contracts,
                },
                // The recursion, array-parameter or contracts class is the whole run: no
                // corpus mutants.
                mutant_pct: if recursion || arrays || contracts {
                    0
                } else {
                    mutants
                },
                corpus,
                budgets: Budgets {
                    esbmc: Duration::from_secs(esbmc_timeout),
                    ara: Duration::from_secs(timeout),
                    ..Budgets::default()
                },
                reduce: !no_reduce,
                reduce_budget: Duration::from_secs(reduce_seconds),
                strategies: if contracts {
                    vec![Strategy::Validate]
                } else {
                    strategies.clone()
                },
                verbose,
            };
            // SIGINT/SIGTERM: stop the running cases, report what finished (a second signal
            // ends the tester at once).
            ara::base::tools::handle_interrupts();
            let counts = run_timed(&tools, &o);
            if let Some(sig) = ara::base::tools::interrupted() {
                println!("interrupted ({sig:?}): the cases still running are not counted");
            }
            print!("{}", counts.report(&o.strategies));
            Ok(if counts.disagreements() > 0 {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
    }
}
