//! Running Z3's Spacer on Horn clauses, one configuration at a time.
//!
//! Takes the clauses in the fixedpoint format ([`super::encode::HornSystem::to_fixedpoint`])
//! and a time limit; gives a [`SpacerAnswer`]: the certificate (interpretations of the
//! predicates) when the error is unreachable, the derivation when it is reachable, or why
//! there is neither. Z3 runs as `z3 -in -smt2` in its own process group, killed at the limit.

use crate::base::error::AraError;
use crate::base::tools::{Ending, Limits, run};
use crate::engines::smt::Theory;
use crate::engines::smt::sexp::{Sexp, parse_all};
use std::path::Path;

/// One configuration of the portfolio.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpacerConfig {
    /// Its name in reports (`lia-no-iuc`).
    pub name: &'static str,
    /// The theory of the clauses it solves.
    pub theory: Theory,
    /// Integer clauses with wrap-around on assignment ([`super::encode::encode_wrapped`]).
    pub wrap: bool,
    /// Z3 options (`set-option` pairs).
    pub options: &'static [(&'static str, &'static str)],
}

/// What Spacer answered.
#[derive(Clone, Debug, PartialEq)]
pub enum SpacerAnswer {
    /// The error is unreachable; the certificate Z3 printed.
    Safe(Vec<Sexp>),
    /// The error is reachable; the derivation Z3 printed.
    Unsafe(Vec<Sexp>),
    /// Z3 answered `unknown` (its reason), or something ara cannot read.
    Unknown(String),
    /// Killed at the time limit (or cancelled).
    Timeout,
    /// Z3 died (signal, unexpected exit) or rejected the script.
    Crashed(String),
}

/// Runs `z3` on `script` (fixedpoint format) within `limits`; also gives Z3's raw output.
pub fn run_spacer(
    z3: &Path,
    script: &str,
    limits: &Limits,
) -> Result<(SpacerAnswer, String), AraError> {
    let args = vec!["-in".to_string(), "-smt2".to_string()];
    let out = run(z3, &args, None, Some(script), limits)?;
    let raw = format!("{}{}", out.stdout, out.stderr);
    let answer = match out.ending {
        Ending::TimedOut => SpacerAnswer::Timeout,
        Ending::Signaled(s) => SpacerAnswer::Crashed(format!("killed by signal {s}")),
        Ending::Exited(_) => read_answer(&out.stdout),
    };
    Ok((answer, raw))
}

/// Reads Z3's answer to a fixedpoint query: `unsat` (not derivable: safe) then the
/// certificate, `sat` then the derivation, or `unknown`.
pub fn read_answer(stdout: &str) -> SpacerAnswer {
    let items = match parse_all(stdout) {
        Ok(items) => items,
        Err(e) => return SpacerAnswer::Crashed(format!("unreadable answer ({e})")),
    };
    let Some(pos) = items
        .iter()
        .position(|it| matches!(it.atom(), Some("sat" | "unsat" | "unknown")))
    else {
        let first = stdout.lines().next().unwrap_or("no output");
        return SpacerAnswer::Crashed(format!("no answer: {first}"));
    };
    if let Some(e) = items[..pos].iter().find(|it| it.is_error()) {
        return SpacerAnswer::Crashed(format!("rejected the clauses: {e}"));
    }
    let rest = items[pos + 1..].to_vec();
    match items[pos].atom() {
        Some("unsat") => SpacerAnswer::Safe(rest),
        Some("sat") => SpacerAnswer::Unsafe(rest),
        _ => SpacerAnswer::Unknown("unknown".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers() {
        assert!(
            matches!(read_answer("unsat\n(forall ((A Int)) (= (inv_3 A) (<= A 2)))\n"),
            SpacerAnswer::Safe(c) if c.len() == 1)
        );
        assert!(matches!(
            read_answer("sat\n(mp a b false)\n"),
            SpacerAnswer::Unsafe(_)
        ));
        assert_eq!(
            read_answer("unknown\n"),
            SpacerAnswer::Unknown("unknown".into())
        );
        assert!(matches!(
            read_answer("(error \"line 3: unknown sort\")\nunsat\n"),
            SpacerAnswer::Crashed(_)
        ));
        assert!(matches!(read_answer(""), SpacerAnswer::Crashed(_)));
    }
}
