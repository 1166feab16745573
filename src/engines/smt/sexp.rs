//! A small S-expression reader for solver answers, and SMT-LIB value literals.
//!
//! Takes the text a solver printed; gives [`Sexp`] trees, and [`Value`]s for literals such as
//! `#x0000000a`, `#b101`, `(_ bv10 32)`, `12`, `(- 5)`, `true`.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sexp {
    /// A symbol, keyword, numeral or literal (`|quoted|` symbols without their bars, string
    /// literals without their quotes).
    Atom(String),
    List(Vec<Sexp>),
}

impl Sexp {
    pub fn atom(&self) -> Option<&str> {
        match self {
            Sexp::Atom(a) => Some(a),
            Sexp::List(_) => None,
        }
    }
    pub fn list(&self) -> Option<&[Sexp]> {
        match self {
            Sexp::List(l) => Some(l),
            Sexp::Atom(_) => None,
        }
    }
    /// Is this `(error "...")`?
    pub fn is_error(&self) -> bool {
        matches!(self.list(), Some([Sexp::Atom(h), ..]) if h == "error")
    }
}

impl fmt::Display for Sexp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sexp::Atom(a) => f.write_str(a),
            Sexp::List(l) => {
                f.write_str("(")?;
                for (i, x) in l.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// A term as SMT-LIB text, with the bars back around the symbols that need them
/// (`|a#w1@0|`: [`parse_all`] drops them); literals (`#x0c`) stay as they are.
pub fn smt_text(s: &Sexp) -> String {
    match s {
        Sexp::Atom(a) => {
            let simple = a
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "~!@$%^&*_-+=<>.?/".contains(c));
            if (simple || a.starts_with('#')) && !a.is_empty() {
                a.clone()
            } else {
                format!("|{a}|")
            }
        }
        Sexp::List(l) => {
            let parts: Vec<String> = l.iter().map(smt_text).collect();
            format!("({})", parts.join(" "))
        }
    }
}

/// Replaces atoms by `map`.
pub fn rename(s: &Sexp, map: &std::collections::HashMap<String, String>) -> Sexp {
    match s {
        Sexp::Atom(a) => Sexp::Atom(map.get(a).cloned().unwrap_or_else(|| a.clone())),
        Sexp::List(l) => Sexp::List(l.iter().map(|x| rename(x, map)).collect()),
    }
}

/// `text` with each symbol `map` names replaced, the rest as it is: what [`rename`] does to
/// the parsed text, without building the tree (an encoder that keeps terms as text renames
/// them at every step: 20,000 applied summaries). A `|quoted|` symbol, a string literal and
/// a comment are copied unchanged.
pub fn rename_text(text: &str, map: &std::collections::HashMap<String, String>) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let mut last = 0;
    for (start, end) in symbol_spans(text) {
        out.push_str(&text[last..start]);
        let sym = &text[start..end];
        out.push_str(map.get(sym).map_or(sym, String::as_str));
        last = end;
    }
    out.push_str(&text[last..]);
    out
}

/// The symbols of `text` (keywords, numerals and literals too; not `|quoted|` symbols,
/// string literals or comments), as [`parse_all`] delimits its atoms.
pub fn symbols(text: &str) -> impl Iterator<Item = &str> {
    symbol_spans(text).map(move |(s, e)| &text[s..e])
}

/// The byte ranges of the symbols of `text` ([`symbols`]). The delimiters are ASCII, so each
/// range starts and ends at a character boundary.
fn symbol_spans(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let b = text.as_bytes();
    let mut pos = 0;
    let skip_to = |pos: usize, c: u8| {
        b[pos..]
            .iter()
            .position(|&x| x == c)
            .map_or(b.len(), |k| pos + k)
    };
    std::iter::from_fn(move || {
        while pos < b.len() {
            match b[pos] {
                c if c.is_ascii_whitespace() || c == b'(' || c == b')' => pos += 1,
                b';' => pos = skip_to(pos, b'\n'),
                b'|' => pos = (skip_to(pos + 1, b'|') + 1).min(b.len()),
                // A string literal: `""` inside it is two quotes in a row, read as an end and
                // a start.
                b'"' => pos = (skip_to(pos + 1, b'"') + 1).min(b.len()),
                _ => {
                    let start = pos;
                    while pos < b.len()
                        && !b[pos].is_ascii_whitespace()
                        && !matches!(b[pos], b'(' | b')' | b'|' | b'"' | b';')
                    {
                        pos += 1;
                    }
                    return Some((start, pos));
                }
            }
        }
        None
    })
}

/// Reads every S-expression of `text`.
pub fn parse_all(text: &str) -> Result<Vec<Sexp>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut pos = 0;
    let mut out = Vec::new();
    let mut stack: Vec<Vec<Sexp>> = Vec::new();
    let emit = |stack: &mut Vec<Vec<Sexp>>, out: &mut Vec<Sexp>, x: Sexp| match stack.last_mut() {
        Some(top) => top.push(x),
        None => out.push(x),
    };
    while pos < chars.len() {
        let c = chars[pos];
        match c {
            _ if c.is_whitespace() => pos += 1,
            ';' => {
                while pos < chars.len() && chars[pos] != '\n' {
                    pos += 1;
                }
            }
            '(' => {
                stack.push(Vec::new());
                pos += 1;
            }
            ')' => {
                let l = stack.pop().ok_or("unbalanced ')'")?;
                emit(&mut stack, &mut out, Sexp::List(l));
                pos += 1;
            }
            '|' => {
                let end = chars[pos + 1..]
                    .iter()
                    .position(|&c| c == '|')
                    .ok_or("unterminated |symbol|")?;
                let s: String = chars[pos + 1..pos + 1 + end].iter().collect();
                emit(&mut stack, &mut out, Sexp::Atom(s));
                pos += end + 2;
            }
            '"' => {
                // `""` inside a string literal is an escaped quote.
                let mut s = String::new();
                pos += 1;
                loop {
                    match chars.get(pos) {
                        None => return Err("unterminated string".into()),
                        Some('"') if chars.get(pos + 1) == Some(&'"') => {
                            s.push('"');
                            pos += 2;
                        }
                        Some('"') => {
                            pos += 1;
                            break;
                        }
                        Some(&c) => {
                            s.push(c);
                            pos += 1;
                        }
                    }
                }
                emit(&mut stack, &mut out, Sexp::Atom(s));
            }
            _ => {
                let start = pos;
                while pos < chars.len()
                    && !chars[pos].is_whitespace()
                    && !matches!(chars[pos], '(' | ')' | '|' | '"' | ';')
                {
                    pos += 1;
                }
                let s: String = chars[start..pos].iter().collect();
                emit(&mut stack, &mut out, Sexp::Atom(s));
            }
        }
    }
    if !stack.is_empty() {
        return Err("unbalanced '('".into());
    }
    Ok(out)
}

/// A value literal of a model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A bit-vector: its bits (unsigned) and width.
    Bv {
        bits: u128,
        width: u32,
    },
    Int(i128),
    Bool(bool),
}

impl Value {
    pub fn parse(s: &Sexp) -> Option<Value> {
        match s {
            Sexp::Atom(a) => {
                if let Some(h) = a.strip_prefix("#x") {
                    let width = 4 * h.len() as u32;
                    (width <= 128).then_some(())?;
                    return Some(Value::Bv {
                        bits: u128::from_str_radix(h, 16).ok()?,
                        width,
                    });
                }
                if let Some(b) = a.strip_prefix("#b") {
                    let width = b.len() as u32;
                    (width <= 128).then_some(())?;
                    return Some(Value::Bv {
                        bits: u128::from_str_radix(b, 2).ok()?,
                        width,
                    });
                }
                match a.as_str() {
                    "true" => Some(Value::Bool(true)),
                    "false" => Some(Value::Bool(false)),
                    _ => a.parse().ok().map(Value::Int),
                }
            }
            Sexp::List(l) => match l.as_slice() {
                [Sexp::Atom(u), Sexp::Atom(bv), Sexp::Atom(w)] if u == "_" => {
                    let bits = bv.strip_prefix("bv")?.parse().ok()?;
                    let width: u32 = w.parse().ok()?;
                    (width <= 128).then_some(Value::Bv { bits, width })
                }
                [Sexp::Atom(m), x] if m == "-" => match Value::parse(x)? {
                    Value::Int(v) => Some(Value::Int(-v)),
                    _ => None,
                },
                _ => None,
            },
        }
    }

    /// As a signed number (bit-vectors in two's complement).
    pub fn signed(self) -> i128 {
        match self {
            Value::Bv { bits, width } => {
                if width == 0 {
                    0
                } else if width >= 128 {
                    bits as i128
                } else if bits >> (width - 1) & 1 == 1 {
                    bits as i128 - (1i128 << width)
                } else {
                    bits as i128
                }
            }
            Value::Int(v) => v,
            Value::Bool(b) => b as i128,
        }
    }

    /// As an unsigned number (bit-vectors read as their bits).
    pub fn unsigned(self) -> i128 {
        match self {
            Value::Bv { bits, .. } => bits as i128,
            v => v.signed(),
        }
    }

    /// The SMT-LIB literal for this value.
    pub fn to_smt(self) -> String {
        match self {
            Value::Bv { bits, width } if width % 4 == 0 && width > 0 => {
                format!("#x{:0w$x}", bits, w = (width / 4) as usize)
            }
            Value::Bv { bits, width } => format!("(_ bv{bits} {width})"),
            Value::Int(v) => super::encode::int_lit(v),
            Value::Bool(b) => b.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_nested_lists_quotes_and_comments() {
        let xs = parse_all("sat\n((x@0 #x0000000a) (|a b| (- 5))) ; c\n(error \"say \"\"hi\"\"\")")
            .unwrap();
        assert_eq!(xs.len(), 3);
        assert_eq!(xs[0], Sexp::Atom("sat".into()));
        let l = xs[1].list().unwrap();
        assert_eq!(l[1].list().unwrap()[0], Sexp::Atom("a b".into()));
        assert!(xs[2].is_error());
        assert_eq!(xs[2].list().unwrap()[1], Sexp::Atom("say \"hi\"".into()));
        assert!(parse_all("(a").is_err());
        assert!(parse_all("a)").is_err());
    }

    /// The text renamer gives what parsing, [`rename`] and printing give, on the encoder's
    /// terms; quoted symbols, strings and comments stay as they are.
    #[test]
    fn renames_symbols_in_text() {
        let map: std::collections::HashMap<String, String> =
            [("s0", "s0!3"), ("x", "(bvadd y #x01)")]
                .into_iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect();
        let t = "(and (= s0 (bvadd x #x00000001)) ((_ extract 7 0) s0) (bvslt s0x x))";
        let by_tree = rename(&parse_all(t).unwrap()[0], &map).to_string();
        assert_eq!(rename_text(t, &map), by_tree);
        assert_eq!(rename_text("s0", &map), "s0!3");
        assert_eq!(
            rename_text("|s0| \"s0\" ; s0\n s0", &map),
            "|s0| \"s0\" ; s0\n s0!3"
        );
        let syms: Vec<&str> = symbols("(f |a b| x \"q\"\"r\" (_ bv5 8))").collect();
        assert_eq!(syms, ["f", "x", "_", "bv5", "8"]);
    }

    #[test]
    fn values() {
        let v = |s: &str| Value::parse(&parse_all(s).unwrap()[0]).unwrap();
        assert_eq!(v("#x0000000a").signed(), 10);
        assert_eq!(v("#xffffffff").signed(), -1);
        assert_eq!(v("#xffffffff").unsigned(), 4294967295);
        assert_eq!(v("(_ bv10 32)").signed(), 10);
        assert_eq!(v("(_ bv255 8)").signed(), -1);
        assert_eq!(v("#b101").unsigned(), 5);
        assert_eq!(v("(- 5)").signed(), -5);
        assert_eq!(v("true").signed(), 1);
        assert_eq!(v("#xffffffffffffffff").signed(), -1);
        assert_eq!(v("#x0a").to_smt(), "#x0a");
        assert_eq!(v("(- 5)").to_smt(), "(- 5)");
        assert!(Value::parse(&Sexp::Atom("foo".into())).is_none());
    }
}
