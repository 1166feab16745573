//! Delta debugging: the smallest program (by greedy one-step edits) that keeps a property,
//! here "ESBMC's truth and ara's wrong verdict are unchanged".
//!
//! Generated programs are reduced as trees: delete a statement, inline a branch, shrink a
//! loop bound, drop a declaration or a helper, replace an expression by one of its operands
//! or by 0 or 1. Every tree prints free of UB (`super::print`), so no edit can turn the
//! reproducer into a program with undefined behaviour. Mutants are reduced by lines.
//! Takes a program and the property; gives the reduced program.

use super::ast::*;
use crate::ir::types::IntType;

/// Greedy reduction: apply a one-step edit that keeps `keep`, until none does. After an edit
/// the search goes on from the same position in the list of edits (not from its start), so a
/// pass costs about one check per edit.
pub fn reduce_program(p: &Program, keep: &dyn Fn(&Program) -> bool) -> Program {
    let mut cur = without_unused(p);
    if cur != *p && !keep(&cur) {
        cur = p.clone();
    }
    let mut start = 0;
    loop {
        let vs = variants(&cur);
        let n = vs.len();
        let Some(k) = (0..n).map(|off| (start + off) % n).find(|&k| keep(&vs[k])) else {
            return cur;
        };
        cur = without_unused(&vs[k]);
        start = k;
    }
}

/// The program without the declarations and helpers that nothing mentions.
pub fn without_unused(p: &Program) -> Program {
    let text = super::print::print_program(p);
    let used = |name: &str| {
        let re = regex::Regex::new(&format!(r"\b{}\b", regex::escape(name))).expect("valid regex");
        re.find_iter(&text).count() > 1
    };
    let mut q = p.clone();
    q.funcs.retain(|f| used(&f.name));
    q.globals.retain(|d| used(&d.name));
    q.locals.retain(|d| used(&d.name));
    q
}

/// The one-step edits of a program, the biggest first.
pub fn variants(p: &Program) -> Vec<Program> {
    let mut out = vec![];
    for k in 0..p.funcs.len() {
        let mut q = p.clone();
        q.funcs.remove(k);
        out.push(q);
    }
    // Statements (deletions first, then the rest of the statement edits).
    for b in stmt_list_variants(&p.body, true) {
        out.push(Program {
            body: b,
            ..p.clone()
        });
    }
    for b in stmt_list_variants(&p.body, false) {
        out.push(Program {
            body: b,
            ..p.clone()
        });
    }
    for k in 0..p.locals.len() {
        let mut q = p.clone();
        q.locals.remove(k);
        out.push(q);
    }
    for k in 0..p.globals.len() {
        let mut q = p.clone();
        q.globals.remove(k);
        out.push(q);
        if p.globals[k].init.is_some() {
            let mut q = p.clone();
            q.globals[k].init = None;
            out.push(q);
        }
    }
    for (k, f) in p.funcs.iter().enumerate() {
        for r in expr_variants(&f.result) {
            let mut q = p.clone();
            q.funcs[k].result = r;
            out.push(q);
        }
        for b in stmt_list_variants(&f.body, true) {
            let mut q = p.clone();
            q.funcs[k].body = b;
            out.push(q);
        }
    }
    out
}

/// Variants of a statement list: `deletions` gives the deletions (of every nested list),
/// otherwise the other edits.
fn stmt_list_variants(ss: &[Stmt], deletions: bool) -> Vec<Vec<Stmt>> {
    let mut out = vec![];
    for k in 0..ss.len() {
        if deletions {
            let mut v = ss.to_vec();
            v.remove(k);
            out.push(v);
        }
        for s in stmt_variants(&ss[k], deletions) {
            let mut v = ss.to_vec();
            v.splice(k..=k, s);
            out.push(v);
        }
    }
    out
}

/// Variants of one statement, each a replacement list.
fn stmt_variants(s: &Stmt, deletions: bool) -> Vec<Vec<Stmt>> {
    let mut out = vec![];
    let one = |s: Stmt| vec![s];
    match s {
        Stmt::If(c, a, b) => {
            if !deletions {
                out.push(a.clone());
                out.push(b.clone());
                for c2 in expr_variants(c) {
                    out.push(one(Stmt::If(c2, a.clone(), b.clone())));
                }
            }
            for a2 in stmt_list_variants(a, deletions) {
                out.push(one(Stmt::If(c.clone(), a2, b.clone())));
            }
            for b2 in stmt_list_variants(b, deletions) {
                out.push(one(Stmt::If(c.clone(), a.clone(), b2)));
            }
        }
        Stmt::Loop(l) => {
            if !deletions {
                let max = l.bound.max();
                if !matches!(l.bound, Bound::Const(_)) {
                    out.push(one(Stmt::Loop(Loop {
                        bound: Bound::Const(max),
                        ..l.clone()
                    })));
                }
                for m in [1, max.saturating_sub(1)] {
                    if m < max {
                        let bound = match &l.bound {
                            Bound::Const(_) | Bound::Row { .. } => Bound::Const(m),
                            Bound::Input {
                                var, ty, assume, ..
                            } => Bound::Input {
                                var: var.clone(),
                                ty: *ty,
                                max: m,
                                assume: *assume,
                            },
                        };
                        out.push(one(Stmt::Loop(Loop { bound, ..l.clone() })));
                    }
                }
                if l.kind != LoopKind::For || l.down {
                    out.push(one(Stmt::Loop(Loop {
                        kind: LoopKind::For,
                        down: false,
                        ..l.clone()
                    })));
                }
            }
            for b in stmt_list_variants(&l.body, deletions) {
                out.push(one(Stmt::Loop(Loop {
                    body: b,
                    ..l.clone()
                })));
            }
        }
        _ if deletions => {}
        Stmt::Assign(lv, e) => {
            for e2 in expr_variants(e) {
                out.push(one(Stmt::Assign(lv.clone(), e2)));
            }
        }
        Stmt::Compound(lv, op, e) => {
            out.push(one(Stmt::Assign(
                lv.clone(),
                Expr::Bin(*op, Box::new(lv.as_expr()), Box::new(e.clone())),
            )));
            for e2 in expr_variants(e) {
                out.push(one(Stmt::Compound(lv.clone(), *op, e2)));
            }
        }
        Stmt::HavocAccum(lv, t) => out.push(one(Stmt::Havoc(lv.clone(), *t))),
        Stmt::Assume(f, e) => {
            for e2 in expr_variants(e) {
                out.push(one(Stmt::Assume(*f, e2)));
            }
        }
        Stmt::Assert(e) => {
            out.push(one(Stmt::ReachIf(
                Expr::Un(UnOp::Not, Box::new(e.clone())),
                false,
            )));
            for e2 in expr_variants(e) {
                out.push(one(Stmt::Assert(e2)));
            }
        }
        Stmt::ReachIf(e, ab) => {
            for e2 in expr_variants(e) {
                out.push(one(Stmt::ReachIf(e2, *ab)));
            }
        }
        Stmt::Break(e) => {
            for e2 in expr_variants(e) {
                out.push(one(Stmt::Break(e2)));
            }
        }
        Stmt::Continue(e) => {
            for e2 in expr_variants(e) {
                out.push(one(Stmt::Continue(e2)));
            }
        }
        Stmt::Havoc(..)
        | Stmt::Decl(_)
        | Stmt::StructCopy(..)
        | Stmt::StructDecl(..)
        | Stmt::DesigDecl(..)
        | Stmt::StructArgAssert(..)
        | Stmt::TagDef(_)
        | Stmt::Ranged { .. } => {}
    }
    out
}

/// Simpler expressions in place of `e`: 0, 1, its operands, and its operands' variants.
pub fn expr_variants(e: &Expr) -> Vec<Expr> {
    let mut out = vec![];
    if matches!(e, Expr::ArrArg(..)) {
        // An array argument stays one: no integer may take its place.
        return out;
    }
    let zero = Expr::Lit(0, IntType::Int);
    let one = Expr::Lit(1, IntType::Int);
    if !matches!(e, Expr::Lit(..)) {
        out.push(zero);
        out.push(one);
    } else if let Expr::Lit(v, t) = e
        && (*v != 0 || *t != IntType::Int)
        && (*v != 1 || *t != IntType::Int)
    {
        out.push(zero);
        out.push(one);
        if *t != IntType::Int {
            out.push(Expr::Lit(*v, IntType::Int));
        }
    }
    let b = |x: Expr| Box::new(x);
    match e {
        Expr::Lit(..)
        | Expr::Var(_)
        | Expr::SizeofTy(_)
        | Expr::SizeofStruct(_)
        | Expr::Spelled(..)
        | Expr::Char(_)
        | Expr::SizeofObj(_)
        | Expr::ArrArg(..) => {}
        Expr::Elem(a, ix) => {
            for (k, i) in ix.iter().enumerate() {
                for i2 in expr_variants(i) {
                    let mut ix2 = ix.clone();
                    ix2[k] = i2;
                    out.push(Expr::Elem(a.clone(), ix2));
                }
            }
        }
        Expr::Field(s, Some(i), f) => {
            for i2 in expr_variants(i) {
                out.push(Expr::Field(s.clone(), Some(b(i2)), f.clone()));
            }
        }
        Expr::Field(..) => {}
        Expr::Cast(t, x) => {
            out.push((**x).clone());
            for x2 in expr_variants(x) {
                out.push(Expr::Cast(*t, b(x2)));
            }
        }
        Expr::Un(o, x) => {
            out.push((**x).clone());
            for x2 in expr_variants(x) {
                out.push(Expr::Un(*o, b(x2)));
            }
        }
        Expr::Bin(o, x, y) => {
            out.push((**x).clone());
            out.push((**y).clone());
            for x2 in expr_variants(x) {
                out.push(Expr::Bin(*o, b(x2), y.clone()));
            }
            for y2 in expr_variants(y) {
                out.push(Expr::Bin(*o, x.clone(), b(y2)));
            }
        }
        Expr::Cond(c, x, y) => {
            out.push((**x).clone());
            out.push((**y).clone());
            for c2 in expr_variants(c) {
                out.push(Expr::Cond(b(c2), x.clone(), y.clone()));
            }
            for x2 in expr_variants(x) {
                out.push(Expr::Cond(c.clone(), b(x2), y.clone()));
            }
            for y2 in expr_variants(y) {
                out.push(Expr::Cond(c.clone(), x.clone(), b(y2)));
            }
        }
        Expr::Call(f, args) => {
            out.extend(
                args.iter()
                    .filter(|a| !matches!(a, Expr::ArrArg(..)))
                    .cloned(),
            );
            for (k, a) in args.iter().enumerate() {
                for a2 in expr_variants(a) {
                    let mut v = args.clone();
                    v[k] = a2;
                    out.push(Expr::Call(f.clone(), v));
                }
            }
        }
    }
    out
}

/// Line-based reduction (ddmin over lines): remove chunks, halving their size, while `keep`
/// holds.
pub fn reduce_lines(text: &str, keep: &dyn Fn(&str) -> bool) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    let join = |ls: &[&str]| {
        let mut s = ls.join("\n");
        s.push('\n');
        s
    };
    let mut chunk = lines.len().div_ceil(2).max(1);
    loop {
        let mut k = 0;
        while k < lines.len() {
            let end = (k + chunk).min(lines.len());
            let mut cand = lines.clone();
            cand.drain(k..end);
            if keep(&join(&cand)) {
                lines = cand;
            } else {
                k = end;
            }
        }
        if chunk == 1 {
            return join(&lines);
        }
        chunk = chunk.div_ceil(2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_reduce_to_the_needed_ones() {
        let text = "a\nb\nc\nd\ne\nf\n";
        let r = reduce_lines(text, &|t| t.contains('b') && t.contains('e'));
        assert_eq!(r, "b\ne\n");
    }

    #[test]
    fn expressions_shrink_to_operands() {
        let e = Expr::Bin(
            BinOp::Add,
            Box::new(Expr::Var("x".into())),
            Box::new(Expr::Lit(3, IntType::Int)),
        );
        let vs = expr_variants(&e);
        assert!(vs.contains(&Expr::Var("x".into())));
        assert!(vs.contains(&Expr::Lit(0, IntType::Int)));
    }
}
