//! Function contracts of correctness witnesses (format 2.1) for programs with procedures:
//! writing a proof by procedure summaries as contracts, and validating contracts.
//!
//! Takes the program's procedural form ([`ProcProgram`]), its source file and the summaries
//! ([`ProcedureSummary`]) or a witness's [`Contract`]s; gives the witness's items, or a
//! [`Validation`].
//!
//! A summary `sum_f(P, G, R, G')` of the Horn engine relates a procedure's parameters and
//! the globals at its entry to its result and the globals at its return; as a contract it is
//! `requires: 1` and `ensures:` the summary in ACSL terms (`n` a parameter's value at the entry,
//! `\old(g)` a global's, `\result`, `g` a global at the return; `format: acsl_expression`),
//! located at the function's definition.
//!
//! Validation ([`validate_contracts`]): each `ensures` is read by ara's front end
//! ([`super::cexpr`], over a declaration of the summary's arguments with `\old(g)` and
//! `\result` renamed to plain identifiers), put into SMT, and the program's Horn clauses with
//! procedure summaries are checked with each contract as its procedure's summary
//! ([`summary::check_given`]: the contract assumed at every call, required at every return,
//! the rest of the certificate found by Spacer and everything checked by ara in bit-vectors).
//! CONFIRMED only when that check passes: the contracts then hold of every activation and the
//! error is unreachable (why: substituting a predicate's definition for its atoms is how a
//! clause is evaluated under an interpretation, so the check is `certify::check_clauses` of the
//! program's clauses with the contracts as the summaries, the argument of
//! `engines::horn::summary`'s module doc). A contract ara cannot read, a `requires` other than
//! true, a contract of no procedure it summarises, or a failed check give UNKNOWN (the
//! contracts may be true and not inductive); a witness with no contract is checked with
//! Spacer finding every summary; `loop_invariant`s of a program with procedures are not
//! checked (noted), and the writer states none.
//! The writer keeps only contracts ara's validation confirms ([`contracts_witness`]).

use super::cexpr::{self, Scope};
use super::format::{Contract, ContractItem, Location, SetItem, Validation};
use super::source::SourceText;
use super::write::Provenance;
use crate::base::tools::{Limits, Tool, find_tool};
use crate::engines::ProcedureSummary;
use crate::engines::horn::summary;
use crate::engines::smt::{ExprEncoder, Theory};
use crate::frontend::{FrontendOptions, parse_source};
use crate::ir::procs::{ProcId, ProcProgram};
use crate::ir::{IntType, VarId};
use std::collections::BTreeMap;
use std::time::Duration;

/// The contract of a summary of `pp`'s procedure `summary.procedure`.
pub fn contract_of(pp: &ProcProgram, src: &SourceText, s: &ProcedureSummary) -> Option<Contract> {
    let f = pp.procs.iter().find(|f| f.name == s.procedure)?;
    Some(Contract {
        kind: "function_contract".into(),
        location: Location {
            file_name: src.path.clone(),
            line: f.span.line,
            column: Some(f.span.col.max(1)),
            function: Some(f.name.clone()),
        },
        requires: "1".into(),
        ensures: s.ensures.clone(),
        format: "acsl_expression".into(),
    })
}

/// The argument names of `f`'s summary as identifiers the front end reads (`\old(g)` is
/// `ara_old_g`, `\result` `ara_result`), with their types, in the summary's order.
fn identifiers(pp: &ProcProgram, id: ProcId) -> Vec<(String, IntType)> {
    let f = pp.proc(id);
    let name = |v: VarId| {
        let d = &pp.program.var(v).display;
        d.rsplit("::").next().unwrap_or(d).to_string()
    };
    let ty = |v: VarId| pp.program.var(v).ty;
    let globals = pp.globals();
    let mut out: Vec<(String, IntType)> = f.params.iter().map(|&v| (name(v), ty(v))).collect();
    out.extend((globals.iter()).map(|&g| (format!("{OLD}{}", name(g)), ty(g))));
    if let Some(r) = f.ret {
        out.push((RESULT.into(), ty(r)));
    }
    out.extend(globals.iter().map(|&g| (name(g), ty(g))));
    out
}

const OLD: &str = "ara_old_";
const RESULT: &str = "ara_result";

/// `\old(x)` as `ara_old_x`, `\result` as `ara_result`.
fn plain_c(ensures: &str) -> String {
    let re = regex::Regex::new(r"\\old\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)").expect("a regex");
    re.replace_all(ensures, format!("{OLD}$1").as_str())
        .replace("\\result", RESULT)
}

/// `ensures` of `f` as an SMT formula over the summary's arguments `p0 … pn-1`.
fn ensures_smt(pp: &ProcProgram, id: ProcId, ensures: &str) -> Result<String, String> {
    let names = identifiers(pp, id);
    let mut seen = std::collections::BTreeSet::new();
    if !names.iter().all(|(n, _)| seen.insert(n.clone())) {
        return Err(
            "a parameter has the name of a global (the contract's names are ambiguous)".into(),
        );
    }
    let decls: String = (names.iter())
        .map(|(n, t)| format!("{} {n};\n", t.c_name()))
        .collect();
    let opts = FrontendOptions {
        data_model: pp.program.data_model,
        ..Default::default()
    };
    let tiny = parse_source(
        &format!("{decls}int main(void) {{ return 0; }}\n"),
        "contract",
        &opts,
    )
    .map_err(|e| format!("the contract's names: {e}"))?;
    let e = cexpr::parse(&tiny, &Scope::of(&tiny), &plain_c(ensures))?;
    let env: Vec<String> = (tiny.vars.iter())
        .map(|v| {
            (names.iter().position(|(n, _)| *n == v.display))
                .map_or_else(|| "false".into(), |i| format!("p{i}"))
        })
        .collect();
    let mut enc = ExprEncoder::new(&tiny, Theory::BitVector);
    let t = enc.truth(&e, &env, 0).map_err(|e| e.to_string())?;
    if !enc.take_fresh().is_empty() {
        return Err(format!("`{ensures}` needs values ara cannot name"));
    }
    Ok(t)
}

/// The procedure a contract is of: the function its location names, else the one defined at
/// its line.
fn procedure_of(pp: &ProcProgram, c: &Contract) -> Option<ProcId> {
    let k = match &c.location.function {
        Some(f) => pp.procs.iter().position(|p| &p.name == f)?,
        None => pp
            .procs
            .iter()
            .position(|p| p.span.line == c.location.line)?,
    };
    Some(ProcId(k as u32))
}

/// Whether `text` states nothing (`1`, `true`).
fn trivially_true(text: &str) -> bool {
    matches!(text.trim(), "" | "1" | "true" | "\\true")
}

/// The answer for the function contracts of a witness about `pp` (module doc), with notes.
pub fn validate_contracts(
    pp: &ProcProgram,
    contracts: &[Contract],
    timeout: Duration,
) -> (Validation, Vec<String>) {
    let mut given = BTreeMap::new();
    for c in contracts {
        let Some(id) = procedure_of(pp, c) else {
            return (
                Validation::Unknown(format!(
                    "the contract at line {} is of no procedure of the program",
                    c.location.line
                )),
                vec![],
            );
        };
        let name = &pp.proc(id).name;
        if !trivially_true(&c.requires) {
            return (
                Validation::Unknown(format!(
                    "the contract of {name} requires `{}`: ara checks contracts requiring nothing",
                    c.requires
                )),
                vec![],
            );
        }
        match ensures_smt(pp, id, &c.ensures) {
            Ok(t) => {
                given.insert(format!("sum_{name}"), t);
            }
            Err(why) => {
                return (
                    Validation::Unknown(format!("the contract of {name}: {why}")),
                    vec![],
                );
            }
        }
    }
    let z3 = match find_tool(Tool::Z3, None) {
        Ok(z) => z,
        Err(e) => return (Validation::Unknown(format!("no Z3: {e}")), vec![]),
    };
    let limits = Limits {
        timeout: Some(timeout),
        memory_mb: None,
    };
    let v = match summary::check_given(&z3, pp, &given, &limits) {
        Ok(()) => Validation::Confirmed(format!(
            "the {} function contracts, assumed at every call and required at every return, \
             prove the program (ara's bit-vector check of every clause)",
            given.len()
        )),
        Err(why) => Validation::Unknown(why),
    };
    (v, vec![])
}

/// The items of a correctness witness of a proof by `summaries` of `pp`: the contracts, when
/// ara's validation ([`validate_contracts`], within `timeout`) confirms them; else none. With
/// notes on what was left out.
pub fn contracts_witness(
    pp: &ProcProgram,
    src: &SourceText,
    summaries: &[ProcedureSummary],
    timeout: Duration,
) -> (Vec<SetItem>, Vec<String>) {
    let contracts: Vec<Contract> = (summaries.iter())
        .filter_map(|s| contract_of(pp, src, s))
        .collect();
    if contracts.is_empty() {
        return (vec![], vec!["the proof names no procedure summary".into()]);
    }
    match validate_contracts(pp, &contracts, timeout) {
        (Validation::Confirmed(_), notes) => (
            contracts
                .into_iter()
                .map(|contract| SetItem::Contract(ContractItem { contract }))
                .collect(),
            notes,
        ),
        (v, mut notes) => {
            notes.push(format!(
                "the contracts are not confirmed by ara validate: {v}"
            ));
            (vec![], notes)
        }
    }
}

/// The YAML correctness witness of a proof by `summaries` of `pp` (from `file`), and notes.
pub fn summaries_witness_for(
    pp: &ProcProgram,
    file: &std::path::Path,
    specification: &str,
    summaries: &[ProcedureSummary],
    timeout: Duration,
) -> Result<(String, Vec<String>), String> {
    let src = SourceText::read(file)?;
    let (items, mut notes) = contracts_witness(pp, &src, summaries, timeout);
    if items.is_empty() {
        notes.push("the witness states no invariant or contract".into());
    }
    let w = super::correctness::invariant_set(
        &src,
        specification,
        pp.program.data_model,
        items,
        &Provenance::now(),
    );
    Ok((w.to_yaml(), notes))
}
