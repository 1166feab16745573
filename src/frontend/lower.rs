//! Lowering a lang-c translation unit to the IR: the shared state, C types from declarations,
//! and declared objects (scalars, arrays, structs split per field, initialisers).
//!
//! Expressions are in `expr.rs`, statements and calls (inlining) in `stmt.rs`.
//!
//! Types follow gcc's reading of C11 6.2.1 and 6.7.2.2-3: tags (struct, union, enum) live in
//! the scopes beside identifiers, so a block's `struct S` hides the outer one only inside the
//! block, and a called function's signature is read at file scope; `enum E` names the type its
//! visible definition gave (`int` with a negative enumerator, else `unsigned int`). An enum
//! whose enumerators leave `int` (gcc widens it) is refused rather than read in another type.

use super::FrontendOptions;
use super::ctype::{CType, FloatType, StructDef, fold};
use super::expr::has_side_effects;
use super::init::{self, Set};
use super::source::SourceMap;
use crate::base::error::AraError;
use crate::ir::{
    ArrId, Array, ArrayInit, BinOp, Expr, IntType, LabelId, NameIndex, Program, Size, Span, Stmt,
    StmtKind, Storage, Var, VarId,
};
use lang_c::ast::*;
use lang_c::span::Node;
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

pub(super) type R<T> = Result<T, AraError>;

/// Where the integer leaves of an object live.
#[derive(Clone)]
pub(super) enum Obj {
    Var(VarId),
    /// A leaf under one or more arrays: one IR array indexed by the flattened index.
    Arr(ArrId),
    Fields(Rc<Vec<Obj>>),
    /// The elements of an array (their common shape).
    Elems(Rc<Obj>),
}

/// An object (or part of one) designated by an lvalue: its type, its storage and the flattened
/// index of the array elements chosen so far (`m[i]` of `int m[3][4]` has index `i`; indexing
/// again gives `i*4 + j`).
#[derive(Clone)]
pub(super) struct LVal {
    pub ty: CType,
    pub obj: Obj,
    pub idx: Option<Expr>,
}

/// An integer location.
#[derive(Clone)]
pub(super) enum Place {
    Var(VarId),
    Elem(ArrId, Expr),
}

#[derive(Clone)]
pub(super) enum Binding {
    Obj(LVal),
    Const(i128, IntType),
    Typedef(CType),
    /// A name the program may declare but not use (e.g. `argv`): the reason.
    Unusable(String),
    /// An `extern` declaration, turned into a global when first used.
    Extern(CType, usize),
    /// A pointer variable: an alias of the one array it is assigned (see `pointer.rs`).
    Ptr(Rc<PtrState>),
    /// A parameter of pointer or array type (a pointer in C) of an inlined function: an alias
    /// of the argument's object (an array, or `&x` as a one-element array at x).
    PtrParam(LVal),
    /// A struct or union tag (bound under [`tag_key`]: tags are scoped as identifiers are, so
    /// a block's `struct S` ends with the block).
    StructTag(Rc<StructDef>),
    /// An enum tag and its type.
    EnumTag(CType),
}

/// The key of a tag in the scopes: not an identifier, so it never meets one.
pub(super) fn tag_key(tag: &str) -> String {
    format!("tag {tag}")
}

/// A pointer variable: its pointee type, the array it points to once assigned, and whether it
/// was freed.
#[derive(Clone)]
pub(super) struct PtrState {
    pub pointee: CType,
    pub target: Option<LVal>,
    pub freed: bool,
    /// The C name for the arrays it allocates.
    pub c_name: String,
    pub display: String,
}

pub(super) enum Jump {
    Loop,
    Switch {
        end: LabelId,
        cases: HashMap<usize, LabelId>,
    },
}

/// One function being lowered (`main`, or a function inlined into it).
pub(super) struct FnCtx {
    pub name: String,
    pub is_main: bool,
    pub ret: Option<(VarId, IntType)>,
    pub end: Option<LabelId>,
    pub end_uses: u32,
    pub labels: HashMap<String, LabelId>,
    /// Block nesting depth (1 = the function's outermost block).
    pub depth: u32,
    /// Source ranges its backward `goto`s may run again (see `repeat`).
    pub back: Vec<super::repeat::BackJump>,
    /// Offset of the call being inlined from this function (its position while the callee
    /// is lowered).
    pub at: usize,
}

/// Initial value of one integer leaf in an initialiser.
pub(super) enum InitVal<'a> {
    Ast(&'a Node<Expression>),
    Const(i128),
}

/// What a pointer argument binds a parameter to (`procs`): an array, and the constant offset
/// of an offset alias (`&a[k]`, `a + k`; `None` for the whole array).
pub(super) type ArgKey = (crate::ir::ArrId, Option<i128>);

pub(super) struct Lowerer<'a> {
    pub p: Program,
    /// The names of `p`, for fresh names.
    pub names: NameIndex,
    pub map: &'a SourceMap,
    /// The preprocessed text (to tell `__alignof__` from `_Alignof`, which lang-c merges).
    pub text: &'a str,
    pub opts: &'a FrontendOptions,
    pub scopes: Vec<HashMap<String, Binding>>,
    pub funcs: HashMap<String, &'a Node<FunctionDefinition>>,
    /// Statement buffers; hoisted statements go to the last one.
    pub out: Vec<Vec<Stmt>>,
    pub fns: Vec<FnCtx>,
    pub jumps: Vec<Jump>,
    /// Bumped whenever a global is created lazily (snapshots must then keep new variables).
    pub globals_gen: u32,
    /// `static` locals by declaration offset: one object however often the function is inlined.
    pub statics: HashMap<usize, LVal>,
    /// Values of `const` integer variables with constant initialisers (usable in array sizes).
    pub const_vars: HashMap<VarId, i128>,
    /// Declared (not defined) functions: their types convert the arguments of the calls the
    /// front end models itself (`__VERIFIER_assume`, ...) and type `__VERIFIER_nondet_*()`.
    pub protos: HashMap<String, Proto>,
    /// Loops around the statement being lowered, counted across inlined calls.
    pub loop_depth: u32,
    /// Typedef names declared with a layout attribute (`typedef int T __attribute__((aligned(8)))`):
    /// structs with members of these types have no known layout, nor has `_Alignof(T)`.
    pub odd_typedefs: HashSet<String>,
    /// While a local declaration's declarator is read: the C name of the object, so that
    /// variable-length dimensions become its frozen size variables (`None`: VLAs are refused).
    pub vla_name: Option<String>,
    /// The size variable of each product of symbolic dimensions (one per flattened shape, so
    /// the field arrays of an array of structs share it).
    pub products: HashMap<Vec<Size>, VarId>,
    /// Where the loop statements lowered start (offsets in `text`; for `Program::loop_sites`).
    pub loop_offsets: Vec<usize>,
    /// Keep calls of functions with integer parameters as calls (`procs`), not inlined.
    pub procedural: bool,
    /// The procedures lowered so far (`procedural` only), in `proc_ids` by the function's
    /// name and what its array and pointer parameters are bound to (`procs`).
    pub procs: Vec<crate::ir::procs::Proc>,
    pub proc_ids: HashMap<(String, Vec<Option<ArgKey>>), crate::ir::procs::ProcId>,
    /// Functions whose array and pointer parameters are an array and a moving offset (a hidden
    /// parameter) in their procedures (`procs`): the front end's second lowering, asked for
    /// by the first through `wants_moving`.
    pub moving: HashSet<String>,
    /// The first function a call of which needed moving offsets (`procs`).
    pub wants_moving: Option<String>,
    /// The ids of the arrays made while a procedure's body was lowered (`start..end`, `end`
    /// `u32::MAX` while it is being lowered): its own, one per activation (`procs`).
    pub proc_owned: Vec<(u32, u32)>,
}

/// The types of a function declaration; `params` is `None` without a prototype (`int f();`).
#[derive(Clone)]
pub(super) struct Proto {
    pub ret: CType,
    pub params: Option<Vec<CType>>,
}

/// Declaration specifiers split into the type part and the storage class.
pub(super) struct Specs<'a> {
    pub types: Vec<&'a Node<TypeSpecifier>>,
    pub typedef: bool,
    pub is_extern: bool,
    pub is_static: bool,
    pub is_const: bool,
    /// A `packed`/`aligned` attribute among the specifiers (`struct S {...} __attribute__((packed))`).
    pub layout_attr: bool,
}

/// Does an attribute list change a type's layout (`packed`, `aligned`)?
pub(super) fn has_layout_attr(exts: &[Node<Extension>]) -> bool {
    exts.iter().any(|x| match &x.node {
        Extension::Attribute(a) => matches!(
            a.name.node.as_str(),
            "packed" | "__packed__" | "aligned" | "__aligned__"
        ),
        _ => false,
    })
}

pub(super) fn decl_specs(specs: &[Node<DeclarationSpecifier>]) -> Specs<'_> {
    let mut s = Specs {
        types: vec![],
        typedef: false,
        is_extern: false,
        is_static: false,
        is_const: false,
        layout_attr: false,
    };
    for sp in specs {
        match &sp.node {
            DeclarationSpecifier::TypeSpecifier(t) => s.types.push(t),
            DeclarationSpecifier::TypeQualifier(q) if q.node == TypeQualifier::Const => {
                s.is_const = true
            }
            DeclarationSpecifier::StorageClass(c) => match c.node {
                StorageClassSpecifier::Typedef => s.typedef = true,
                StorageClassSpecifier::Extern => s.is_extern = true,
                StorageClassSpecifier::Static => s.is_static = true,
                _ => {}
            },
            DeclarationSpecifier::Extension(x) => s.layout_attr |= has_layout_attr(x),
            _ => {}
        }
    }
    s
}

pub(super) fn qual_specs(specs: &[Node<SpecifierQualifier>]) -> Vec<&Node<TypeSpecifier>> {
    specs
        .iter()
        .filter_map(|s| match &s.node {
            SpecifierQualifier::TypeSpecifier(t) => Some(t),
            _ => None,
        })
        .collect()
}

/// Largest array (in elements) the front end creates; larger ones are rejected.
const MAX_ARRAY: u64 = 1 << 32;
/// Largest aggregate copied element by element (struct assignment with array fields).
pub(super) const MAX_COPY: u64 = 4096;

impl<'a> Lowerer<'a> {
    pub fn new(
        map: &'a SourceMap,
        text: &'a str,
        opts: &'a FrontendOptions,
        file: &str,
    ) -> Lowerer<'a> {
        Lowerer {
            p: Program {
                file: file.to_string(),
                data_model: opts.data_model,
                vars: vec![],
                arrays: vec![],
                labels: vec![],
                body: vec![],
                num_vertices: 2,
                loop_sites: vec![],
            },
            names: NameIndex::default(),
            map,
            text,
            opts,
            scopes: vec![HashMap::new()],
            funcs: HashMap::new(),
            out: vec![vec![]],
            fns: vec![],
            jumps: vec![],
            globals_gen: 0,
            statics: HashMap::new(),
            const_vars: HashMap::new(),
            protos: HashMap::new(),
            loop_depth: 0,
            odd_typedefs: HashSet::new(),
            vla_name: None,
            products: HashMap::new(),
            loop_offsets: vec![],
            procedural: false,
            procs: vec![],
            proc_ids: HashMap::new(),
            moving: HashSet::new(),
            wants_moving: None,
            proc_owned: vec![],
        }
    }

    // ----- positions, errors, buffers -------------------------------------------------------

    pub fn span(&self, off: usize) -> Span {
        let (_, line, col) = self.map.locate(off);
        Span { line, col }
    }

    pub fn unsup(&self, off: usize, what: impl Into<String>) -> AraError {
        let (file, line, col) = self.map.locate(off);
        AraError::Unsupported {
            file: file.to_string(),
            line,
            col,
            what: what.into(),
        }
    }

    pub fn syntax(&self, off: usize, msg: impl Into<String>) -> AraError {
        let (file, line, col) = self.map.locate(off);
        AraError::Syntax {
            file: file.to_string(),
            line,
            col,
            msg: msg.into(),
        }
    }

    pub fn emit(&mut self, kind: StmtKind, span: Span) {
        let s = Stmt { kind, span, id: 0 };
        match self.out.last_mut() {
            Some(b) => b.push(s),
            None => self.out.push(vec![s]),
        }
    }

    pub fn out_len(&self) -> usize {
        self.out.last().map_or(0, |b| b.len())
    }

    /// Runs `f` with a fresh statement buffer and returns what it emitted.
    pub fn buffered<T>(&mut self, f: impl FnOnce(&mut Self) -> R<T>) -> R<(T, Vec<Stmt>)> {
        self.out.push(vec![]);
        let r = f(self);
        let b = self.out.pop().unwrap_or_default();
        Ok((r?, b))
    }

    /// Runs `f` for its value only: statements, variables and labels it creates are dropped
    /// (`sizeof`, constant expressions).
    pub fn scratch<T>(&mut self, f: impl FnOnce(&mut Self) -> R<T>) -> R<(T, bool)> {
        let (nv, na, nl, generation) = (
            self.p.vars.len(),
            self.p.arrays.len(),
            self.p.labels.len(),
            self.globals_gen,
        );
        let (r, stmts) = self.buffered(|s| {
            let v = f(s)?;
            Ok(v)
        })?;
        if self.globals_gen == generation {
            self.p.vars.truncate(nv);
            self.p.arrays.truncate(na);
            self.p.labels.truncate(nl);
        }
        Ok((r, stmts.is_empty()))
    }

    /// A name no variable, array or label of the program has ([`Program::fresh_name`]).
    pub fn fresh_name(&mut self, base: &str) -> String {
        self.names.fresh(&self.p, base)
    }

    /// A fresh synthetic variable ([`Program::fresh_var`]).
    pub fn fresh_var(&mut self, base: &str, ty: IntType, storage: Storage) -> VarId {
        let name = self.fresh_name(base);
        self.p.synthetic_var(name, ty, storage)
    }

    pub fn temp(&mut self, ty: IntType) -> VarId {
        self.fresh_var("ara_t", ty, Storage::Local)
    }

    pub fn new_label(&mut self, base: &str) -> LabelId {
        let n = self.fresh_name(base);
        self.p.labels.push(n);
        LabelId(self.p.labels.len() as u32 - 1)
    }

    /// The value of a constant expression, or `None` when it is not constant.
    pub fn const_eval(&mut self, e: &'a Node<Expression>) -> Option<(i128, IntType)> {
        let r = self.scratch(|s| {
            let x = s.rvalue(e)?;
            let x = s.subst_consts(x);
            Ok(fold(&x, &s.p).map(|v| (v, x.ty(&s.p))))
        });
        match r {
            Ok((v, true)) => v,
            _ => None,
        }
    }

    /// `e` with `const` variables replaced by their values.
    fn subst_consts(&self, e: Expr) -> Expr {
        let b = |x: Box<Expr>| Box::new(self.subst_consts(*x));
        match e {
            Expr::Var(v) => match self.const_vars.get(&v) {
                Some(&c) => Expr::Const(c, self.p.var(v).ty),
                None => e,
            },
            Expr::Read(a, i) => Expr::Read(a, b(i)),
            Expr::Unary(op, x) => Expr::Unary(op, b(x)),
            Expr::Cast(t, x) => Expr::Cast(t, b(x)),
            Expr::Binary(op, x, y) => Expr::Binary(op, b(x), b(y)),
            Expr::Cond(c, x, y) => Expr::Cond(b(c), b(x), b(y)),
            Expr::Const(..) | Expr::Nondet(_) => e,
        }
    }

    pub fn bind(&mut self, name: &str, b: Binding) {
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name.to_string(), b);
        }
    }

    pub fn lookup(&self, name: &str) -> Option<(usize, &Binding)> {
        self.scopes
            .iter()
            .enumerate()
            .rev()
            .find_map(|(i, s)| s.get(name).map(|b| (i, b)))
    }

    // ----- types ----------------------------------------------------------------------------

    pub fn size_type(&self) -> IntType {
        match self.p.data_model {
            crate::ir::DataModel::Ilp32 => IntType::UInt,
            crate::ir::DataModel::Lp64 => IntType::ULong,
        }
    }

    /// The type named by type specifiers (never fails: what is outside the subset becomes
    /// `CType::Other`, an error only when used).
    pub fn base_type(&mut self, specs: &[&'a Node<TypeSpecifier>]) -> CType {
        let (mut void, mut char, mut short, mut int, mut long) = (0, 0, 0, 0, 0);
        let (mut signed, mut unsigned, mut boolean, mut float, mut double) = (0, 0, 0, 0, 0);
        for s in specs {
            match &s.node {
                TypeSpecifier::Void => void += 1,
                TypeSpecifier::Char => char += 1,
                TypeSpecifier::Short => short += 1,
                TypeSpecifier::Int => int += 1,
                TypeSpecifier::Long => long += 1,
                TypeSpecifier::Signed => signed += 1,
                TypeSpecifier::Unsigned => unsigned += 1,
                TypeSpecifier::Bool => boolean += 1,
                TypeSpecifier::Float => float += 1,
                TypeSpecifier::Double => double += 1,
                TypeSpecifier::Complex => return CType::Other("complex numbers".into()),
                TypeSpecifier::Atomic(_) => return CType::Other("_Atomic".into()),
                TypeSpecifier::Struct(st) => return self.struct_type(st),
                TypeSpecifier::Enum(en) => return self.enum_type(en),
                TypeSpecifier::TypedefName(id) => {
                    return match self.lookup(&id.node.name) {
                        Some((_, Binding::Typedef(t))) => t.clone(),
                        _ => CType::Other(format!("type {}", id.node.name)),
                    };
                }
                TypeSpecifier::TypeOf(_) => return CType::Other("typeof".into()),
                TypeSpecifier::TS18661Float(f) => return ts18661_float(f),
            }
        }
        let _ = int;
        use IntType::*;
        if void > 0 {
            CType::Void
        } else if float > 0 {
            CType::Float(FloatType::Single)
        } else if double > 0 {
            CType::Float(if long > 0 {
                FloatType::LongDouble
            } else {
                FloatType::Double
            })
        } else if boolean > 0 {
            CType::Int(Bool)
        } else if char > 0 {
            CType::Int(if unsigned > 0 {
                UChar
            } else if signed > 0 {
                SChar
            } else {
                Char
            })
        } else if short > 0 {
            CType::Int(if unsigned > 0 { UShort } else { Short })
        } else if long >= 2 {
            CType::Int(if unsigned > 0 { ULongLong } else { LongLong })
        } else if long == 1 {
            CType::Int(if unsigned > 0 { ULong } else { Long })
        } else {
            CType::Int(if unsigned > 0 { UInt } else { Int })
        }
    }

    /// The type named by a declaration's specifiers; a layout attribute among them marks the
    /// struct they define.
    pub fn specs_type(&mut self, specs: &Specs<'a>) -> CType {
        let t = self.base_type(&specs.types);
        if specs.layout_attr
            && let CType::Struct(d) = &t
        {
            d.attr_layout.set(true);
        }
        t
    }

    /// Binds a typedef name, remembering whether a layout attribute is involved.
    pub fn bind_typedef(&mut self, name: &str, ty: CType, specs: &Specs<'a>, d: &Node<Declarator>) {
        if specs.layout_attr
            || has_layout_attr(&d.node.extensions)
            || self.names_odd_typedef(&specs.types)
        {
            if let CType::Struct(def) = &ty {
                def.attr_layout.set(true);
            }
            self.odd_typedefs.insert(name.to_string());
        }
        self.bind(name, Binding::Typedef(ty));
    }

    /// Do the specifiers name a typedef declared with a layout attribute?
    pub fn names_odd_typedef(&self, specs: &[&Node<TypeSpecifier>]) -> bool {
        specs.iter().any(|s| {
            matches!(&s.node, TypeSpecifier::TypedefName(id) if self.odd_typedefs.contains(&id.node.name))
        })
    }

    fn struct_type(&mut self, st: &'a Node<StructType>) -> CType {
        let union = st.node.kind.node == StructKind::Union;
        let tag = st.node.identifier.as_ref().map(|i| i.node.name.clone());
        let visible = tag.as_ref().and_then(|t| match self.lookup(&tag_key(t)) {
            Some((scope, Binding::StructTag(d))) => Some((scope, d.clone())),
            _ => None,
        });
        let Some(decls) = &st.node.declarations else {
            if let Some((_, d)) = visible {
                return CType::Struct(d);
            }
            let d = Rc::new(StructDef {
                tag: tag.clone(),
                union,
                fields: RefCell::new(None),
                attr_layout: Cell::new(false),
            });
            if let Some(t) = tag {
                self.bind(&tag_key(&t), Binding::StructTag(d.clone()));
            }
            return CType::Struct(d);
        };
        // A definition completes a declaration of its own scope, else declares a new type
        // (C11 6.7.2.3: an inner `struct S { ... }` hides the outer one until its block ends).
        let innermost = self.scopes.len() - 1;
        let existing = visible
            .filter(|(scope, _)| *scope == innermost)
            .map(|(_, d)| d);
        let mut fields = vec![];
        let mut attr_layout = false;
        for sd in decls {
            let StructDeclaration::Field(f) = &sd.node else {
                continue;
            };
            attr_layout |= f.node.specifiers.iter().any(|s| match &s.node {
                SpecifierQualifier::Extension(x) => has_layout_attr(x),
                _ => false,
            }) || self.names_odd_typedef(&qual_specs(&f.node.specifiers));
            let base = self.base_type(&qual_specs(&f.node.specifiers));
            for d in &f.node.declarators {
                attr_layout |= d
                    .node
                    .declarator
                    .as_ref()
                    .is_some_and(|d| has_layout_attr(&d.node.extensions));
                if d.node.bit_width.is_some() {
                    let name = d
                        .node
                        .declarator
                        .as_ref()
                        .and_then(|d| self.declarator(base.clone(), d, false).0)
                        .map(|(n, _)| n)
                        .unwrap_or_default();
                    fields.push((name, CType::Other("bit-field".into())));
                    continue;
                }
                match &d.node.declarator {
                    Some(decl) => {
                        let (name, ty) = self.declarator(base.clone(), decl, false);
                        let name = name.map(|(n, _)| n).unwrap_or_default();
                        fields.push((name, ty));
                    }
                    None => fields.push((String::new(), CType::Other("anonymous member".into()))),
                }
            }
            if f.node.declarators.is_empty() {
                fields.push((String::new(), CType::Other("anonymous member".into())));
            }
        }
        let d = match existing {
            Some(d) if d.fields.borrow().is_none() && d.union == union => d,
            _ => Rc::new(StructDef {
                tag: tag.clone(),
                union,
                fields: RefCell::new(None),
                attr_layout: Cell::new(false),
            }),
        };
        *d.fields.borrow_mut() = Some(fields);
        d.attr_layout.set(attr_layout);
        if let Some(t) = tag {
            self.bind(&tag_key(&t), Binding::StructTag(d.clone()));
        }
        CType::Struct(d)
    }

    /// The type of an enum specifier, gcc's: `unsigned int` when no enumerator is negative,
    /// else `int`. `enum E` without a list is the type the visible definition gave the tag (an
    /// enum with a negative enumerator is signed wherever its tag is used: `e < 0` holds for
    /// `enum E e = A;` after `enum E { A = -1 };`). Enumerators outside `int`'s range (gcc
    /// then picks wider types) and tags not defined before their use are unsupported.
    fn enum_type(&mut self, en: &'a Node<EnumType>) -> CType {
        let tag = en.node.identifier.as_ref().map(|i| i.node.name.clone());
        if en.node.enumerators.is_empty() {
            return match tag.as_ref().and_then(|t| self.lookup(&tag_key(t))) {
                Some((_, Binding::EnumTag(t))) => t.clone(),
                _ => CType::Other(format!(
                    "enum {} used before its definition",
                    tag.as_deref().unwrap_or("")
                )),
            };
        }
        let mut next: i128 = 0;
        let mut negative = false;
        let mut outside = false;
        let int = IntType::Int.range(self.p.data_model);
        for e in &en.node.enumerators {
            let name = e.node.identifier.node.name.clone();
            let v = match &e.node.expression {
                Some(x) => match self.const_eval(x) {
                    Some((v, _)) => v,
                    None => {
                        self.bind(&name, Binding::Unusable("non-constant enumerator".into()));
                        continue;
                    }
                },
                None => next,
            };
            next = v + 1;
            if v < int.0 || v > int.1 {
                outside = true;
                let why = "enumerator outside the range of int";
                self.bind(&name, Binding::Unusable(why.into()));
                continue;
            }
            negative |= v < 0;
            self.bind(&name, Binding::Const(v, IntType::Int));
        }
        let ty = if outside {
            CType::Other("enum with an enumerator outside the range of int".into())
        } else if negative {
            CType::Int(IntType::Int)
        } else {
            CType::Int(IntType::UInt)
        };
        if let Some(t) = tag {
            self.bind(&tag_key(&t), Binding::EnumTag(ty.clone()));
        }
        ty
    }

    /// Applies a declarator to a base type: the declared name (with its offset) and type.
    /// `param`: array sizes do not matter (parameters are pointers).
    pub fn declarator(
        &mut self,
        base: CType,
        d: &'a Node<Declarator>,
        param: bool,
    ) -> (Option<(String, usize)>, CType) {
        let mut t = base;
        let mut suffixes = vec![];
        for dd in &d.node.derived {
            match &dd.node {
                DerivedDeclarator::Pointer(_) | DerivedDeclarator::Block(_) => {
                    t = CType::Pointer(Rc::new(t))
                }
                other => suffixes.push(other),
            }
        }
        for s in suffixes.into_iter().rev() {
            t = match s {
                DerivedDeclarator::Array(a) => {
                    let n = match &a.node.size {
                        ArraySize::Unknown => None,
                        ArraySize::VariableUnknown => {
                            if param {
                                None
                            } else {
                                t = CType::Other("variable-length array".into());
                                continue;
                            }
                        }
                        ArraySize::VariableExpression(e) | ArraySize::StaticExpression(e) => {
                            match self.const_eval(e) {
                                Some((v, _)) if v >= 0 => Some(v as u64),
                                _ if param => None,
                                _ => {
                                    t = self.vla_dim(t, e);
                                    continue;
                                }
                            }
                        }
                    };
                    CType::Array(Rc::new(t), n)
                }
                _ => CType::Func(Rc::new(t)),
            };
        }
        match &d.node.kind.node {
            DeclaratorKind::Identifier(id) => (Some((id.node.name.clone(), id.span.start)), t),
            DeclaratorKind::Declarator(inner) => self.declarator(t, inner, param),
            DeclaratorKind::Abstract => (None, t),
        }
    }

    pub fn type_name(&mut self, tn: &'a Node<TypeName>) -> CType {
        let base = self.base_type(&qual_specs(&tn.node.specifiers));
        match &tn.node.declarator {
            Some(d) => self.declarator(base, d, false).1,
            None => base,
        }
    }

    // ----- objects --------------------------------------------------------------------------

    /// Creates the variables/arrays of an object of type `ty`. `under`: the array lengths
    /// above this part of the object (its leaves become arrays).
    #[allow(clippy::too_many_arguments)]
    pub fn build_obj(
        &mut self,
        ty: &CType,
        name: &str,
        display: &str,
        storage: Storage,
        span: Span,
        under: &[Size],
        off: usize,
        user: &str,
    ) -> R<Obj> {
        match ty {
            CType::Int(t) => {
                if under.is_empty() {
                    let name = self.fresh_name(name);
                    self.p.vars.push(Var {
                        name,
                        display: display.to_string(),
                        ty: *t,
                        storage,
                        init: None,
                        span,
                        synthetic: false,
                    });
                    Ok(Obj::Var(VarId(self.p.vars.len() as u32 - 1)))
                } else {
                    let size = self.flat_size(under, name, span, off, user)?;
                    let display = display.trim_end_matches("[]").to_string();
                    let name = self.fresh_name(name);
                    self.p.arrays.push(Array {
                        name,
                        display,
                        elem: *t,
                        size,
                        storage,
                        init: match storage {
                            Storage::Global => ArrayInit::Zero,
                            Storage::Local => ArrayInit::Nondet,
                        },
                        span,
                        dims: under.to_vec(),
                    });
                    Ok(Obj::Arr(ArrId(self.p.arrays.len() as u32 - 1)))
                }
            }
            CType::Array(e, Some(_)) | CType::VarArray(e, _) => {
                let mut u = under.to_vec();
                u.push(match ty {
                    CType::Array(_, Some(n)) => Size::Const(*n),
                    CType::VarArray(_, v) => Size::Var(*v),
                    _ => return Err(AraError::Internal("array length".into())),
                });
                let inner = self.build_obj(
                    e,
                    name,
                    &format!("{display}[]"),
                    storage,
                    span,
                    &u,
                    off,
                    user,
                )?;
                Ok(Obj::Elems(Rc::new(inner)))
            }
            CType::Array(_, None) => {
                Err(self.unsup(off, format!("array `{user}` of unknown size")))
            }
            CType::Struct(d) if !d.union => {
                let fields = d.fields.borrow().clone();
                let Some(fields) = fields else {
                    return Err(self.unsup(off, format!("`{user}` has an incomplete struct type")));
                };
                let mut objs = vec![];
                for (f, fty) in &fields {
                    if f.is_empty() {
                        return Err(self.unsup(off, "anonymous struct members"));
                    }
                    let o = self.build_obj(
                        fty,
                        &format!("{name}__{f}"),
                        &format!("{display}.{f}"),
                        storage,
                        span,
                        under,
                        off,
                        &format!("{user}.{f}"),
                    )?;
                    objs.push(o);
                }
                Ok(Obj::Fields(Rc::new(objs)))
            }
            CType::Float(_) => Err(self.unsup(off, format!("floating-point variable `{user}`"))),
            CType::Other(what) => Err(self.unsup(off, format!("{what}: `{user}`"))),
            other => Err(self.unsup(off, format!("{} variable `{user}`", other.describe()))),
        }
    }

    /// The number of elements of an array flattened from dimensions `dims`: their product, a
    /// constant or a frozen variable (one per shape, assigned the product here, before any
    /// access: this assignment allocates the arrays of that shape).
    fn flat_size(
        &mut self,
        dims: &[Size],
        name: &str,
        span: Span,
        off: usize,
        user: &str,
    ) -> R<Size> {
        let too_large = || self.unsup(off, format!("array `{user}` is too large"));
        if let Some(consts) = dims
            .iter()
            .map(|d| d.as_const())
            .collect::<Option<Vec<u64>>>()
        {
            let mut size: u64 = 1;
            for n in consts {
                size = size
                    .checked_mul(n)
                    .filter(|&s| s <= MAX_ARRAY)
                    .ok_or_else(too_large)?;
            }
            return Ok(Size::Const(size));
        }
        if let [Size::Var(v)] = dims {
            return Ok(Size::Var(*v));
        }
        if let Some(v) = self.products.get(dims) {
            return Ok(Size::Var(*v));
        }
        let t = self.size_type();
        let product = dims
            .iter()
            .map(|d| self.conv(d.expr(), t))
            .reduce(|a, b| Expr::bin(BinOp::Mul, a, b))
            .unwrap_or(Expr::Const(1, t));
        let v = self.size_var(&format!("{name}__size"), t, span);
        self.emit(StmtKind::Assign(v, product), span);
        self.products.insert(dims.to_vec(), v);
        Ok(Size::Var(v))
    }

    /// A new frozen size variable (assigned once by the caller).
    pub fn size_var(&mut self, name: &str, t: IntType, span: Span) -> VarId {
        let v = self.fresh_var(name, t, Storage::Local);
        let var = &mut self.p.vars[v.0 as usize];
        var.display = format!("size of {}", name.trim_end_matches("__size"));
        var.span = span;
        v
    }

    /// `T [e]` with `e` not constant: in a local declaration that runs once, `e` is evaluated
    /// (here, once) into a frozen size variable; anywhere else it is unsupported.
    fn vla_dim(&mut self, t: CType, e: &'a Node<Expression>) -> CType {
        let Some(name) = self.vla_name.clone() else {
            return CType::Other("variable-length array (size is not a constant)".into());
        };
        if self.may_repeat(e.span.start) {
            return CType::Other(
                "variable-length array declared in a loop (allocated more than once)".into(),
            );
        }
        let n = match self.rvalue(e) {
            Ok(n) => n,
            Err(err) => return CType::Other(format!("variable-length array size ({err})")),
        };
        let ty = n.ty(&self.p).promote();
        let span = self.span(e.span.start);
        let v = self.size_var(&format!("{name}__size"), ty, span);
        let n = self.conv(n, ty);
        self.emit(StmtKind::Assign(v, n), span);
        CType::VarArray(Rc::new(t), v)
    }

    /// Declares an object in the current scope.
    #[allow(clippy::too_many_arguments)]
    pub fn declare(
        &mut self,
        name: &str,
        ty: &CType,
        storage: Storage,
        off: usize,
        c_name: &str,
        display: &str,
    ) -> R<LVal> {
        let span = self.span(off);
        let obj = self.build_obj(ty, c_name, display, storage, span, &[], off, name)?;
        let lv = LVal {
            ty: ty.clone(),
            obj,
            idx: None,
        };
        self.bind(name, Binding::Obj(lv.clone()));
        Ok(lv)
    }

    /// Integer leaves of an object that are scalar variables, and the arrays it owns.
    pub fn leaves(obj: &Obj, vars: &mut Vec<VarId>, arrs: &mut Vec<ArrId>) {
        match obj {
            Obj::Var(v) => vars.push(*v),
            Obj::Arr(a) => {
                if !arrs.contains(a) {
                    arrs.push(*a)
                }
            }
            Obj::Fields(fs) => fs.iter().for_each(|f| Self::leaves(f, vars, arrs)),
            Obj::Elems(e) => Self::leaves(e, vars, arrs),
        }
    }

    pub fn size_const(&self, n: u64) -> Expr {
        if n <= i32::MAX as u64 {
            Expr::int(n as i128)
        } else {
            Expr::Const(n as i128, IntType::LongLong)
        }
    }

    /// `lv[e]`.
    pub fn index_lval(&self, lv: &LVal, e: Expr, off: usize) -> R<LVal> {
        if let (CType::VarArray(elem, n), Obj::Elems(inner)) = (&lv.ty, &lv.obj) {
            let idx = match &lv.idx {
                None => e,
                Some(i) => Expr::bin(
                    BinOp::Add,
                    Expr::bin(BinOp::Mul, i.clone(), Expr::Var(*n)),
                    e,
                ),
            };
            return Ok(LVal {
                ty: (**elem).clone(),
                obj: (**inner).clone(),
                idx: Some(idx),
            });
        }
        let (CType::Array(elem, n), Obj::Elems(inner)) = (&lv.ty, &lv.obj) else {
            return Err(self.unsup(off, format!("indexing a {}", lv.ty.describe())));
        };
        let idx = match (&lv.idx, n, &e) {
            (None, _, _) => e,
            (Some(Expr::Const(i, t)), Some(n), Expr::Const(k, _)) => {
                Expr::Const(i * *n as i128 + k, *t)
            }
            (Some(i), Some(1), Expr::Const(0, _)) => i.clone(),
            (Some(i), Some(1), _) => Expr::bin(BinOp::Add, i.clone(), e),
            (Some(i), Some(n), _) => Expr::bin(
                BinOp::Add,
                Expr::bin(BinOp::Mul, i.clone(), self.size_const(*n)),
                e,
            ),
            (Some(_), None, _) => return Err(self.unsup(off, "indexing an array of unknown size")),
        };
        // `m[N - 1][M - 1]` reads best as one constant.
        let idx = match fold(&idx, &self.p) {
            Some(v) if !matches!(idx, Expr::Const(..)) => Expr::Const(v, idx.ty(&self.p)),
            _ => idx,
        };
        Ok(LVal {
            ty: (**elem).clone(),
            obj: (**inner).clone(),
            idx: Some(idx),
        })
    }

    /// `lv.f`.
    pub fn member_lval(&self, lv: &LVal, f: &str, off: usize) -> R<LVal> {
        let (CType::Struct(d), Obj::Fields(objs)) = (&lv.ty, &lv.obj) else {
            return Err(self.unsup(off, format!("member `{f}` of a {}", lv.ty.describe())));
        };
        let fields = d.fields.borrow();
        let k = fields
            .as_ref()
            .and_then(|fs| fs.iter().position(|(n, _)| n == f))
            .ok_or_else(|| self.syntax(off, format!("no member named `{f}`")))?;
        let ty = fields
            .as_ref()
            .map(|fs| fs[k].1.clone())
            .unwrap_or(CType::Void);
        Ok(LVal {
            ty,
            obj: objs[k].clone(),
            idx: lv.idx.clone(),
        })
    }

    pub fn place(&self, lv: &LVal, off: usize) -> R<(Place, IntType)> {
        let CType::Int(t) = lv.ty else {
            return Err(self.unsup(off, format!("{} used as an integer", lv.ty.describe())));
        };
        match &lv.obj {
            Obj::Var(v) => Ok((Place::Var(*v), t)),
            Obj::Arr(a) => Ok((Place::Elem(*a, lv.idx.clone().unwrap_or(Expr::int(0))), t)),
            _ => Err(AraError::Internal("integer lvalue without a leaf".into())),
        }
    }

    pub fn read(p: &Place) -> Expr {
        match p {
            Place::Var(v) => Expr::Var(*v),
            Place::Elem(a, i) => Expr::Read(*a, Box::new(i.clone())),
        }
    }

    pub fn write(&mut self, p: &Place, e: Expr, span: Span) {
        match p {
            Place::Var(v) => self.emit(StmtKind::Assign(*v, e), span),
            Place::Elem(a, i) => self.emit(StmtKind::Store(*a, i.clone(), e), span),
        }
    }

    /// `e` converted to `t` as an assignment does.
    pub fn conv(&self, e: Expr, t: IntType) -> Expr {
        // Constant expressions (`UINT_MAX` is `2147483647 * 2U + 1U`) are stored as values.
        if !self.opts.keep_conversions
            && let Some(v) = fold(&e, &self.p)
        {
            return Expr::Const(t.wrap(v, self.p.data_model), t);
        }
        if e.ty(&self.p) == t {
            return e;
        }
        if t == IntType::Bool {
            let boolean = matches!(&e, Expr::Binary(op, ..) if op.is_boolean())
                || matches!(&e, Expr::Unary(crate::ir::UnOp::LogNot, _));
            let e = if boolean {
                e
            } else {
                Expr::bin(BinOp::Ne, e, Expr::int(0))
            };
            return Expr::Cast(t, Box::new(e));
        }
        Expr::Cast(t, Box::new(e))
    }

    /// Copies the object `src` into `dst` leaf by leaf (struct assignment) and gives the
    /// destination with its index fixed.
    ///
    /// C evaluates each operand once; the copy reads and writes every leaf through the
    /// operands' indices, so a non-constant index (`a[nondet() & 3]`, `a[s.x]` while `s` is
    /// written) is first stored in a temporary: every leaf then uses the same element.
    pub fn copy_obj(&mut self, dst: &LVal, src: &LVal, span: Span, off: usize) -> R<LVal> {
        let dst = self.frozen(dst.clone(), off);
        let src = self.frozen(src.clone(), off);
        self.copy_leaves(&dst, &src, span, off)?;
        Ok(dst)
    }

    /// `copy_obj` on operands whose indices do not change during the copy.
    fn copy_leaves(&mut self, dst: &LVal, src: &LVal, span: Span, off: usize) -> R<()> {
        match (&dst.ty, &src.ty) {
            (CType::Int(_), CType::Int(_)) => {
                let (d, t) = self.place(dst, off)?;
                let (s, _) = self.place(src, off)?;
                let v = self.conv(Self::read(&s), t);
                self.write(&d, v, span);
                Ok(())
            }
            (CType::Array(_, Some(n)), CType::Array(_, Some(m))) if n == m => {
                if *n > MAX_COPY {
                    return Err(self.unsup(off, "copying a large array"));
                }
                for k in 0..*n {
                    let d = self.index_lval(dst, Expr::int(k as i128), off)?;
                    let s = self.index_lval(src, Expr::int(k as i128), off)?;
                    self.copy_leaves(&d, &s, span, off)?;
                }
                Ok(())
            }
            (CType::Struct(a), CType::Struct(b)) if Rc::ptr_eq(a, b) => {
                let names: Vec<String> = a
                    .fields
                    .borrow()
                    .iter()
                    .flatten()
                    .map(|(n, _)| n.clone())
                    .collect();
                for f in names {
                    let d = self.member_lval(dst, &f, off)?;
                    let s = self.member_lval(src, &f, off)?;
                    self.copy_leaves(&d, &s, span, off)?;
                }
                Ok(())
            }
            _ => Err(self.unsup(
                off,
                format!(
                    "assignment of {} to {}",
                    src.ty.describe(),
                    dst.ty.describe()
                ),
            )),
        }
    }

    /// `T a[] = init`: the array type with the length the initialiser gives.
    pub fn complete_type(&mut self, ty: CType, init: Option<&'a Node<Initializer>>) -> CType {
        let (CType::Array(elem, None), Some(init)) = (&ty, init) else {
            return ty;
        };
        let n = match &init.node {
            Initializer::Expression(e) => match &e.node {
                Expression::StringLiteral(s) => string_bytes(&s.node).map(|b| b.len() as u64 + 1),
                _ => None,
            },
            Initializer::List(items) => {
                let open_ty = CType::Array(elem.clone(), None);
                self.walk_init(&open_ty, items).ok().map(|(w, _)| w.len)
            }
        };
        match n {
            Some(n) => CType::Array(elem.clone(), Some(n)),
            None => ty,
        }
    }

    // ----- initialisers ---------------------------------------------------------------------

    /// The integer leaves an initialiser sets, in order, with their values. A struct leaf
    /// (`struct S t = s;`) is returned as is with an `Ast` value (a copy).
    pub fn init_places(
        &mut self,
        lv: &LVal,
        init: &'a Node<Initializer>,
        out: &mut Vec<(LVal, InitVal<'a>)>,
    ) -> R<()> {
        match &init.node {
            Initializer::Expression(e) => {
                if let (CType::Array(elem, _), Expression::StringLiteral(s)) = (&lv.ty, &e.node)
                    && matches!(**elem, CType::Int(_))
                {
                    return self.string_init(lv, e, &s.node, out);
                }
                match lv.ty {
                    CType::Int(_) | CType::Struct(_) => {
                        out.push((lv.clone(), InitVal::Ast(e)));
                        Ok(())
                    }
                    _ => Err(self.unsup(e.span.start, "initialiser for an array")),
                }
            }
            Initializer::List(items) => self.list_places(lv, items, out),
        }
    }

    /// The bytes of a string literal (and its terminating zero, if it fits) for a char array.
    fn string_init(
        &mut self,
        lv: &LVal,
        e: &'a Node<Expression>,
        parts: &[String],
        out: &mut Vec<(LVal, InitVal<'a>)>,
    ) -> R<()> {
        let n = match &lv.ty {
            CType::Array(_, n) => *n,
            _ => None,
        };
        let bytes =
            string_bytes(parts).ok_or_else(|| self.unsup(e.span.start, "string literal"))?;
        for (k, b) in bytes.iter().chain(std::iter::once(&0)).enumerate() {
            if n.is_some_and(|n| k as u64 >= n) {
                break;
            }
            let l = self.index_lval(lv, Expr::int(k as i128), e.span.start)?;
            out.push((l, InitVal::Const(*b as i8 as i128)));
        }
        Ok(())
    }

    /// The leaves a braced initialiser list for `lv` sets (C11 6.7.9, see `init.rs`).
    fn list_places(
        &mut self,
        lv: &LVal,
        items: &'a [Node<InitializerListItem>],
        out: &mut Vec<(LVal, InitVal<'a>)>,
    ) -> R<()> {
        let (w, exprs) = self.walk_init(&lv.ty, items)?;
        for id in &w.dropped {
            let e = exprs[*id];
            if has_side_effects(&e.node) {
                return Err(self.unsup(
                    e.span.start,
                    "overridden or excess initialiser with side effects",
                ));
            }
        }
        for a in w.assigns {
            let e = exprs[a.id];
            let leaf = self.path_lval(lv, &a.path, e.span.start)?;
            match (a.set, &e.node) {
                (Set::String, Expression::StringLiteral(s)) => {
                    self.string_init(&leaf, e, &s.node, out)?
                }
                _ => out.push((leaf, InitVal::Ast(e))),
            }
        }
        Ok(())
    }

    /// Runs the initialiser walk for a braced list for an object of type `ty`: the walk and
    /// its expressions by number.
    pub fn walk_init(
        &mut self,
        ty: &CType,
        items: &'a [Node<InitializerListItem>],
    ) -> R<(init::Walk, Vec<&'a Node<Expression>>)> {
        let shape = init_shape(ty);
        let mut exprs = vec![];
        let list = self.init_items(items, &mut exprs)?;
        let mut whole = |id: usize, key: usize| self.struct_key(exprs[id]) == Some(key);
        let w = init::walk(&shape, &list, &mut whole);
        let w = w.map_err(|(at, why)| self.unsup(at, why))?;
        Ok((w, exprs))
    }

    /// The items of an initialiser list with constant designators; its expressions are added
    /// to `exprs`.
    fn init_items(
        &mut self,
        items: &'a [Node<InitializerListItem>],
        exprs: &mut Vec<&'a Node<Expression>>,
    ) -> R<Vec<init::Item>> {
        let mut out = vec![];
        for it in items {
            let mut desig = vec![];
            for d in &it.node.designation {
                desig.push(match &d.node {
                    Designator::Index(e) => {
                        let (k, _) = self
                            .const_eval(e)
                            .ok_or_else(|| self.unsup(e.span.start, "non-constant designator"))?;
                        init::Desig::Index(k)
                    }
                    Designator::Member(m) => init::Desig::Field(m.node.name.clone()),
                    Designator::Range(_) => {
                        return Err(self.unsup(d.span.start, "range designators"));
                    }
                });
            }
            let kind = match &it.node.initializer.node {
                Initializer::List(l) => init::Kind::List(self.init_items(l, exprs)?),
                Initializer::Expression(e) => {
                    let string = match &e.node {
                        Expression::StringLiteral(s) => Some(
                            string_bytes(&s.node)
                                .ok_or_else(|| self.unsup(e.span.start, "string literal"))?
                                .len() as u64
                                + 1,
                        ),
                        _ => None,
                    };
                    exprs.push(e);
                    init::Kind::Expr {
                        id: exprs.len() - 1,
                        string,
                    }
                }
            };
            out.push(init::Item {
                desig,
                kind,
                at: it.span.start,
            });
        }
        Ok(out)
    }

    /// The struct type of `e` when it is a struct value (its `Shape` key), without evaluating it.
    fn struct_key(&mut self, e: &'a Node<Expression>) -> Option<usize> {
        match self.scratch(|s| s.expr(e)) {
            Ok((super::expr::Val::Obj(lv), _)) => match lv.ty {
                CType::Struct(d) => Some(Rc::as_ptr(&d) as usize),
                _ => None,
            },
            _ => None,
        }
    }

    /// The subobject of `lv` at a path of array indices and member numbers.
    fn path_lval(&self, lv: &LVal, path: &[u64], off: usize) -> R<LVal> {
        let mut cur = lv.clone();
        for &k in path {
            cur = match &cur.ty {
                CType::Struct(d) => {
                    let name = d
                        .fields
                        .borrow()
                        .iter()
                        .flatten()
                        .nth(k as usize)
                        .map(|(n, _)| n.clone())
                        .unwrap_or_default();
                    self.member_lval(&cur, &name, off)?
                }
                _ => self.index_lval(&cur, Expr::int(k as i128), off)?,
            };
        }
        Ok(cur)
    }

    /// Constant initial values of a global (or static) object.
    pub fn global_init(&mut self, lv: &LVal, init: &'a Node<Initializer>) -> R<()> {
        let mut places = vec![];
        self.init_places(lv, init, &mut places)?;
        let mut lists: HashMap<ArrId, Vec<i128>> = HashMap::new();
        for (leaf, val) in places {
            let off = match &val {
                InitVal::Ast(e) => e.span.start,
                InitVal::Const(_) => init.span.start,
            };
            if let CType::Struct(_) = leaf.ty {
                return Err(self.unsup(off, "struct copy in a global initialiser"));
            }
            let v = match val {
                InitVal::Const(v) => v,
                InitVal::Ast(e) => {
                    self.const_eval(e)
                        .ok_or_else(|| self.unsup(off, "non-constant global initialiser"))?
                        .0
                }
            };
            let (place, t) = self.place(&leaf, off)?;
            let v = t.wrap(v, self.p.data_model);
            match place {
                Place::Var(x) => self.p.vars[x.0 as usize].init = Some(v),
                Place::Elem(a, i) => {
                    let k = fold(&i, &self.p)
                        .ok_or_else(|| AraError::Internal("non-constant init index".into()))?;
                    let size = self.p.array(a).size.as_const().unwrap_or(0);
                    let list = lists
                        .entry(a)
                        .or_insert_with(|| match &self.p.array(a).init {
                            ArrayInit::List(l) => l.clone(),
                            _ => vec![],
                        });
                    if k >= 0 && (k as u64) < size {
                        if list.len() <= k as usize {
                            list.resize(k as usize + 1, 0);
                        }
                        list[k as usize] = v;
                    }
                }
            }
        }
        for (a, l) in lists {
            self.p.arrays[a.0 as usize].init = list_init(l);
        }
        Ok(())
    }

    /// Initialises a local object: constants of arrays in `main`'s outermost block go to
    /// `ArrayInit::List`; everything else becomes statements. Leaves an initialiser list does
    /// not mention are zero.
    pub fn local_init(
        &mut self,
        lv: &LVal,
        init: &'a Node<Initializer>,
        outermost: bool,
        span: Span,
    ) -> R<()> {
        let mut places = vec![];
        self.init_places(lv, init, &mut places)?;
        let is_list = matches!(init.node, Initializer::List(_));
        let (mut vars, mut arrs) = (vec![], vec![]);
        Self::leaves(&lv.obj, &mut vars, &mut arrs);
        if !outermost {
            // The default zeros come first: copies and stores below overwrite them.
            for a in &arrs {
                let t = self.p.array(*a).elem;
                self.fill(*a, Expr::Const(0, t), span);
            }
        }
        let mut set_vars = vec![];
        let mut lists: HashMap<ArrId, Vec<i128>> = HashMap::new();
        for (leaf, val) in places {
            let off = match &val {
                InitVal::Ast(e) => e.span.start,
                InitVal::Const(_) => init.span.start,
            };
            if let CType::Struct(_) = leaf.ty {
                let InitVal::Ast(e) = val else { continue };
                let src = self.lvalue_or_value(e)?;
                let (mut vs, mut as_) = (vec![], vec![]);
                Self::leaves(&leaf.obj, &mut vs, &mut as_);
                set_vars.extend(vs);
                self.copy_obj(&leaf, &src, span, off)?;
                continue;
            }
            let (place, t) = self.place(&leaf, off)?;
            let value = match val {
                InitVal::Const(v) => Expr::Const(v, t),
                InitVal::Ast(e) => self.rvalue(e)?,
            };
            let value = self.conv(value, t);
            match &place {
                Place::Var(x) => {
                    set_vars.push(*x);
                    self.write(&place, value, span);
                }
                Place::Elem(a, i) => {
                    let k = fold(i, &self.p);
                    let c = fold(&value, &self.p);
                    if outermost && let (Some(k), Some(c)) = (k, c) {
                        let l = lists.entry(*a).or_default();
                        if k >= 0
                            && self
                                .p
                                .array(*a)
                                .size
                                .as_const()
                                .is_some_and(|n| (k as u64) < n)
                        {
                            if l.len() <= k as usize {
                                l.resize(k as usize + 1, 0);
                            }
                            l[k as usize] = c;
                        }
                    } else {
                        self.write(&place, value, span);
                    }
                }
            }
        }
        if is_list {
            for v in vars {
                if !set_vars.contains(&v) {
                    let t = self.p.var(v).ty;
                    self.emit(StmtKind::Assign(v, Expr::Const(0, t)), span);
                }
            }
        }
        if outermost {
            for a in arrs {
                let list = lists.remove(&a).unwrap_or_default();
                self.p.arrays[a.0 as usize].init = list_init(list);
            }
        }
        Ok(())
    }

    /// Sets every element of `a` to `value` (zero: initialised arrays in nested blocks, which
    /// run again each time the block is entered; `Nondet`: uninitialised ones, which get fresh
    /// contents), with one store per element for small arrays, else a loop.
    pub fn fill(&mut self, a: ArrId, value: Expr, span: Span) {
        let size = self.p.array(a).size;
        if let Some(size) = size.as_const()
            && size <= 16
        {
            for k in 0..size {
                self.emit(
                    StmtKind::Store(a, Expr::int(k as i128), value.clone()),
                    span,
                );
            }
            return;
        }
        let i = self.fresh_var("ara_i", IntType::Long, Storage::Local);
        let mk = |kind| Stmt { kind, span, id: 0 };
        self.emit(StmtKind::Assign(i, Expr::Const(0, IntType::Long)), span);
        let cond = Expr::bin(BinOp::Lt, Expr::Var(i), size.expr());
        let body = vec![mk(StmtKind::Store(a, Expr::Var(i), value))];
        let step = vec![mk(StmtKind::Assign(
            i,
            Expr::bin(BinOp::Add, Expr::Var(i), Expr::Const(1, IntType::Long)),
        ))];
        self.emit(StmtKind::While { cond, body, step }, span);
    }
}

/// The bytes of a (concatenated) string literal, escapes decoded.
pub(super) fn string_bytes(parts: &[String]) -> Option<Vec<u8>> {
    let mut out = vec![];
    for p in parts {
        let inner = p.strip_prefix('"')?.strip_suffix('"')?;
        let mut chars = inner.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '\\' {
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                continue;
            }
            let e = chars.next()?;
            let text: String = match e {
                '0'..='7' => {
                    let mut s = String::from(e);
                    while s.len() < 3 && chars.peek().is_some_and(|c| c.is_digit(8)) {
                        s.push(chars.next()?);
                    }
                    format!("'\\{s}'")
                }
                'x' => {
                    let mut s = String::new();
                    while chars.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
                        s.push(chars.next()?);
                    }
                    format!("'\\x{s}'")
                }
                _ => format!("'\\{e}'"),
            };
            out.push(
                super::literal::character(&text, crate::ir::DataModel::Lp64)
                    .ok()?
                    .0 as u8,
            );
        }
    }
    Some(out)
}

/// The shape of `t` for the initialiser walk.
fn init_shape(t: &CType) -> init::Shape {
    match t {
        CType::Int(it) => init::Shape::Scalar {
            char: matches!(it, IntType::Char | IntType::SChar | IntType::UChar),
        },
        CType::Array(e, n) => init::Shape::Array(Box::new(init_shape(e)), *n),
        CType::Struct(d) if !d.union => init::Shape::Struct {
            key: Rc::as_ptr(d) as usize,
            fields: d
                .fields
                .borrow()
                .iter()
                .flatten()
                .map(|(n, t)| (n.clone(), init_shape(t)))
                .collect(),
        },
        other => init::Shape::Other(format!("initialiser for {}", other.describe())),
    }
}

/// `ArrayInit` for explicit leading values (the rest zero).
fn list_init(mut l: Vec<i128>) -> ArrayInit {
    while l.last() == Some(&0) {
        l.pop();
    }
    if l.is_empty() {
        ArrayInit::Zero
    } else {
        ArrayInit::List(l)
    }
}

/// A TS 18661-3 type (`_Float32`, `_Float64x`, ...): binary formats by width, decimal ones are
/// outside the subset.
fn ts18661_float(f: &TS18661FloatType) -> CType {
    match (&f.format, f.width) {
        (TS18661FloatFormat::BinaryInterchange, 32) => CType::Float(FloatType::Single),
        (TS18661FloatFormat::BinaryInterchange, 64) | (TS18661FloatFormat::BinaryExtended, 32) => {
            CType::Float(FloatType::Double)
        }
        (TS18661FloatFormat::BinaryExtended, 64) => CType::Float(FloatType::LongDouble),
        (TS18661FloatFormat::BinaryInterchange, 128) => CType::Float(FloatType::Quad),
        _ => CType::Other("decimal or unusual floating-point type".into()),
    }
}
