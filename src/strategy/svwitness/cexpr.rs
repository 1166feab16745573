//! C expressions of witnesses (invariants) read with ara's own front end.
//!
//! Takes a program and the text of a C expression over its variables as the user named them
//! (`i <= n && a[3] == 9`); gives the expression as an [`Expr`] over the program's own
//! [`VarId`]s and [`ArrId`]s, or why it cannot be read. There is one C parser in ara: the
//! expression is put into a synthetic program that declares the program's variables with
//! their C types (`int main(void) { int i; long n; int a[30]; __VERIFIER_assume((TEXT) != 0); }`),
//! which the front end lowers; the lowered body must be that one assumption and nothing else
//! (no side effects, no calls, no nondeterminism), so text that closes the call and adds
//! statements is refused rather than run.
//!
//! Which names a witness may use ([`Scope`]): variables the user declared (not the front
//! end's temporaries, nor locals of inlined functions, shown `f::x`), whose name is a plain
//! identifier naming one variable only, and arrays likewise (`a[k]`, `m[1][2]` for flattened
//! arrays). Struct members are not declared: an invariant over them is not read.

use crate::frontend::{FrontendOptions, parse_source};
use crate::ir::{ArrId, Expr, Program, StmtKind, VarId};
use std::collections::BTreeMap;

/// The names a witness's expressions may use, with the C declarations that give them types.
#[derive(Clone, Debug)]
pub struct Scope {
    pub vars: BTreeMap<String, VarId>,
    pub arrays: BTreeMap<String, ArrId>,
    decls: String,
}

fn plain_identifier(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl Scope {
    /// The names of `p` in scope in `main`.
    pub fn of(p: &Program) -> Scope {
        Scope::at(p, true)
    }

    /// The names in scope in `main` (`in_main`), or in another function (globals only: the
    /// locals of a function ara inlined are not named by witnesses).
    pub fn at(p: &Program, in_main: bool) -> Scope {
        let mut count: BTreeMap<&str, usize> = BTreeMap::new();
        for v in &p.vars {
            *count.entry(v.display.as_str()).or_default() += 1;
        }
        for a in &p.arrays {
            *count.entry(a.display.as_str()).or_default() += 1;
        }
        let unique = |d: &str| plain_identifier(d) && count.get(d) == Some(&1);
        let mut scope = Scope {
            vars: BTreeMap::new(),
            arrays: BTreeMap::new(),
            decls: String::new(),
        };
        for v in p.var_ids() {
            let var = p.var(v);
            let visible = in_main || var.storage == crate::ir::Storage::Global;
            if !var.synthetic && visible && unique(&var.display) {
                scope
                    .decls
                    .push_str(&format!("{} {};\n", var.ty.c_name(), var.display));
                scope.vars.insert(var.display.clone(), v);
            }
        }
        for a in p.array_ids() {
            let arr = p.array(a);
            let visible = in_main || arr.storage == crate::ir::Storage::Global;
            // An array of symbolic size is left out: invariants naming it are unreadable.
            let dims: Option<Vec<u64>> = arr.dims.iter().map(|d| d.as_const()).collect();
            if let Some(dims) = dims.filter(|_| arr.size.as_const().is_some_and(|n| n > 0))
                && visible
                && unique(&arr.display)
            {
                let dims: String = dims.iter().map(|d| format!("[{d}]")).collect();
                scope
                    .decls
                    .push_str(&format!("{} {}{dims};\n", arr.elem.c_name(), arr.display));
                scope.arrays.insert(arr.display.clone(), a);
            }
        }
        scope
    }

    /// Whether every identifier of `text` is a name of the scope (a quick test before
    /// parsing: ara's invariants may name its own variables, which a witness must not).
    pub fn names_only_own(&self, text: &str) -> bool {
        let re = regex::Regex::new(r"[A-Za-z_][A-Za-z0-9_]*").expect("a valid regex");
        // Integer suffixes (`1u`, `0x1fL`) are part of a number, not identifiers.
        let mut ok = true;
        for m in re.find_iter(text) {
            let before = text[..m.start()].chars().last();
            if before.is_some_and(|c| c.is_ascii_alphanumeric()) {
                continue;
            }
            let name = m.as_str();
            ok &= TYPE_WORDS.contains(&name)
                || self.vars.contains_key(name)
                || self.arrays.contains_key(name);
        }
        ok && !text.contains("::")
    }
}

/// The words of the integer type names a cast may spell.
const TYPE_WORDS: &[&str] = &[
    "_Bool", "char", "short", "int", "long", "signed", "unsigned",
];

/// Characters that could end the expression and start statements of the synthetic program.
fn escapes(text: &str) -> bool {
    text.contains([';', '{', '}', '"', '\'', '#', '\\'])
        || text.contains("/*")
        || text.contains("//")
}

/// `text` as an expression of `p` whose C truth value is the invariant.
pub fn parse(p: &Program, scope: &Scope, text: &str) -> Result<Expr, String> {
    parse_in(p, scope, text, false)
}

/// `text` as [`parse`] gives it, but with every conversion of a constant expression kept
/// (`FrontendOptions::keep_conversions`): for a reading other than C's (ACSL's integers,
/// `ExprEncoder::integer_reading`), which C's folding of `(long)(2147483647 + 1)` would
/// preempt.
pub fn parse_acsl(p: &Program, scope: &Scope, text: &str) -> Result<Expr, String> {
    parse_in(p, scope, text, true)
}

fn parse_in(p: &Program, scope: &Scope, text: &str, keep: bool) -> Result<Expr, String> {
    if escapes(text) || text.trim().is_empty() {
        return Err(format!("`{text}` is not a C expression ara reads"));
    }
    let synthetic = format!(
        "int main(void) {{\n{}__VERIFIER_assume(({text}) != 0);\n}}\n",
        scope.decls
    );
    let opts = FrontendOptions {
        data_model: p.data_model,
        keep_conversions: keep,
        ..Default::default()
    };
    let q = parse_source(&synthetic, "invariant", &opts)
        .map_err(|e| format!("`{text}`: {}", error_text(&e.to_string())))?;
    let mut found = vec![];
    let mut other = false;
    q.visit_stmts(&mut |s| match &s.kind {
        StmtKind::Assume(e) => found.push(e.clone()),
        StmtKind::Label(_) | StmtKind::Block(_) | StmtKind::Skip | StmtKind::Exit => {}
        _ => other = true,
    });
    let [e] = found.as_slice() else {
        return Err(format!("`{text}` is not one side-effect-free C expression"));
    };
    if other {
        return Err(format!("`{text}` is not one side-effect-free C expression"));
    }
    remap(&q, scope, e)
}

/// The front end's message without the synthetic file's position.
fn error_text(msg: &str) -> String {
    msg.strip_prefix("invariant:")
        .and_then(|m| m.split_once(": "))
        .map_or(msg.to_string(), |(_, rest)| rest.to_string())
}

/// `e` of the synthetic program `q` over the variables of the program `scope` is of.
fn remap(q: &Program, scope: &Scope, e: &Expr) -> Result<Expr, String> {
    let b = |x: &Expr| remap(q, scope, x).map(Box::new);
    Ok(match e {
        Expr::Const(..) => e.clone(),
        Expr::Var(v) => {
            let name = &q.var(*v).display;
            Expr::Var(
                *scope
                    .vars
                    .get(name)
                    .ok_or_else(|| format!("{name} is not a variable of the program"))?,
            )
        }
        Expr::Read(a, i) => {
            let name = &q.array(*a).display;
            let a = *scope
                .arrays
                .get(name)
                .ok_or_else(|| format!("{name} is not an array of the program"))?;
            Expr::Read(a, b(i)?)
        }
        Expr::Nondet(_) => return Err("an invariant reads a nondeterministic value".into()),
        Expr::Unary(op, x) => Expr::Unary(*op, b(x)?),
        Expr::Binary(op, x, y) => Expr::Binary(*op, b(x)?, b(y)?),
        Expr::Cond(c, t, f) => Expr::Cond(b(c)?, b(t)?, b(f)?),
        Expr::Cast(t, x) => Expr::Cast(*t, b(x)?),
    })
}

/// The top-level conjuncts of a C expression as written (`(a) && (b <= 1) && c`), split at
/// the `&&` outside parentheses.
pub fn conjuncts(text: &str) -> Vec<String> {
    let mut out = vec![];
    let mut depth = 0i32;
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut k = 0;
    while k < bytes.len() {
        match bytes[k] {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b'?' if depth == 0 => return vec![text.trim().to_string()],
            b'|' if depth == 0 && bytes.get(k + 1) == Some(&b'|') => {
                return vec![text.trim().to_string()];
            }
            b'&' if depth == 0 && bytes.get(k + 1) == Some(&b'&') => {
                out.push(text[start..k].trim().to_string());
                start = k + 2;
                k += 1;
            }
            _ => {}
        }
        k += 1;
    }
    out.push(text[start..].trim().to_string());
    out.retain(|c| !c.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Array, ArrayInit, DataModel, IntType, Span, Storage, Var};

    fn program() -> Program {
        let var = |name: &str, display: &str, ty, synthetic| Var {
            name: name.into(),
            display: display.into(),
            ty,
            storage: Storage::Local,
            init: None,
            span: Span::default(),
            synthetic,
        };
        Program {
            file: "t.c".into(),
            data_model: DataModel::Lp64,
            vars: vec![
                var("i", "i", IntType::Int, false),
                var("n", "n", IntType::ULong, false),
                var("ara_t", "ara_t", IntType::Int, true),
                var("f__x", "f::x", IntType::Int, false),
            ],
            arrays: vec![Array {
                name: "m".into(),
                display: "m".into(),
                elem: IntType::Int,
                size: crate::ir::Size::Const(12),
                storage: Storage::Local,
                init: ArrayInit::Nondet,
                span: Span::default(),
                dims: vec![crate::ir::Size::Const(3), crate::ir::Size::Const(4)],
            }],
            labels: vec![],
            body: vec![],
            num_vertices: 2,
            loop_sites: vec![],
        }
    }

    #[test]
    fn names_of_the_users_variables_only() {
        let p = program();
        let s = Scope::of(&p);
        assert!(s.names_only_own("(i <= 1) && (m[1][3] > 8u)"));
        assert!(s.names_only_own("((long long)i) + 2LL >= 0LL"));
        assert!(!s.names_only_own("ara_t == 0"));
        assert!(!s.names_only_own("f::x == 0"));
        assert!(!s.names_only_own("extract(i) == 0"));
    }

    #[test]
    fn conjuncts_at_the_top_level() {
        assert_eq!(
            conjuncts("(a > -1) && (b[1] < 2) && c"),
            vec!["(a > -1)", "(b[1] < 2)", "c"]
        );
        assert_eq!(conjuncts("(a && b) || c"), vec!["(a && b) || c"]);
        assert_eq!(conjuncts("a ? b && c : d"), vec!["a ? b && c : d"]);
    }

    #[test]
    fn escapes_are_refused() {
        let p = program();
        let s = Scope::of(&p);
        for t in ["1); reach_error(", "i = 3", "i++ > 0", "", "{ 1 }"] {
            assert!(parse(&p, &s, t).is_err(), "{t}");
        }
    }
}
