//! `ara bmc`: one checker (or one Horn engine) on a program, or on a file `ara abstract
//! --markers` wrote, its answer and trace on the CFG of the original: a developer's view.

use super::*;

/// The arguments of `ara bmc`.
#[derive(Args)]
pub struct BmcArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub checker: CheckerArgs,
    /// Bounded model checking with this unwinding bound (SAFE only if every loop is
    /// fully unwound).
    #[arg(long, conflicts_with_all = ["k_induction", "auto"])]
    pub unwind: Option<u32>,
    /// k-induction (ESBMC).
    #[arg(long, conflicts_with = "auto")]
    pub k_induction: bool,
    /// Pick the mode automatically (the default): k-induction, then incremental BMC.
    #[arg(long)]
    pub auto: bool,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

/// `ara bmc`: the bounded checker (or with `--engine horn`/`horn-cells` a Horn engine) on
/// the program, its answer on ara's CFG.
pub fn run(args: BmcArgs) -> Result<i32, AraError> {
    let BmcArgs {
        input,
        checker,
        unwind,
        k_induction,
        auto: _,
        json,
    } = args;
    let mode = match (unwind, k_induction) {
        (Some(n), _) => crate::checkers::Mode::Unwind(n),
        (None, true) => crate::checkers::Mode::KInduction { max_k: 50 },
        (None, false) => crate::checkers::Mode::Auto,
    };
    match checker.engines(crate::engines::race::EngineChoice::Bounded) {
        crate::engines::race::EngineChoice::Bounded => bmc(&input, &checker, mode, json),
        _ => bmc_horn(&input, &checker, json),
    }
}

/// The JSON report of `ara bmc`: the checker's verdict at the top (`verdict`, with `how` or
/// `reason`; `ara batch` reads it), its raw outcome, the trace as a CFG path.
#[derive(serde::Serialize)]
struct BmcJson<'a> {
    file: String,
    cfg_of: &'a str,
    #[serde(flatten)]
    verdict: &'a crate::checkers::Verdict,
    outcome: &'a crate::checkers::CheckerOutcome,
    path: &'a [u32],
    path_is_cfg_path: bool,
    nondet_values: &'a [crate::checkers::NondetValue],
}

/// `ara bmc --engine horn`: the Horn-clause engine on the program (its SAFE carries the
/// checked invariants; its error path is a path of the program's CFG). `--engine horn-cells`:
/// the cell-morphing engine instead (`ara check --engine horn-cells` explains its answer as
/// every check's: `strategy::one`).
fn bmc_horn(input: &InputArgs, chk: &CheckerArgs, json: bool) -> Result<i32, AraError> {
    use crate::engines::horn::{Horn, morph::HornCells};
    use crate::engines::{Budget, Engine, EngineVerdict};
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
    mode: crate::checkers::Mode,
    json: bool,
) -> Result<i32, AraError> {
    use crate::checkers::Verdict;
    use crate::engines::{Budget, EngineVerdict, bmc::Bmc};
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
    let cfg = crate::ir::cfg::Cfg::build(&p);
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
            out!(
                "{}",
                crate::engines::concrete::describe_path(&p, &cfg, &path)
            );
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
