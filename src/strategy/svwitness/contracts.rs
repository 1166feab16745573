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
//! `\result` renamed to plain identifiers; a cell's quantifier as below), put into SMT, and
//! the program's Horn clauses with procedure summaries are checked with each contract as its
//! procedure's summary
//! ([`summary::check_given`]: the contract assumed at every call, required at every return,
//! the rest of the certificate found by Spacer and everything checked by ara in bit-vectors).
//! CONFIRMED only when that check passes: the contracts then hold of every activation and the
//! error is unreachable (why: substituting a predicate's definition for its atoms is how a
//! clause is evaluated under an interpretation, so the check is `certify::check_clauses` of the
//! program's clauses with the contracts as the summaries, the argument of
//! `engines::horn::summary`'s module doc). A contract ara cannot read, a `requires` other than
//! true, a contract of no procedure it summarises, a quantified form other than the one
//! below, or a failed check give UNKNOWN (the contracts may be true and not inductive); a
//! witness with no contract is checked with
//! Spacer finding every summary; `loop_invariant`s of a program with procedures are not
//! checked (noted), and the writer states none.
//! The writer keeps only contracts ara's validation confirms ([`contracts_witness`]).
//!
//! ## Contracts over arrays
//!
//! A summary over the tracked cell of a global array `a[N]` (`engines::horn::sumcells`) is
//! written `\forall integer w1; 0 <= w1 < N ==> body`, `a[w1]` the element at the return and
//! `\old(a[w1])` at the entry (ACSL; `summary::ContractArg`). Reading ([`quantified_c`]): the
//! quantifiers opening the text, each exactly `\forall integer x; 0 <= x < M ==>` with `M` a
//! literal at most the array's size; each `x` must index exactly one array of the
//! procedure's summary, in the body only as `a[x]` and `\old(a[x])`, and no array may have
//! two variables. `a[x]` becomes the cell's element, `\old(a[x])` its entry copy, `x` the
//! cell's index `w`, and the body is required only in the range: `w < 0 || w >= M ||
//! (body)`. The array itself is no name of the reading, so `a[0]`, `a[x + 1]`, `a[(x)]` are
//! not read; nor is a quantifier or `==>` inside, a variable named like a parameter, global
//! or array, a name starting with `ara_` (the reading's own), parentheses that close more
//! than they open, or a comparison of a comparison (`0 <= x < n` is a chain in ACSL and
//! `(0 <= x) < n` in C). The definition is then checked by `summary::check_given`, whose
//! module doc argues why the instantiated definition at an arbitrary `w` is the quantified
//! contract (α has one tuple per in-range `w`). A narrower range (`M < N`) is a weaker
//! contract, checked as written.
//!
//! What a contract's expression means: ACSL's arithmetic is over mathematical integers, with
//! no wrapping and no conversion; C's wraps and converts. The `ensures` text is parsed as C
//! (names and types) and read as ACSL does (`ExprEncoder::integer_reading`: the value over the
//! integers, computed exactly in wide bit-vectors, conjoined with the condition that it is
//! defined: no division by zero, no out-of-range explicit cast, shifts by `0 .. 64`). So
//! `\result == n + k` of an unsigned add, true in C by wrapping, is false at `n == UINT_MAX`
//! and not confirmed, and `n <= -1` of an unsigned `n` is false, as in ACSL.

use super::cexpr::{self, Scope};
use super::format::{Contract, ContractItem, Location, SetItem, Validation};
use super::source::SourceText;
use super::write::Provenance;
use crate::base::tools::{Limits, Tool, find_tool};
use crate::engines::ProcedureSummary;
use crate::engines::horn::summary::{self, ContractArg, GivenContract};
use crate::engines::smt::{ExprEncoder, Theory};
use crate::frontend::{FrontendOptions, parse_source};
use crate::ir::procs::{ProcId, ProcProgram};
use crate::ir::{BinOp, Expr, IntType};
use std::collections::BTreeMap;
use std::time::Duration;

/// The contract of a summary of `pp`'s procedure `summary.procedure`.
/// `None` also when the summary has no ACSL form (`ensures` empty: over an array a contract
/// does not name, `summary::ContractArg`).
pub fn contract_of(pp: &ProcProgram, src: &SourceText, s: &ProcedureSummary) -> Option<Contract> {
    if s.ensures.is_empty() {
        return None;
    }
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

/// The identifier a contract's reading declares for one argument of a summary (`\old(g)` is
/// `ara_old_g`, `\result` `ara_result`, a cell of `a` `ara_w_a`, `ara_old_cell_a`,
/// `ara_cell_a`: names a witness may not write itself, [`RESERVED`]).
fn identifier(arg: &ContractArg) -> String {
    match arg {
        ContractArg::Param(n) | ContractArg::Global(n) => n.clone(),
        ContractArg::Old(g) => format!("{OLD}{g}"),
        ContractArg::Result => RESULT.into(),
        ContractArg::Index { array, .. } => format!("ara_w_{array}"),
        ContractArg::OldCell(a) => format!("ara_old_cell_{a}"),
        ContractArg::Cell(a) => format!("ara_cell_{a}"),
    }
}

const OLD: &str = "ara_old_";
const RESULT: &str = "ara_result";
/// The prefix of the identifiers ara's reading introduces: a contract naming one is refused.
const RESERVED: &str = "ara_";

/// `\old(x)` as `ara_old_x`, `\result` as `ara_result`.
fn plain_c(ensures: &str) -> String {
    let re = regex::Regex::new(r"\\old\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)").expect("a regex");
    re.replace_all(ensures, format!("{OLD}$1").as_str())
        .replace("\\result", RESULT)
}

/// One quantifier of a contract: `\forall integer x; 0 <= x < bound ==>`.
struct Quantifier {
    var: String,
    bound: u64,
}

/// The quantifiers that open `text` (`\forall integer x; 0 <= x < 1000 ==> …`, the form ara
/// writes: the range exactly `0 <= x < N` with `N` a decimal literal) and the rest.
fn quantifiers(text: &str) -> Result<(Vec<Quantifier>, &str), String> {
    let re = regex::Regex::new(
        r"^\s*\\forall\s+integer\s+([A-Za-z_][A-Za-z0-9_]*)\s*;\s*0\s*<=\s*([A-Za-z_][A-Za-z0-9_]*)\s*<\s*([0-9]+)\s*==>",
    )
    .expect("a regex");
    let mut out = vec![];
    let mut rest = text;
    while let Some(m) = re.captures(rest) {
        let (var, again) = (&m[1], &m[2]);
        if var != again {
            return Err(format!("the range of `{var}` is not `0 <= {var} < N`"));
        }
        let bound = (m[3].parse::<u64>()).map_err(|_| format!("the bound of `{var}`"))?;
        out.push(Quantifier {
            var: var.to_string(),
            bound,
        });
        rest = &rest[m.get(0).map_or(0, |g| g.end())..];
    }
    if rest.contains("\\forall") || rest.contains("\\exists") || rest.contains("==>") {
        return Err("a quantifier or implication inside the formula (ara reads \
                    `\\forall integer x; 0 <= x < N ==> …` opening the contract only)"
            .into());
    }
    Ok((out, rest))
}

/// Whether the parentheses of `text` balance without closing more than opened (the body is
/// put inside parentheses: it must not close them).
fn balanced(text: &str) -> bool {
    let mut depth = 0i64;
    for ch in text.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

/// `ensures` of `f` as one C expression over the identifiers of its summary's arguments
/// ([`identifier`]): each quantified variable bound to the one array it indexes (`a[x]` the
/// cell's element at the return, `\old(a[x])` at the entry, `x` the cell's index), and the
/// body required only in the range (`x < 0 || x >= N || (body)`). Every other form of a
/// quantified contract is refused: the variable indexing no array, or two; an array indexed
/// by two variables, or at another index (`a[x + 1]`, `a[0]`: the array itself is no name of
/// the reading); a bound beyond the array's size; a variable with the name of a parameter or
/// global.
fn quantified_c(args: &[(ContractArg, IntType)], ensures: &str) -> Result<String, String> {
    let (qs, body) = quantifiers(ensures)?;
    let word = |w: &str| regex::Regex::new(&format!(r"\b{}\b", regex::escape(w))).expect("a regex");
    if regex::Regex::new(&format!(r"\b{RESERVED}"))
        .expect("a regex")
        .is_match(ensures)
    {
        return Err(format!("names starting with `{RESERVED}` are ara's own"));
    }
    if !balanced(body) {
        return Err("its parentheses do not balance".into());
    }
    let taken: Vec<String> = (args.iter())
        .filter_map(|(a, _)| match a {
            ContractArg::Param(n) | ContractArg::Global(n) | ContractArg::Old(n) => Some(n),
            ContractArg::Index { array, .. } => Some(array),
            _ => None,
        })
        .cloned()
        .collect();
    let mut text = body.to_string();
    let mut guards = vec![];
    let mut bound_arrays: Vec<String> = vec![];
    for (k, q) in qs.iter().enumerate() {
        let x = &q.var;
        if taken.contains(x) || qs[..k].iter().any(|p| &p.var == x) {
            return Err(format!(
                "the quantified `{x}` has the name of a variable, an array or another \
                 quantified variable"
            ));
        }
        let at = |a: &str| {
            regex::Regex::new(&format!(
                r"\b{}\s*\[\s*{}\s*\]",
                regex::escape(a),
                regex::escape(x)
            ))
            .expect("a regex")
        };
        let indexed: Vec<(&String, u64)> = (args.iter())
            .filter_map(|(a, _)| match a {
                ContractArg::Index { array, size } if at(array).is_match(&text) => {
                    Some((array, *size))
                }
                _ => None,
            })
            .collect();
        let [(array, size)] = indexed.as_slice() else {
            return Err(format!(
                "the quantified `{x}` indexes {} arrays of the procedure's summary (one: its \
                 cell)",
                indexed.len()
            ));
        };
        if bound_arrays.contains(array) {
            return Err(format!("two quantified variables index {array}"));
        }
        if q.bound > *size {
            return Err(format!("`{x}` ranges beyond {array}'s {size} elements"));
        }
        let old = regex::Regex::new(&format!(
            r"\\old\s*\(\s*{}\s*\[\s*{}\s*\]\s*\)",
            regex::escape(array),
            regex::escape(x)
        ))
        .expect("a regex");
        text = old
            .replace_all(&text, format!("ara_old_cell_{array}").as_str())
            .into_owned();
        text = at(array)
            .replace_all(&text, format!("ara_cell_{array}").as_str())
            .into_owned();
        let w = format!("ara_w_{array}");
        text = word(x).replace_all(&text, w.as_str()).into_owned();
        guards.push(format!("({w} < 0) || ({w} >= {}) || ", q.bound));
        bound_arrays.push(array.to_string());
    }
    Ok(format!("{}({})", guards.concat(), plain_c(text.trim())))
}

/// `ensures` of `f` as an SMT formula over the summary's arguments `p0 … pn-1`.
fn ensures_smt(pp: &ProcProgram, name: &str, ensures: &str) -> Result<GivenContract, String> {
    let args = summary::contract_args(pp, name)?;
    let names: Vec<(String, IntType)> = (args.iter()).map(|(a, t)| (identifier(a), *t)).collect();
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
    let e = cexpr::parse_acsl(&tiny, &Scope::of(&tiny), &quantified_c(&args, ensures)?)?;
    // `cexpr::parse` reads the text as `(TEXT) != 0`: the comparison ara added is no chain.
    let text = match &e {
        Expr::Binary(BinOp::Ne, x, z) if matches!(**z, Expr::Const(0, _)) => x,
        other => other,
    };
    if chained(text) {
        return Err(
            "a comparison of a comparison (`a < b < c` is a chain in ACSL, not in C)".into(),
        );
    }
    let env: Vec<String> = (tiny.vars.iter())
        .map(|v| {
            (names.iter().position(|(n, _)| *n == v.display))
                .map_or_else(|| "false".into(), |i| format!("p{i}"))
        })
        .collect();
    let mut enc = ExprEncoder::new(&tiny, Theory::BitVector);
    // ACSL's arithmetic is mathematical (module doc): the integer reading, not C's.
    let (defined, truth) = (enc.integer_reading(&e, &env, 0)).map_err(|e| e.to_string())?;
    let t = match defined.as_str() {
        "true" => truth,
        _ => format!("(and {defined} {truth})"),
    };
    if !enc.take_fresh().is_empty() {
        return Err(format!("`{ensures}` needs values ara cannot name"));
    }
    // The integer reading: a search aid of the check only (`summary::GivenContract`).
    let mut lia = ExprEncoder::new(&tiny, Theory::Lia);
    let lia = (lia.truth(&e, &env, 0).ok()).filter(|_| lia.take_fresh().is_empty());
    Ok(GivenContract { bv: t, lia })
}

/// Whether `e` compares the value of a comparison (`a < b < c`, read by C as `(a < b) < c`
/// and by ACSL as `a < b && b < c`: refused, as the two readings differ).
fn chained(e: &Expr) -> bool {
    let comparison = |x: &Expr| {
        let mut x = x;
        while let Expr::Cast(_, inner) = x {
            x = inner;
        }
        matches!(x, Expr::Binary(op, ..) if op.is_boolean()
            && !matches!(op, BinOp::LogAnd | BinOp::LogOr))
    };
    match e {
        Expr::Binary(op, a, b) => {
            let cmp = op.is_boolean() && !matches!(op, BinOp::LogAnd | BinOp::LogOr);
            (cmp && (comparison(a) || comparison(b))) || chained(a) || chained(b)
        }
        Expr::Unary(_, a) | Expr::Cast(_, a) | Expr::Read(_, a) => chained(a),
        Expr::Cond(c, t, f) => chained(c) || chained(t) || chained(f),
        _ => false,
    }
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
        match ensures_smt(pp, name, &c.ensures) {
            // Two contracts of one procedure: both are checked, as their conjunction.
            Ok(t) => match given.remove(&format!("sum_{name}")) {
                Some(GivenContract { bv, lia }) => {
                    let both = |a: &str, b: &str| format!("(and {a} {b})");
                    let lia = lia.zip(t.lia).map(|(a, b)| both(&a, &b));
                    let bv = both(&bv, &t.bv);
                    given.insert(format!("sum_{name}"), GivenContract { bv, lia });
                }
                None => {
                    given.insert(format!("sum_{name}"), t);
                }
            },
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
    let unnamed: Vec<String> = (summaries.iter())
        .filter(|s| s.ensures.is_empty())
        .map(|s| {
            format!(
                "no contract of {}: its summary is over an array ara's contracts do not name \
                 (one reached through a parameter or at a moving offset)",
                s.procedure
            )
        })
        .collect();
    if contracts.is_empty() {
        let mut notes = unnamed;
        notes.push("the proof names no procedure summary a contract states".into());
        return (vec![], notes);
    }
    let (v, mut notes) = validate_contracts(pp, &contracts, timeout);
    notes.extend(unnamed);
    match v {
        Validation::Confirmed(_) => (
            contracts
                .into_iter()
                .map(|contract| SetItem::Contract(ContractItem { contract }))
                .collect(),
            notes,
        ),
        v => {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `fill(n)`'s summary arguments over the cell of the global `a[10]`.
    fn fill_args() -> Vec<(ContractArg, IntType)> {
        vec![
            (ContractArg::Param("n".into()), IntType::Int),
            (
                ContractArg::Index {
                    array: "a".into(),
                    size: 10,
                },
                IntType::Long,
            ),
            (ContractArg::OldCell("a".into()), IntType::Int),
            (ContractArg::Cell("a".into()), IntType::Int),
        ]
    }

    #[test]
    fn a_quantified_contract_reads_as_its_cell() {
        let q = "\\forall integer k; 0 <= k < 10 ==> ";
        let t = quantified_c(&fill_args(), &format!("{q}k >= n || a[ k ] == \\old(a[k])"));
        assert_eq!(
            t.unwrap(),
            "(ara_w_a < 0) || (ara_w_a >= 10) || (ara_w_a >= n || ara_cell_a == ara_old_cell_a)"
        );
        // A narrower range is a weaker contract, read as written.
        let t = quantified_c(&fill_args(), "\\forall integer k; 0 <= k < 4 ==> a[k] == 7");
        assert!(t.unwrap().contains("(ara_w_a >= 4)"));
    }

    #[test]
    fn other_quantified_forms_are_refused() {
        let q = "\\forall integer k; 0 <= k < 10 ==> ";
        for bad in [
            // Beyond the array, another range, the variable unused or named like n or a.
            "\\forall integer k; 0 <= k < 11 ==> a[k] == 7".to_string(),
            "\\forall integer k; 1 <= k < 10 ==> a[k] == 7".into(),
            "\\forall integer k; 0 <= j < 10 ==> a[k] == 7".into(),
            format!("{q}k >= n"),
            "\\forall integer n; 0 <= n < 10 ==> a[n] == 7".into(),
            "\\forall integer a; 0 <= a < 10 ==> a[a] == 7".into(),
            // Two variables over one array, a quantifier or implication inside.
            format!("{q}\\forall integer j; 0 <= j < 10 ==> a[k] == a[j]"),
            format!("{q}(k < n ==> a[k] == 7)"),
            // ara's own names, parentheses that close the reading's.
            format!("{q}ara_cell_a == 7"),
            format!("{q}a[k] == 7) || (1"),
        ] {
            assert!(quantified_c(&fill_args(), &bad).is_err(), "{bad}");
        }
        // Another index leaves the array's name, which the reading does not declare.
        let t = quantified_c(&fill_args(), &format!("{q}a[k] == 7 && a[0] == 7")).unwrap();
        assert!(t.contains("a[0]"), "{t}");
    }
}
