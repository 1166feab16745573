//! Constant evaluation: the value C gives an IR expression when it has one.
//!
//! Takes a [`Program`] (for types and the data model) and an [`Expr`]; gives `Some(value)`
//! when the expression is constant and C defines its value, `None` otherwise. Used by the
//! witness-index transformation, the index-set abstraction, complete unwinding, random
//! testing and the refinement loop (one implementation for all of them).

use crate::ir::{BinOp, Expr, IntType, Program, UnOp};

/// The value of a constant expression, as C computes it (`None` when it is not constant or
/// its value is not defined: division by zero, signed overflow, out-of-range shifts).
pub fn const_value(p: &Program, e: &Expr) -> Option<i128> {
    let dm = p.data_model;
    let fits = |t: IntType, v: i128| {
        let (lo, hi) = t.range(dm);
        (lo <= v && v <= hi).then_some(v)
    };
    match e {
        Expr::Const(v, t) => Some(t.wrap(*v, dm)),
        Expr::Var(_) | Expr::Read(..) | Expr::Nondet(_) => None,
        Expr::Cast(t, x) => const_value(p, x).map(|v| t.wrap(v, dm)),
        Expr::Unary(op, x) => {
            let v = const_value(p, x)?;
            let t = e.ty(p);
            match op {
                UnOp::Neg if t.is_signed() => fits(t, -v),
                UnOp::Neg => Some(t.wrap(-v, dm)),
                UnOp::BitNot => Some(t.wrap(!v, dm)),
                UnOp::LogNot => Some((v == 0) as i128),
            }
        }
        Expr::Binary(op, a, b) => {
            let (x, y) = (const_value(p, a)?, const_value(p, b)?);
            // Operands in the common type (shifts: each promoted on its own).
            let c = match op {
                BinOp::Shl | BinOp::Shr => a.ty(p).promote(),
                BinOp::LogAnd | BinOp::LogOr => IntType::Int,
                _ => IntType::usual_arith(a.ty(p), b.ty(p), dm),
            };
            let (x, y) = (c.wrap(x, dm), c.wrap(y, dm));
            let arith = |v: i128| {
                if c.is_signed() {
                    fits(c, v)
                } else {
                    Some(c.wrap(v, dm))
                }
            };
            match op {
                BinOp::Add => arith(x + y),
                BinOp::Sub => arith(x - y),
                BinOp::Mul => arith(x.checked_mul(y)?),
                BinOp::Div if y != 0 => arith(x / y),
                BinOp::Rem if y != 0 => arith(x % y),
                BinOp::Div | BinOp::Rem => None,
                BinOp::Shl | BinOp::Shr => {
                    let y = b.ty(p).promote().wrap(const_value(p, b)?, dm);
                    if y < 0 || y >= c.bits(dm) as i128 || (c.is_signed() && x < 0) {
                        return None;
                    }
                    if matches!(op, BinOp::Shl) {
                        arith(x << y)
                    } else {
                        Some(x >> y)
                    }
                }
                BinOp::BitAnd => Some(c.wrap(x & y, dm)),
                BinOp::BitOr => Some(c.wrap(x | y, dm)),
                BinOp::BitXor => Some(c.wrap(x ^ y, dm)),
                BinOp::Lt => Some((x < y) as i128),
                BinOp::Le => Some((x <= y) as i128),
                BinOp::Gt => Some((x > y) as i128),
                BinOp::Ge => Some((x >= y) as i128),
                BinOp::Eq => Some((x == y) as i128),
                BinOp::Ne => Some((x != y) as i128),
                BinOp::LogAnd => Some((x != 0 && y != 0) as i128),
                BinOp::LogOr => Some((x != 0 || y != 0) as i128),
            }
        }
        Expr::Cond(c, t, f) => {
            let v = if const_value(p, c)? != 0 { t } else { f };
            const_value(p, v).map(|v| e.ty(p).wrap(v, dm))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::DataModel;

    fn program() -> Program {
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
    fn constants_have_c_values_and_undefined_ones_none() {
        let p = program();
        let int = Expr::int;
        let uint = |v| Expr::Const(v, IntType::UInt);
        let v = |e: Expr| const_value(&p, &e);
        assert_eq!(v(Expr::bin(BinOp::Div, int(1000000), int(2))), Some(500000));
        assert_eq!(v(Expr::bin(BinOp::Sub, uint(0), uint(1))), Some(4294967295));
        // Signed overflow, division by zero, an out-of-range shift: not defined, no value.
        assert_eq!(
            v(Expr::bin(BinOp::Add, int(i32::MAX as i128), int(1))),
            None
        );
        assert_eq!(v(Expr::bin(BinOp::Rem, int(7), int(0))), None);
        assert_eq!(v(Expr::bin(BinOp::Shl, int(1), int(32))), None);
        assert_eq!(
            v(Expr::cond(
                int(0),
                int(1),
                Expr::bin(BinOp::Lt, int(-1), uint(0))
            )),
            Some(0)
        );
        assert_eq!(v(Expr::Cast(IntType::UChar, Box::new(int(300)))), Some(44));
    }
}
