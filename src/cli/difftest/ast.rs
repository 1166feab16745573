//! The generated programs: a small C AST that records *intent* (an addition, an index, a
//! division), not the guards that make it free of undefined behaviour. The printer
//! (`super::print`) adds those guards from the static ranges of the operands, so every tree
//! prints as a UB-free program, including the trees the reducer (`super::reduce`) makes by
//! deleting statements and replacing expressions.

pub use super::lits::{Base, CharLit, CharPrefix, Spelling, Unit};
use crate::ir::types::{DataModel, IntType};

/// A binary operator: the IR's (same C operators and symbols).
pub use crate::ir::BinOp;

/// A unary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    BitNot,
    Not,
}

/// An expression. Side-effect free: inputs are drawn by statements only, helper functions
/// write no globals (so guards may evaluate an operand twice).
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A constant of the given type.
    Lit(i128, IntType),
    /// A scalar variable (global, local, parameter or loop counter).
    Var(String),
    /// An element of an array; one index per dimension.
    Elem(String, Vec<Expr>),
    /// A member of a struct array element (`sa[i].f`) or of a struct variable (`s.f`).
    Field(String, Option<Box<Expr>>, String),
    Cast(IntType, Box<Expr>),
    Un(UnOp, Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    Call(String, Vec<Expr>),
    /// `sizeof(T)`.
    SizeofTy(IntType),
    /// `sizeof(struct S)`.
    SizeofStruct(String),
    /// A constant of the given type spelled in another base or with a suffix (`0xBAD`,
    /// `017lu`, `0b101U`; see `super::lits`).
    Spelled(i128, IntType, Spelling),
    /// A character constant (`'a'`, `L'\xff'`, `u'\101'`, `'ab'`).
    Char(CharLit),
    /// `sizeof` of an array, an array's row or a pointer expression.
    SizeofObj(SizeofObj),
    /// An array passed to an array parameter ([`Param::Array`]): only a call's argument.
    ArrArg(String, ArgOff),
}

/// How an array argument is passed: the whole array `a`, `a + k` or `&a[k]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgOff {
    Whole,
    Plus(u32),
    Addr(u32),
}

/// The operand of a `sizeof` of an object or pointer (its value: `super::print`).
#[derive(Clone, Debug, PartialEq)]
pub enum SizeofObj {
    /// `sizeof(a)` (or `sizeof a` when the flag is set) of an array: the whole array.
    Array(String, bool),
    /// `sizeof(a[0])`: an element, or a row of a 2-D array.
    Row(String),
    /// A pointer made from an array: `a + 1`, `&a[0]`, `&a` or `(0, a)` (by the number).
    Decayed(String, u8),
    /// `&x` of a scalar.
    Addr(String),
    /// A pointer variable (`Program::pointers`): `p`, `*p`, `p + 1` or `p[0]` (by the number).
    Pointer(String, u8),
    /// A call `f(a)` of a sizer (`Program::sizers`): `sizeof(b) / sizeof(b[0])` of its array
    /// parameter `b`, an `int`.
    Param(String, String),
}

/// An assignable place.
#[derive(Clone, Debug, PartialEq)]
pub enum LVal {
    Var(String),
    Elem(String, Vec<Expr>),
    Field(String, Option<Expr>, String),
}

impl LVal {
    pub fn as_expr(&self) -> Expr {
        match self {
            LVal::Var(v) => Expr::Var(v.clone()),
            LVal::Elem(a, ix) => Expr::Elem(a.clone(), ix.clone()),
            LVal::Field(a, i, f) => Expr::Field(a.clone(), i.clone().map(Box::new), f.clone()),
        }
    }
}

/// How an assumption is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssumeFn {
    Verifier,
    AbortIfNot,
}

/// The loop statement's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopKind {
    For,
    While,
    DoWhile,
}

/// A loop's bound.
#[derive(Clone, Debug, PartialEq)]
pub enum Bound {
    Const(u32),
    /// An input `var` of type `ty`, drawn right before the loop and bounded by `max`: by an
    /// assumption, or (`conjunct`) by `&& counter < max` in the loop condition.
    Input {
        var: String,
        ty: IntType,
        max: u32,
        assume: Option<AssumeFn>,
    },
    /// `counter < var` (or `<=` when `incl`) for a variable a [`Stmt::Ranged`] drew; `max`
    /// is the largest trip count (the range's top, plus one when `incl`).
    Row {
        var: String,
        max: u32,
        incl: bool,
    },
}

impl Bound {
    /// The largest trip count.
    pub fn max(&self) -> u32 {
        match self {
            Bound::Const(n) => *n,
            Bound::Input { max, .. } | Bound::Row { max, .. } => *max,
        }
    }
}

/// A counted loop: the counter is written by the loop's own header/increment only, so inside
/// the body its range is known: `0..max` counting up, `1..=max` counting down.
#[derive(Clone, Debug, PartialEq)]
pub struct Loop {
    pub kind: LoopKind,
    pub counter: String,
    pub down: bool,
    pub bound: Bound,
    pub body: Vec<Stmt>,
}

/// A statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    Assign(LVal, Expr),
    /// `lv op= e` (printed as a compound assignment when that is UB-free, else expanded).
    Compound(LVal, BinOp, Expr),
    /// `lv = __VERIFIER_nondet_T();`
    Havoc(LVal, IntType),
    /// `lv = lv + __VERIFIER_nondet_T();` (reads its own earlier value).
    HavocAccum(LVal, IntType),
    Assume(AssumeFn, Expr),
    /// `__VERIFIER_assert(e);`
    Assert(Expr),
    /// `if (e) { reach_error(); }` (with `abort();` after it when the flag is set).
    ReachIf(Expr, bool),
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    Loop(Loop),
    /// `if (e) break;` (innermost loop).
    Break(Expr),
    /// `if (e) continue;` (innermost loop; a while/do-while loop steps its counter first).
    Continue(Expr),
    /// A block-local declaration (`T name[n];` or `T name;`), uninitialised.
    Decl(Decl),
    /// `dst = src;` of whole structs.
    StructCopy(SRef, SRef),
    /// A block-local `struct S name = src;` (its struct type named by the declaration).
    StructDecl(Decl, SRef),
    /// A block-local declaration with a designated initialiser list.
    DesigDecl(Decl, Vec<DItem>),
    /// `__VERIFIER_assert(f(arg));` of a [`StructFunc`] and a struct passed by value.
    StructArgAssert(String, SRef),
    /// A block-local struct tag definition `struct Q { T m0; .. };`: it shadows a tag of the
    /// same name declared outside the block, up to the block's end (C11 6.2.1).
    TagDef(StructDef),
    /// `var = nondet(); assume(lo <= var && var <= hi);` at the top level of `main`; `var` is
    /// assigned nowhere else, so later statements may take its value in `lo..=hi`.
    Ranged {
        var: String,
        ty: IntType,
        lo: i128,
        hi: i128,
        assume: AssumeFn,
    },
}

/// `int name(struct S p) { struct S q = p; return q.m0 == q.m1 && ...; }`: are the members
/// of a struct passed by value (and copied in the body) equal?
#[derive(Clone, Debug, PartialEq)]
pub struct StructFunc {
    pub name: String,
    pub sname: String,
    pub fields: Vec<String>,
}

/// A whole struct: a struct variable or an element of a struct array.
#[derive(Clone, Debug, PartialEq)]
pub struct SRef {
    pub name: String,
    pub index: Option<SIndex>,
}

/// The index of a struct array element in a struct copy.
#[derive(Clone, Debug, PartialEq)]
pub enum SIndex {
    Expr(Expr),
    /// An input drawn where the copy is (`__VERIFIER_nondet_uint() % n`): C evaluates it once.
    Nondet,
}

/// One item of a designated initialiser list: designators (none: positional), then the
/// first value (all values in braces when `braced`); without braces the further values are
/// positional items that continue after the designated subobject.
#[derive(Clone, Debug, PartialEq)]
pub struct DItem {
    pub desig: Vec<DStep>,
    pub braced: bool,
    pub vals: Vec<i128>,
}

/// A designator.
#[derive(Clone, Debug, PartialEq)]
pub enum DStep {
    Index(u32),
    Field(String),
}

/// The type of a declared object.
#[derive(Clone, Debug, PartialEq)]
pub enum ObjTy {
    Scalar(IntType),
    /// A scalar of an enum type declared through its tag (`enum x_e { x_a = -1, x_b, x_c };
    /// enum x_e x;`): `Int` when the first enumerator is -1, `UInt` (gcc's type of an enum
    /// without negative enumerators) when it is 1.
    Enum(IntType),
    Array(IntType, Vec<u32>),
    Struct(String),
    StructArray(String, u32),
}

/// A declaration with an optional initialiser (flat list of values for arrays and structs).
#[derive(Clone, Debug, PartialEq)]
pub struct Decl {
    pub name: String,
    pub ty: ObjTy,
    pub init: Option<Vec<i128>>,
}

/// A struct type.
#[derive(Clone, Debug, PartialEq)]
pub struct StructDef {
    pub name: String,
    pub fields: Vec<(String, IntType)>,
}

/// A parameter of a helper function.
#[derive(Clone, Debug, PartialEq)]
pub enum Param {
    Int(String, IntType),
    /// An array parameter, written `T *name` (`star`) or `T name[]`. Its elements are
    /// indexed as `len` of them (the printer's guards): the fewest that any call passes.
    Array {
        name: String,
        ty: IntType,
        len: u32,
        star: bool,
    },
}

/// A helper function: parameters, a body that writes only its parameters (and, through an
/// array parameter, the array a call passes), a result.
#[derive(Clone, Debug, PartialEq)]
pub struct Func {
    pub name: String,
    pub ret: IntType,
    pub params: Vec<Param>,
    pub body: Vec<Stmt>,
    pub result: Expr,
    /// The deepest recursion of a recursive function (its calls nest at most this deep), 0
    /// for the others: the truth's `--unwind` bounds recursion too.
    pub depth: u32,
}

impl Func {
    /// Whether a parameter is an array.
    pub fn has_array_param(&self) -> bool {
        self.params.iter().any(|p| matches!(p, Param::Array { .. }))
    }
}

/// A whole program.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    pub dm: DataModel,
    pub structs: Vec<StructDef>,
    pub globals: Vec<Decl>,
    pub funcs: Vec<Func>,
    pub struct_funcs: Vec<StructFunc>,
    /// main's locals, declared at its top.
    pub locals: Vec<Decl>,
    /// Pointer variables of main (after its locals): `T *p = a;` (name, array).
    pub pointers: Vec<(String, String)>,
    /// Functions `int f(T b[]) { return sizeof(b) / sizeof(b[0]); }` (name, element type,
    /// whether written `T *b` and `sizeof b / sizeof *b`).
    pub sizers: Vec<(String, IntType, bool)>,
    pub body: Vec<Stmt>,
}

impl Program {
    /// Whether the body draws a ranged input (a grid pattern's row length).
    pub fn has_ranged_input(&self) -> bool {
        self.body.iter().any(|s| matches!(s, Stmt::Ranged { .. }))
    }

    /// The `--unwind` bound that unwinds every loop completely (largest trip count + 2).
    pub fn unwind_bound(&self) -> u32 {
        fn walk(ss: &[Stmt], m: &mut u32) {
            for s in ss {
                match s {
                    Stmt::Loop(l) => {
                        *m = (*m).max(l.bound.max());
                        walk(&l.body, m);
                    }
                    Stmt::If(_, a, b) => {
                        walk(a, m);
                        walk(b, m);
                    }
                    _ => {}
                }
            }
        }
        let mut m = 0;
        walk(&self.body, &mut m);
        for f in &self.funcs {
            walk(&f.body, &mut m);
            m = m.max(f.depth);
        }
        m + 2
    }
}
