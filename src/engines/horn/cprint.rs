//! Invariants as C: an SMT formula over the parameters `p0 … pn-1` (bit-vector or integer
//! terms as Z3 prints them) written as a C expression over the program's variables, for a
//! person to read (`i <= 1 && a__1 == 9`). Operators ara does not know are printed in SMT
//! form (`extract(…)`) rather than guessed.

use crate::engines::smt::sexp::{Sexp, Value};
use crate::ir::IntType;

/// `s` as a C expression; `names[i]` is the variable of parameter `pi`.
pub fn formula(s: &Sexp, names: &[(String, IntType)]) -> String {
    Printer { names }.expr(s, false)
}

struct Printer<'a> {
    names: &'a [(String, IntType)],
}

impl Printer<'_> {
    /// `unsigned`: literals are read as unsigned (operands of unsigned operators).
    fn expr(&self, s: &Sexp, unsigned: bool) -> String {
        match s {
            Sexp::Atom(a) => self.atom(a, s, unsigned),
            Sexp::List(l) => match l.as_slice() {
                [Sexp::Atom(h), args @ ..] => self.app(h, args, s, unsigned),
                [Sexp::List(ix), x] => self.indexed(ix, x, unsigned),
                _ => s.to_string(),
            },
        }
    }

    /// `((_ extract hi lo) x)` as a shift and a mask; extensions keep the value.
    fn indexed(&self, ix: &[Sexp], x: &Sexp, unsigned: bool) -> String {
        let num = |k: usize| ix.get(k).and_then(|a| a.atom()?.parse::<u32>().ok());
        match (ix.get(1).and_then(|a| a.atom()), num(2), num(3)) {
            (Some("extract"), Some(hi), Some(lo)) if hi >= lo && hi - lo < 64 => {
                let mask = (1u128 << (hi - lo + 1)) - 1;
                let x = self.sub(x, true);
                if lo == 0 {
                    format!("{x} & {mask:#x}")
                } else {
                    format!("({x} >> {lo}) & {mask:#x}")
                }
            }
            (Some("zero_extend" | "sign_extend"), _, _) => self.expr(x, unsigned),
            _ => format!("{}({})", Sexp::List(ix.to_vec()), self.expr(x, unsigned)),
        }
    }

    fn atom(&self, a: &str, s: &Sexp, unsigned: bool) -> String {
        if let Some(i) = a.strip_prefix('p').and_then(|i| i.parse::<usize>().ok())
            && let Some((n, _)) = self.names.get(i)
        {
            return n.clone();
        }
        match a {
            "true" => return "1".into(),
            "false" => return "0".into(),
            _ => {}
        }
        match Value::parse(s) {
            Some(v @ Value::Bv { .. }) if unsigned => v.unsigned().to_string(),
            Some(v) => v.signed().to_string(),
            None => a.to_string(),
        }
    }

    fn app(&self, h: &str, args: &[Sexp], whole: &Sexp, unsigned: bool) -> String {
        if let Some(v) = Value::parse(whole) {
            return match v {
                Value::Bv { .. } if unsigned => v.unsigned().to_string(),
                _ => v.signed().to_string(),
            };
        }
        let infix = |op: &str, u: bool| -> String {
            let xs: Vec<String> = args.iter().map(|a| self.sub(a, u)).collect();
            xs.join(&format!(" {op} "))
        };
        match (h, args) {
            ("and", []) => "1".into(),
            ("or", []) => "0".into(),
            ("and", _) => self.junction(args, true),
            ("or", _) => self.junction(args, false),
            ("not", [x]) => self.negation(x),
            ("=>", [a, b]) => format!("!{} || {}", self.sub(a, false), self.sub(b, false)),
            ("ite", [c, t, e]) => format!(
                "{} ? {} : {}",
                self.sub(c, false),
                self.sub(t, unsigned),
                self.sub(e, unsigned)
            ),
            // A bit-field (`(x >> 3) & 0x1`) is compared with its value, not a signed one.
            ("=", _) => infix("==", unsigned || args.iter().any(extracts)),
            ("distinct", [_, _]) => infix("!=", unsigned || args.iter().any(extracts)),
            ("<=" | "bvsle", _) => infix("<=", false),
            ("<" | "bvslt", _) => infix("<", false),
            (">=" | "bvsge", _) => infix(">=", false),
            (">" | "bvsgt", _) => infix(">", false),
            ("bvule", _) => infix("<=", true),
            ("bvult", _) => infix("<", true),
            ("bvuge", _) => infix(">=", true),
            ("bvugt", _) => infix(">", true),
            ("+" | "bvadd", _) => infix("+", unsigned),
            ("-" | "bvneg", [x]) => format!("-{}", self.sub(x, unsigned)),
            ("-" | "bvsub", _) => infix("-", unsigned),
            ("*" | "bvmul", _) => infix("*", unsigned),
            ("div" | "bvsdiv", _) => infix("/", false),
            ("bvudiv", _) => infix("/", true),
            ("mod" | "bvsrem" | "bvsmod", _) => infix("%", false),
            ("bvurem", _) => infix("%", true),
            ("bvand", _) => infix("&", unsigned),
            ("bvor", _) => infix("|", unsigned),
            ("bvxor", _) => infix("^", unsigned),
            _ => {
                let xs: Vec<String> = args.iter().map(|a| self.expr(a, unsigned)).collect();
                let head = match whole.list().and_then(|l| l.first()) {
                    Some(Sexp::List(ix)) => Sexp::List(ix.clone()).to_string(),
                    _ => h.to_string(),
                };
                format!("{head}({})", xs.join(", "))
            }
        }
    }

    /// A conjunction (`all`) or disjunction of `args`; the tests of single bits of one term
    /// among them read as one mask: `x` has bit 3 or bit 5 set is `(x & 0x28) != 0`, has
    /// neither (a conjunction of negated tests) `(x & 0x28) == 0`.
    fn junction(&self, args: &[Sexp], all: bool) -> String {
        let mut masks: Vec<(&Sexp, u128)> = vec![];
        let mut rest: Vec<String> = vec![];
        for a in args {
            match bit_test(a) {
                Some((x, k, set)) if set != all => match masks.iter_mut().find(|(y, _)| *y == x) {
                    Some((_, m)) => *m |= 1 << k,
                    None => masks.push((x, 1 << k)),
                },
                _ => rest.push(self.sub(a, false)),
            }
        }
        let op = if all { "==" } else { "!=" };
        let mut parts: Vec<String> = masks
            .iter()
            .map(|(x, m)| format!("(({} & {m:#x}) {op} 0)", self.sub(x, true)))
            .collect();
        parts.extend(rest);
        parts.join(if all { " && " } else { " || " })
    }

    /// `!(a <= b)` reads better as `a > b`.
    fn negation(&self, x: &Sexp) -> String {
        let flipped = match x.list() {
            Some([Sexp::Atom(h), a, b]) => match h.as_str() {
                "<=" => Some((">", a, b, false)),
                "<" => Some((">=", a, b, false)),
                ">=" => Some(("<", a, b, false)),
                ">" => Some(("<=", a, b, false)),
                "bvsle" => Some((">", a, b, false)),
                "bvslt" => Some((">=", a, b, false)),
                "bvsge" => Some(("<", a, b, false)),
                "bvsgt" => Some(("<=", a, b, false)),
                "bvule" => Some((">", a, b, true)),
                "bvult" => Some((">=", a, b, true)),
                "bvuge" => Some(("<", a, b, true)),
                "bvugt" => Some(("<=", a, b, true)),
                "=" => Some(("!=", a, b, false)),
                _ => None,
            },
            _ => None,
        };
        match flipped {
            Some((op, a, b, u)) => {
                let u = u || extracts(a) || extracts(b);
                format!("{} {op} {}", self.sub(a, u), self.sub(b, u))
            }
            None => format!("!{}", self.sub(x, false)),
        }
    }

    /// An operand: parenthesised unless atomic.
    fn sub(&self, s: &Sexp, unsigned: bool) -> String {
        let t = self.expr(s, unsigned);
        if s.atom().is_some() || Value::parse(s).is_some() {
            t
        } else {
            format!("({t})")
        }
    }
}

/// Whether `s` is `((_ extract hi lo) x)`.
fn extracts(s: &Sexp) -> bool {
    matches!(s.list(), Some([Sexp::List(ix), _]) if ix.get(1).and_then(Sexp::atom) == Some("extract"))
}

/// `s` as a test of one bit (below 64) of a term: the term, the bit, whether it is set. Reads
/// `(= ((_ extract k k) x) #b1)`, `#b0` and their negations.
fn bit_test(s: &Sexp) -> Option<(&Sexp, u32, bool)> {
    if let Some([Sexp::Atom(not), inner]) = s.list()
        && not == "not"
    {
        return bit_test(inner).map(|(x, k, set)| (x, k, !set));
    }
    let [Sexp::Atom(eq), Sexp::List(app), bit] = s.list()? else {
        return None;
    };
    let [Sexp::List(ix), x] = app.as_slice() else {
        return None;
    };
    let num = |k: usize| ix.get(k).and_then(|a| a.atom()?.parse::<u32>().ok());
    let (Some("extract"), Some(hi), Some(lo)) = (ix.get(1).and_then(Sexp::atom), num(2), num(3))
    else {
        return None;
    };
    let set = match bit.atom()? {
        "#b1" => true,
        "#b0" => false,
        _ => return None,
    };
    (eq == "=" && hi == lo && hi < 64).then_some((x, hi, set))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::smt::sexp::parse_all;

    fn show(text: &str) -> String {
        let s = &parse_all(text).unwrap()[0];
        formula(
            s,
            &[("i".into(), IntType::Int), ("u".into(), IntType::UInt)],
        )
    }

    #[test]
    fn readable() {
        assert_eq!(
            show("(and (bvsle p0 #x00000001) (= p1 #x00000009))"),
            "(i <= 1) && (u == 9)"
        );
        assert_eq!(show("(not (>= p0 10))"), "i < 10");
        assert_eq!(show("(bvule p1 #xffffffff)"), "u <= 4294967295");
        assert_eq!(
            show("(<= (+ p0 (* (- 2) p1)) (- 3))"),
            "(i + (-2 * u)) <= -3"
        );
        assert_eq!(show("true"), "1");
        assert_eq!(
            show("(= ((_ extract 31 4) p1) #x0000000)"),
            "((u >> 4) & 0xfffffff) == 0"
        );
    }

    /// A bit of a term compares with 1, not -1; tests of several bits of one term are one
    /// mask (Spacer's lemmas over bit-vectors are often such disjunctions).
    #[test]
    fn bits_read_as_masks() {
        assert_eq!(show("(= ((_ extract 0 0) p1) #b1)"), "(u & 0x1) == 1");
        assert_eq!(show("(not (= ((_ extract 0 0) p0) #b1))"), "(i & 0x1) != 1");
        assert_eq!(
            show(
                "(or (= p0 #x00000001) (= ((_ extract 3 3) p1) #b1) (= ((_ extract 1 1) p1) #b1))"
            ),
            "((u & 0xa) != 0) || (i == 1)"
        );
        assert_eq!(
            show("(and (not (= ((_ extract 2 2) p0) #b1)) (= ((_ extract 0 0) p0) #b0))"),
            "((i & 0x5) == 0)"
        );
    }
}
