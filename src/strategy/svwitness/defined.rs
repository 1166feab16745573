//! When C defines the value of a witness's expression: the condition, as an IR expression,
//! under which evaluating it has no undefined behaviour.
//!
//! Takes an [`Expr`] over a program (a witness's invariant read by [`super::cexpr`]); gives
//! `None` when every evaluation is defined (no signed arithmetic, division or shift), else
//! `Some(d)` with `d` true exactly in the states where the evaluation is defined: no division
//! or remainder by zero (nor `MIN / -1` in a signed type), no signed `+`, `-`, `*` or unary
//! `-` out of its type's range, no shift by a negative amount or by the width of the promoted
//! left operand or more, no left shift of a negative value or out of range. `&&`, `||` and
//! `?:` evaluate their operands as C does (the right operand of `&&` only when the left is
//! true). The condition itself is written without undefined behaviour in C's terms except for
//! 64-bit products, checked through the wrapping product `(a * b) / a == b`, which ara's
//! bit-vector encoding ([`crate::engines::smt`]) evaluates with wrap-around, as intended.
//!
//! Used by [`super::inductive`]: a witness's invariant is checked as `d && e`, so that a
//! CONFIRMED invariant is defined, and true, in every state it is asserted in.

use crate::ir::{BinOp, Expr, IntType, Program, UnOp};

/// The condition under which `e` is defined (`None`: always).
pub fn defined(p: &Program, e: &Expr) -> Option<Expr> {
    let and = |a: Option<Expr>, b: Option<Expr>| match (a, b) {
        (Some(a), Some(b)) => Some(Expr::bin(BinOp::LogAnd, a, b)),
        (a, None) => a,
        (None, b) => b,
    };
    match e {
        Expr::Const(..) | Expr::Var(_) | Expr::Nondet(_) => None,
        Expr::Read(_, i) => defined(p, i),
        Expr::Cast(_, x) | Expr::Unary(UnOp::LogNot | UnOp::BitNot, x) => defined(p, x),
        Expr::Unary(UnOp::Neg, x) => {
            let t = e.ty(p);
            let own = t
                .is_signed()
                .then(|| ne(cast(t, x), Expr::Const(t.range(p.data_model).0, t)));
            and(defined(p, x), own)
        }
        Expr::Cond(c, a, b) => {
            let branches = match (defined(p, a), defined(p, b)) {
                (None, None) => None,
                (da, db) => Some(Expr::cond(
                    (**c).clone(),
                    da.unwrap_or(Expr::int(1)),
                    db.unwrap_or(Expr::int(1)),
                )),
            };
            and(defined(p, c), branches)
        }
        Expr::Binary(op @ (BinOp::LogAnd | BinOp::LogOr), a, b) => {
            // The right operand only where it is evaluated.
            let right = defined(p, b).map(|db| {
                let skip = match op {
                    BinOp::LogAnd => Expr::not((**a).clone()),
                    _ => (**a).clone(),
                };
                Expr::bin(BinOp::LogOr, skip, db)
            });
            and(defined(p, a), right)
        }
        Expr::Binary(op, a, b) => {
            let operands = and(defined(p, a), defined(p, b));
            and(operands, own_condition(p, *op, a, b))
        }
    }
}

fn cast(t: IntType, x: &Expr) -> Expr {
    Expr::Cast(t, Box::new(x.clone()))
}

fn ne(a: Expr, b: Expr) -> Expr {
    Expr::bin(BinOp::Ne, a, b)
}

/// The condition of the operator itself, on operands already evaluated.
fn own_condition(p: &Program, op: BinOp, a: &Expr, b: &Expr) -> Option<Expr> {
    let dm = p.data_model;
    let ll = IntType::LongLong;
    match op {
        BinOp::Div | BinOp::Rem => {
            let t = IntType::usual_arith(a.ty(p), b.ty(p), dm);
            let nonzero = ne(cast(t, b), Expr::Const(0, t));
            if !t.is_signed() {
                return Some(nonzero);
            }
            let min = Expr::Const(t.range(dm).0, t);
            let overflow = Expr::bin(
                BinOp::LogAnd,
                Expr::bin(BinOp::Eq, cast(t, a), min),
                Expr::bin(BinOp::Eq, cast(t, b), Expr::Const(-1, t)),
            );
            Some(Expr::bin(BinOp::LogAnd, nonzero, Expr::not(overflow)))
        }
        BinOp::Shl | BinOp::Shr => {
            let t = a.ty(p).promote();
            let width = i128::from(t.bits(dm));
            // The amount in its own type (an unsigned amount is never negative).
            let bt = b.ty(p).promote();
            let amount = cast(bt, b);
            // In C's order of `&&`: `MAX >> b` is evaluated only for an amount in range.
            let mut parts = vec![];
            if bt.is_signed() {
                parts.push(Expr::bin(BinOp::Ge, amount.clone(), Expr::Const(0, bt)));
            }
            parts.push(Expr::bin(BinOp::Lt, amount.clone(), Expr::Const(width, bt)));
            if op == BinOp::Shl && t.is_signed() {
                // `a >= 0 && a <= MAX >> b`.
                let max = Expr::Const(t.range(dm).1, t);
                parts.push(Expr::bin(BinOp::Ge, cast(t, a), Expr::Const(0, t)));
                parts.push(Expr::bin(
                    BinOp::Le,
                    cast(t, a),
                    Expr::bin(BinOp::Shr, max, amount),
                ));
            }
            parts
                .into_iter()
                .reduce(|x, y| Expr::bin(BinOp::LogAnd, x, y))
        }
        BinOp::Add | BinOp::Sub | BinOp::Mul => {
            let t = IntType::usual_arith(a.ty(p), b.ty(p), dm);
            if !t.is_signed() {
                return None;
            }
            let (min, max) = t.range(dm);
            let (x, y) = (cast(t, a), cast(t, b));
            if t.bits(dm) < 64 {
                // Exactly in `long long`.
                let r = Expr::bin(op, cast(ll, &x), cast(ll, &y));
                return Some(Expr::bin(
                    BinOp::LogAnd,
                    Expr::bin(BinOp::Ge, r.clone(), Expr::Const(min, ll)),
                    Expr::bin(BinOp::Le, r, Expr::Const(max, ll)),
                ));
            }
            let (cmin, cmax) = (Expr::Const(min, t), Expr::Const(max, t));
            let zero = Expr::Const(0, t);
            let y_nonneg = Expr::bin(BinOp::Ge, y.clone(), zero.clone());
            Some(match op {
                BinOp::Add => Expr::cond(
                    y_nonneg,
                    Expr::bin(BinOp::Le, x.clone(), Expr::bin(BinOp::Sub, cmax, y.clone())),
                    Expr::bin(BinOp::Ge, x, Expr::bin(BinOp::Sub, cmin, y)),
                ),
                BinOp::Sub => Expr::cond(
                    y_nonneg,
                    Expr::bin(BinOp::Ge, x.clone(), Expr::bin(BinOp::Add, cmin, y.clone())),
                    Expr::bin(BinOp::Le, x, Expr::bin(BinOp::Add, cmax, y)),
                ),
                _ => {
                    // `x == 0 || (!(x == -1 && y == MIN) && (x * y) / x == y)`, the product
                    // wrapping in the encoding.
                    let minus_one_min = Expr::bin(
                        BinOp::LogAnd,
                        Expr::bin(BinOp::Eq, x.clone(), Expr::Const(-1, t)),
                        Expr::bin(BinOp::Eq, y.clone(), cmin),
                    );
                    let back = Expr::bin(
                        BinOp::Eq,
                        Expr::bin(
                            BinOp::Div,
                            Expr::bin(BinOp::Mul, x.clone(), y.clone()),
                            x.clone(),
                        ),
                        y,
                    );
                    Expr::bin(
                        BinOp::LogOr,
                        Expr::bin(BinOp::Eq, x, zero),
                        Expr::bin(BinOp::LogAnd, Expr::not(minus_one_min), back),
                    )
                }
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::print::expr_to_c;
    use crate::strategy::svwitness::cexpr::{self, Scope};

    fn program() -> Program {
        let text = "int main(void) { int x = 0; unsigned u = 0; long long l = 0; return x + (int)u + (int)l; }\n";
        crate::frontend::parse_source(text, "d.c", &Default::default()).unwrap()
    }

    fn cond(text: &str) -> Option<String> {
        let p = program();
        let e = cexpr::parse(&p, &Scope::of(&p), text).unwrap();
        defined(&p, &e).map(|d| expr_to_c(&p, &d))
    }

    #[test]
    fn unsigned_and_comparisons_are_always_defined() {
        assert_eq!(cond("u + 1u < u * 2u && x <= 5"), None);
        assert_eq!(cond("(x & 3) == (x | 1)"), None);
    }

    #[test]
    fn division_signed_arithmetic_and_shifts_have_conditions() {
        assert!(cond("x / 0 == 1").is_some());
        assert!(cond("u % x == 1").is_some());
        assert!(cond("x + 1 > x").is_some());
        assert!(cond("l * l >= 0").is_some());
        assert!(cond("-x == 3").is_some());
        assert!(cond("(x << 40) == 0").is_some());
        assert!(cond("(u >> 3u) == 0").is_some());
    }
}
