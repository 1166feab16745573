//! Where the program's nondeterministic inputs and its error come from in the original file.
//!
//! Takes the IR program and its [`SourceText`]; gives [`Sites`]: for each evaluation of
//! [`Expr::Nondet`] in a vertex's statement (the vertex, and its index among the statement's
//! nondets in evaluation order) the `__VERIFIER_nondet_*` call written in the file, or none
//! (an uninitialised local of an inlined function, the value of `printf`); and for each error
//! vertex the error call a witness's `target` names.
//!
//! The IR keeps one span per statement (line of the original file, column of the preprocessed
//! text), so the calls are matched on the file's own text: the statements of one line in the
//! order of their (preprocessed) columns, whose order is the file's, take the nondet calls
//! written on that line in order, a nondet taking a call only when the call's function
//! returns its type. A statement of an inlined function takes the same calls at every place
//! it is inlined.

use super::source::{Call, SourceText};
use crate::ir::{Expr, IntType, Program, Span, Stmt, StmtKind, Vertex};
use std::collections::BTreeMap;

/// One source call of a nondet function; `id` numbers the distinct calls of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallSite {
    pub id: usize,
    pub call: Call,
    pub ty: IntType,
}

/// Where the IR's nondets and errors are in the original file.
#[derive(Clone, Debug, Default)]
pub struct Sites {
    /// The distinct nondet calls, by id.
    pub calls: Vec<CallSite>,
    /// For each vertex with nondets: per nondet (in evaluation order) its type and call id
    /// (`None`: not written as a call).
    pub nondets: BTreeMap<Vertex, Vec<(IntType, Option<usize>)>>,
    /// For each vertex that can go to the error vertex: the error calls it stands for.
    pub errors: BTreeMap<Vertex, Vec<Call>>,
}

/// The functions whose call is the error when the program does not say otherwise, and the
/// assertion functions (the error call is then inside them, or the assertion itself).
const ERROR_FUNCTIONS: &[&str] = &["reach_error", "__VERIFIER_error"];
const ASSERT_FUNCTIONS: &[&str] = &["__VERIFIER_assert", "assert", "__assert_fail"];

fn is_nondet_call(name: &str) -> bool {
    IntType::from_nondet_fn(name).is_some()
}

fn nondet_types(s: &Stmt) -> Vec<IntType> {
    let mut out = vec![];
    for e in s.vertex_exprs() {
        e.visit(&mut |x| {
            if let Expr::Nondet(t) = x {
                out.push(*t);
            }
        });
    }
    out
}

/// `x = nondet` made by the front end for a declaration without initialiser (`int x;` in an
/// inlined function): the declaration's line has no `x =`.
fn is_havoc(p: &Program, src: &SourceText, s: &Stmt) -> bool {
    let StmtKind::Assign(v, Expr::Nondet(_)) = &s.kind else {
        return false;
    };
    let var = p.var(*v);
    if var.span != s.span {
        return false;
    }
    let name = var.display.rsplit("::").next().unwrap_or(&var.display);
    !src.physical_lines(s.span.line).iter().any(|&l| {
        let t = src.line_text(l);
        t.match_indices(name).any(|(k, _)| {
            let rest = t[k + name.len()..].trim_start();
            let before_ok = t[..k]
                .chars()
                .last()
                .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'));
            before_ok && rest.starts_with('=') && !rest.starts_with("==")
        })
    })
}

impl Sites {
    pub fn of(p: &Program, src: &SourceText) -> Sites {
        let mut sites = Sites::default();
        // Statements with nondets by line, then by span (one span: one statement of the file).
        let mut by_line: BTreeMap<u32, BTreeMap<Span, Vec<&Stmt>>> = BTreeMap::new();
        p.visit_stmts(&mut |s| {
            if !matches!(s.kind, StmtKind::Label(_) | StmtKind::Block(_))
                && !nondet_types(s).is_empty()
            {
                by_line
                    .entry(s.span.line)
                    .or_default()
                    .entry(s.span)
                    .or_default()
                    .push(s);
            }
        });
        for (line, stmts) in by_line {
            let mut calls = src
                .physical_lines(line)
                .into_iter()
                .flat_map(|l| src.calls_on(l, &is_nondet_call))
                .peekable();
            for group in stmts.values() {
                let first = group[0];
                let mut ids = vec![];
                for ty in nondet_types(first) {
                    let takes = !is_havoc(p, src, first)
                        && calls
                            .peek()
                            .is_some_and(|c| IntType::from_nondet_fn(&c.name) == Some(ty));
                    let id = if takes {
                        let call = calls.next().expect("peeked");
                        sites.calls.push(CallSite {
                            id: sites.calls.len(),
                            call,
                            ty,
                        });
                        Some(sites.calls.len() - 1)
                    } else {
                        None
                    };
                    ids.push((ty, id));
                }
                for s in group {
                    sites.nondets.insert(s.id, ids.clone());
                }
            }
        }
        sites.errors = error_sites(p, src);
        sites
    }

    /// The source call of the `index`-th nondet of `vertex`'s statement.
    pub fn call_of(&self, vertex: Vertex, index: usize) -> Option<&CallSite> {
        let id = self.nondets.get(&vertex)?.get(index)?.1?;
        self.calls.get(id)
    }
}

/// The error calls of each vertex that can reach the error: for `reach_error()` the call; for
/// an assertion the error call inside the program's own `__VERIFIER_assert` when it defines
/// one, else the assertion's call.
fn error_sites(p: &Program, src: &SourceText) -> BTreeMap<Vertex, Vec<Call>> {
    let is_error = |n: &str| ERROR_FUNCTIONS.contains(&n);
    let is_assert = |n: &str| ASSERT_FUNCTIONS.contains(&n);
    // Error calls inside the definition of `__VERIFIER_assert` (the usual SV-COMP shape).
    let in_assert_fn: Vec<Call> = (1..=src.num_lines())
        .filter(|&l| src.function_at(l).as_deref() == Some("__VERIFIER_assert"))
        .flat_map(|l| src.calls_on(l, &is_error))
        .collect();
    let mut out = BTreeMap::new();
    p.visit_stmts(&mut |s| {
        let lines = src.physical_lines(s.span.line);
        let on_line = |f: &dyn Fn(&str) -> bool| -> Vec<Call> {
            lines.iter().flat_map(|&l| src.calls_on(l, f)).collect()
        };
        let calls = match &s.kind {
            StmtKind::Error => {
                let mut c = on_line(&is_error);
                if c.is_empty() {
                    c = on_line(&|n| is_assert(n) || n == "abort");
                }
                c
            }
            StmtKind::Assert(_) => {
                let own = on_line(&is_assert);
                if own.iter().any(|c| c.name == "__VERIFIER_assert") && !in_assert_fn.is_empty() {
                    in_assert_fn.clone()
                } else {
                    own
                }
            }
            _ => return,
        };
        out.insert(s.id, calls);
    });
    out
}
