//! `ara bmc`: one checker (or one Horn engine) on a program, or on a file `ara abstract
//! --markers` wrote, its answer and trace on the CFG of the original: a developer's view.
//! The first line says the answer in words as `ara check` does (`explain::explain_engine`: a
//! counterexample is a lead, not confirmed by a run); the engine and its raw answer only with
//! `--verbose`; `--json` adds the same `explanation` as `ara check`'s.

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
    /// After the answer, print the engine, its raw answer and its time.
    #[arg(long, short)]
    pub verbose: bool,
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
        verbose,
    } = args;
    let shown = Shown { json, verbose };
    let mode = match (unwind, k_induction) {
        (Some(n), _) => crate::engines::checkers::Mode::Unwind(n),
        (None, true) => crate::engines::checkers::Mode::KInduction { max_k: 50 },
        (None, false) => crate::engines::checkers::Mode::Auto,
    };
    match checker.engines(crate::engines::race::EngineChoice::Bounded) {
        crate::engines::race::EngineChoice::Bounded => bmc(&input, &checker, mode, shown),
        _ => bmc_horn(&input, &checker, shown),
    }
}

/// How `ara bmc` prints its answer.
#[derive(Clone, Copy)]
struct Shown {
    json: bool,
    verbose: bool,
}

/// The answer of `engine` on `p` in words (`on`: the program it checked), for `ara bmc`.
fn explained(
    p: &crate::ir::Program,
    v: &crate::engines::EngineVerdict,
    on: crate::engines::verdict::Subject,
) -> crate::strategy::explain::Explanation {
    let source = std::fs::read_to_string(&p.file).ok();
    crate::strategy::explain::explain_engine(p, v, on, source.as_deref())
}

/// The JSON report of `ara bmc`: the checker's verdict at the top (`verdict`, with `how` or
/// `reason`; `ara batch` reads it), its raw outcome, the trace as a CFG path.
#[derive(serde::Serialize)]
struct BmcJson<'a> {
    file: String,
    cfg_of: &'a str,
    #[serde(flatten)]
    verdict: &'a crate::engines::checkers::Verdict,
    outcome: &'a crate::engines::checkers::CheckerOutcome,
    path: &'a [u32],
    path_is_cfg_path: bool,
    nondet_values: &'a [crate::engines::checkers::NondetValue],
    /// The answer in words, as `ara check` gives it.
    explanation: &'a crate::strategy::explain::Explanation,
}

/// `ara bmc --engine horn`: the Horn-clause engine on the program (its SAFE carries the
/// checked invariants; its error path is a path of the program's CFG). `--engine both`: it and
/// the bounded checker side by side (`engines::race`). `--engine horn-cells`:
/// the cell-morphing engine instead (`ara check --engine horn-cells` explains its answer as
/// every check's: `strategy::one`).
fn bmc_horn(input: &InputArgs, chk: &CheckerArgs, shown: Shown) -> Result<i32, AraError> {
    use crate::engines::horn::{Horn, morph::HornCells};
    use crate::engines::{Budget, Engine, EngineVerdict, bmc::Bmc};
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
        // Both side by side, the first proof wins (`engines::race`).
        Some(EngineArg::Both) => {
            let mut opts = chk.options(p.data_model);
            opts.keep_dir = chk.keep.clone();
            let bounded = Bmc::new(
                opts,
                "program",
                format!("ara bmc: {}", input.file.display()),
            );
            let horn = Horn::default();
            let entrants: [(&dyn Engine, Budget); 2] =
                [(&bounded, budget.clone()), (&horn, budget)];
            crate::engines::race::race(&p, &entrants)?
        }
        _ => Horn::default().check(&p, &budget)?,
    };
    let e = explained(&p, &o.verdict, crate::engines::verdict::Subject::Original);
    if shown.json {
        let v = serde_json::json!({
            "file": input.file.display().to_string(),
            "outcome": &o,
            "explanation": &e,
        });
        outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    } else {
        out!(
            "{}",
            e.text(None, &crate::strategy::explain::Written::default())
        );
        if let EngineVerdict::Counterexample(c) = &o.verdict {
            let cfg = crate::ir::cfg::Cfg::build(&p);
            outln!("path ({} vertices):", c.path.len());
            out!(
                "{}",
                crate::engines::concrete::describe_path(&p, &cfg, &c.path)
            );
        }
        if shown.verbose {
            outln!("details:");
            outln!("  {} by {} in {:.1} s", o.verdict, o.engine, o.time_s);
            if let EngineVerdict::Proved(proof) = &o.verdict {
                out!("{}", proof.invariant_lines());
            }
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
    mode: crate::engines::checkers::Mode,
    shown: Shown,
) -> Result<i32, AraError> {
    use crate::engines::checkers::Verdict;
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
        None => match load(input) {
            Ok(p) => (p, None),
            Err(AraError::Recursion { .. }) => return bmc_source(input, chk, mode, shown),
            Err(e) => return Err(e),
        },
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
    let on = match &marked {
        Some(_) => crate::engines::verdict::Subject::Abstraction { iteration: 0 },
        None => crate::engines::verdict::Subject::Original,
    };
    let e = explained(&p, &run.outcome.verdict, on);
    if shown.json {
        let v = BmcJson {
            file: input.file.display().to_string(),
            cfg_of: &p.file,
            verdict: &out.verdict,
            outcome: out,
            path: &path,
            path_is_cfg_path: valid_path,
            nondet_values: &nondets,
            explanation: &e,
        };
        outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    } else {
        out!(
            "{}",
            e.text(None, &crate::strategy::explain::Written::default())
        );
        if matches!(out.verdict, Verdict::Unsafe) {
            match &marked {
                Some(o) => outln!(
                    "path ({} vertices of the CFG of {}):",
                    path.len(),
                    o.display()
                ),
                None => outln!("path ({} vertices):", path.len()),
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
        if shown.verbose {
            let time = out.time.as_secs_f64();
            outln!("details:");
            outln!("  {} by {} in {time:.1} s", out.verdict, run.outcome.engine);
            outln!("  command: {}", out.command.join(" "));
        }
    }
    Ok(match out.verdict {
        Verdict::Safe { .. } => exit::OK,
        Verdict::Unsafe => exit::UNSAFE,
        Verdict::Unknown { .. } => exit::UNKNOWN,
    })
}

/// `ara bmc` on a program the front end refuses only for recursion: the checker on the
/// user's own file (it unwinds the recursion itself), its answer as it gives it, as on
/// ara's translation (`ara batch --baseline esbmc` reads it: plain ESBMC beside ara).
fn bmc_source(
    input: &InputArgs,
    chk: &CheckerArgs,
    mode: crate::engines::checkers::Mode,
    shown: Shown,
) -> Result<i32, AraError> {
    use crate::engines::checkers::Verdict;
    let mut opts = chk.options(super::data_model(input.data_model));
    opts.mode = mode;
    opts.keep_dir = chk.keep.clone();
    let out = crate::engines::checkers::check_file(&input.file, &opts)?;
    if shown.json {
        let mut j = serde_json::to_value(&out.verdict).unwrap_or_default();
        j["file"] = input.file.display().to_string().into();
        j["on"] = "source".into();
        j["outcome"] = serde_json::to_value(&out).unwrap_or_default();
        outln!("{}", serde_json::to_string_pretty(&j).unwrap_or_default());
    } else {
        outln!(
            "{} (the checker on your source: ara's front end does not take recursion)",
            out.verdict
        );
        if shown.verbose {
            outln!("  command: {}", out.command.join(" "));
        }
    }
    Ok(match out.verdict {
        Verdict::Safe { .. } => exit::OK,
        Verdict::Unsafe => exit::UNSAFE,
        Verdict::Unknown { .. } => exit::UNKNOWN,
    })
}
