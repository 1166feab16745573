//! Depth limits on parsed and lowered programs (see `source` for the limits and why).
//!
//! Takes lang-c's syntax tree, or the lowered [`Program`]; gives `Ok` or the one-line
//! `file:line:col: unsupported: nesting deeper than N` error at the deepest point. Each walk
//! stops descending at the limit, so it recurses no deeper than the limit itself.

use super::source::{MAX_NESTING, SourceMap, max_depth};
use crate::base::error::AraError;
use crate::ir::{Expr, Program, Span, Stmt, StmtKind};
use lang_c::ast::{Declarator, Expression, Initializer, Statement, TranslationUnit};
use lang_c::span::Span as CSpan;
use lang_c::visit::{self, Visit};

/// Fails when lang-c's tree of `unit` is deeper than [`max_depth`] (counting expressions,
/// statements, declarators and initializers): e.g. `x + x + ... + x` with more terms.
pub fn check_syntax_tree(unit: &TranslationUnit, map: &SourceMap) -> Result<(), AraError> {
    let mut d = Deepest {
        depth: 0,
        too_deep: None,
    };
    d.visit_translation_unit(unit);
    match d.too_deep {
        None => Ok(()),
        Some(at) => {
            let (file, line, col) = map.locate(at);
            Err(too_deep(file, line, col, max_depth(), "syntax tree"))
        }
    }
}

fn too_deep(file: &str, line: u32, col: u32, limit: usize, what: &str) -> AraError {
    AraError::Unsupported {
        file: file.to_string(),
        line,
        col,
        what: format!("nesting deeper than {limit} ({what})"),
    }
}

struct Deepest {
    depth: usize,
    /// Where the tree first got too deep (a byte offset).
    too_deep: Option<usize>,
}

impl Deepest {
    /// Runs `descend` one level deeper unless that is beyond the limit.
    fn nest(&mut self, span: &CSpan, descend: impl FnOnce(&mut Self)) {
        if self.too_deep.is_some() {
            return;
        }
        if self.depth >= max_depth() {
            self.too_deep = Some(span.start);
            return;
        }
        self.depth += 1;
        descend(self);
        self.depth -= 1;
    }
}

impl<'ast> Visit<'ast> for Deepest {
    fn visit_expression(&mut self, e: &'ast Expression, span: &'ast CSpan) {
        self.nest(span, |d| visit::visit_expression(d, e, span));
    }
    fn visit_statement(&mut self, s: &'ast Statement, span: &'ast CSpan) {
        self.nest(span, |d| visit::visit_statement(d, s, span));
    }
    fn visit_declarator(&mut self, x: &'ast Declarator, span: &'ast CSpan) {
        self.nest(span, |d| visit::visit_declarator(d, x, span));
    }
    fn visit_initializer(&mut self, x: &'ast Initializer, span: &'ast CSpan) {
        self.nest(span, |d| visit::visit_initializer(d, x, span));
    }
}

/// Fails when the lowered program nests deeper than [`max_depth`] (statements, expressions
/// and inlined calls together: what every pass over the IR recurses into) or its C, as
/// [`crate::ir::emit`] writes it for the checkers, nests brackets deeper than [`MAX_NESTING`].
pub fn check_program(p: &Program) -> Result<(), AraError> {
    check_body(p, &p.body)
}

/// [`check_program`] for `body` with the tables (variables, types) of `p`: a procedure's
/// body in the tables its procedural program shares, without a copy of them per procedure
/// (3,000 procedures took 10 s of copying).
pub fn check_body(p: &Program, body: &[Stmt]) -> Result<(), AraError> {
    let mut at = None;
    stmts_depth(body, 0, &mut at);
    if let Some(span) = at {
        return Err(too_deep(
            &p.file,
            span.line,
            span.col,
            max_depth(),
            "statements",
        ));
    }
    let (depth, span) = crate::ir::emit::bracket_depth_of(p, body);
    if depth > MAX_NESTING {
        return Err(too_deep(
            &p.file,
            span.line,
            span.col,
            MAX_NESTING,
            "brackets in the C for the checkers",
        ));
    }
    Ok(())
}

/// Walks `ss` at `depth`, noting in `at` the first statement beyond [`max_depth`].
fn stmts_depth(ss: &[Stmt], depth: usize, at: &mut Option<Span>) {
    for s in ss {
        if at.is_some() {
            return;
        }
        let mut exprs_deep = |es: &[&Expr]| {
            if es.iter().any(|e| !expr_within(e, max_depth() - depth)) {
                *at = Some(s.span);
            }
        };
        if depth >= max_depth() {
            *at = Some(s.span);
            return;
        }
        match &s.kind {
            StmtKind::Assign(_, e) | StmtKind::Assume(e) | StmtKind::Assert(e) => exprs_deep(&[e]),
            StmtKind::Store(_, i, e) => exprs_deep(&[i, e]),
            StmtKind::ParAssign(xs) => exprs_deep(&xs.iter().map(|(_, e)| e).collect::<Vec<_>>()),
            StmtKind::If(c, t, e) => {
                exprs_deep(&[c]);
                stmts_depth(t, depth + 1, at);
                stmts_depth(e, depth + 1, at);
            }
            StmtKind::While { cond, body, step } => {
                exprs_deep(&[cond]);
                stmts_depth(body, depth + 1, at);
                stmts_depth(step, depth + 1, at);
            }
            StmtKind::DoWhile { body, cond } => {
                exprs_deep(&[cond]);
                stmts_depth(body, depth + 1, at);
            }
            StmtKind::Block(b) => stmts_depth(b, depth + 1, at),
            StmtKind::Call(c) => exprs_deep(&c.args.iter().collect::<Vec<_>>()),
            StmtKind::Error
            | StmtKind::Exit
            | StmtKind::Skip
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Goto(_)
            | StmtKind::Label(_) => {}
        }
    }
}

/// Whether `e` is at most `limit` deep (looking no deeper than that).
fn expr_within(e: &Expr, limit: usize) -> bool {
    if limit == 0 {
        return false;
    }
    match e {
        Expr::Const(..) | Expr::Var(_) | Expr::Nondet(_) => true,
        Expr::Read(_, a) | Expr::Unary(_, a) | Expr::Cast(_, a) => expr_within(a, limit - 1),
        Expr::Binary(_, a, b) => expr_within(a, limit - 1) && expr_within(b, limit - 1),
        Expr::Cond(c, a, b) => {
            expr_within(c, limit - 1) && expr_within(a, limit - 1) && expr_within(b, limit - 1)
        }
    }
}
