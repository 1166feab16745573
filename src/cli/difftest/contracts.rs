//! The contracts class of the generator (`ara-difftest run --contracts`): a recursive
//! procedure over unsigned values and a correctness witness stating its function contract,
//! for `ara validate`'s reading of contracts (ACSL: arithmetic over the integers, no wrapping,
//! no conversion; `svwitness::contracts`).
//!
//! Takes a seed's [`Rng`]; gives a [`ContractCase`]: the program, the contract's `ensures`
//! text and the *truth program*: the same program with the contract asserted at every
//! return of the procedure, computed in `__int128` (every leaf converted first, so every
//! operation is the integers': the values here are below 2^40 and products take two), with a
//! division by zero an error too (ara confirms no contract that is undefined somewhere). The
//! truth is plain ESBMC's on the truth program, with complete unwinding (the recursion is at
//! most `D` deep whatever its arguments): SAFE exactly when the contract holds at every
//! activation (`main` calls the procedure on any arguments) and the program's check holds.
//! `ara validate` CONFIRMED against an UNSAFE truth is a disagreement (a wrong SAFE).
//!
//! The procedure doubles its value per level (`f(n, k - 1) * 2`; the contracts are shifts:
//! `n << k` wrapping in C, `((unsigned long)n << k) % 2^W`, one off, `n * (1 << k)`, and a
//! comparison C reads unsigned), or it adds (or subtracts) a constant `C` per level, `k`
//! levels deep for `k <= D`,
//! in `unsigned int`, `unsigned short` or `unsigned char` (the last two compute in `int` and
//! convert at the return); the contracts are the sum in the forms a witness might write:
//! wrapping in C (`\result == n + C * k`, false in ACSL past 2^W), reduced modulo 2^W (true),
//! one off, with a disjunct true only in C (`\result <= -1` of an unsigned result, a
//! conversion), and with a constant expression C folds with a wrap (`4294967295u + 1`).

use super::rng::Rng;
use std::fmt::Write as _;

/// One generated case of the contracts class.
#[derive(Clone, Debug)]
pub struct ContractCase {
    /// The program `ara validate` is given.
    pub text: String,
    /// The contract's `ensures` (ACSL) of the procedure `f`.
    pub ensures: String,
    /// The line of `f`'s definition (the contract's location).
    pub line: u32,
    /// The program plain ESBMC decides (module doc).
    pub truth_text: String,
    /// ESBMC's unwinding bound (complete).
    pub unwind: u32,
    /// What was drawn, for the report.
    pub what: String,
}

/// A contract's expression, printed as ACSL or as exact C ([`Ce::acsl`], [`Ce::exact`]).
#[derive(Clone, Debug)]
enum Ce {
    N,
    K,
    Result,
    /// A literal as written (`4294967295u`, `-1`) and its value.
    Lit(String, i128),
    Bin(&'static str, Box<Ce>, Box<Ce>),
    /// `(unsigned long)e`: a widening cast, the identity over the integers.
    Widen(Box<Ce>),
}

impl Ce {
    fn bin(op: &'static str, a: Ce, b: Ce) -> Ce {
        Ce::Bin(op, Box::new(a), Box::new(b))
    }

    fn lit(v: i128) -> Ce {
        Ce::Lit(v.to_string(), v)
    }

    fn acsl(&self) -> String {
        match self {
            Ce::N => "n".into(),
            Ce::K => "k".into(),
            Ce::Result => "\\result".into(),
            Ce::Lit(s, _) => s.clone(),
            Ce::Bin(op, a, b) => format!("({} {op} {})", a.acsl(), b.acsl()),
            Ce::Widen(a) => format!("((unsigned long){})", a.acsl()),
        }
    }

    /// The expression over the integers in `__int128` (`ara_res` for `\result`); `/` and `%`
    /// through `ara_div`/`ara_rem`, which reach the error on a divisor of 0.
    fn exact(&self) -> String {
        match self {
            Ce::N => "((__int128)n)".into(),
            Ce::K => "((__int128)k)".into(),
            Ce::Result => "((__int128)ara_res)".into(),
            Ce::Lit(_, v) if *v < 0 => format!("(-(__int128){})", v.unsigned_abs()),
            Ce::Lit(_, v) => format!("((__int128){v})"),
            Ce::Bin("/", a, b) => format!("ara_div({}, {})", a.exact(), b.exact()),
            Ce::Bin("%", a, b) => format!("ara_rem({}, {})", a.exact(), b.exact()),
            Ce::Bin(op, a, b) => format!("({} {op} {})", a.exact(), b.exact()),
            Ce::Widen(a) => a.exact(),
        }
    }
}

/// The value types of the procedure: its C name, the nondet that feeds it, its width.
const TYPES: [(&str, u32); 3] = [
    ("unsigned int", 32),
    ("unsigned short", 16),
    ("unsigned char", 8),
];

/// The case of `rng` (module doc).
pub fn case(rng: &mut Rng) -> ContractCase {
    let (ty, bits) = TYPES[rng.below(TYPES.len() as u64) as usize];
    let m: i128 = 1 << bits;
    let depth = 2 + rng.below(5) as i128;
    let f = if rng.chance(30) {
        doubling(rng, m)
    } else {
        sum(rng, m)
    };
    assemble(rng, ty, depth, f)
}

/// A family of procedures: the recursive call's expression, the value C computes for
/// `main`'s check (over `x`, `k`), a contract's body (for `k <= D`) and its names.
struct Family {
    rec: String,
    value: String,
    form: &'static str,
    body: Ce,
    what: String,
}

fn eq(e: Ce) -> Ce {
    Ce::bin("==", Ce::Result, e)
}

/// `n + C` (or `- C`) per level: `n + C * k` (module doc).
fn sum(rng: &mut Rng, m: i128) -> Family {
    let c = [1i128, 3, 7, 100, 255][rng.below(5) as usize];
    let down = rng.chance(30);
    let step = if down { "-" } else { "+" };
    let after = rng.chance(50);
    let rec = if after {
        format!("f(n, k - 1) {step} {c}")
    } else {
        format!("f(n {step} {c}, k - 1)")
    };
    // The sum the procedure computes, over the integers: n + C * k or n - C * k.
    let sum = Ce::bin(step, Ce::N, Ce::bin("*", Ce::lit(c), Ce::K));
    let modulo = |e: Ce| Ce::bin("%", e, Ce::lit(m));
    // A non-negative form of the sum (for `-`: n + (M - C) k, the same modulo M).
    let per = if down { m - c } else { c };
    let natural = Ce::bin(
        "+",
        Ce::Widen(Box::new(Ce::N)),
        Ce::bin("*", Ce::lit(per), Ce::K),
    );
    let (form, body) = match rng.below(7) {
        0 => ("wrapping sum", eq(sum.clone())),
        1 => ("sum modulo 2^W", eq(modulo(natural.clone()))),
        2 => (
            "sum modulo 2^W, one off",
            eq(modulo(Ce::bin("+", natural.clone(), Ce::lit(1)))),
        ),
        3 => (
            "sum modulo 2^W and a conversion true only in C",
            Ce::bin(
                "&&",
                eq(modulo(natural.clone())),
                Ce::bin("<=", Ce::Result, Ce::lit(-1)),
            ),
        ),
        4 => (
            "sum modulo a constant expression C wraps",
            eq(Ce::bin(
                "%",
                natural.clone(),
                Ce::bin(
                    "+",
                    Ce::Lit("4294967295u".into(), 4294967295),
                    Ce::lit(1 + m - (1 << 32)),
                ),
            )),
        ),
        5 => ("sum modulo 2^W of the C sum", eq(modulo(sum.clone()))),
        _ => (
            "sum modulo 2^W by a divisor that may be 0",
            eq(modulo(Ce::bin(
                "+",
                natural.clone(),
                Ce::bin("/", Ce::lit(0), Ce::K),
            ))),
        ),
    };
    Family {
        rec,
        value: format!("x {step} {c}u * k"),
        form,
        body,
        what: format!(
            "{} {c} per level ({})",
            if down { "minus" } else { "plus" },
            if after {
                "after the call"
            } else {
                "in the argument"
            }
        ),
    }
}

/// Doubled per level: `n * 2^k`, as a shift in the contracts (the shift's reading).
fn doubling(rng: &mut Rng, m: i128) -> Family {
    let wide = || Ce::Widen(Box::new(Ce::N));
    let modulo = |e: Ce| Ce::bin("%", e, Ce::lit(m));
    let (form, body) = match rng.below(5) {
        0 => ("wrapping shift", eq(Ce::bin("<<", Ce::N, Ce::K))),
        1 => ("shift modulo 2^W", eq(modulo(Ce::bin("<<", wide(), Ce::K)))),
        2 => (
            "shift modulo 2^W, one off",
            eq(modulo(Ce::bin(
                "+",
                Ce::bin("<<", wide(), Ce::K),
                Ce::lit(1),
            ))),
        ),
        3 => (
            "product by a shifted one modulo 2^W",
            eq(modulo(Ce::bin(
                "*",
                wide(),
                Ce::bin("<<", Ce::lit(1), Ce::K),
            ))),
        ),
        _ => (
            "shift modulo 2^W and a comparison C reads unsigned",
            Ce::bin(
                "&&",
                eq(modulo(Ce::bin("<<", wide(), Ce::K))),
                Ce::bin(">", Ce::bin("-", Ce::Result, Ce::lit(1)), Ce::lit(-2)),
            ),
        ),
    };
    Family {
        rec: "f(n, k - 1) * 2".into(),
        value: "x << k".into(),
        form,
        body,
        what: "doubled per level".into(),
    }
}

/// The program, its truth program and the witness's contract of family `fam`.
fn assemble(rng: &mut Rng, ty: &str, depth: i128, fam: Family) -> ContractCase {
    let Family {
        rec,
        value,
        form,
        body,
        what,
    } = fam;
    // Beyond the depth the procedure returns `n`: the contract covers that too.
    let contract = Ce::bin(
        "||",
        Ce::bin(
            "&&",
            Ce::bin(">", Ce::K, Ce::lit(depth)),
            Ce::bin("==", Ce::Result, Ce::N),
        ),
        Ce::bin("&&", Ce::bin("<=", Ce::K, Ce::lit(depth)), body),
    );
    let check = if rng.chance(70) {
        // Holds: the value in C (wrapped to the type at the assignment).
        format!("k <= {depth} && r != ({ty})({value})")
    } else {
        format!("k <= {depth} && r == ({ty})({value})")
    };
    // The error as the tester's oracle knows it (`driver::classify_esbmc`: an assertion
    // failing in `reach_error`).
    let head = "extern void __assert_fail(const char *, const char *, unsigned int, const char *) \
                __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));\n\
                void reach_error() { __assert_fail(\"0\", \"contract.c\", 3, \"reach_error\"); }\n\
                extern unsigned int __VERIFIER_nondet_uint(void);\n";
    let base = format!("if (k == 0 || k > {depth})");
    let program_f = format!("{ty} f({ty} n, {ty} k) {{\n  {base} return n;\n  return {rec};\n}}\n");
    let main = format!(
        "int main(void) {{\n  {ty} x = __VERIFIER_nondet_uint();\n  {ty} k = __VERIFIER_nondet_uint();\n  \
         {ty} r = f(x, k);\n  if ({check}) reach_error();\n  return 0;\n}}\n"
    );
    let text = format!("{head}{program_f}{main}");
    let mut truth = String::from(head);
    truth += "static __int128 ara_div(__int128 a, __int128 b) { if (b == 0) reach_error(); \
              return b == 0 ? 0 : a / b; }\n\
              static __int128 ara_rem(__int128 a, __int128 b) { if (b == 0) reach_error(); \
              return b == 0 ? 0 : a % b; }\n";
    let _ = write!(
        truth,
        "{ty} f({ty} n, {ty} k) {{\n  {ty} ara_res;\n  {base} ara_res = n;\n  else ara_res = {rec};\n  \
         if (!({})) reach_error();\n  return ara_res;\n}}\n{main}",
        contract.exact()
    );
    ContractCase {
        text,
        ensures: contract.acsl(),
        line: head.lines().count() as u32 + 1,
        truth_text: truth,
        unwind: depth as u32 + 3,
        what: format!("{ty} f, k <= {depth}, {what}, contract: {form}"),
    }
}

/// The correctness witness (format 2.1) stating `c`'s contract for the program at `path`
/// whose SHA-256 is `sha256`.
pub fn witness(c: &ContractCase, path: &str, sha256: &str) -> String {
    contract_witness(path, sha256, "f", c.line, &c.ensures)
}

/// A correctness witness (format 2.1, LP64) with one function contract: `ensures` of
/// `function`, defined at `line` of the program at `path` whose SHA-256 is `sha256`.
pub fn contract_witness(
    path: &str,
    sha256: &str,
    function: &str,
    line: u32,
    ensures: &str,
) -> String {
    format!(
        "- entry_type: invariant_set\n  metadata:\n    format_version: '2.1'\n    \
         uuid: 0f0e0d0c-0b0a-4908-8706-050403020100\n    creation_time: 2026-01-01T00:00:00Z\n    \
         producer: {{name: ara-difftest, version: '1'}}\n    task:\n      input_files: ['{path}']\n      \
         input_file_hashes: {{'{path}': {sha256}}}\n      \
         specification: CHECK( init(main()), LTL(G ! call(reach_error())) )\n      \
         data_model: LP64\n      language: C\n  content:\n  - contract:\n      \
         type: function_contract\n      location: {{file_name: '{path}', line: {line}, column: 1, \
         function: {function}}}\n      requires: '1'\n      ensures: '{}'\n      format: acsl_expression\n",
        ensures.replace('\'', "''")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ACSL and the exact C of one contract, and a case's program and truth program.
    #[test]
    fn contracts_print_as_acsl_and_as_exact_c() {
        let e = Ce::bin(
            "==",
            Ce::Result,
            Ce::bin("%", Ce::Widen(Box::new(Ce::N)), Ce::lit(-1)),
        );
        assert_eq!(e.acsl(), "(\\result == (((unsigned long)n) % -1))");
        assert_eq!(
            e.exact(),
            "(((__int128)ara_res) == ara_rem(((__int128)n), (-(__int128)1)))"
        );
        let c = case(&mut Rng::new(7));
        let at = c.text.lines().nth(c.line as usize - 1).unwrap();
        assert!(at.contains(" f("), "{}", c.text);
        assert!(c.truth_text.contains("if (!("), "{}", c.truth_text);
        let w = witness(&c, "p.c", "ab");
        assert!(w.contains("function: f}"), "{w}");
    }
}
