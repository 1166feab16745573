//! C types as the front end sees them (wider than the IR's integers: arrays, structs, and the
//! pointer/float types that are only rejected when a program uses them) and constant folding
//! of IR expressions (constants' values and types are in `literal.rs`).

use crate::ir::{BinOp, DataModel, Expr, IntType, Program, UnOp, VarId};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

#[derive(Clone)]
pub enum CType {
    Void,
    Int(IntType),
    /// Element type and length (`None`: `[]`).
    Array(Rc<CType>, Option<u64>),
    /// An array whose length is only known at run time (a VLA, a `malloc`'d array): the
    /// element type and the frozen IR variable holding the length (see `ir::Size::Var`).
    VarArray(Rc<CType>, VarId),
    Struct(Rc<StructDef>),
    #[allow(dead_code)] // the pointee, kept for messages and future use
    Pointer(Rc<CType>),
    /// `float`, `double`, `long double`, `_FloatN`.
    Float(FloatType),
    Func(Rc<CType>),
    /// Something outside the subset (`union`, `__builtin_va_list`, ...): fine to declare in a
    /// header, an error when a program uses it.
    Other(String),
}

/// The floating-point types (only their layout matters: values are outside the subset).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatType {
    /// `float`, `_Float32`.
    Single,
    /// `double`, `_Float64`, `_Float32x`.
    Double,
    /// `long double`, `_Float64x` (x87 extended precision).
    LongDouble,
    /// `_Float128`, `__float128`.
    Quad,
}

/// A struct or union; the fields are filled in when the definition is seen.
pub struct StructDef {
    pub tag: Option<String>,
    pub union: bool,
    pub fields: RefCell<Option<Vec<(String, CType)>>>,
    /// A `packed`/`aligned` attribute changes the layout: size and alignment are then unknown
    /// (an error when a program asks for them) rather than guessed.
    pub attr_layout: Cell<bool>,
}

/// Size and alignments of a complete type, in bytes.
///
/// `align` is the ABI alignment (C11 `_Alignof`, the alignment of a struct member); `pref` is
/// gcc's *preferred* alignment (`__alignof__`), which differs on i386: `long long` and `double`
/// are aligned to 4 inside structs (i386 System V ABI) yet gcc prefers 8 for them (and for
/// arrays of them) as whole objects. Since gcc 8 `_Alignof` gives the ABI value (gcc PR 52023),
/// `__alignof__` the preferred one. Structs and unions have pref = align. Checked against
/// `gcc -m32`/`-m64` (see the unit tests' golden values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub size: u64,
    pub align: u64,
    pub pref: u64,
}

impl Layout {
    fn scalar(size: u64, align: u64, pref: u64) -> Layout {
        Layout { size, align, pref }
    }
}

impl CType {
    /// An array of constant, unknown or run-time length.
    pub fn is_array(&self) -> bool {
        matches!(self, CType::Array(..) | CType::VarArray(..))
    }

    /// The element type of an array type.
    pub fn elem(&self) -> Option<&CType> {
        match self {
            CType::Array(e, _) | CType::VarArray(e, _) => Some(e),
            _ => None,
        }
    }

    /// Do two types denote the same C type (for pointers aliasing arrays)? Conservative:
    /// `false` when unsure.
    pub fn same(&self, other: &CType) -> bool {
        match (self, other) {
            (CType::Int(a), CType::Int(b)) => a == b,
            (CType::Struct(a), CType::Struct(b)) => Rc::ptr_eq(a, b),
            (CType::Array(a, n), CType::Array(b, m)) => n == m && a.same(b),
            (CType::VarArray(a, n), CType::VarArray(b, m)) => n == m && a.same(b),
            _ => false,
        }
    }

    /// Size and alignments under the data model (x86 / x86-64 System V, as gcc lays them
    /// out), `None` when unknown (incomplete, attribute-laid-out, or outside the subset).
    pub fn layout(&self, dm: DataModel) -> Option<Layout> {
        let ilp32 = dm == DataModel::Ilp32;
        match self {
            CType::Void => Some(Layout::scalar(1, 1, 1)),
            CType::Int(t) => {
                let b = (t.bits(dm) / 8) as u64;
                // i386: 8-byte integers have ABI alignment 4.
                Some(Layout::scalar(b, if ilp32 { b.min(4) } else { b }, b))
            }
            CType::Array(e, n) => {
                let l = e.layout(dm)?;
                Some(Layout {
                    size: l.size.checked_mul((*n)?)?,
                    ..l
                })
            }
            CType::Struct(d) => {
                if d.attr_layout.get() {
                    return None;
                }
                let fields = d.fields.borrow();
                let fields = fields.as_ref()?;
                let (mut size, mut align) = (0u64, 1u64);
                for (_, t) in fields {
                    let l = t.layout(dm)?;
                    align = align.max(l.align);
                    if d.union {
                        size = size.max(l.size);
                    } else {
                        size = size
                            .div_ceil(l.align)
                            .checked_mul(l.align)?
                            .checked_add(l.size)?;
                    }
                }
                let size = size.div_ceil(align).checked_mul(align)?;
                Some(Layout::scalar(size, align, align))
            }
            CType::Pointer(_) | CType::Func(_) => {
                let b = if ilp32 { 4 } else { 8 };
                Some(Layout::scalar(b, b, b))
            }
            CType::Float(f) => Some(match (f, ilp32) {
                (FloatType::Single, _) => Layout::scalar(4, 4, 4),
                (FloatType::Double, true) => Layout::scalar(8, 4, 8),
                (FloatType::Double, false) => Layout::scalar(8, 8, 8),
                (FloatType::LongDouble, true) => Layout::scalar(12, 4, 4),
                (FloatType::LongDouble, false) => Layout::scalar(16, 16, 16),
                (FloatType::Quad, _) => Layout::scalar(16, 16, 16),
            }),
            CType::Other(_) | CType::VarArray(..) => None,
        }
    }

    /// Why a value of this type is outside the subset (for messages).
    pub fn describe(&self) -> String {
        match self {
            CType::Void => "void".into(),
            CType::Int(t) => t.c_name().into(),
            CType::Array(..) => "array".into(),
            CType::VarArray(..) => "variable-length array".into(),
            CType::Struct(d) if d.union => "union".into(),
            CType::Struct(d) => match &d.tag {
                Some(t) => format!("struct {t}"),
                None => "struct".into(),
            },
            CType::Pointer(_) => "pointer".into(),
            CType::Float(_) => "floating-point type".into(),
            CType::Func(_) => "function".into(),
            CType::Other(s) => s.clone(),
        }
    }
}

/// The value of a constant expression, if it is one (C semantics in the expression's type).
pub fn fold(e: &Expr, p: &Program) -> Option<i128> {
    let dm = p.data_model;
    let wrap = |v: i128| e.ty(p).wrap(v, dm);
    match e {
        Expr::Const(v, _) => Some(*v),
        Expr::Var(_) | Expr::Read(..) | Expr::Nondet(_) => None,
        Expr::Cast(t, a) => Some(t.wrap(fold(a, p)?, dm)),
        Expr::Unary(op, a) => {
            let v = fold(a, p)?;
            Some(match op {
                UnOp::Neg => wrap(-v),
                UnOp::BitNot => wrap(!v),
                UnOp::LogNot => (v == 0) as i128,
            })
        }
        Expr::Cond(c, t, f) => {
            let c = fold(c, p)?;
            let ty = e.ty(p);
            let v = if c != 0 { fold(t, p)? } else { fold(f, p)? };
            Some(ty.wrap(v, dm))
        }
        Expr::Binary(op, a, b) => {
            use BinOp::*;
            let va = fold(a, p)?;
            if *op == LogAnd && va == 0 {
                return Some(0);
            }
            if *op == LogOr && va != 0 {
                return Some(1);
            }
            let vb = fold(b, p)?;
            // Operands converted to the common type for arithmetic and comparisons.
            let common = IntType::usual_arith(a.ty(p), b.ty(p), dm);
            let (ca, cb) = (common.wrap(va, dm), common.wrap(vb, dm));
            Some(match op {
                Add => wrap(ca + cb),
                Sub => wrap(ca - cb),
                Mul => wrap(ca.checked_mul(cb)?),
                Div | Rem => {
                    if cb == 0 {
                        return None;
                    }
                    // C truncates toward zero, like Rust's `/` and `%`.
                    wrap(if *op == Div { ca / cb } else { ca % cb })
                }
                Shl | Shr => {
                    let ta = a.ty(p).promote();
                    let x = ta.wrap(va, dm);
                    if vb < 0 || vb >= ta.bits(dm) as i128 {
                        return None;
                    }
                    if *op == Shl {
                        wrap(x << vb)
                    } else {
                        wrap(x >> vb)
                    }
                }
                BitAnd => wrap(ca & cb),
                BitOr => wrap(ca | cb),
                BitXor => wrap(ca ^ cb),
                Lt => (ca < cb) as i128,
                Le => (ca <= cb) as i128,
                Gt => (ca > cb) as i128,
                Ge => (ca >= cb) as i128,
                Eq => (ca == cb) as i128,
                Ne => (ca != cb) as i128,
                LogAnd => (vb != 0) as i128,
                LogOr => (vb != 0) as i128,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strukt(union: bool, fields: Vec<CType>) -> CType {
        let fields = fields
            .into_iter()
            .enumerate()
            .map(|(k, t)| (format!("f{k}"), t))
            .collect();
        CType::Struct(Rc::new(StructDef {
            tag: None,
            union,
            fields: RefCell::new(Some(fields)),
            attr_layout: Cell::new(false),
        }))
    }

    /// (size, _Alignof, __alignof__) under ILP32 and LP64.
    fn sal(t: &CType) -> [(u64, u64, u64); 2] {
        [DataModel::Ilp32, DataModel::Lp64].map(|dm| {
            let l = t.layout(dm).expect("complete type");
            (l.size, l.align, l.pref)
        })
    }

    /// Golden values from `gcc -m32` / `gcc -m64` (gcc 12: `_Alignof` is the ABI alignment,
    /// `__alignof__` the preferred one).
    #[test]
    fn layouts_match_gcc_on_i386_and_x86_64() {
        use IntType::*;
        let int = |t| CType::Int(t);
        let arr = |t: CType, n| CType::Array(Rc::new(t), Some(n));
        let s = strukt(false, vec![int(Char), int(LongLong)]);
        assert_eq!(sal(&int(LongLong)), [(8, 4, 8), (8, 8, 8)]);
        assert_eq!(sal(&int(ULongLong)), [(8, 4, 8), (8, 8, 8)]);
        assert_eq!(sal(&int(Long)), [(4, 4, 4), (8, 8, 8)]);
        assert_eq!(sal(&s), [(12, 4, 4), (16, 8, 8)]);
        let d = strukt(false, vec![int(Char), CType::Float(FloatType::Double)]);
        assert_eq!(sal(&d), [(12, 4, 4), (16, 8, 8)]);
        assert_eq!(
            sal(&CType::Float(FloatType::Double)),
            [(8, 4, 8), (8, 8, 8)]
        );
        let ld = CType::Float(FloatType::LongDouble);
        assert_eq!(sal(&ld), [(12, 4, 4), (16, 16, 16)]);
        assert_eq!(sal(&strukt(false, vec![int(Char), ld]))[0].0, 16);
        // Nested struct, arrays of structs, unions.
        let n = strukt(false, vec![int(Char), s.clone()]);
        assert_eq!(sal(&n), [(16, 4, 4), (24, 8, 8)]);
        let a = strukt(false, vec![arr(s.clone(), 3), int(Char)]);
        assert_eq!(sal(&a), [(40, 4, 4), (56, 8, 8)]);
        let u = strukt(true, vec![arr(int(Char), 5), int(LongLong)]);
        assert_eq!(sal(&u), [(8, 4, 4), (8, 8, 8)]);
        assert_eq!(sal(&arr(int(LongLong), 3)), [(24, 4, 8), (24, 8, 8)]);
        let ll2 = strukt(false, vec![int(LongLong), int(Char)]);
        assert_eq!(sal(&ll2), [(12, 4, 4), (16, 8, 8)]);
        let p = strukt(false, vec![int(Char), CType::Pointer(Rc::new(CType::Void))]);
        assert_eq!(sal(&p), [(8, 4, 4), (16, 8, 8)]);
        let q = strukt(false, vec![int(Short), int(Char)]);
        assert_eq!(sal(&q), [(4, 2, 2), (4, 2, 2)]);
        let e = strukt(false, vec![int(Char), CType::Float(FloatType::Quad)]);
        assert_eq!(sal(&e), [(32, 16, 16), (32, 16, 16)]);
        assert_eq!(
            sal(&strukt(false, vec![int(Bool), int(Char)]))[0],
            (2, 1, 1)
        );
    }

    #[test]
    fn attribute_laid_out_structs_have_no_layout() {
        let t = strukt(
            false,
            vec![CType::Int(IntType::Char), CType::Int(IntType::Int)],
        );
        if let CType::Struct(d) = &t {
            d.attr_layout.set(true);
        }
        assert!(t.layout(DataModel::Lp64).is_none());
    }
}
