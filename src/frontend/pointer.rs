//! Pointer variables as aliases of arrays, and the heap: `malloc`/`calloc`/`alloca` of
//! `n * sizeof(T)` (any order of the factors, casts around it), `free`.
//!
//! Takes the pointer declarations and assignments of the program; gives no IR of its own: a
//! pointer variable is bound (`Binding::Ptr`) to the *one* array it is assigned, and every
//! use of it (`p[i]`, `*(p + i)`, `*p`, `p->f`, passing it to a function) is a use of that
//! array. An allocation creates a new array whose size is a frozen variable (`ir::Size::Var`),
//! assigned the element count once, where the allocation runs: that assignment is the
//! allocation (the emitter allocates the array right after it).
//!
//! Nothing is guessed: a pointer whose target is not exactly one array known where it is
//! used is rejected with `file:line:col: unsupported: ...` — a second assignment of another
//! array (it may point to two arrays), arithmetic stored into a pointer, a null pointer, an
//! allocation that may run more than once (in a loop: a new array each time), `realloc`, a
//! use after `free`, a use before the assignment (in program text order), an allocation whose
//! byte count is not a multiple of the element size. Pointer comparisons reach `rvalue`,
//! which rejects an array used as a value.

use super::ctype::CType;
use super::expr::Val;
use super::lower::{Binding, LVal, Lowerer, PtrState, R};
use crate::ir::{ArrayInit, BinOp, Expr, IntType, Storage};
use lang_c::ast::*;
use lang_c::span::Node;
use std::rc::Rc;

/// The library functions that allocate.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Alloc {
    /// `malloc(bytes)`, `alloca(bytes)`: indeterminate contents.
    Bytes,
    /// `calloc(count, size)`: zero contents.
    Zeroed,
}

fn alloc_kind(name: &str) -> Option<Alloc> {
    match name {
        "malloc" | "alloca" | "__builtin_alloca" | "__builtin_malloc" => Some(Alloc::Bytes),
        "calloc" | "__builtin_calloc" => Some(Alloc::Zeroed),
        _ => None,
    }
}

/// Memory functions the front end does not model as allocations.
pub(super) fn is_unsupported_memory_function(name: &str) -> bool {
    matches!(
        name,
        "realloc" | "reallocarray" | "__builtin_realloc" | "memcpy" | "memset" | "memmove"
    )
}

/// `e` without the casts around it (`(int *) malloc(...)`).
fn strip_casts(e: &Node<Expression>) -> &Node<Expression> {
    match &e.node {
        Expression::Cast(c) => strip_casts(&c.node.expression),
        _ => e,
    }
}

/// The factors of a product `a * b * c` (just `[e]` for anything else), casts to an integer
/// type around the product kept as they are.
fn factors<'e>(e: &'e Node<Expression>, out: &mut Vec<&'e Node<Expression>>) {
    match &e.node {
        Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::Multiply => {
            factors(&b.node.lhs, out);
            factors(&b.node.rhs, out);
        }
        _ => out.push(e),
    }
}

impl<'a> Lowerer<'a> {
    /// `T *p;`: binds `p` to a pointer that points nowhere yet.
    pub fn declare_pointer(&mut self, name: &str, pointee: CType, c_name: String, display: String) {
        let st = PtrState {
            pointee,
            target: None,
            freed: false,
            c_name,
            display,
        };
        self.bind(name, Binding::Ptr(Rc::new(st)));
    }

    /// The array a pointer variable points to, where it is used.
    pub fn pointer_target(&self, name: &str, st: &PtrState, off: usize) -> R<LVal> {
        if st.freed {
            return Err(self.unsup(off, format!("use of pointer `{name}` after free")));
        }
        st.target.clone().ok_or_else(|| {
            self.unsup(
                off,
                format!("pointer `{name}` used before it is assigned an array"),
            )
        })
    }

    fn pointer_state(&self, name: &str) -> Option<(usize, Rc<PtrState>)> {
        match self.lookup(name) {
            Some((scope, Binding::Ptr(st))) => Some((scope, st.clone())),
            _ => None,
        }
    }

    fn set_pointer_state(&mut self, name: &str, scope: usize, st: PtrState) {
        self.scopes[scope].insert(name.to_string(), Binding::Ptr(Rc::new(st)));
    }

    /// `p = rhs` (also `T *p = rhs`): `rhs` is an allocation or an array (another pointer, an
    /// array parameter, `&x`); `p` then aliases it. A second assignment must name the same
    /// array.
    pub fn assign_pointer(&mut self, name: &str, rhs: &'a Node<Expression>, off: usize) -> R<()> {
        let (scope, st) = self
            .pointer_state(name)
            .ok_or_else(|| self.syntax(off, format!("`{name}` is not a pointer")))?;
        let st = (*st).clone();
        let src = strip_casts(rhs);
        let target = match &src.node {
            Expression::Call(c) => self.pointer_call(name, &st, c, src.span.start)?,
            _ => self.pointer_value(&st, rhs)?,
        };
        if let Some(old) = &st.target
            && !same_place(old, &target)
        {
            return Err(self.unsup(
                off,
                format!("pointer `{name}` may point to two arrays (assigned twice)"),
            ));
        }
        if st.freed {
            return Err(self.unsup(off, format!("pointer `{name}` assigned again after free")));
        }
        let st = PtrState {
            target: Some(target),
            ..st
        };
        self.set_pointer_state(name, scope, st);
        Ok(())
    }

    /// The array a non-allocating right-hand side denotes.
    fn pointer_value(&mut self, st: &PtrState, rhs: &'a Node<Expression>) -> R<LVal> {
        let off = rhs.span.start;
        let lv = match self.address_arg(rhs)? {
            Some(lv) => lv,
            None => match self.expr(rhs)? {
                Val::Obj(lv) if lv.ty.is_array() => self.frozen(lv, off),
                Val::Int(Expr::Const(0, _)) => {
                    return Err(self.unsup(off, "null pointer (pointers must point to an array)"));
                }
                _ => {
                    return Err(self.unsup(
                        off,
                        "pointer assigned something other than an array or an allocation \
                         (pointer arithmetic)",
                    ));
                }
            },
        };
        match lv.ty.elem() {
            Some(e) if e.same(&st.pointee) => Ok(lv),
            _ => Err(self.unsup(
                off,
                format!(
                    "pointer to {} assigned an array of another element type",
                    st.pointee.describe()
                ),
            )),
        }
    }

    /// A call assigned to a pointer: an allocation (a new array), else unsupported.
    fn pointer_call(
        &mut self,
        name: &str,
        st: &PtrState,
        c: &'a Node<CallExpression>,
        off: usize,
    ) -> R<LVal> {
        let callee = match &c.node.callee.node {
            Expression::Identifier(id) => id.node.name.clone(),
            _ => return Err(self.unsup(off, "call through a function pointer")),
        };
        let kind = match alloc_kind(&callee) {
            Some(k) if !self.funcs.contains_key(callee.as_str()) => k,
            _ if is_unsupported_memory_function(&callee) => {
                return Err(self.unsup(off, format!("{callee} (pointers are array aliases)")));
            }
            _ => {
                return Err(self.unsup(
                    off,
                    format!("pointer `{name}` assigned the result of {callee}()"),
                ));
            }
        };
        if self.may_repeat(off) {
            return Err(self.unsup(
                off,
                format!("{callee} that may run more than once (in a loop): a new array each time"),
            ));
        }
        let es = st
            .pointee
            .layout(self.p.data_model)
            .map(|l| l.size)
            .filter(|&s| s > 0)
            .ok_or_else(|| self.unsup(off, format!("allocation of {}", st.pointee.describe())))?;
        let args = &c.node.arguments;
        let count = match (kind, args.as_slice()) {
            (Alloc::Bytes, [bytes]) => self.element_count(bytes, None, es)?,
            (Alloc::Zeroed, [n, size]) => self.element_count(size, Some(n), es)?,
            _ => return Err(self.syntax(off, format!("wrong number of arguments to {callee}"))),
        };
        let span = self.span(off);
        let t = self.size_type();
        let v = self.size_var(&format!("{}__size", st.c_name), t, span);
        self.emit(crate::ir::StmtKind::Assign(v, count), span);
        let ty = CType::VarArray(Rc::new(st.pointee.clone()), v);
        let obj = self.build_obj(
            &ty,
            &st.c_name,
            &st.display,
            Storage::Local,
            span,
            &[],
            off,
            name,
        )?;
        if kind == Alloc::Zeroed {
            let (mut vars, mut arrs) = (vec![], vec![]);
            Self::leaves(&obj, &mut vars, &mut arrs);
            for a in arrs {
                self.p.arrays[a.0 as usize].init = ArrayInit::Zero;
            }
        }
        Ok(LVal { ty, obj, idx: None })
    }

    /// The number of elements of size `es` in `bytes` bytes (times `count` for `calloc`), as
    /// a `size_t` expression: `bytes` must be a product with one `sizeof` factor (a multiple
    /// of `es`), a constant multiple of `es`, or anything when `es` is 1.
    fn element_count(
        &mut self,
        bytes: &'a Node<Expression>,
        count: Option<&'a Node<Expression>>,
        es: u64,
    ) -> R<Expr> {
        let off = bytes.span.start;
        let t = self.size_type();
        let mut fs = vec![];
        factors(strip_casts(bytes), &mut fs);
        let sized = fs.iter().position(|f| self.sizeof_factor(f).is_some());
        let (per, others): (u64, Vec<&'a Node<Expression>>) = match sized {
            Some(k) => {
                let per = self.sizeof_factor(fs[k]).unwrap_or(0);
                fs.remove(k);
                (per, fs)
            }
            None => match self.const_eval(bytes) {
                Some((b, _)) if b >= 0 => (b as u64, vec![]),
                _ if es == 1 => (1, fs),
                _ => {
                    return Err(self.unsup(
                        off,
                        "allocation size that is not `n * sizeof(T)` (elements cannot be counted)",
                    ));
                }
            },
        };
        if per % es != 0 {
            return Err(self.unsup(
                off,
                format!("allocation of {per}-byte units for {es}-byte elements"),
            ));
        }
        let mut terms = vec![];
        if let Some(n) = count {
            let n = self.rvalue(n)?;
            terms.push(self.conv(n, t));
        }
        for f in others {
            let x = self.rvalue(f)?;
            terms.push(self.conv(x, t));
        }
        if per / es != 1 || terms.is_empty() {
            terms.push(Expr::Const((per / es) as i128, t));
        }
        let e = terms
            .into_iter()
            .reduce(|a, b| Expr::bin(BinOp::Mul, a, b))
            .unwrap_or(Expr::Const(1, t));
        Ok(self.conv(e, t))
    }

    /// The byte count of a `sizeof` factor (`sizeof(T)`, `sizeof x`, `sizeof *p` for a pointer
    /// `p` still unassigned), else `None`.
    fn sizeof_factor(&mut self, e: &'a Node<Expression>) -> Option<u64> {
        let e = strip_casts(e);
        match &e.node {
            Expression::SizeOfTy(_) => self.const_eval(e).map(|(v, _)| v as u64),
            Expression::SizeOfVal(x) => {
                if let Some(st) = self.deref_of_pointer(&x.node.0) {
                    return st.pointee.layout(self.p.data_model).map(|l| l.size);
                }
                self.const_eval(e).map(|(v, _)| v as u64)
            }
            _ => None,
        }
    }

    /// The C type of `e` where pointer rules decide it, else `None` (the type of its value
    /// is then the type): a pointer variable or parameter (`int b[]` is a pointer) has a
    /// pointer type, not its array's; so have `&x`, a cast to a pointer type, pointer
    /// arithmetic (`p + 1`, `a + 1`, `p++`, `p = q`), a comma or conditional whose result is a
    /// pointer or array (arrays decay there); `p - q` is a `ptrdiff_t`; `*p` and `p[k]` of a
    /// pointer variable are its pointee (even before it is assigned). For `sizeof` only: a
    /// pointer's size is the data model's, whatever it points to.
    pub fn pointer_rule_type(&mut self, e: &'a Node<Expression>) -> R<Option<CType>> {
        let ptr = |t: CType| Some(CType::Pointer(Rc::new(t)));
        if let Some(st) = self.deref_of_pointer(e) {
            return Ok(Some(st.pointee.clone()));
        }
        Ok(match &e.node {
            Expression::Identifier(id) => match self.lookup(&id.node.name) {
                Some((_, Binding::Ptr(st))) => ptr(st.pointee.clone()),
                Some((_, Binding::PtrParam(lv))) => {
                    ptr(lv.ty.elem().cloned().unwrap_or(CType::Void))
                }
                _ => None,
            },
            Expression::Cast(c) => match self.type_name(&c.node.type_name) {
                t @ CType::Pointer(_) => Some(t),
                _ => None,
            },
            Expression::UnaryOperator(u) => match u.node.operator.node {
                UnaryOperator::Address => ptr(CType::Void),
                UnaryOperator::PreIncrement
                | UnaryOperator::PreDecrement
                | UnaryOperator::PostIncrement
                | UnaryOperator::PostDecrement => self.pointer_rule_type(&u.node.operand)?,
                _ => None,
            },
            Expression::BinaryOperator(b) => {
                let (l, r) = (&b.node.lhs, &b.node.rhs);
                match b.node.operator.node {
                    BinaryOperator::Plus if self.decays(l)? || self.decays(r)? => ptr(CType::Void),
                    BinaryOperator::Minus if self.decays(l)? => {
                        if self.decays(r)? {
                            Some(CType::Int(IntType::Long)) // ptrdiff_t
                        } else {
                            ptr(CType::Void)
                        }
                    }
                    BinaryOperator::Assign
                    | BinaryOperator::AssignPlus
                    | BinaryOperator::AssignMinus => self.pointer_rule_type(l)?,
                    _ => None,
                }
            }
            Expression::Comma(v) => match v.last() {
                Some(x) if self.decays(x)? => ptr(CType::Void),
                _ => None,
            },
            Expression::Conditional(c) => {
                let c = &c.node;
                (self.decays(&c.then_expression)? || self.decays(&c.else_expression)?)
                    .then(|| CType::Pointer(Rc::new(CType::Void)))
            }
            _ => None,
        })
    }

    /// Is `e` a pointer or an array (which becomes a pointer as an operand of `+`, `,`, `?:`)?
    fn decays(&mut self, e: &'a Node<Expression>) -> R<bool> {
        let t = self.type_of(e)?;
        Ok(matches!(t, CType::Pointer(_)) || t.is_array())
    }

    /// `*p` or `p[k]` for a pointer variable `p`: its state.
    fn deref_of_pointer(&self, e: &Node<Expression>) -> Option<Rc<PtrState>> {
        let base = match &e.node {
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Indirection => {
                &u.node.operand
            }
            Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::Index => {
                &b.node.lhs
            }
            _ => return None,
        };
        match &base.node {
            Expression::Identifier(id) => self.pointer_state(&id.node.name).map(|(_, s)| s),
            _ => None,
        }
    }

    /// `free(p)` for a pointer variable: later uses of `p` are rejected.
    pub fn free_call(&mut self, args: &'a [Node<Expression>], off: usize) -> R<Val> {
        let name = match args {
            [a] => match &strip_casts(a).node {
                Expression::Identifier(id) => Some(id.node.name.clone()),
                _ => None,
            },
            _ => None,
        };
        let Some((name, scope, st)) =
            name.and_then(|n| self.pointer_state(&n).map(|(scope, st)| (n, scope, st)))
        else {
            return Err(self.unsup(off, "free of something other than a pointer variable"));
        };
        if st.freed {
            return Err(self.unsup(off, format!("pointer `{name}` freed twice")));
        }
        if self.may_repeat(off) {
            return Err(self.unsup(off, "free that may run more than once (in a loop)"));
        }
        let st = PtrState {
            freed: true,
            ..(*st).clone()
        };
        self.set_pointer_state(&name, scope, st);
        Ok(Val::Void)
    }
}

/// Do two lvalues designate the same array at the same offset?
fn same_place(a: &LVal, b: &LVal) -> bool {
    let (mut va, mut aa, mut vb, mut ab) = (vec![], vec![], vec![], vec![]);
    Lowerer::leaves(&a.obj, &mut va, &mut aa);
    Lowerer::leaves(&b.obj, &mut vb, &mut ab);
    va == vb && aa == ab && a.idx == b.idx
}
