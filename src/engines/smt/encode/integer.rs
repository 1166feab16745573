//! The integer reading of a C expression: its value over the mathematical integers, as ACSL
//! reads a witness's contract, computed exactly in bit-vectors over the bit-vector values of
//! its variables.
//!
//! Takes an [`Expr`] of an [`Enc`] in the bit-vector theory; gives two SMT `Bool`s
//! ([`Enc::integer_reading`]): `defined`, and `truth`, the expression's truth over the
//! integers where `defined` holds. In the integer theory the C reading already is this one.
//!
//! The reading: a variable or element is its C value (extended by its type's signedness), a
//! literal its value; no conversion happens (`u <= -1` is false for an unsigned `u`, true in
//! C); `+ - * / % << >> & | ^ - ~` are the integers' (`/` and `%` truncate, as in C and ACSL;
//! `>>` is the floor, and `& | ^ ~` those of infinite two's complement, as ACSL defines them);
//! comparisons and `! && || ?:` are logic. Values are bit-vectors of one width for the
//! expression, chosen from the bounds of every sub-expression ([`Enc::bounds`], intervals from
//! the variables' types): wide enough for each value, so every operation is exact at that
//! width wherever the reading is defined (`(unsigned long)n + k` of two `unsigned int`s takes
//! 35 bits, not 132: solvers pay for every bit). Where a bound would pass ±2^126 (nested
//! products of 64-bit values), the width is [`WIDE`] and every intermediate value is required
//! to lie within ±2^126, so that a sum, a difference or a quotient of two is exact at that
//! width, and a product or a left shift is required not to overflow it (`bvsmul_noovfl`,
//! shifting back).
//!
//! Bounds hold where the reading is defined: by induction, where `defined` holds each value
//! that counts lies in its bounds, hence at the width, so the width's operation is the
//! integers'.
//!
//! `defined` fails where ACSL leaves a value unspecified or ara cannot vouch for it: a divisor
//! of 0, a shift amount outside `0 .. 64`, a value beyond the width, and an explicit cast of a
//! value its target type cannot hold (ACSL's casts agree with C's where the value fits). The
//! operand of `&&`, `||` or `?:` that the condition does not reach needs no definedness
//! (`b != 0 && 100 / b > 1` is defined for every `b`).
//!
//! Soundness for contracts: a check that proves `defined && truth` of every activation proves
//! the ACSL contract, whose value is `truth` wherever `defined` holds. `defined` is only ever
//! stronger than needed, so a true contract may fail the check (UNKNOWN), never the reverse.
//! The front end folds a cast of a constant (`(char)300` is read as `(char)44`, C's
//! conversion, which ACSL's cast to a C type also gives).

use super::{Enc, T, bv_lit, resize};
use crate::base::error::AraError;
use crate::ir::{BinOp, Expr, IntType, UnOp};

/// The width of the guarded reading: 64-bit values and sums of them fit with room for
/// products of two, each checked.
pub(super) const WIDE: u32 = 132;

/// The largest magnitude a bound may have (beyond it the reading is guarded).
const LIMIT: i128 = 1 << 126;

/// Smallest and largest value of a sub-expression where the reading is defined.
type Bounds = (i128, i128);

/// The width of a reading and whether its intermediate values need guards.
#[derive(Clone, Copy)]
struct Width {
    bits: u32,
    guarded: bool,
}

impl Width {
    fn lit(self, v: i128) -> String {
        if self.bits >= 128 {
            resize(bv_lit(v, 128), 128, self.bits, true)
        } else {
            bv_lit(v, self.bits)
        }
    }
}

/// A value of the integer reading: a term of the reading's width, or a `Bool` standing for
/// 0/1.
enum M {
    Val(String),
    Cond(String),
}

impl M {
    fn val(self, w: Width) -> String {
        match self {
            M::Val(v) => v,
            M::Cond(b) => format!("(ite {b} {} {})", w.lit(1), w.lit(0)),
        }
    }

    fn truth(self, w: Width) -> String {
        match self {
            M::Val(v) => format!("(not (= {v} {}))", w.lit(0)),
            M::Cond(b) => b,
        }
    }
}

impl Enc<'_> {
    /// `(defined, truth)` of `e` read over the integers (module doc).
    pub(super) fn integer_reading(&mut self, e: &Expr) -> Result<(String, String), AraError> {
        if !self.bv() {
            let t = self.expr(e)?;
            return Ok(("true".into(), self.truth(t)));
        }
        let mut widest = Some(8u32);
        e.visit(&mut |x| {
            widest = widest
                .zip(self.bounds(x))
                .map(|(w, b)| w.max(signed_bits(b)));
        });
        let w = match widest {
            Some(bits) => Width {
                bits,
                guarded: false,
            },
            None => Width {
                bits: WIDE,
                guarded: true,
            },
        };
        let (m, defined) = self.integer(e, w)?;
        Ok((defined, m.truth(w)))
    }

    /// Bounds of `e`'s integer reading where it is defined; `None` beyond ±[`LIMIT`].
    fn bounds(&self, e: &Expr) -> Option<Bounds> {
        let p = self.p;
        let dm = p.data_model;
        let b = match e {
            Expr::Const(v, t) => {
                let v = t.wrap(*v, dm);
                (v, v)
            }
            Expr::Var(_) | Expr::Nondet(_) | Expr::Read(..) => e.ty(p).range(dm),
            Expr::Unary(UnOp::LogNot, _) => (0, 1),
            Expr::Unary(op, a) => {
                let (lo, hi) = self.bounds(a)?;
                match op {
                    UnOp::Neg => (-hi, -lo),
                    _ => (-hi - 1, -lo - 1),
                }
            }
            Expr::Binary(op, _, _) if op.is_boolean() => (0, 1),
            Expr::Binary(op, a, b) => binary_bounds(*op, self.bounds(a)?, self.bounds(b)?),
            Expr::Cond(_, t, f) => {
                let ((tl, th), (fl, fh)) = (self.bounds(t)?, self.bounds(f)?);
                (tl.min(fl), th.max(fh))
            }
            Expr::Cast(t, a) => {
                let (lo, hi) = t.range(dm);
                match self.bounds(a) {
                    Some((al, ah)) if al <= hi && ah >= lo => (al.max(lo), ah.min(hi)),
                    _ => (lo, hi),
                }
            }
        };
        (b.0 >= -LIMIT && b.1 <= LIMIT).then_some(b)
    }

    /// The integer reading of `e` at width `w` and the condition that it is defined.
    fn integer(&mut self, e: &Expr, w: Width) -> Result<(M, String), AraError> {
        Ok(match e {
            Expr::Const(v, t) => (M::Val(w.lit(t.wrap(*v, self.p.data_model))), "true".into()),
            Expr::Var(_) | Expr::Nondet(_) => (M::Val(self.c_value(e, w)?), "true".into()),
            Expr::Read(_, i) => {
                let (iv, ok) = self.integer(i, w)?;
                let ok = and(&[ok, self.fits(&iv.val(w), i, IntType::Long, w)]);
                (M::Val(self.c_value(e, w)?), ok)
            }
            Expr::Unary(UnOp::LogNot, a) => {
                let (a, ok) = self.integer(a, w)?;
                (M::Cond(format!("(not {})", a.truth(w))), ok)
            }
            Expr::Unary(op, a) => {
                let (a, ok) = self.integer(a, w)?;
                let f = if *op == UnOp::Neg { "bvneg" } else { "bvnot" };
                small(format!("({f} {})", a.val(w)), ok, w)
            }
            Expr::Binary(op @ (BinOp::LogAnd | BinOp::LogOr), a, b) => {
                let ((a, oa), (b, ob)) = (self.integer(a, w)?, self.integer(b, w)?);
                let (a, b) = (a.truth(w), b.truth(w));
                // Where `a` decides (false for `&&`, true for `||`), `b` need not be defined.
                let (f, decided) = if *op == BinOp::LogAnd {
                    ("and", format!("(not {a})"))
                } else {
                    ("or", a.clone())
                };
                let ok = and(&[oa, or(&decided, &ob)]);
                (M::Cond(format!("({f} {a} {b})")), ok)
            }
            Expr::Binary(op, a, b) => self.integer_binary(*op, a, b, w)?,
            Expr::Cond(c, t, f) => {
                let ((c, oc), (t, ot), (f, of)) = (
                    self.integer(c, w)?,
                    self.integer(t, w)?,
                    self.integer(f, w)?,
                );
                let c = c.truth(w);
                let ok = match (ot.as_str(), of.as_str()) {
                    ("true", "true") => oc,
                    _ => and(&[oc, format!("(ite {c} {ot} {of})")]),
                };
                (M::Val(format!("(ite {c} {} {})", t.val(w), f.val(w))), ok)
            }
            Expr::Cast(t, a) => {
                let (av, ok) = self.integer(a, w)?;
                let av = av.val(w);
                let ok = and(&[ok, self.fits(&av, a, *t, w)]);
                (M::Val(av), ok)
            }
        })
    }

    fn integer_binary(
        &mut self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        w: Width,
    ) -> Result<(M, String), AraError> {
        use BinOp::*;
        let ((x, oa), (y, ob)) = (self.integer(a, w)?, self.integer(b, w)?);
        // `c != 0` and `c == 0` of a comparison `c` (a contract's `(text) != 0`) stay logic.
        if let (Eq | Ne, M::Cond(c), Expr::Const(0, _)) = (op, &x, b) {
            let c = if op == Ne {
                c.clone()
            } else {
                format!("(not {c})")
            };
            return Ok((M::Cond(c), and(&[oa, ob])));
        }
        let (x, y) = (x.val(w), y.val(w));
        let mut ok = vec![oa, ob];
        let f = match op {
            Lt | Le | Gt | Ge | Eq | Ne => {
                let c = match op {
                    Lt => format!("(bvslt {x} {y})"),
                    Le => format!("(bvsle {x} {y})"),
                    Gt => format!("(bvsgt {x} {y})"),
                    Ge => format!("(bvsge {x} {y})"),
                    Eq => format!("(= {x} {y})"),
                    _ => format!("(not (= {x} {y}))"),
                };
                return Ok((M::Cond(c), and(&ok)));
            }
            Add => "bvadd",
            Sub => "bvsub",
            Mul => {
                if w.guarded {
                    ok.push(format!("(bvsmul_noovfl {x} {y})"));
                    ok.push(format!("(bvsmul_noudfl {x} {y})"));
                }
                "bvmul"
            }
            Div | Rem => {
                if self.bounds(b).is_none_or(|(lo, hi)| lo <= 0 && 0 <= hi) {
                    ok.push(format!("(not (= {y} {}))", w.lit(0)));
                }
                // Unsigned division where both operands are non-negative: the same values,
                // and solvers take it faster.
                let natural = |e: &Expr| self.bounds(e).is_some_and(|(lo, _)| lo >= 0);
                match (op, natural(a) && natural(b)) {
                    (Div, true) => "bvudiv",
                    (Div, false) => "bvsdiv",
                    (_, true) => "bvurem",
                    (_, false) => "bvsrem",
                }
            }
            Shl | Shr => {
                ok.push(within(&y, self.bounds(b), (0, 63), w));
                if op == Shl && w.guarded {
                    // No bit shifted out: shifting back gives the operand.
                    ok.push(format!("(= (bvashr (bvshl {x} {y}) {y}) {x})"));
                }
                if op == Shl { "bvshl" } else { "bvashr" }
            }
            BitAnd => "bvand",
            BitOr => "bvor",
            BitXor => "bvxor",
            LogAnd | LogOr => unreachable!("logical operators are read in `integer`"),
        };
        Ok(small(format!("({f} {x} {y})"), and(&ok), w))
    }

    /// Whether `v`, the reading of `e`, lies in the range of type `t`.
    fn fits(&self, v: &str, e: &Expr, t: IntType, w: Width) -> String {
        within(v, self.bounds(e), t.range(self.p.data_model), w)
    }

    /// The C value of a variable, element or nondet at width `w`.
    fn c_value(&mut self, e: &Expr, w: Width) -> Result<String, AraError> {
        Ok(match self.expr(e)? {
            T::Cond(b) => M::Cond(b).val(w),
            T::Val(s, t) => resize(s, self.bits(t), w.bits, t.is_signed()),
        })
    }
}

/// Bounds of `op` (not a comparison) on operands within `a` and `b`, where it is defined.
fn binary_bounds(op: BinOp, (al, ah): Bounds, (bl, bh): Bounds) -> Bounds {
    use BinOp::*;
    let span = |v: &[i128]| (*v.iter().min().unwrap_or(&0), *v.iter().max().unwrap_or(&0));
    // An overflow of i128 is beyond the limit, where the reading is guarded anyway.
    let cap = |v: Option<i128>| v.unwrap_or(i128::MAX);
    let big = al.abs().max(ah.abs());
    match op {
        Add => (al.saturating_add(bl), ah.saturating_add(bh)),
        Sub => (al.saturating_sub(bh), ah.saturating_sub(bl)),
        Mul => span(&[
            cap(al.checked_mul(bl)),
            cap(al.checked_mul(bh)),
            cap(ah.checked_mul(bl)),
            cap(ah.checked_mul(bh)),
        ]),
        // |x / y| and |x % y| are at most |x|.
        Div | Rem => (-big, big),
        Shl => {
            let k = bh.clamp(0, 63) as u32;
            let m = 1i128 << k;
            span(&[cap(al.checked_mul(m)), cap(ah.checked_mul(m)), al, ah])
        }
        // The floor of x / 2^k lies between x and 0.
        Shr => (al.min(0), ah.max(0)),
        // Two's complement values of k bits combine into values of k bits.
        _ => {
            let k = signed_bits((al.min(bl), ah.max(bh)));
            (-(1i128 << (k - 1)), (1i128 << (k - 1)) - 1)
        }
    }
}

/// The fewest bits of a two's complement value holding every value within `b`.
fn signed_bits((lo, hi): Bounds) -> u32 {
    let need = |v: i128| {
        if v < 0 {
            129 - (!v).leading_zeros()
        } else {
            129 - v.leading_zeros()
        }
    };
    need(lo).max(need(hi)).max(1)
}

/// Whether `v`, within `b` (unknown: `None`), lies in `lo ..= hi`: only the comparisons the
/// bounds do not decide (each compared bound then lies within `b`, so at the width).
fn within(v: &str, b: Option<Bounds>, (lo, hi): Bounds, w: Width) -> String {
    let Some((bl, bh)) = b else {
        return format!("(and (bvsle {} {v}) (bvsle {v} {}))", w.lit(lo), w.lit(hi));
    };
    if bh < lo || bl > hi {
        return "false".into();
    }
    let mut parts = vec![];
    if bl < lo {
        parts.push(format!("(bvsle {} {v})", w.lit(lo)));
    }
    if bh > hi {
        parts.push(format!("(bvsle {v} {})", w.lit(hi)));
    }
    and(&parts)
}

/// The value `v` and `ok`; a guarded reading requires it to lie within ±[`LIMIT`].
fn small(v: String, ok: String, w: Width) -> (M, String) {
    if !w.guarded {
        return (M::Val(v), ok);
    }
    let within = format!(
        "(and (bvsle {} {v}) (bvsle {v} {}))",
        w.lit(-LIMIT),
        w.lit(LIMIT)
    );
    (M::Val(v), and(&[ok, within]))
}

/// `a || b`, simplified where `b` is true.
fn or(a: &str, b: &str) -> String {
    if b == "true" {
        "true".into()
    } else {
        format!("(or {a} {b})")
    }
}

/// The conjunction of `parts` (`true` left out).
fn and(parts: &[String]) -> String {
    if parts.iter().any(|s| s == "false") {
        return "false".into();
    }
    let parts: Vec<&str> = (parts.iter())
        .map(|s| s.as_str())
        .filter(|s| *s != "true")
        .collect();
    match parts.as_slice() {
        [] => "true".into(),
        [one] => (*one).to_string(),
        _ => format!("(and {})", parts.join(" ")),
    }
}
