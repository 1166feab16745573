//! Two-dimensional candidates for the guessed one-cell clauses ([`super::guess`]).
//!
//! Takes the program, its one-cell integer clauses and the arrays with cells; adds to the
//! guessed candidates (Bool terms over the predicates' parameters `p0 … pn-1`) facts about
//! arrays written row by row at a flattened index `r*C + c` with a constant row length `C`
//! (a real 2-D array `a[r][c]` of constant dimensions, as the front end flattens it):
//! - ranges of the cell `w`: the rows above the current one `w < C·r`, the cells written
//!   so far `w < C·r + c`, and the rows below a bound `R` that `r` is compared with
//!   `w < C·R`, each with the columns below a bound `M` that `c` is compared with:
//!   `w mod C < M`; and the same column by column, for a grid filled with the column in the
//!   outer loop (a transpose's `b[j*C + i]`): `w mod C < c ∧ w div C < M`,
//!   `w mod C = c ∧ w div C < r`, `w mod C < N ∧ w div C < M` ([`column_guards`]);
//! - facts: the stored values `e` of the writes `a[r*C + c] = e` without reads (under the
//!   conditions of the `if`s around a write: `cond(w div C, w mod C) ⇒ v = e`; a loop's
//!   condition that relates the write's row and column alone counts too, and where it fails
//!   the cell holds what a write outside every condition stored: a triangle
//!   `while (j < i) a[i*C + j] = 1` over a cleared grid gives `w mod C < w div C ⇒ v = 1`
//!   and `¬(w mod C < w div C) ⇒ v = 0`), and the
//!   comparisons `v R e` of the conditions on a read `a[r*C + c]`, with `r := w div C`,
//!   `c := w mod C` (`a[i][j] == i` gives `v = w div C`).
//!
//! For a one-dimensional array accumulated in place (`s[i] = s[i] + …`), the facts
//! `w = i ⇒ v = y` for the variables `y` (a row sum held in `s[i]` while `j` runs).
//!
//! ## Soundness: candidates are only leads
//!
//! As for every guessed candidate: Houdini keeps the subset that makes every integer clause
//! valid, and only ara's own check of every bit-vector clause ([`super::certify`]) makes an
//! answer SAFE (`div` and `mod` by a positive constant are exact in its translation).

use super::encode::HornSystem;
use super::guess::{cell, param};
use crate::ir::{ArrId, BinOp, Expr, Program, Size, Stmt, StmtKind, VarId};
use std::collections::BTreeSet;

/// A flattened 2-D index `r*C + c`: the row term, the column variable and `C`.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Index2 {
    pub row: Expr,
    pub col: VarId,
    pub len: i128,
}

fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Cast(_, x) => strip(x),
        _ => e,
    }
}

/// `e` as `r*C + c` (either order of the sum and of the product; `C >= 2` a constant, `c` a
/// variable).
pub(super) fn index2(e: &Expr) -> Option<Index2> {
    let Expr::Binary(BinOp::Add, x, y) = strip(e) else {
        return None;
    };
    for (prod, col) in [(x, y), (y, x)] {
        let Expr::Var(col) = strip(col) else { continue };
        let Expr::Binary(BinOp::Mul, u, k) = strip(prod) else {
            continue;
        };
        for (row, len) in [(u, k), (k, u)] {
            if let Expr::Const(len, _) = strip(len)
                && *len >= 2
            {
                return Some(Index2 {
                    row: strip(row).clone(),
                    col: *col,
                    len: *len,
                });
            }
        }
    }
    None
}

/// The program's 2-D accesses of array `a`: writes `(index, stored value without reads)`,
/// reads in comparisons `(index, relation, other side)`.
struct Uses {
    writes: Vec<(Index2, Option<Expr>)>,
    compares: Vec<(Index2, &'static str, Expr)>,
    /// Comparisons `x R y` between scalars (for the bounds of rows and columns).
    bounds: Vec<(VarId, Expr)>,
    /// Index variables of one-dimensional writes that read their own element.
    in_place: Vec<(ArrId, VarId)>,
}

fn uses(p: &Program, a: ArrId) -> Uses {
    let mut u = Uses {
        writes: vec![],
        compares: vec![],
        bounds: vec![],
        in_place: vec![],
    };
    p.visit_stmts(&mut |s| {
        if let StmtKind::Store(b, i, e) = &s.kind {
            if *b == a
                && let Some(ix) = index2(i)
            {
                u.writes.push((ix, (!has_read(e)).then(|| e.clone())));
            }
            if let Expr::Var(x) = strip(i) {
                let mut own = false;
                e.visit(&mut |r| {
                    own |= matches!(r, Expr::Read(c, j) if c == b && strip(j) == strip(i))
                });
                if own {
                    u.in_place.push((*b, *x));
                }
            }
        }
        for e in s.vertex_exprs() {
            e.visit(&mut |x| {
                let Expr::Binary(op, l, r) = x else { return };
                let Some(rel) = relation(*op) else { return };
                for (mine, other, rel) in [(l, r, rel), (r, l, flip(rel))] {
                    match strip(mine) {
                        Expr::Read(b, i) if *b == a && !has_read(other) => {
                            if let Some(ix) = index2(i) {
                                u.compares.push((ix, rel, (**other).clone()));
                            }
                        }
                        Expr::Var(v) if matches!(rel, "<" | "<=" | "!=") && !has_read(other) => {
                            u.bounds.push((*v, (**other).clone()));
                        }
                        _ => {}
                    }
                }
            });
        }
    });
    u
}

fn has_read(e: &Expr) -> bool {
    let mut found = false;
    e.visit(&mut |x| found |= matches!(x, Expr::Read(..)));
    found
}

fn relation(op: BinOp) -> Option<&'static str> {
    Some(match op {
        BinOp::Lt => "<",
        BinOp::Le => "<=",
        BinOp::Gt => ">",
        BinOp::Ge => ">=",
        BinOp::Eq => "=",
        BinOp::Ne => "!=",
        _ => return None,
    })
}

fn flip(r: &'static str) -> &'static str {
    match r {
        "<" => ">",
        "<=" => ">=",
        ">" => "<",
        ">=" => "<=",
        _ => r,
    }
}

/// `e` as an integer term over the parameters, with `subst` for some variables; `None`
/// beyond `+`, `-`, `*`, constants and variables.
fn term(
    e: &Expr,
    pos: &dyn Fn(VarId) -> Option<usize>,
    subst: &[(VarId, String)],
) -> Option<String> {
    match strip(e) {
        Expr::Const(c, _) if *c >= 0 => Some(c.to_string()),
        Expr::Const(c, _) => Some(format!("(- {})", -c)),
        Expr::Var(v) => match subst.iter().find(|(x, _)| x == v) {
            Some((_, t)) => Some(t.clone()),
            None => pos(*v).map(param),
        },
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b) => {
            let sym = match op {
                BinOp::Add => "+",
                BinOp::Sub => "-",
                _ => "*",
            };
            Some(format!(
                "({sym} {} {})",
                term(a, pos, subst)?,
                term(b, pos, subst)?
            ))
        }
        _ => None,
    }
}

/// The 2-D candidates of `p` for the one-cell clauses `sys` over `arrays`.
pub(super) fn candidates(
    p: &Program,
    sys: &HornSystem,
    arrays: &[(ArrId, Size)],
    out: &mut BTreeSet<String>,
) {
    let pos = |v: VarId| sys.args.iter().position(|(x, _)| *x == v);
    for (j, &(a, size)) in arrays.iter().enumerate() {
        let (w, v) = (param(cell(sys, j).0), param(cell(sys, j).1));
        let u = uses(p, a);
        for &(b, x) in u.in_place.iter().filter(|(b, _)| *b == a) {
            let _ = b;
            if let Some(px) = pos(x) {
                for y in 0..sys.args.len() {
                    if y != px {
                        out.insert(format!("(=> (= {w} {}) (= {v} {}))", param(px), param(y)));
                    }
                }
            }
        }
        let Size::Const(_) = size else { continue };
        let mut shapes: Vec<(i128, Option<String>, VarId)> = vec![];
        for ix in u
            .writes
            .iter()
            .map(|(i, _)| i)
            .chain(u.compares.iter().map(|c| &c.0))
        {
            let row = match &ix.row {
                Expr::Var(r) => pos(*r).map(param),
                _ => None,
            };
            if !shapes.contains(&(ix.len, row.clone(), ix.col)) {
                shapes.push((ix.len, row, ix.col));
            }
        }
        let mut facts: BTreeSet<String> = BTreeSet::new();
        let rows_cols = |ix: &Index2| {
            let mut s = vec![(ix.col, format!("(mod {w} {})", ix.len))];
            if let Expr::Var(r) = &ix.row {
                s.push((*r, format!("(div {w} {})", ix.len)));
            }
            s
        };
        for (ix, e) in &u.writes {
            if let Some(t) = e.as_ref().and_then(|e| term(e, &pos, &rows_cols(ix))) {
                facts.insert(format!("(= {v} {t})"));
            }
        }
        // A write under a branch: its value where the branch's condition holds of the
        // cell's row and column (`if (i == j) a[i*C + j] = 1; else … = 0` gives
        // `w div C = w mod C ⇒ v = 1` and its negation ⇒ `v = 0`). A loop's condition that
        // relates the write's row and column counts as a branch's (`for (j = 0; j < i; j++)
        // a[i*C + j] = 1` over a cleared grid: `w mod C < w div C ⇒ v = 1`), and where it
        // fails the cell keeps what a write outside every condition stored
        // (`¬(w mod C < w div C) ⇒ v = 0`).
        let writes = conditional_writes(p, a);
        let plain: Vec<String> = writes
            .iter()
            .filter(|(_, _, c)| c.is_empty())
            .filter_map(|(ix, e, _)| term(e, &pos, &rows_cols(ix)))
            .collect();
        for (ix, e, conds) in writes.iter().filter(|(_, _, c)| !c.is_empty()) {
            let sub = rows_cols(ix);
            let t = term(e, &pos, &sub);
            let cs: Option<Vec<String>> = conds.iter().map(|c| cond_term(c, &pos, &sub)).collect();
            if let (Some(t), Some(cs)) = (t, cs) {
                let c = match cs.as_slice() {
                    [c] => c.clone(),
                    _ => format!("(and {})", cs.join(" ")),
                };
                facts.insert(format!("(=> {c} (= {v} {t}))"));
                for other in plain.iter().filter(|o| **o != t) {
                    facts.insert(format!("(=> (not {c}) (= {v} {other}))"));
                }
            }
        }
        for (ix, rel, e) in &u.compares {
            if let Some(t) = term(e, &pos, &rows_cols(ix)) {
                facts.insert(match *rel {
                    "!=" => format!("(not (= {v} {t}))"),
                    r => format!("({r} {v} {t})"),
                });
            }
        }
        for g in guards(&w, &shapes, &u.bounds, &pos) {
            for f in &facts {
                out.insert(format!("(=> (and (>= {w} 0) {g}) {f})"));
            }
        }
    }
}

/// The writes of `a` at a 2-D index with a value without reads: the index, the value and
/// the conditions around it: those of the branches (negated in an `else`) and those of the
/// loops that relate the write's row and column alone (`j < i` around `a[i*C + j]`); none
/// for a write outside every such condition.
fn conditional_writes(p: &Program, a: ArrId) -> Vec<(Index2, Expr, Vec<Expr>)> {
    struct Walk {
        a: ArrId,
        conds: Vec<Expr>,
        loops: Vec<Expr>,
        out: Vec<(Index2, Expr, Vec<Expr>)>,
    }
    fn go(w: &mut Walk, ss: &[Stmt]) {
        for s in ss {
            match &s.kind {
                StmtKind::Store(b, i, e) if *b == w.a && !has_read(e) => {
                    if let Some(ix) = index2(i) {
                        let mut cs = w.conds.clone();
                        cs.extend(w.loops.iter().filter(|c| relates(c, &ix)).cloned());
                        w.out.push((ix, e.clone(), cs));
                    }
                }
                StmtKind::If(c, t, el) => {
                    w.conds.push(c.clone());
                    go(w, t);
                    w.conds.pop();
                    w.conds.push(Expr::not(c.clone()));
                    go(w, el);
                    w.conds.pop();
                }
                StmtKind::While { cond, body, step } => {
                    w.loops.push(cond.clone());
                    go(w, body);
                    w.loops.pop();
                    go(w, step);
                }
                StmtKind::DoWhile { body, .. } | StmtKind::Block(body) => go(w, body),
                _ => {}
            }
        }
    }
    let mut w = Walk {
        a,
        conds: vec![],
        loops: vec![],
        out: vec![],
    };
    go(&mut w, &p.body);
    w.out
}

/// Whether the loop condition `c` names the column of `ix` and its row's variables, and no
/// other variable.
fn relates(c: &Expr, ix: &Index2) -> bool {
    let row = ix.row.vars();
    let vars = c.vars();
    vars.contains(&ix.col)
        && vars.iter().any(|v| row.contains(v))
        && vars.iter().all(|v| *v == ix.col || row.contains(v))
}

/// A condition as a Bool term over the parameters (comparisons of [`term`]s, `!`, `&&`).
fn cond_term(
    e: &Expr,
    pos: &dyn Fn(VarId) -> Option<usize>,
    subst: &[(VarId, String)],
) -> Option<String> {
    match strip(e) {
        Expr::Unary(crate::ir::UnOp::LogNot, x) => {
            Some(format!("(not {})", cond_term(x, pos, subst)?))
        }
        Expr::Binary(BinOp::LogAnd, x, y) => Some(format!(
            "(and {} {})",
            cond_term(x, pos, subst)?,
            cond_term(y, pos, subst)?
        )),
        Expr::Binary(op, x, y) => {
            let (x, y) = (term(x, pos, subst)?, term(y, pos, subst)?);
            Some(match relation(*op)? {
                "!=" => format!("(not (= {x} {y}))"),
                r => format!("({r} {x} {y})"),
            })
        }
        _ => None,
    }
}

/// The ranges of the cell `w` for the row shapes `(C, row, column)`: `w < C·r`,
/// `w < C·r + c`, `w < C·R` for the bounds `R` of `r`, each with `w mod C < M` for a
/// bound `M` of `c`.
fn guards(
    w: &str,
    shapes: &[(i128, Option<String>, VarId)],
    bounds: &[(VarId, Expr)],
    pos: &dyn Fn(VarId) -> Option<usize>,
) -> Vec<String> {
    let mut out = vec![];
    for (len, row, col) in shapes {
        let Some(c) = pos(*col).map(param) else {
            continue;
        };
        let mut lines: Vec<String> = vec![];
        if let Some(r) = row {
            lines.push(format!("(< {w} (* {len} {r}))"));
            lines.push(format!("(< {w} (+ (* {len} {r}) {c}))"));
            let rv = bounds
                .iter()
                .filter(|(x, _)| pos(*x).map(param).as_ref() == Some(r));
            for (_, b) in rv {
                if let Some(t) = term(b, pos, &[]) {
                    lines.push(format!("(< {w} (* {len} {t}))"));
                }
            }
        } else {
            lines.push(format!("(< {w} {c})"));
        }
        for (_, m) in bounds.iter().filter(|(x, _)| *x == *col) {
            let Some(m) = term(m, pos, &[]) else { continue };
            for l in &lines {
                let g = format!("{l} (< (mod {w} {len}) {m})");
                if !out.contains(&g) {
                    out.push(g);
                }
            }
        }
        if let Some(r) = row {
            for g in column_guards(w, *len, r, &c, *col, bounds, pos) {
                if !out.contains(&g) {
                    out.push(g);
                }
            }
        }
    }
    out
}

/// The ranges of a grid filled column by column (the column `c` runs in the outer loop, the
/// row `r` in the inner one, as a transpose writes `b[j*C + i]`): the columns before the
/// current one `w mod C < c` and the current one's rows so far `w mod C = c ∧ w div C < r`,
/// the whole columns with `w div C < M` for a bound `M` of `r`, and the columns below a
/// bound `N` of `c`: `w mod C < N ∧ w div C < M`.
fn column_guards(
    w: &str,
    len: i128,
    r: &str,
    c: &str,
    col: VarId,
    bounds: &[(VarId, Expr)],
    pos: &dyn Fn(VarId) -> Option<usize>,
) -> Vec<String> {
    let terms = |v: &dyn Fn(VarId) -> bool| -> Vec<String> {
        bounds
            .iter()
            .filter(|(x, _)| v(*x))
            .filter_map(|(_, b)| term(b, pos, &[]))
            .collect()
    };
    let row_bounds = terms(&|x| pos(x).map(param).as_deref() == Some(r));
    let col_bounds = terms(&|x| x == col);
    let mut out = vec![format!("(= (mod {w} {len}) {c}) (< (div {w} {len}) {r})")];
    for m in &row_bounds {
        let whole = format!("(< (div {w} {len}) {m})");
        out.push(format!("(< (mod {w} {len}) {c}) {whole}"));
        for n in &col_bounds {
            out.push(format!("(< (mod {w} {len}) {n}) {whole}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::IntType;

    fn var(k: u32) -> Expr {
        Expr::Var(VarId(k))
    }

    #[test]
    fn a_flattened_index_is_read_as_row_and_column() {
        let c = |n| Expr::Const(n, IntType::Int);
        let e = Expr::bin(BinOp::Add, Expr::bin(BinOp::Mul, var(1), c(300)), var(2));
        assert_eq!(
            index2(&e),
            Some(Index2 {
                row: var(1),
                col: VarId(2),
                len: 300
            })
        );
        let swapped = Expr::bin(BinOp::Add, var(2), Expr::bin(BinOp::Mul, c(300), var(1)));
        assert_eq!(index2(&swapped).map(|i| i.len), Some(300));
        // A symbolic row length is not a constant stride.
        let sym = Expr::bin(BinOp::Add, Expr::bin(BinOp::Mul, var(1), var(3)), var(2));
        assert_eq!(index2(&sym), None);
    }

    #[test]
    fn ranges_of_rows_and_columns() {
        let pos = |v: VarId| Some(v.0 as usize);
        let shapes = vec![(300, Some("p1".to_string()), VarId(2))];
        let bounds = vec![(VarId(1), var(0)), (VarId(2), var(3))];
        assert_eq!(
            guards("w", &shapes, &bounds, &pos),
            vec![
                "(< w (* 300 p1)) (< (mod w 300) p3)",
                "(< w (+ (* 300 p1) p2)) (< (mod w 300) p3)",
                "(< w (* 300 p0)) (< (mod w 300) p3)",
                "(= (mod w 300) p2) (< (div w 300) p1)",
                "(< (mod w 300) p2) (< (div w 300) p0)",
                "(< (mod w 300) p3) (< (div w 300) p0)",
            ]
        );
    }

    #[test]
    fn a_write_under_a_branch_keeps_its_condition_of_row_and_column() {
        let src = "extern void reach_error(void);\nint a[900];\n\
            int main() { int i, j; for (i = 0; i < 3; i++) for (j = 0; j < 3; j++) \
            if (i == j) a[i * 300 + j] = 1; else a[i * 300 + j] = 0; return 0; }";
        let opts = crate::frontend::FrontendOptions::default();
        let p = crate::frontend::parse_source(src, "t.c", &opts).unwrap();
        let writes = conditional_writes(&p, ArrId(0));
        assert_eq!(writes.len(), 2);
        let pos = |v: VarId| Some(v.0 as usize);
        let sub = vec![
            (writes[0].0.row.vars()[0], "(div w 300)".to_string()),
            (writes[0].0.col, "(mod w 300)".to_string()),
        ];
        let conds: Vec<String> = writes
            .iter()
            .map(|(_, _, c)| cond_term(&c[0], &pos, &sub).unwrap())
            .collect();
        assert_eq!(
            conds,
            [
                "(= (div w 300) (mod w 300))",
                "(not (= (div w 300) (mod w 300)))"
            ]
        );
    }

    #[test]
    fn a_loop_condition_of_row_and_column_is_a_write_condition() {
        let src = "extern void reach_error(void);\nint a[900];\n\
            int main() { int i, j, n = 3; for (i = 0; i < n; i++) for (j = 0; j < n; j++) \
            a[i * 300 + j] = 0; for (i = 0; i < n; i++) { j = 0; while (j < i) \
            { a[i * 300 + j] = 1; j++; } } return 0; }";
        let opts = crate::frontend::FrontendOptions::default();
        let p = crate::frontend::parse_source(src, "t.c", &opts).unwrap();
        let writes = conditional_writes(&p, ArrId(0));
        assert_eq!(writes.len(), 2);
        // The clearing loops (`i < n`, `j < n`) name no row and column together.
        assert!(writes[0].2.is_empty());
        let pos = |v: VarId| Some(v.0 as usize);
        let sub = vec![
            (writes[1].0.row.vars()[0], "(div w 300)".to_string()),
            (writes[1].0.col, "(mod w 300)".to_string()),
        ];
        let conds: Vec<String> = writes[1]
            .2
            .iter()
            .map(|c| cond_term(c, &pos, &sub).unwrap())
            .collect();
        assert_eq!(conds, ["(< (mod w 300) (div w 300))"]);
    }
}
