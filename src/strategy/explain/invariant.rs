//! Invariants in plain terms: the C expression an engine proved (`LoopInvariant::c_expr`,
//! written by `engines::horn::cprint` or the cell engine) rewritten for a reader.
//!
//! Takes the expression's text; gives the same formula simplified: a disjunction with
//! negated disjuncts as an implication (`!(w1 == 1) || a[w1] < 10` is `w1 == 1 ==> a[w1] <
//! 10`), implications of one premise merged, repeated conjuncts and `1` dropped, a negated
//! comparison as its opposite, and under `forall w in [0, N):` the facts about the first `X`
//! elements as `forall w in [0, X): …` (facts not about `w` outside the quantifier), and
//! conjuncts the types of their terms imply ([`Ranges`]: `a[29] < 2147483648` for an `int`
//! array says nothing) dropped. Pure text to text: an expression it cannot read is returned
//! as it is. Only for display: the proof was checked on the original expression.

use std::collections::HashMap;

/// The values each variable and each array's elements may take by their C type, by name (the
/// C name and the name in the user's file): what a bound implied by a type is checked against.
#[derive(Clone, Debug, Default)]
pub struct Ranges {
    vars: HashMap<String, (i128, i128)>,
    arrays: HashMap<String, (i128, i128)>,
}

impl Ranges {
    /// The ranges of `p`'s variables and arrays (two of one name: the hull of their ranges).
    pub fn of(p: &crate::ir::Program) -> Ranges {
        let mut r = Ranges::default();
        let add = |m: &mut HashMap<String, (i128, i128)>, names: [&String; 2], (lo, hi)| {
            for n in names {
                let e = m.entry(n.clone()).or_insert((lo, hi));
                *e = (e.0.min(lo), e.1.max(hi));
            }
        };
        for v in &p.vars {
            add(&mut r.vars, [&v.name, &v.display], v.ty.range(p.data_model));
        }
        for a in &p.arrays {
            add(
                &mut r.arrays,
                [&a.name, &a.display],
                a.elem.range(p.data_model),
            );
        }
        r
    }

    /// The range of a term: a variable, or an element of an array.
    fn of_term(&self, t: &E) -> Option<(i128, i128)> {
        match t {
            E::Atom(n) => self.vars.get(n).copied(),
            E::Index(a, _) => match &**a {
                E::Atom(n) => self.arrays.get(n).copied(),
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether `e` holds for every value of its term's type: `t < c` with `c` above the
    /// type's largest value, `c <= t` with `c` at most its least, ... (a disjunction or an
    /// implication whose conclusion holds so too).
    fn always(&self, e: &E) -> bool {
        match e {
            E::Or(xs) => xs.iter().any(|x| self.always(x)),
            E::Implies(_, q) => self.always(q),
            E::Bin(..) => {
                let Some((op, t, c)) = comparison(e) else {
                    return false;
                };
                let Some((lo, hi)) = self.of_term(t) else {
                    return false;
                };
                match op {
                    "<" => hi < c,
                    "<=" => hi <= c,
                    ">" => lo > c,
                    ">=" => lo >= c,
                    "!=" => c < lo || c > hi,
                    _ => false,
                }
            }
            _ => false,
        }
    }

    /// `e`'s conjuncts without those [`Ranges::always`] holds.
    fn drop_always(&self, e: E) -> E {
        match e {
            E::And(xs) => and(xs.into_iter().filter(|x| !self.always(x)).collect()),
            x if self.always(&x) => E::Atom("1".into()),
            x => x,
        }
    }
}

/// A literal integer (`-5` read as one).
fn number(e: &E) -> Option<i128> {
    match e {
        E::Atom(a) => a.parse().ok(),
        E::Un(op, x) if op == "-" => number(x).map(|n| -n),
        _ => None,
    }
}

/// A comparison of a term with a number as `(op, term, number)`, the term on the left
/// (`3 < x` is `x > 3`).
fn comparison(e: &E) -> Option<(&str, &E, i128)> {
    let E::Bin(op, a, b) = e else {
        return None;
    };
    match (number(a), number(b)) {
        (None, Some(c)) => Some((op.as_str(), &**a, c)),
        (Some(c), None) => Some((mirror(op), &**b, c)),
        _ => None,
    }
}

/// `c op t` as `t op' c`.
fn mirror(op: &str) -> &str {
    match op {
        "<" => ">",
        "<=" => ">=",
        ">" => "<",
        ">=" => "<=",
        o => o,
    }
}

/// `c_expr` simplified for a reader (no facts about types: [`simplify_in`]).
pub fn simplify(c_expr: &str) -> String {
    simplify_in(c_expr, &Ranges::default())
}

/// `c_expr` simplified for a reader, without the conjuncts the ranges of its terms' types
/// imply.
pub fn simplify_in(c_expr: &str, ranges: &Ranges) -> String {
    // `size of a` (the cell engine's name of a symbolic size) as one word while reading.
    let text = c_expr.trim().replace("size of ", "size_of__");
    match simplify_quantified(&text, ranges) {
        Some(s) => s.replace("size_of__", "size of "),
        None => c_expr.to_string(),
    }
}

fn simplify_quantified(s: &str, ranges: &Ranges) -> Option<String> {
    let Some(rest) = s.strip_prefix("forall ") else {
        let e = Parser::new(s)?.whole()?;
        return Some(ranges.drop_always(simplify_expr(e)).to_string());
    };
    // `forall w1, w2 in [0, N): body`, possibly nested.
    let (vars, rest) = rest.split_once(" in [")?;
    let (range, body) = rest.split_once("): ")?;
    let vars: Vec<&str> = vars.split(", ").collect();
    let conjuncts = if body.starts_with("forall ") {
        vec![E::Atom(simplify_quantified(body, ranges)?)]
    } else {
        match ranges.drop_always(simplify_expr(Parser::new(body)?.whole()?)) {
            E::And(xs) => xs,
            x => vec![x],
        }
    };
    let upper = range.split_once(", ").map(|(_, u)| u.to_string());
    let conjuncts = match drop_range(conjuncts, &vars, upper.as_deref()) {
        E::And(xs) => xs,
        x => vec![x],
    };
    let lower = range.split_once(", ").map(|(l, _)| l);
    let mut outside = vec![];
    let mut prefixes: Vec<String> = vec![];
    let mut under = vec![];
    for c in conjuncts {
        let c = match (vars.as_slice(), lower) {
            (&[v], Some("0")) => first_element(c, v),
            _ => c,
        };
        let text = c.to_string();
        if !vars.iter().any(|v| mentions(&text, v)) {
            outside.push(c.wrap(3));
        } else if let (&[v], Some(at)) = (vars.as_slice(), vars.first().and_then(|v| at_one(&c, v)))
        {
            let parts = match at {
                E::And(xs) => xs,
                x => vec![x],
            };
            let x = at_index(&c);
            outside.extend(parts.iter().map(|p| p.wrap(3).replace_word(v, &x)));
        } else if let (&[v], Some((bound, concl))) = (vars.as_slice(), below(&c))
            && bound_of(&c, v).is_some()
        {
            prefixes.push(format!("forall {v} in [0, {bound}): {concl}"));
        } else {
            under.push(c);
        }
    }
    if !under.is_empty() {
        prefixes.push(format!(
            "forall {} in [{range}): {}",
            vars.join(", "),
            and(under)
        ));
    }
    // A quantifier reaches to the end: all but the last in parentheses.
    let last = prefixes.pop();
    outside.extend(prefixes.into_iter().map(|q| format!("({q})")));
    outside.extend(last);
    Some(outside.join(" && "))
}

/// The conjuncts with the premises the quantifier's range gives (`w >= 0`, `w < upper`)
/// left out, simplified again.
fn drop_range(cs: Vec<E>, vars: &[&str], upper: Option<&str>) -> E {
    let given = |p: &E| match p {
        E::Bin(op, w, x) if vars.contains(&w.to_string().as_str()) => {
            (op == ">=" && x.to_string() == "0")
                || (op == "<" && Some(x.to_string().as_str()) == upper)
        }
        _ => false,
    };
    and(cs
        .into_iter()
        .map(|c| match c {
            E::Implies(ps, q) => {
                let ps: Vec<E> = ps.into_iter().filter(|p| !given(p)).collect();
                if ps.is_empty() { *q } else { E::Implies(ps, q) }
            }
            c => c,
        })
        .collect())
}

/// Under `forall w in [0, …)`, a disjunction with `w > 0` (or `w >= 1`, `0 < w`) is about
/// the first element: `w == 0 ==> the rest` (then read at `w = 0` by [`at_one`]).
fn first_element(c: E, v: &str) -> E {
    let above_zero = |x: &E| match x {
        E::Bin(op, a, b) => {
            let (a, b) = (a.to_string(), b.to_string());
            (op == ">" && a == v && b == "0")
                || (op == ">=" && a == v && b == "1")
                || (op == "<" && a == "0" && b == v)
        }
        _ => false,
    };
    match c {
        E::Or(mut xs) if xs.len() > 1 => match xs.iter().position(above_zero) {
            Some(k) => {
                xs.remove(k);
                let at = E::Bin(
                    "==".into(),
                    Box::new(E::Atom(v.into())),
                    Box::new(E::Atom("0".into())),
                );
                E::Implies(vec![at], Box::new(or(xs)))
            }
            None => E::Or(xs),
        },
        c => c,
    }
}

/// `w == X ==> P`: `P` (for all `w`, `P` at `X`).
fn at_one(c: &E, v: &str) -> Option<E> {
    match c {
        E::Implies(ps, q)
            if ps.len() == 1
                && matches!(&ps[0], E::Bin(op, w, _) if op == "==" && w.to_string() == v) =>
        {
            Some((**q).clone())
        }
        _ => None,
    }
}

/// The `X` of `w == X ==> P`.
fn at_index(c: &E) -> String {
    match c {
        E::Implies(ps, _) => match &ps[0] {
            E::Bin(_, _, x) => x.to_string(),
            _ => String::new(),
        },
        _ => String::new(),
    }
}

trait ReplaceWord {
    fn replace_word(&self, w: &str, by: &str) -> String;
}

impl ReplaceWord for String {
    /// `self` with the identifier `w` replaced by `by`.
    fn replace_word(&self, w: &str, by: &str) -> String {
        let mut out = String::new();
        let mut word = String::new();
        for c in self.chars().chain(std::iter::once(' ')) {
            if c.is_ascii_alphanumeric() || c == '_' {
                word.push(c);
                continue;
            }
            out.push_str(if word == w { by } else { &word });
            word.clear();
            out.push(c);
        }
        out.pop();
        out
    }
}

/// `w < X ==> P` (or `0 <= w && w < X ==> P`): `(X, P)`.
fn below(c: &E) -> Option<(String, String)> {
    let E::Implies(ps, concl) = c else {
        return None;
    };
    let upper: Vec<&E> = ps
        .iter()
        .filter(|p| !matches!(p, E::Bin(op, _, r) if op == "<=" && r.to_string().starts_with('w')))
        .collect();
    match upper.as_slice() {
        [E::Bin(op, _, x)] if op == "<" => Some((x.to_string(), concl.to_string())),
        _ => None,
    }
}

/// The premise's variable is `v`.
fn bound_of(c: &E, v: &str) -> Option<()> {
    let E::Implies(ps, _) = c else { return None };
    ps.iter()
        .any(|p| matches!(p, E::Bin(op, w, _) if op == "<" && w.to_string() == v))
        .then_some(())
}

/// Whether `text` names the identifier `v`.
fn mentions(text: &str, v: &str) -> bool {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|w| w == v)
}

/// An expression: logical structure parsed, the rest kept as operators over atoms.
#[derive(Clone, Debug, PartialEq)]
enum E {
    Atom(String),
    Not(Box<E>),
    Un(String, Box<E>),
    Bin(String, Box<E>, Box<E>),
    And(Vec<E>),
    Or(Vec<E>),
    Cond(Box<E>, Box<E>, Box<E>),
    /// `p1 && p2 ==> q`.
    Implies(Vec<E>, Box<E>),
    /// `a[i]`, `f(x, y)`: a head and its bracketed or parenthesised arguments.
    Index(Box<E>, Box<E>),
    Call(String, Vec<E>),
}

fn prec(op: &str) -> u8 {
    match op {
        "|" => 3,
        "^" => 4,
        "&" => 5,
        "==" | "!=" => 6,
        "<" | "<=" | ">" | ">=" => 7,
        "<<" | ">>" => 8,
        "+" | "-" => 9,
        _ => 10,
    }
}

impl E {
    fn level(&self) -> u8 {
        match self {
            E::Implies(..) => 0,
            E::Cond(..) => 1,
            E::Or(_) => 1,
            E::And(_) => 2,
            E::Bin(op, ..) => prec(op),
            E::Not(_) | E::Un(..) => 11,
            E::Atom(_) | E::Index(..) | E::Call(..) => 12,
        }
    }

    fn wrap(&self, min: u8) -> String {
        if self.level() < min {
            format!("({self})")
        } else {
            self.to_string()
        }
    }
}

impl std::fmt::Display for E {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let join = |xs: &[E], op: &str, min: u8| -> String {
            xs.iter().map(|x| x.wrap(min)).collect::<Vec<_>>().join(op)
        };
        match self {
            E::Atom(a) => f.write_str(a),
            E::Not(x) => write!(f, "!{}", x.wrap(11)),
            E::Un(op, x) => write!(f, "{op}{}", x.wrap(11)),
            E::Bin(op, a, b) => {
                let p = prec(op);
                write!(f, "{} {op} {}", a.wrap(p), b.wrap(p + 1))
            }
            E::And(xs) => f.write_str(&join(xs, " && ", 3)),
            E::Or(xs) => f.write_str(&join(xs, " || ", 2)),
            E::Cond(c, t, e) => write!(f, "{} ? {} : {}", c.wrap(2), t.wrap(2), e.wrap(1)),
            E::Implies(ps, q) => write!(f, "{} ==> {}", join(ps, " && ", 3), q.wrap(1)),
            E::Index(a, i) => write!(f, "{}[{i}]", a.wrap(12)),
            E::Call(h, xs) => write!(f, "{h}({})", join(xs, ", ", 1)),
        }
    }
}

/// The simplified form of `e`.
fn simplify_expr(e: E) -> E {
    match e {
        E::Bin(op, a, b) => arith(op, simplify_expr(*a), simplify_expr(*b)),
        E::And(xs) => and(xs.into_iter().map(simplify_expr).collect()),
        E::Or(xs) => or(xs),
        E::Not(x) => negate(simplify_expr(*x)),
        E::Implies(ps, q) => implies(ps, simplify_expr(*q)),
        other => other,
    }
}

/// The negation of `e`, without `!` where a comparison can say it.
fn negate(e: E) -> E {
    let opposite = |op: &str| match op {
        "==" => Some("!="),
        "!=" => Some("=="),
        "<" => Some(">="),
        "<=" => Some(">"),
        ">" => Some("<="),
        ">=" => Some("<"),
        _ => None,
    };
    match e {
        E::Not(x) => *x,
        E::Bin(op, a, b) if opposite(&op).is_some() => {
            E::Bin(opposite(&op).unwrap_or_default().to_string(), a, b)
        }
        other => E::Not(Box::new(other)),
    }
}

/// `1 * x` is `x`; `x - y <= 0` is `x <= y` (as the integers read them: only for display).
fn arith(op: String, a: E, b: E) -> E {
    let one = E::Atom("1".into());
    let zero = E::Atom("0".into());
    match (op.as_str(), a, b) {
        ("*", a, b) if a == one => b,
        ("*", a, b) if b == one => a,
        ("<" | "<=" | ">" | ">=" | "==" | "!=", E::Bin(m, x, y), b) if m == "-" && b == zero => {
            E::Bin(op, x, y)
        }
        (_, a, b) => E::Bin(op, Box::new(a), Box::new(b)),
    }
}

/// Whether conjunct `x` follows from the conjunct `y`: `a <= b` from `a == b` (either way
/// round), `a >= 0` from `a >= 1`.
fn implied_by(x: &E, y: &E) -> bool {
    let (E::Bin(ox, a, b), E::Bin(oy, c, d)) = (x, y) else {
        return false;
    };
    if oy == "==" && matches!(ox.as_str(), "<=" | ">=" | "==") {
        return (a == c && b == d) || (a == d && b == c);
    }
    // `b >= a` is `a <= b`.
    let mirrored = matches!(
        (ox.as_str(), oy.as_str()),
        ("<=", ">=") | (">=", "<=") | ("<", ">") | (">", "<")
    );
    if mirrored && a == d && b == c {
        return true;
    }
    let num = |e: &E| e.to_string().parse::<i128>().ok();
    if a == c
        && ox == oy
        && let (Some(m), Some(n)) = (num(b), num(d))
    {
        return match (ox.as_str(), oy.as_str()) {
            (">=", ">=") | (">", ">") => n > m,
            ("<=", "<=") | ("<", "<") => n < m,
            _ => false,
        };
    }
    false
}

fn and(xs: Vec<E>) -> E {
    let mut out: Vec<E> = vec![];
    for x in xs {
        let parts = match x {
            E::And(ys) => ys,
            y => vec![y],
        };
        for y in parts {
            if y == E::Atom("1".into()) || out.contains(&y) {
                continue;
            }
            // One premise, one implication: `P ==> a && b`.
            if let E::Implies(ps, q) = &y
                && let Some(E::Implies(_, q0)) = out
                    .iter_mut()
                    .find(|o| matches!(o, E::Implies(ps0, _) if ps0 == ps))
            {
                let merged = and(vec![(**q0).clone(), (**q).clone()]);
                **q0 = merged;
                continue;
            }
            out.push(y);
        }
    }
    let out = pinned(out);
    // Conjuncts another one implies.
    let keep: Vec<bool> = (0..out.len())
        .map(|i| {
            !(0..out.len()).any(|j| {
                j != i && implied_by(&out[i], &out[j]) && !(implied_by(&out[j], &out[i]) && j > i)
            })
        })
        .collect();
    let mut out: Vec<E> = out
        .into_iter()
        .zip(keep)
        .filter_map(|(x, k)| k.then_some(x))
        .collect();
    match out.len() {
        0 => E::Atom("1".into()),
        1 => out.pop().unwrap_or(E::Atom("1".into())),
        _ => E::And(out),
    }
}

/// The integer bound a comparison of a term with a number gives: (term, least, greatest)
/// (`x < 10` is `x` in `(-inf, 9]`, `3 <= x` is `[3, +inf)`).
fn bound(e: &E) -> Option<(&E, Option<i128>, Option<i128>)> {
    let (op, t, c) = comparison(e)?;
    match op {
        "<" => Some((t, None, c.checked_sub(1))),
        "<=" => Some((t, None, Some(c))),
        ">" => Some((t, c.checked_add(1), None)),
        ">=" => Some((t, Some(c), None)),
        _ => None,
    }
}

/// Two conjuncts that leave their term one value, as one equation: `a[1] < 10 && a[1] > 8`
/// is `a[1] == 9` (in the first one's place).
fn pinned(mut xs: Vec<E>) -> Vec<E> {
    let mut i = 0;
    while i < xs.len() {
        let pair = bound(&xs[i]).and_then(|(t, lo, hi)| {
            (i + 1..xs.len()).find_map(|j| {
                let (u, lo2, hi2) = bound(&xs[j])?;
                let v = match (lo.or(lo2), hi.or(hi2)) {
                    (Some(l), Some(h)) if l == h && t == u && lo.xor(lo2).is_some() => l,
                    _ => return None,
                };
                Some((
                    j,
                    E::Bin(
                        "==".into(),
                        Box::new(t.clone()),
                        Box::new(E::Atom(v.to_string())),
                    ),
                ))
            })
        });
        if let Some((j, eq)) = pair {
            xs.remove(j);
            xs[i] = eq;
        }
        i += 1;
    }
    xs
}

/// A disjunction: its negated disjuncts (`!p`, `x != c`) as the premises of an implication.
fn or(xs: Vec<E>) -> E {
    let mut flat = vec![];
    for x in xs {
        match x {
            E::Or(ys) => flat.extend(ys),
            y => flat.push(y),
        }
    }
    let negated = |x: &E| matches!(x, E::Not(_)) || matches!(x, E::Bin(op, ..) if op == "!=");
    let (premises, rest): (Vec<E>, Vec<E>) = flat.into_iter().partition(negated);
    let (mut premises, mut rest): (Vec<E>, Vec<E>) = (
        premises.into_iter().map(simplify_expr).collect(),
        rest.into_iter().map(simplify_expr).collect(),
    );
    if premises.is_empty() {
        return E::Or(rest);
    }
    if rest.is_empty() {
        rest.push(premises.pop().unwrap_or(E::Atom("0".into())));
    }
    let ps = premises.into_iter().map(negate).collect();
    let q = if rest.len() == 1 {
        rest.pop().unwrap_or(E::Atom("0".into()))
    } else {
        E::Or(rest)
    };
    implies(ps, q)
}

fn implies(ps: Vec<E>, q: E) -> E {
    let mut premises = vec![];
    for p in ps {
        match p {
            E::And(xs) => premises.extend(xs),
            x => premises.push(x),
        }
    }
    match q {
        // `p ==> (r ==> s)` is `p && r ==> s`.
        E::Implies(more, s) => {
            premises.extend(more);
            E::Implies(premises, s)
        }
        q => E::Implies(premises, Box::new(q)),
    }
}

/// A recursive-descent reader of C expressions with C's precedences.
struct Parser {
    toks: Vec<String>,
    at: usize,
}

impl Parser {
    fn new(s: &str) -> Option<Parser> {
        Some(Parser {
            toks: tokens(s)?,
            at: 0,
        })
    }

    fn whole(mut self) -> Option<E> {
        let e = self.cond()?;
        (self.at == self.toks.len()).then_some(e)
    }

    fn peek(&self) -> Option<&str> {
        self.toks.get(self.at).map(String::as_str)
    }

    fn eat(&mut self, t: &str) -> bool {
        let yes = self.peek() == Some(t);
        if yes {
            self.at += 1;
        }
        yes
    }

    fn cond(&mut self) -> Option<E> {
        let c = self.or()?;
        if self.eat("?") {
            let t = self.cond()?;
            self.eat(":").then_some(())?;
            let e = self.cond()?;
            return Some(E::Cond(Box::new(c), Box::new(t), Box::new(e)));
        }
        Some(c)
    }

    fn or(&mut self) -> Option<E> {
        let mut xs = vec![self.and()?];
        while self.eat("||") {
            xs.push(self.and()?);
        }
        Some(if xs.len() == 1 { xs.pop()? } else { E::Or(xs) })
    }

    fn and(&mut self) -> Option<E> {
        let mut xs = vec![self.binary(3)?];
        while self.eat("&&") {
            xs.push(self.binary(3)?);
        }
        Some(if xs.len() == 1 { xs.pop()? } else { E::And(xs) })
    }

    /// Left-associative binary operators of precedence `level` and above.
    fn binary(&mut self, level: u8) -> Option<E> {
        if level > 10 {
            return self.unary();
        }
        let mut a = self.binary(level + 1)?;
        while let Some(op) = self.peek().map(str::to_string) {
            let is_op = matches!(
                op.as_str(),
                "|" | "^"
                    | "&"
                    | "=="
                    | "!="
                    | "<"
                    | "<="
                    | ">"
                    | ">="
                    | "<<"
                    | ">>"
                    | "+"
                    | "-"
                    | "*"
                    | "/"
                    | "%"
            );
            if !is_op || prec(&op) != level {
                break;
            }
            self.at += 1;
            let b = self.binary(level + 1)?;
            a = E::Bin(op, Box::new(a), Box::new(b));
        }
        Some(a)
    }

    fn unary(&mut self) -> Option<E> {
        match self.peek()? {
            "!" => {
                self.at += 1;
                Some(E::Not(Box::new(self.unary()?)))
            }
            op @ ("-" | "~") => {
                let op = op.to_string();
                self.at += 1;
                Some(E::Un(op, Box::new(self.unary()?)))
            }
            _ => self.postfix(),
        }
    }

    fn postfix(&mut self) -> Option<E> {
        let mut e = if self.eat("(") {
            let e = self.cond()?;
            self.eat(")").then_some(())?;
            e
        } else {
            let t = self.peek()?.to_string();
            let atom = t.chars().next()?.is_ascii_alphanumeric() || t.starts_with('_');
            atom.then_some(())?;
            self.at += 1;
            if self.eat("(") {
                let mut args = vec![];
                if !self.eat(")") {
                    loop {
                        args.push(self.cond()?);
                        if self.eat(")") {
                            break;
                        }
                        self.eat(",").then_some(())?;
                    }
                }
                E::Call(t, args)
            } else {
                E::Atom(t)
            }
        };
        while self.eat("[") {
            let i = self.cond()?;
            self.eat("]").then_some(())?;
            e = E::Index(Box::new(e), Box::new(i));
        }
        Some(e)
    }
}

/// The tokens of `s` (`None` for a character it does not know).
fn tokens(s: &str) -> Option<Vec<String>> {
    let cs: Vec<char> = s.chars().collect();
    let mut out = vec![];
    let mut k = 0;
    while k < cs.len() {
        let c = cs[k];
        if c.is_whitespace() {
            k += 1;
            continue;
        }
        if c.is_ascii_alphanumeric() || c == '_' {
            let start = k;
            while k < cs.len()
                && (cs[k].is_ascii_alphanumeric() || matches!(cs[k], '_' | '@' | '.'))
                || (k + 1 < cs.len() && cs[k] == ':' && cs[k + 1] == ':')
            {
                k += if cs[k] == ':' { 2 } else { 1 };
            }
            out.push(cs[start..k].iter().collect());
            continue;
        }
        let two: String = cs[k..(k + 2).min(cs.len())].iter().collect();
        if ["||", "&&", "==", "!=", "<=", ">=", "<<", ">>"].contains(&two.as_str()) {
            out.push(two);
            k += 2;
            continue;
        }
        if "!~-+*/%<>&|^?:()[],".contains(c) {
            out.push(c.to_string());
            k += 1;
            continue;
        }
        return None;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::{Ranges, simplify, simplify_in};

    #[test]
    fn disjunctions_of_negations_read_as_implications() {
        assert_eq!(
            simplify("((w1 != 1) || (a[w1] < 10)) && (i < 2) && ((a[w1] > 8) || (w1 != 1))"),
            "(w1 == 1 ==> a[w1] == 9) && i < 2"
        );
        assert_eq!(simplify("!(i <= 1) || a[1] == 9"), "i <= 1 ==> a[1] == 9");
        assert_eq!(simplify("i >= 0 && i >= 0 && 1"), "i >= 0");
        assert_eq!(simplify("!(x == 1 && y < 2) || z"), "x == 1 && y < 2 ==> z");
    }

    #[test]
    fn facts_about_a_prefix_read_as_a_quantifier_over_it() {
        assert_eq!(
            simplify("forall w1 in [0, N): (!(w1 < i) || a[w1] == b[w1]) && i <= N"),
            "i <= N && forall w1 in [0, i): a[w1] == b[w1]"
        );
        assert_eq!(
            simplify("forall w1 in [0, 30): (w1 != 1 || a[w1] < 10) && (a[w1] > 8 || w1 != 1)"),
            "a[1] == 9"
        );
        assert_eq!(
            simplify("forall w1 in [0, 30): w1 > 0 || a[w1] < 9 || i < 1"),
            "(a[0] < 9 || i < 1)"
        );
        assert_eq!(
            simplify("forall w1 in [1, 30): w1 > 0 || a[w1] < 9"),
            "forall w1 in [1, 30): w1 > 0 || a[w1] < 9"
        );
        assert_eq!(
            simplify("forall w1 in [0, N): a[w1] >= 0"),
            "forall w1 in [0, N): a[w1] >= 0"
        );
    }

    #[test]
    fn the_cell_engines_invariants_lose_what_is_implied() {
        assert_eq!(
            simplify(
                "forall w1 in [0, size of a): ((N - (1 * size of a)) <= 0) && (N <= 100000) && \
                 (N == size of a) && (size of a == N) && (i <= N) && \
                 (!((w1 >= 0) && (w1 < size of a) && (w1 < i)) || (a[w1] == (7 + (3 * w1)))) \
                 && (N >= 0) && (N >= 1) && (i >= 1) && (N >= i)"
            ),
            "N <= 100000 && N == size of a && i <= N && N >= 1 && i >= 1 && \
             forall w1 in [0, i): a[w1] == 7 + 3 * w1"
        );
    }

    /// Bounds an `int` (or `unsigned char`) has by its type say nothing: dropped, where they
    /// are conjuncts, conclusions or disjuncts; bounds it does not have stay.
    #[test]
    fn bounds_implied_by_the_types_are_dropped() {
        let int = (-(1i128 << 31), (1i128 << 31) - 1);
        let mut r = Ranges::default();
        r.vars.insert("i".into(), int);
        r.vars.insert("c".into(), (0, 255));
        r.arrays.insert("a".into(), int);
        assert_eq!(
            simplify_in(
                "(a[1] < 10) && (a[29] < 2147483648) && (i > -1) && (i < 2) && \
                 (a[29] > -2147483649) && (a[1] > 8) && (-2147483648 <= i)",
                &r
            ),
            "a[1] == 9 && i > -1 && i < 2"
        );
        assert_eq!(
            simplify_in("c >= 0 && c != 300 && (c <= 255 || i == 1) && c < 255", &r),
            "c < 255"
        );
        assert_eq!(
            simplify_in(
                "forall w1 in [0, 30): (w1 != 3 || a[w1] <= 2147483647) && i < 2",
                &r
            ),
            "i < 2"
        );
        assert_eq!(
            simplify_in("a[3] < 2147483647 && j < 5000000000", &r),
            "a[3] < 2147483647 && j < 5000000000"
        );
    }

    #[test]
    fn what_it_cannot_read_stays_as_it_is() {
        assert_eq!(simplify("extract(3, 0)(x) $ y"), "extract(3, 0)(x) $ y");
        assert_eq!(simplify("(a + b) * c - (d - e)"), "(a + b) * c - (d - e)");
    }
}
