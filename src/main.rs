//! The `ara` command line: parse the arguments, dispatch to the command (`ara::cli::commands`,
//! `ara::cli::batch`), map errors to exit codes.

use ara::base::error::{AraError, exit};
use ara::cli::commands;
use clap::{Parser, Subcommand};
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

#[derive(Subcommand)]
enum Command {
    /// Print the control-flow graph (one line per vertex; vertex 0 is the error vertex).
    Cfg(commands::CfgArgs),
    /// Write the index-set abstraction of a program as array-free C.
    Abstract(commands::AbstractArgs),
    /// Write the witness-index transformation of a program: array-free, loop-free C that
    /// over-approximates it (one witness index per array size, each loop body once).
    Witness(commands::WitnessArgs),
    /// Run a checker on a program (an original, or one written by `ara abstract`) and map its
    /// answer onto ara's CFG.
    Bmc(commands::bmc::BmcArgs),
    /// Decide whether the error is reachable: abstraction refinement over array indexes
    /// with an SMT feasibility check of each abstract counterexample.
    Check(commands::check::CheckArgs),
    /// Run `ara check` over SV-COMP task files (`*.yml`) in parallel: results.csv/json/html,
    /// the SV-COMP score, exit code 30 if any verdict is wrong.
    Batch(ara::cli::batch::BatchArgs),
    /// Check an SV-COMP witness (YAML, format 2.0): a violation witness by running the
    /// program on its inputs. CONFIRMED (exit 10), REJECTED (exit 40) or UNKNOWN (exit 20).
    Validate(commands::ValidateArgs),
}

fn run(cli: Cli) -> Result<i32, AraError> {
    match cli.command {
        Command::Cfg(args) => commands::cfg(args),
        Command::Abstract(args) => commands::abstract_c(args),
        Command::Witness(args) => commands::witness(args),
        Command::Bmc(args) => commands::bmc::run(args),
        Command::Check(args) => commands::check::run(args),
        Command::Batch(args) => ara::cli::batch::main(args),
        Command::Validate(args) => commands::validate(&args),
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
    // Deep syntax trees make deep recursion: the command runs on a thread with a big stack
    // (reserved, touched only as used; smaller under an address-space limit), and so does
    // every thread it starts for such work (`tools::spawn_deep`).
    ara::base::tools::trace_start();
    ara::base::tools::fit_address_space();
    ara::base::tools::handle_interrupts();
    let (tx, rx) = std::sync::mpsc::channel();
    let worker = ara::base::tools::spawn_deep("ara", move || {
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
        // A printed verdict is the answer: at the command's end the extra work after it (a
        // witness, a playback harness) stops with it, its checkers killed. Without one a
        // moment later, the command's fallback (an UNKNOWN at the time limit) is printed
        // for it: an answer is given in time whatever ara is still doing.
        if let Some((code, fallback)) = ara::base::tools::answer_at_end() {
            ara::base::tools::kill_all_running();
            if fallback {
                eprintln!("ara: the time limit was reached before an answer: the check is stopped");
            } else {
                eprintln!(
                    "ara: the time limit was reached after the verdict: what still ran after it \
                     (a witness, a harness, cleaning up) is stopped"
                );
            }
            return code;
        }
        if let Some(by) = ara::base::tools::interrupted() {
            let t = *since.get_or_insert_with(std::time::Instant::now);
            if t.elapsed() > INTERRUPT_GRACE {
                ara::base::tools::kill_all_running();
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
        Err(e) if ara::base::tools::interrupted().is_some() => {
            let by = ara::base::tools::interrupted()
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
