//! Evaluating IR expressions on concrete values, with C's integer semantics: operands
//! converted to their common type and results wrapped into it, truncating division,
//! short-circuit `&&`/`||`.
//!
//! Takes an expression and a [`State`] (the values of scalars, array elements and
//! nondeterministic inputs); gives the value, or `None` where C has none (a division by zero,
//! a shift out of range, an element the state does not have). The one evaluator of ara's
//! interpreters: the observations of the Horn engine's guesses (`engines::horn::observe`) and
//! the source-level error trace (`explain::run`). Neither decides a verdict with it.

use super::{ArrId, BinOp, Expr, IntType, Program, UnOp, VarId};

/// The values an expression reads.
pub trait State {
    /// The value of a scalar.
    fn var(&mut self, v: VarId) -> i128;
    /// The element `a[i]`, if the state has it (`None`: out of bounds, not allocated).
    fn read(&mut self, a: ArrId, i: i128) -> Option<i128>;
    /// The next nondeterministic value of type `t` (already of that type or not: it is
    /// wrapped).
    fn nondet(&mut self, t: IntType) -> i128;
}

/// The value of `e` in `s`.
pub fn eval(p: &Program, e: &Expr, s: &mut dyn State) -> Option<i128> {
    let dm = p.data_model;
    Some(match e {
        Expr::Const(c, _) => *c,
        Expr::Var(v) => s.var(*v),
        Expr::Read(a, i) => {
            let i = eval(p, i, s)?;
            s.read(*a, i)?
        }
        Expr::Nondet(t) => {
            let v = s.nondet(*t);
            t.wrap(v, dm)
        }
        Expr::Unary(op, x) => {
            let v = eval(p, x, s)?;
            let t = e.ty(p);
            match op {
                UnOp::Neg => t.wrap(-v, dm),
                UnOp::BitNot => t.wrap(!v, dm),
                UnOp::LogNot => (v == 0) as i128,
            }
        }
        Expr::Binary(BinOp::LogAnd, a, b) => (eval(p, a, s)? != 0 && eval(p, b, s)? != 0) as i128,
        Expr::Binary(BinOp::LogOr, a, b) => (eval(p, a, s)? != 0 || eval(p, b, s)? != 0) as i128,
        Expr::Binary(op, a, b) => {
            let shift = matches!(op, BinOp::Shl | BinOp::Shr);
            let common = if shift {
                a.ty(p).promote()
            } else {
                IntType::usual_arith(a.ty(p), b.ty(p), dm)
            };
            let x = common.wrap(eval(p, a, s)?, dm);
            let y = eval(p, b, s)?;
            let y = if shift { y } else { common.wrap(y, dm) };
            let r = binary(*op, x, y)?;
            if op.is_boolean() {
                r
            } else {
                common.wrap(r, dm)
            }
        }
        // The chosen operand converted to the conditional's type (C11 6.5.15p5: the usual
        // arithmetic conversions of both operands), as the SMT encoding does.
        Expr::Cond(c, t, f) => {
            let v = if eval(p, c, s)? != 0 {
                eval(p, t, s)?
            } else {
                eval(p, f, s)?
            };
            e.ty(p).wrap(v, dm)
        }
        Expr::Cast(t, x) => {
            let v = eval(p, x, s)?;
            t.wrap(v, dm)
        }
    })
}

/// `x op y` over the integers (C's truncating division; `None` for a division by zero or
/// a shift out of range).
pub fn binary(op: BinOp, x: i128, y: i128) -> Option<i128> {
    use BinOp::*;
    Some(match op {
        Add => x.checked_add(y)?,
        Sub => x.checked_sub(y)?,
        Mul => x.checked_mul(y)?,
        Div => x.checked_div(y)?,
        Rem => x.checked_rem(y)?,
        Shl if (0..64).contains(&y) => x.checked_shl(y as u32)?,
        Shr if (0..64).contains(&y) => x >> y,
        Shl | Shr => return None,
        BitAnd => x & y,
        BitOr => x | y,
        BitXor => x ^ y,
        Lt => (x < y) as i128,
        Le => (x <= y) as i128,
        Gt => (x > y) as i128,
        Ge => (x >= y) as i128,
        Eq => (x == y) as i128,
        Ne => (x != y) as i128,
        LogAnd => (x != 0 && y != 0) as i128,
        LogOr => (x != 0 || y != 0) as i128,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::DataModel;

    struct NoState;
    impl State for NoState {
        fn var(&mut self, _: VarId) -> i128 {
            0
        }
        fn read(&mut self, _: ArrId, _: i128) -> Option<i128> {
            None
        }
        fn nondet(&mut self, _: IntType) -> i128 {
            0
        }
    }

    fn program(data_model: DataModel) -> Program {
        Program {
            file: "t.c".into(),
            data_model,
            vars: vec![],
            arrays: vec![],
            labels: vec![],
            body: vec![],
            num_vertices: 2,
            loop_sites: vec![],
        }
    }

    /// `(long long)(0 ? 1ul : -1)`: the `-1` becomes an `unsigned long` before the cast
    /// (4294967295 under ILP32, 2^64 - 1 wrapped back to -1 under LP64).
    #[test]
    fn a_conditional_converts_its_operand_to_its_type() {
        let e = Expr::Cast(
            IntType::LongLong,
            Box::new(Expr::cond(
                Expr::int(0),
                Expr::Const(1, IntType::ULong),
                Expr::int(-1),
            )),
        );
        let ilp32 = program(DataModel::Ilp32);
        assert_eq!(eval(&ilp32, &e, &mut NoState), Some(4294967295));
        let lp64 = program(DataModel::Lp64);
        assert_eq!(eval(&lp64, &e, &mut NoState), Some(-1));
    }
}
