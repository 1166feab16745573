//! Printing IR expressions and statements as C text (used by `ara cfg`, the emitter and traces).

use super::{BinOp, Expr, IntType, Program, Stmt, StmtKind, UnOp};

/// C precedence levels (higher binds tighter), used to print only the parentheses C needs.
fn prec(e: &Expr) -> u8 {
    match e {
        Expr::Const(v, _) if *v < 0 => 14,
        Expr::Const(..) | Expr::Var(_) | Expr::Read(..) | Expr::Nondet(_) => 16,
        Expr::Unary(..) | Expr::Cast(..) => 14,
        Expr::Binary(op, ..) => bin_prec(*op),
        Expr::Cond(..) => 3,
    }
}

fn bin_prec(op: BinOp) -> u8 {
    use BinOp::*;
    match op {
        Mul | Div | Rem => 13,
        Add | Sub => 12,
        Shl | Shr => 11,
        Lt | Le | Gt | Ge => 10,
        Eq | Ne => 9,
        BitAnd => 8,
        BitXor => 7,
        BitOr => 6,
        LogAnd => 5,
        LogOr => 4,
    }
}

fn is_comparison(op: BinOp) -> bool {
    (9..=10).contains(&bin_prec(op))
}

/// Suffix that gives a C literal the IR constant's type.
fn literal(v: i128, t: IntType, dm: super::DataModel) -> String {
    use IntType::*;
    let suffix = match t {
        UInt => "u",
        Long => "l",
        ULong => "ul",
        LongLong => "ll",
        ULongLong => "ull",
        _ => "",
    };
    match t {
        Bool | Char | SChar | UChar | Short | UShort => format!("(({}) {v})", t.c_name()),
        // The most negative value has no literal; spell it as an expression.
        _ if v < 0 && -v > t.range(dm).1 && t.is_signed() => {
            format!("({}{suffix} - 1{suffix})", v + 1)
        }
        _ => format!("{v}{suffix}"),
    }
}

/// Prints an expression as C, with the variables' and arrays' C names.
pub fn expr_to_c(p: &Program, e: &Expr) -> String {
    let mut s = String::new();
    write_expr(p, false, e, &mut s);
    s
}

/// [`expr_to_c`] for emitted programs: an index into an array of symbolic size is written
/// `ARA_IDX(i, n)` (the emitter's prelude defines it: the index itself for checkers, a bounds
/// check in replays).
pub fn expr_to_c_checked(p: &Program, e: &Expr) -> String {
    let mut s = String::new();
    write_expr(p, true, e, &mut s);
    s
}

/// `a[i]` as C: the index checked against a symbolic size when `ck`.
fn write_index(p: &Program, ck: bool, a: super::ArrId, i: &Expr, out: &mut String) {
    out.push_str(&p.array(a).name);
    out.push('[');
    match p.array(a).size {
        super::Size::Var(n) if ck => {
            out.push_str("ARA_IDX(");
            write_expr(p, ck, i, out);
            out.push_str(", ");
            out.push_str(&p.var(n).name);
            out.push(')');
        }
        _ => write_expr(p, ck, i, out),
    }
    out.push(']');
}

/// The C text of the array access `a[i]` in emitted programs.
pub fn index_to_c(p: &Program, a: super::ArrId, i: &Expr) -> String {
    let mut s = String::new();
    write_index(p, true, a, i, &mut s);
    s
}

fn write_sub(p: &Program, ck: bool, e: &Expr, min_prec: u8, out: &mut String) {
    if prec(e) < min_prec {
        out.push('(');
        write_expr(p, ck, e, out);
        out.push(')');
    } else {
        write_expr(p, ck, e, out);
    }
}

fn write_expr(p: &Program, ck: bool, e: &Expr, out: &mut String) {
    match e {
        Expr::Const(v, t) => out.push_str(&literal(*v, *t, p.data_model)),
        Expr::Var(v) => out.push_str(&p.var(*v).name),
        Expr::Read(a, i) => write_index(p, ck, *a, i, out),
        Expr::Nondet(t) => {
            out.push_str(t.nondet_fn());
            out.push_str("()");
        }
        Expr::Unary(op, a) => {
            out.push_str(match op {
                UnOp::Neg => "-",
                UnOp::BitNot => "~",
                UnOp::LogNot => "!",
            });
            // `- -x` must not print as `--x`.
            if matches!(**a, Expr::Unary(..)) || matches!(**a, Expr::Const(v, _) if v < 0) {
                out.push('(');
                write_expr(p, ck, a, out);
                out.push(')');
            } else {
                write_sub(p, ck, a, 14, out);
            }
        }
        Expr::Cast(t, a) => {
            out.push('(');
            out.push_str(t.c_name());
            out.push_str(") ");
            write_sub(p, ck, a, 14, out);
        }
        Expr::Binary(op, a, b) => {
            let q = bin_prec(*op);
            // clang (ESBMC's front end) rejects a chained comparison such as `x >= y <= z`.
            let left =
                if is_comparison(*op) && matches!(**a, Expr::Binary(o, ..) if is_comparison(o)) {
                    q + 1
                } else {
                    q
                };
            write_sub(p, ck, a, left, out);
            out.push(' ');
            out.push_str(op.c_symbol());
            out.push(' ');
            write_sub(p, ck, b, q + 1, out);
        }
        Expr::Cond(c, t, f) => {
            write_sub(p, ck, c, 4, out);
            out.push_str(" ? ");
            write_sub(p, ck, t, 4, out);
            out.push_str(" : ");
            write_sub(p, ck, f, 3, out);
        }
    }
}

/// One-line description of the vertex a statement stands for (no nested statements).
pub fn stmt_head(p: &Program, s: &Stmt) -> String {
    match &s.kind {
        StmtKind::Assign(v, e) => format!("{} = {};", p.var(*v).name, expr_to_c(p, e)),
        StmtKind::Store(a, i, e) => format!(
            "{}[{}] = {};",
            p.array(*a).name,
            expr_to_c(p, i),
            expr_to_c(p, e)
        ),
        StmtKind::ParAssign(xs) => {
            let lhs: Vec<_> = xs.iter().map(|(v, _)| p.var(*v).name.clone()).collect();
            let rhs: Vec<_> = xs.iter().map(|(_, e)| expr_to_c(p, e)).collect();
            format!("{} = {};", lhs.join(", "), rhs.join(", "))
        }
        StmtKind::Assume(e) => format!("assume({});", expr_to_c(p, e)),
        StmtKind::Assert(e) => format!("assert({});", expr_to_c(p, e)),
        StmtKind::Error => "reach_error();".into(),
        StmtKind::Exit => "exit;".into(),
        StmtKind::Skip => ";".into(),
        StmtKind::If(c, ..) => format!("if ({})", expr_to_c(p, c)),
        StmtKind::While { cond, .. } => format!("while ({})", expr_to_c(p, cond)),
        StmtKind::DoWhile { cond, .. } => format!("do-while ({})", expr_to_c(p, cond)),
        StmtKind::Break => "break;".into(),
        StmtKind::Continue => "continue;".into(),
        StmtKind::Goto(l) => format!("goto {};", p.labels[l.0 as usize]),
        StmtKind::Label(l) => format!("{}:", p.labels[l.0 as usize]),
        StmtKind::Block(_) => "{ ... }".into(),
        StmtKind::Call(c) => {
            let args: Vec<String> = c.args.iter().map(|e| expr_to_c(p, e)).collect();
            let call = format!("{}({});", c.name, args.join(", "));
            match c.result {
                Some(r) => format!("{} = {call}", p.var(r).name),
                None => call,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{DataModel, Expr};

    fn empty() -> Program {
        Program {
            file: "t.c".into(),
            data_model: DataModel::Lp64,
            vars: vec![],
            arrays: vec![],
            labels: vec![],
            body: vec![],
            num_vertices: 2,
            loop_sites: vec![],
        }
    }

    #[test]
    fn parentheses_only_where_needed() {
        let p = empty();
        let e = Expr::bin(
            BinOp::Mul,
            Expr::bin(BinOp::Add, Expr::int(1), Expr::int(2)),
            Expr::int(3),
        );
        assert_eq!(expr_to_c(&p, &e), "(1 + 2) * 3");
        let e = Expr::bin(
            BinOp::Sub,
            Expr::int(1),
            Expr::bin(BinOp::Sub, Expr::int(2), Expr::int(3)),
        );
        assert_eq!(expr_to_c(&p, &e), "1 - (2 - 3)");
        let e = Expr::bin(
            BinOp::Le,
            Expr::bin(BinOp::Ge, Expr::int(1), Expr::int(2)),
            Expr::int(3),
        );
        assert_eq!(expr_to_c(&p, &e), "(1 >= 2) <= 3");
        let e = Expr::Unary(UnOp::Neg, Box::new(Expr::int(-3)));
        assert_eq!(expr_to_c(&p, &e), "-(-3)");
        let e = Expr::Const(-2147483648, IntType::Int);
        assert_eq!(expr_to_c(&p, &e), "(-2147483647 - 1)");
    }
}
