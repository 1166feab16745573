//! Expressions: lang-c expressions → pure IR expressions, with every side effect (assignment,
//! `++`, calls) hoisted into statements emitted before the expression's use. Operands that C
//! evaluates only conditionally (`&&`, `||`, `?:`) get their statements under an `If`.

use super::ctype::CType;
use super::literal;
use super::lower::{Binding, LVal, Lowerer, Obj, R, qual_specs};
use crate::base::error::AraError;
use crate::ir::{BinOp, Expr, IntType, StmtKind, UnOp};
use lang_c::ast::*;
use lang_c::span::Node;

/// The value of an expression.
pub(super) enum Val {
    Int(Expr),
    /// An array or struct (arrays decay to "pointers" only as call arguments).
    Obj(LVal),
    Void,
}

fn bin_op(op: &BinaryOperator) -> Option<BinOp> {
    use BinaryOperator as B;
    Some(match op {
        B::Multiply | B::AssignMultiply => BinOp::Mul,
        B::Divide | B::AssignDivide => BinOp::Div,
        B::Modulo | B::AssignModulo => BinOp::Rem,
        B::Plus | B::AssignPlus => BinOp::Add,
        B::Minus | B::AssignMinus => BinOp::Sub,
        B::ShiftLeft | B::AssignShiftLeft => BinOp::Shl,
        B::ShiftRight | B::AssignShiftRight => BinOp::Shr,
        B::Less => BinOp::Lt,
        B::Greater => BinOp::Gt,
        B::LessOrEqual => BinOp::Le,
        B::GreaterOrEqual => BinOp::Ge,
        B::Equals => BinOp::Eq,
        B::NotEquals => BinOp::Ne,
        B::BitwiseAnd | B::AssignBitwiseAnd => BinOp::BitAnd,
        B::BitwiseXor | B::AssignBitwiseXor => BinOp::BitXor,
        B::BitwiseOr | B::AssignBitwiseOr => BinOp::BitOr,
        B::LogicalAnd => BinOp::LogAnd,
        B::LogicalOr => BinOp::LogOr,
        B::Index | B::Assign => return None,
    })
}

fn is_compound_assign(op: &BinaryOperator) -> bool {
    use BinaryOperator as B;
    matches!(
        op,
        B::AssignMultiply
            | B::AssignDivide
            | B::AssignModulo
            | B::AssignPlus
            | B::AssignMinus
            | B::AssignShiftLeft
            | B::AssignShiftRight
            | B::AssignBitwiseAnd
            | B::AssignBitwiseXor
            | B::AssignBitwiseOr
    )
}

/// Does evaluating `e` change anything (syntactically: assignments, `++`/`--`, calls)?
pub(super) fn has_side_effects(e: &Expression) -> bool {
    match e {
        Expression::Call(_) | Expression::Statement(_) => true,
        Expression::UnaryOperator(u) => {
            matches!(
                u.node.operator.node,
                UnaryOperator::PostIncrement
                    | UnaryOperator::PostDecrement
                    | UnaryOperator::PreIncrement
                    | UnaryOperator::PreDecrement
            ) || has_side_effects(&u.node.operand.node)
        }
        Expression::BinaryOperator(b) => {
            matches!(b.node.operator.node, BinaryOperator::Assign)
                || is_compound_assign(&b.node.operator.node)
                || has_side_effects(&b.node.lhs.node)
                || has_side_effects(&b.node.rhs.node)
        }
        Expression::Cast(c) => has_side_effects(&c.node.expression.node),
        Expression::Conditional(c) => {
            has_side_effects(&c.node.condition.node)
                || has_side_effects(&c.node.then_expression.node)
                || has_side_effects(&c.node.else_expression.node)
        }
        Expression::Comma(v) => v.iter().any(|x| has_side_effects(&x.node)),
        Expression::Member(m) => has_side_effects(&m.node.expression.node),
        _ => false,
    }
}

/// Is `e` a call of `__assert_fail` (the failing branch of glibc's `assert` macro)?
pub(super) fn is_assert_fail(e: &Expression) -> bool {
    match e {
        Expression::Call(c) => matches!(&c.node.callee.node,
            Expression::Identifier(id) if matches!(id.node.name.as_str(),
                "__assert_fail" | "__assert" | "__assert_rtn" | "__assert_perror_fail")),
        Expression::Cast(c) => is_assert_fail(&c.node.expression.node),
        _ => false,
    }
}

fn contains_nondet(e: &Expr) -> bool {
    let mut found = false;
    e.visit(&mut |x| found |= matches!(x, Expr::Nondet(_)));
    found
}

impl<'a> Lowerer<'a> {
    pub fn expr(&mut self, e: &'a Node<Expression>) -> R<Val> {
        self.expr_w(e, true)
    }

    /// An integer value.
    pub fn rvalue(&mut self, e: &'a Node<Expression>) -> R<Expr> {
        let off = e.span.start;
        match self.expr(e)? {
            Val::Int(x) => Ok(x),
            Val::Obj(lv) => Err(match lv.ty {
                CType::Array(..) | CType::VarArray(..) => self.unsup(
                    off,
                    "array or pointer used as a value (pointer arithmetic or comparison)",
                ),
                t => self.unsup(off, format!("{} used as a value", t.describe())),
            }),
            Val::Void => Err(self.syntax(off, "void value used in an expression")),
        }
    }

    /// An aggregate value (struct copies).
    pub fn lvalue_or_value(&mut self, e: &'a Node<Expression>) -> R<LVal> {
        match self.expr(e)? {
            Val::Obj(lv) => Ok(lv),
            _ => Err(self.unsup(e.span.start, "struct value expected")),
        }
    }

    fn binding_lval(&mut self, name: &str, off: usize) -> R<Result<LVal, Val>> {
        let Some((scope, b)) = self.lookup(name) else {
            if self.funcs.contains_key(name) {
                return Err(self.unsup(
                    off,
                    format!("function `{name}` used as a value (function pointer)"),
                ));
            }
            return Err(self.syntax(off, format!("use of undeclared identifier `{name}`")));
        };
        match b.clone() {
            Binding::Obj(lv) | Binding::PtrParam(lv) => Ok(Ok(lv)),
            Binding::Const(v, t) => Ok(Err(Val::Int(Expr::Const(v, t)))),
            Binding::Typedef(_) => Err(self.syntax(off, format!("unexpected type name `{name}`"))),
            // Tags are bound under keys no identifier spells (`lower::tag_key`).
            Binding::StructTag(_) | Binding::EnumTag(_) => {
                Err(self.syntax(off, format!("use of undeclared identifier `{name}`")))
            }
            Binding::Unusable(why) => Err(self.unsup(off, format!("{why} (`{name}`)"))),
            Binding::Ptr(st) => self.pointer_target(name, &st, off).map(Ok),
            Binding::Extern(ty, decl_off) => {
                let span = self.span(decl_off);
                let obj = self.build_obj(
                    &ty,
                    name,
                    name,
                    crate::ir::Storage::Global,
                    span,
                    &[],
                    off,
                    name,
                )?;
                let lv = LVal { ty, obj, idx: None };
                self.globals_gen += 1;
                self.scopes[scope].insert(name.to_string(), Binding::Obj(lv.clone()));
                Ok(Ok(lv))
            }
        }
    }

    /// An lvalue with a stable index (no `Nondet` that a second evaluation would change).
    fn stable(&mut self, lv: LVal, off: usize) -> LVal {
        match &lv.idx {
            Some(i) if contains_nondet(i) => {
                let t = i.ty(&self.p);
                let tmp = self.temp(t);
                let span = self.span(off);
                self.emit(StmtKind::Assign(tmp, i.clone()), span);
                LVal {
                    idx: Some(Expr::Var(tmp)),
                    ..lv
                }
            }
            _ => lv,
        }
    }

    /// The lvalue bound to an array parameter: its index must not change while the callee runs.
    pub fn frozen(&mut self, lv: LVal, off: usize) -> LVal {
        match &lv.idx {
            Some(i) if !matches!(i, Expr::Const(..)) => {
                let t = i.ty(&self.p);
                let tmp = self.temp(t);
                let span = self.span(off);
                self.emit(StmtKind::Assign(tmp, i.clone()), span);
                LVal {
                    idx: Some(Expr::Var(tmp)),
                    ..lv
                }
            }
            _ => lv,
        }
    }

    pub fn lvalue(&mut self, e: &'a Node<Expression>) -> R<LVal> {
        let off = e.span.start;
        match &e.node {
            Expression::Identifier(id) => match self.binding_lval(&id.node.name, off)? {
                Ok(lv) => Ok(lv),
                Err(_) => Err(self.syntax(off, format!("`{}` is not assignable", id.node.name))),
            },
            Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::Index => {
                let (arr, idx) = if self.is_arrayish(&b.node.lhs) {
                    (&b.node.lhs, &b.node.rhs)
                } else {
                    (&b.node.rhs, &b.node.lhs)
                };
                let base = self.lvalue(arr)?;
                let i = self.rvalue(idx)?;
                self.index_lval(&base, i, off)
            }
            Expression::Member(m) => {
                let base = self.lvalue(&m.node.expression)?;
                let base = match m.node.operator.node {
                    MemberOperator::Direct => base,
                    MemberOperator::Indirect => self.index_lval(&base, Expr::int(0), off)?,
                };
                self.member_lval(&base, &m.node.identifier.node.name, off)
            }
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Indirection => {
                if let Expression::BinaryOperator(b) = &u.node.operand.node
                    && matches!(
                        b.node.operator.node,
                        BinaryOperator::Plus | BinaryOperator::Minus
                    )
                {
                    // `*(a + i)` is `a[i]`; anything else is arithmetic on a pointer.
                    let plus = b.node.operator.node == BinaryOperator::Plus;
                    let (arr, idx) = if self.is_arrayish(&b.node.lhs) {
                        (&b.node.lhs, &b.node.rhs)
                    } else {
                        (&b.node.rhs, &b.node.lhs)
                    };
                    if !plus || !self.is_array_name(arr) {
                        return Err(self.unsup(off, "pointer arithmetic"));
                    }
                    let base = self.lvalue(arr)?;
                    let i = self.rvalue(idx)?;
                    return self.index_lval(&base, i, off);
                }
                let base = self.lvalue(&u.node.operand)?;
                if !base.ty.is_array() {
                    return Err(self.unsup(off, "pointer dereference"));
                }
                self.index_lval(&base, Expr::int(0), off)
            }
            Expression::Statement(_) | Expression::Call(_) => match self.expr(e)? {
                Val::Obj(lv) => Ok(lv),
                _ => Err(self.unsup(off, "assignment to a non-lvalue")),
            },
            _ => Err(self.unsup(off, "expression is not a supported lvalue")),
        }
    }

    /// Is the expression (syntactically) an array or array parameter, for `i[a]`?
    fn is_arrayish(&self, e: &Node<Expression>) -> bool {
        match &e.node {
            Expression::Identifier(_) => self.is_array_name(e),
            Expression::Constant(_) => false,
            _ => true,
        }
    }

    /// Is the expression the name of an array, array parameter or pointer variable?
    fn is_array_name(&self, e: &Node<Expression>) -> bool {
        let Expression::Identifier(id) = &e.node else {
            return false;
        };
        match self.lookup(&id.node.name) {
            Some((_, Binding::Obj(lv))) => lv.ty.is_array(),
            Some((_, Binding::Ptr(_) | Binding::PtrParam(_))) => true,
            _ => false,
        }
    }

    pub fn expr_w(&mut self, e: &'a Node<Expression>, want: bool) -> R<Val> {
        let off = e.span.start;
        let span = self.span(off);
        match &e.node {
            Expression::Identifier(id) => match self.binding_lval(&id.node.name, off)? {
                Ok(lv) => self.lval_value(lv, off),
                Err(v) => Ok(v),
            },
            Expression::Constant(c) => Ok(Val::Int(self.constant(&c.node, off)?)),
            Expression::StringLiteral(_) => Err(self.unsup(off, "string literal")),
            Expression::Member(_) => {
                let lv = self.lvalue(e)?;
                self.lval_value(lv, off)
            }
            Expression::Call(c) => self.call(c, off, want),
            Expression::SizeOfTy(t) => {
                let ty = self.type_name(&t.node.0);
                self.size_of(&ty, off)
            }
            Expression::SizeOfVal(x) => {
                let ty = self.type_of(&x.node.0)?;
                self.size_of(&ty, off)
            }
            Expression::AlignOf(t) => {
                if self.names_odd_typedef(&qual_specs(&t.node.0.node.specifiers)) {
                    return Err(self.unsup(off, "_Alignof a type with an alignment attribute"));
                }
                let ty = self.type_name(&t.node.0);
                // lang-c parses GNU `__alignof__` as `_Alignof`; they differ on i386.
                let gnu = self
                    .text
                    .get(off..)
                    .is_some_and(|t| t.starts_with("__alignof"));
                match ty.layout(self.p.data_model) {
                    Some(l) => {
                        let a = if gnu { l.pref } else { l.align };
                        Ok(Val::Int(Expr::Const(a as i128, self.size_type())))
                    }
                    None => Err(self.unsup(off, format!("_Alignof {}", ty.describe()))),
                }
            }
            Expression::UnaryOperator(u) => {
                use UnaryOperator as U;
                let operand = &u.node.operand;
                match u.node.operator.node {
                    U::PostIncrement => self.incdec(operand, BinOp::Add, true, want, off),
                    U::PostDecrement => self.incdec(operand, BinOp::Sub, true, want, off),
                    U::PreIncrement => self.incdec(operand, BinOp::Add, false, want, off),
                    U::PreDecrement => self.incdec(operand, BinOp::Sub, false, want, off),
                    U::Address => Err(self.unsup(off, "address-of operator (&)")),
                    U::Indirection => {
                        let lv = self.lvalue(e)?;
                        self.lval_value(lv, off)
                    }
                    U::Plus => {
                        let x = self.rvalue(operand)?;
                        let t = x.ty(&self.p).promote();
                        Ok(Val::Int(self.conv(x, t)))
                    }
                    U::Minus => {
                        let x = self.rvalue(operand)?;
                        Ok(Val::Int(match x {
                            Expr::Const(v, t) if t.promote() == t => {
                                Expr::Const(t.wrap(-v, self.p.data_model), t)
                            }
                            x => Expr::Unary(UnOp::Neg, Box::new(x)),
                        }))
                    }
                    U::Complement => {
                        let x = self.rvalue(operand)?;
                        Ok(Val::Int(Expr::Unary(UnOp::BitNot, Box::new(x))))
                    }
                    U::Negate => {
                        let x = self.rvalue(operand)?;
                        Ok(Val::Int(Expr::not(x)))
                    }
                }
            }
            Expression::Cast(c) => {
                let ty = self.type_name(&c.node.type_name);
                match ty {
                    CType::Int(t) => {
                        let x = self.rvalue(&c.node.expression)?;
                        Ok(Val::Int(match x {
                            Expr::Const(v, _) => Expr::Const(t.wrap(v, self.p.data_model), t),
                            x if t == IntType::Bool => self.conv(x, t),
                            x => Expr::Cast(t, Box::new(x)),
                        }))
                    }
                    CType::Void => {
                        self.effect(&c.node.expression)?;
                        Ok(Val::Void)
                    }
                    other => Err(self.unsup(off, format!("cast to {}", other.describe()))),
                }
            }
            Expression::BinaryOperator(b) => {
                let op = &b.node.operator.node;
                match op {
                    BinaryOperator::Index => {
                        let lv = self.lvalue(e)?;
                        self.lval_value(lv, off)
                    }
                    BinaryOperator::Assign => self.assign(&b.node.lhs, &b.node.rhs, want, off),
                    _ if is_compound_assign(op) => {
                        let bop = bin_op(op).ok_or_else(|| AraError::Internal("op".into()))?;
                        self.compound(&b.node.lhs, bop, &b.node.rhs, want, off)
                    }
                    BinaryOperator::LogicalAnd | BinaryOperator::LogicalOr => {
                        let and = *op == BinaryOperator::LogicalAnd;
                        let a = self.rvalue(&b.node.lhs)?;
                        let (bv, bs) = self.buffered(|s| s.rvalue(&b.node.rhs))?;
                        if bs.is_empty() {
                            let op = if and { BinOp::LogAnd } else { BinOp::LogOr };
                            return Ok(Val::Int(Expr::bin(op, a, bv)));
                        }
                        let t = self.temp(IntType::Int);
                        let mut then = bs;
                        then.push(self.mk(StmtKind::Assign(t, truth(bv)), span));
                        let short = vec![self.mk(
                            StmtKind::Assign(t, Expr::int(if and { 0 } else { 1 })),
                            span,
                        )];
                        let kind = if and {
                            StmtKind::If(a, then, short)
                        } else {
                            StmtKind::If(a, short, then)
                        };
                        self.emit(kind, span);
                        Ok(Val::Int(Expr::Var(t)))
                    }
                    _ => {
                        let bop = bin_op(op).ok_or_else(|| AraError::Internal("op".into()))?;
                        let a = self.rvalue(&b.node.lhs)?;
                        let c = self.rvalue(&b.node.rhs)?;
                        Ok(Val::Int(Expr::bin(bop, a, c)))
                    }
                }
            }
            Expression::Conditional(c) => {
                let cond = self.rvalue(&c.node.condition)?;
                let (t, ts) = self.buffered(|s| s.expr(&c.node.then_expression))?;
                let (f, fs) = self.buffered(|s| s.expr(&c.node.else_expression))?;
                match (t, f) {
                    (Val::Int(t), Val::Int(f)) => {
                        if ts.is_empty() && fs.is_empty() {
                            return Ok(Val::Int(Expr::cond(cond, t, f)));
                        }
                        let ty =
                            IntType::usual_arith(t.ty(&self.p), f.ty(&self.p), self.p.data_model);
                        let tmp = self.temp(ty);
                        let (t, f) = (self.conv(t, ty), self.conv(f, ty));
                        let mut ts = ts;
                        let mut fs = fs;
                        ts.push(self.mk(StmtKind::Assign(tmp, t), span));
                        fs.push(self.mk(StmtKind::Assign(tmp, f), span));
                        self.emit(StmtKind::If(cond, ts, fs), span);
                        Ok(Val::Int(Expr::Var(tmp)))
                    }
                    (Val::Void, Val::Void)
                    | (Val::Int(_), Val::Void)
                    | (Val::Void, Val::Int(_)) => {
                        let else_fails = is_assert_fail(&c.node.else_expression.node);
                        self.emit_if(cond, ts, fs, span, else_fails);
                        Ok(Val::Void)
                    }
                    _ => Err(self.unsup(off, "conditional expression on arrays or structs")),
                }
            }
            Expression::Comma(v) => {
                let n = v.len();
                for x in &v[..n.saturating_sub(1)] {
                    self.effect(x)?;
                }
                match v.last() {
                    Some(x) => self.expr_w(x, want),
                    None => Ok(Val::Void),
                }
            }
            Expression::Statement(s) => self.stmt_expr(s, want),
            Expression::GenericSelection(_) => Err(self.unsup(off, "_Generic")),
            Expression::CompoundLiteral(_) => Err(self.unsup(off, "compound literal")),
            Expression::OffsetOf(_) => Err(self.unsup(off, "offsetof")),
            Expression::VaArg(_) => Err(self.unsup(off, "va_arg")),
        }
    }

    pub fn mk(&self, kind: StmtKind, span: crate::ir::Span) -> crate::ir::Stmt {
        crate::ir::Stmt { kind, span, id: 0 }
    }

    /// `if (c) then else els`; the `if (c) ; else __assert_fail(...)` of glibc's `assert`
    /// becomes `Assert(c)`.
    pub fn emit_if(
        &mut self,
        c: Expr,
        then: Vec<crate::ir::Stmt>,
        els: Vec<crate::ir::Stmt>,
        span: crate::ir::Span,
        else_is_assert_fail: bool,
    ) {
        if else_is_assert_fail
            && then.is_empty()
            && els.len() == 1
            && els[0].kind == StmtKind::Error
        {
            let c = self.condition(c);
            self.emit(StmtKind::Assert(c), span);
        } else if then.is_empty() && els.is_empty() {
            // Nothing depends on the test (its side effects were already hoisted).
        } else {
            self.emit(StmtKind::If(c, then, els), span);
        }
    }

    fn lval_value(&mut self, lv: LVal, off: usize) -> R<Val> {
        match lv.ty {
            CType::Int(_) => {
                let (p, _) = self.place(&lv, off)?;
                Ok(Val::Int(Self::read(&p)))
            }
            CType::Array(..) | CType::VarArray(..) | CType::Struct(_) => Ok(Val::Obj(lv)),
            ref t => Err(self.unsup(off, format!("{} value", t.describe()))),
        }
    }

    fn constant(&self, c: &Constant, off: usize) -> R<Expr> {
        match c {
            Constant::Integer(i) => {
                if i.suffix.imaginary {
                    return Err(self.unsup(off, "imaginary constant"));
                }
                let s = &i.suffix;
                let (v, t) =
                    literal::integer(&i.base, &i.number, s.unsigned, s.size, self.p.data_model)
                        .map_err(|why| self.unsup(off, why))?;
                Ok(Expr::Const(v, t))
            }
            Constant::Float(_) => Err(self.unsup(off, "floating-point constant")),
            Constant::Character(s) => literal::character(s, self.p.data_model)
                .map(|(v, t)| Expr::Const(v, t))
                .map_err(|why| self.unsup(off, why)),
        }
    }

    fn size_of(&self, ty: &CType, off: usize) -> R<Val> {
        if let CType::VarArray(elem, n) = ty
            && let Val::Int(e) = self.size_of(elem, off)?
        {
            // `sizeof` of a VLA: its length (frozen) times its element's size.
            let t = self.size_type();
            return Ok(Val::Int(Expr::bin(
                BinOp::Mul,
                self.conv(Expr::Var(*n), t),
                e,
            )));
        }
        match ty.layout(self.p.data_model) {
            Some(l) => Ok(Val::Int(Expr::Const(l.size as i128, self.size_type()))),
            None => Err(self.unsup(off, format!("sizeof {}", ty.describe()))),
        }
    }

    /// The C type of an expression without evaluating it (`sizeof e`): pointer rules first
    /// (`pointer_rule_type`: a pointer is an alias of its array, yet its type is a pointer),
    /// else the type of its value.
    pub fn type_of(&mut self, e: &'a Node<Expression>) -> R<CType> {
        if let Some(t) = self.pointer_rule_type(e)? {
            return Ok(t);
        }
        let (v, _) = self.scratch(|s| {
            Ok(match s.expr(e)? {
                Val::Int(x) => CType::Int(x.ty(&s.p)),
                Val::Obj(lv) => lv.ty,
                Val::Void => CType::Void,
            })
        })?;
        Ok(v)
    }

    fn assign(
        &mut self,
        lhs: &'a Node<Expression>,
        rhs: &'a Node<Expression>,
        want: bool,
        off: usize,
    ) -> R<Val> {
        let span = self.span(off);
        if let Expression::Identifier(id) = &lhs.node
            && let Some((_, Binding::Ptr(_))) = self.lookup(&id.node.name)
        {
            if want {
                return Err(self.unsup(off, "the value of a pointer assignment"));
            }
            self.assign_pointer(&id.node.name, rhs, off)?;
            return Ok(Val::Void);
        }
        let lv = self.lvalue(lhs)?;
        if let CType::Struct(_) = lv.ty {
            let src = self.lvalue_or_value(rhs)?;
            let (lv, stmts) = self.buffered(|s| s.copy_obj(&lv, &src, span, off))?;
            self.emit(StmtKind::Block(stmts), span);
            return Ok(if want { Val::Obj(lv) } else { Val::Void });
        }
        let lv = if want { self.stable(lv, off) } else { lv };
        let (place, t) = self.place(&lv, off)?;
        let v = self.rvalue(rhs)?;
        let v = self.conv(v, t);
        self.write(&place, v, span);
        Ok(if want {
            Val::Int(Self::read(&place))
        } else {
            Val::Void
        })
    }

    fn compound(
        &mut self,
        lhs: &'a Node<Expression>,
        op: BinOp,
        rhs: &'a Node<Expression>,
        want: bool,
        off: usize,
    ) -> R<Val> {
        let span = self.span(off);
        self.no_pointer_arithmetic(lhs, off)?;
        let lv = self.lvalue(lhs)?;
        let lv = self.stable(lv, off);
        let (place, t) = self.place(&lv, off)?;
        let r = self.rvalue(rhs)?;
        let v = Expr::bin(op, Self::read(&place), r);
        let v = self.conv(v, t);
        self.write(&place, v, span);
        Ok(if want {
            Val::Int(Self::read(&place))
        } else {
            Val::Void
        })
    }

    fn incdec(
        &mut self,
        operand: &'a Node<Expression>,
        op: BinOp,
        post: bool,
        want: bool,
        off: usize,
    ) -> R<Val> {
        let span = self.span(off);
        self.no_pointer_arithmetic(operand, off)?;
        let lv = self.lvalue(operand)?;
        let lv = self.stable(lv, off);
        let (place, t) = self.place(&lv, off)?;
        let old = if post && want {
            let tmp = self.temp(t);
            self.emit(StmtKind::Assign(tmp, Self::read(&place)), span);
            Some(tmp)
        } else {
            None
        };
        let v = self.conv(Expr::bin(op, Self::read(&place), Expr::int(1)), t);
        self.write(&place, v, span);
        Ok(match (want, old) {
            (false, _) => Val::Void,
            (true, Some(tmp)) => Val::Int(Expr::Var(tmp)),
            (true, None) => Val::Int(Self::read(&place)),
        })
    }

    /// `p++`, `p += k` on a pointer variable: arithmetic, not indexing.
    fn no_pointer_arithmetic(&self, e: &Node<Expression>, off: usize) -> R<()> {
        if let Expression::Identifier(id) = &e.node
            && let Some((_, Binding::Ptr(_))) = self.lookup(&id.node.name)
        {
            return Err(self.unsup(off, format!("pointer arithmetic on `{}`", id.node.name)));
        }
        Ok(())
    }

    /// Evaluates `e` for its side effects only.
    pub fn effect(&mut self, e: &'a Node<Expression>) -> R<()> {
        let off = e.span.start;
        let span = self.span(off);
        match &e.node {
            Expression::Cast(c) => self.effect(&c.node.expression),
            Expression::Comma(v) => v.iter().try_for_each(|x| self.effect(x)),
            Expression::SizeOfTy(_) | Expression::SizeOfVal(_) | Expression::AlignOf(_) => Ok(()),
            Expression::Constant(_) | Expression::StringLiteral(_) => Ok(()),
            Expression::Conditional(c) => {
                let cond = self.rvalue(&c.node.condition)?;
                let (_, ts) = self.buffered(|s| s.effect(&c.node.then_expression))?;
                let (_, fs) = self.buffered(|s| s.effect(&c.node.else_expression))?;
                let else_fails = is_assert_fail(&c.node.else_expression.node);
                self.emit_if(cond, ts, fs, span, else_fails);
                Ok(())
            }
            Expression::BinaryOperator(b)
                if matches!(
                    b.node.operator.node,
                    BinaryOperator::LogicalAnd | BinaryOperator::LogicalOr
                ) =>
            {
                let a = self.rvalue(&b.node.lhs)?;
                let (_, bs) = self.buffered(|s| s.effect(&b.node.rhs))?;
                if !bs.is_empty() {
                    let c = if b.node.operator.node == BinaryOperator::LogicalAnd {
                        a
                    } else {
                        Expr::not(a)
                    };
                    self.emit(StmtKind::If(c, bs, vec![]), span);
                }
                Ok(())
            }
            _ => {
                self.expr_w(e, false)?;
                Ok(())
            }
        }
    }

    /// A GNU statement expression `({ ...; e; })`: its statements, and the value of the last
    /// expression statement.
    fn stmt_expr(&mut self, s: &'a Node<Statement>, want: bool) -> R<Val> {
        let Statement::Compound(items) = &s.node else {
            self.stmt(s)?;
            return Ok(Val::Void);
        };
        self.enter_block();
        let r = (|| {
            let n = items.len();
            for item in &items[..n.saturating_sub(1)] {
                self.block_item(item)?;
            }
            match items.last() {
                Some(Node {
                    node: BlockItem::Statement(st),
                    ..
                }) => match &st.node {
                    Statement::Expression(Some(e)) if want => self.expr(e),
                    _ => {
                        self.stmt(st)?;
                        Ok(Val::Void)
                    }
                },
                Some(item) => {
                    self.block_item(item)?;
                    Ok(Val::Void)
                }
                None => Ok(Val::Void),
            }
        })();
        self.leave_block();
        r
    }

    /// Places where a struct parameter's argument or `&x` argument lives.
    pub fn address_arg(&mut self, e: &'a Node<Expression>) -> R<Option<LVal>> {
        if let Expression::UnaryOperator(u) = &e.node
            && u.node.operator.node == UnaryOperator::Address
        {
            let lv = self.lvalue(&u.node.operand)?;
            return Ok(Some(self.element_address(lv, e.span.start)));
        }
        Ok(None)
    }

    /// A pointer argument `a + k` (or `k + a`) of an array, array parameter or pointer `a`:
    /// the place of `&a[k]`, which C makes the same pointer; `None` for any other argument.
    pub fn offset_arg(&mut self, e: &'a Node<Expression>) -> R<Option<LVal>> {
        let Expression::BinaryOperator(b) = &e.node else {
            return Ok(None);
        };
        let (l, r) = (&b.node.lhs, &b.node.rhs);
        let (arr, idx) = match b.node.operator.node {
            BinaryOperator::Plus if self.is_array_name(l) && !self.is_array_name(r) => (l, r),
            BinaryOperator::Plus if self.is_array_name(r) && !self.is_array_name(l) => (r, l),
            _ => return Ok(None),
        };
        let base = self.lvalue(arr)?;
        let i = self.rvalue(idx)?;
        let lv = self.index_lval(&base, i, e.span.start)?;
        Ok(Some(self.element_address(lv, e.span.start)))
    }

    /// The object an argument for a pointer or array parameter names: `&x`, `a + k`, or an
    /// array (its index frozen); `None` for anything else.
    pub fn pointer_arg(&mut self, a: &'a Node<Expression>) -> R<Option<LVal>> {
        if let Some(lv) = self.address_arg(a)? {
            return Ok(Some(lv));
        }
        if let Some(lv) = self.offset_arg(a)? {
            return Ok(Some(lv));
        }
        Ok(match self.expr(a)? {
            Val::Obj(lv) if lv.ty.is_array() => Some(self.frozen(lv, a.span.start)),
            _ => None,
        })
    }

    /// `&x` of the place `lv`: a one-element array at x (its index frozen).
    fn element_address(&mut self, lv: LVal, off: usize) -> LVal {
        let lv = self.frozen(lv, off);
        // `&x` is a one-element array at x: `p[0]`, `*p`, `p->f` reach x (and `p[k]`
        // reaches the k-th next element when x is an array element).
        LVal {
            ty: CType::Array(std::rc::Rc::new(lv.ty.clone()), Some(1)),
            obj: Obj::Elems(std::rc::Rc::new(lv.obj)),
            idx: lv.idx,
        }
    }
}

/// `e` as a 0/1 truth value.
fn truth(e: Expr) -> Expr {
    match &e {
        Expr::Binary(op, ..) if op.is_boolean() => e,
        Expr::Unary(UnOp::LogNot, _) => e,
        _ => Expr::bin(BinOp::Ne, e, Expr::int(0)),
    }
}
