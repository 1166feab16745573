//! Statements, local declarations and calls: control flow lowered to the IR's structured
//! statements (`switch` to `if`/`goto`), user functions inlined at every call, SV-COMP's
//! environment functions turned into `Nondet`/`Assume`/`Assert`/`Error`/`Exit`.
//!
//! C semantics kept here (each a former source of wrong verdicts):
//! - A function the program defines is inlined even when it has the name of a modelled library
//!   function (only the error functions are matched by name first): its parameter types
//!   convert the arguments. A modelled call converts its arguments to the declared prototype's
//!   parameter types, else to the library's (`Builtin::of`).
//! - A declaration that may run again (`may_repeat`: in a loop, also around an inlined call, or
//!   in the range of a backward `goto`) havocs its uninitialised scalars *and arrays* and runs
//!   its initialiser again. One that runs once needs no havoc for arrays: they start out
//!   `ArrayInit::Nondet` and nothing can have written them before.
//! - With an error function other than SV-COMP's, `__assert_fail` is `abort()` and a failing
//!   modelled assertion aborts: the property names the one function whose call is the error.
use super::ctype::CType;
use super::expr::{Val, has_side_effects, is_assert_fail};
use super::lower::{Binding, FnCtx, Jump, LVal, Lowerer, R, decl_specs};
use crate::base::error::AraError;
use crate::ir::{BinOp, Expr, IntType, LabelId, Span, Stmt, StmtKind, Storage, VarId};
use lang_c::ast::*;
use lang_c::span::Node;
use std::collections::HashMap;

/// Output-only library functions: calls are `Skip` (their arguments' side effects are kept).
const OUTPUT_FUNCTIONS: &[&str] = &[
    "printf",
    "fprintf",
    "puts",
    "fputs",
    "putchar",
    "putc",
    "fputc",
    "fflush",
    "perror",
    "vprintf",
    "vfprintf",
    "__VERIFIER_print_hull",
];

/// Library functions the front end models when the program does not define them.
#[derive(Clone, Copy, Debug)]
enum Builtin {
    /// The run ends (without error) unless the argument, converted to the parameter type
    /// (`None`: as a truth value), is nonzero.
    Assume(Option<IntType>),
    /// The error, with SV-COMP's error functions, unless the argument is nonzero; otherwise
    /// an `abort()` (a non-error end).
    Assert(Option<IntType>),
    /// `__assert_fail`: the error with SV-COMP's error functions, else `abort()`.
    AssertFail,
    /// `abort()`, `exit(n)`.
    Exit,
    /// `__builtin_expect(e, c)`: the value of `e` as a `long`.
    Expect,
    /// `__builtin_unreachable()`: no run gets there.
    Unreachable,
}

impl Builtin {
    /// The model of `name` with its standard prototype: `void __VERIFIER_assume(int)`,
    /// `void assume_abort_if_not(int)`, `void __VERIFIER_assert(int)`, glibc's `assert(e)`
    /// (a macro testing `e != 0`, used as a function only without `<assert.h>`), ESBMC's and
    /// CBMC's intrinsics on `_Bool`.
    fn of(name: &str) -> Option<Builtin> {
        use IntType::{Bool, Int};
        Some(match name {
            "__VERIFIER_assume" | "assume_abort_if_not" => Builtin::Assume(Some(Int)),
            "__ESBMC_assume" | "__CPROVER_assume" => Builtin::Assume(Some(Bool)),
            "__VERIFIER_assert" => Builtin::Assert(Some(Int)),
            "assert" => Builtin::Assert(None),
            "__ESBMC_assert" | "__CPROVER_assert" => Builtin::Assert(Some(Bool)),
            "__assert_fail" | "__assert" | "__assert_rtn" | "__assert_perror_fail" => {
                Builtin::AssertFail
            }
            "abort" | "exit" | "_exit" | "_Exit" => Builtin::Exit,
            "__builtin_expect" => Builtin::Expect,
            "__builtin_unreachable" => Builtin::Unreachable,
            _ => return None,
        })
    }
}

/// A parameter of a function definition.
pub(super) struct Param {
    pub name: Option<String>,
    pub ty: CType,
}

impl<'a> Lowerer<'a> {
    pub fn enter_block(&mut self) {
        self.scopes.push(HashMap::new());
        if let Some(f) = self.fns.last_mut() {
            f.depth += 1;
        }
    }

    pub fn leave_block(&mut self) {
        self.scopes.pop();
        if let Some(f) = self.fns.last_mut() {
            f.depth -= 1;
        }
    }

    fn enter_loop(&mut self) {
        self.jumps.push(Jump::Loop);
        self.loop_depth += 1;
    }

    fn leave_loop(&mut self) {
        self.jumps.pop();
        self.loop_depth -= 1;
    }

    /// Can the declaration at `off` run more than once: in a loop (also one around an inlined
    /// call), or where a backward `goto` may jump back over it (or over the call that inlines
    /// it)?
    pub(super) fn may_repeat(&self, off: usize) -> bool {
        let n = self.fns.len();
        self.loop_depth > 0
            || self.fns.iter().enumerate().any(|(k, f)| {
                let pos = if k + 1 == n { off } else { f.at };
                super::repeat::repeats(&f.back, pos)
            })
    }

    pub fn block_item(&mut self, item: &'a Node<BlockItem>) -> R<()> {
        match &item.node {
            BlockItem::Declaration(d) => self.local_decl(d),
            BlockItem::StaticAssert(_) => Ok(()),
            BlockItem::Statement(s) => self.stmt(s),
        }
    }

    fn block(&mut self, items: &'a [Node<BlockItem>]) -> R<()> {
        self.enter_block();
        let r = items.iter().try_for_each(|i| self.block_item(i));
        self.leave_block();
        r
    }

    /// A declaration that runs exactly once, at the start of `main`: its initial values can
    /// be the objects' initial state.
    fn in_outermost_main(&self, off: usize) -> bool {
        self.fns.last().is_some_and(|f| f.is_main && f.depth == 1) && !self.may_repeat(off)
    }

    pub fn local_decl(&mut self, d: &'a Node<Declaration>) -> R<()> {
        let specs = decl_specs(&d.node.specifiers);
        let base = self.specs_type(&specs);
        for id in &d.node.declarators {
            // Variable-length dimensions of an object (not of a typedef or a static) are
            // evaluated here, once, into size variables named after it.
            self.vla_name = (!specs.typedef && !specs.is_static && !specs.is_extern)
                .then(|| self.local_c_name(&declared_name(&id.node.declarator)));
            let (name, ty) = self.declarator(base.clone(), &id.node.declarator, false);
            self.vla_name = None;
            let Some((name, off)) = name else { continue };
            if specs.typedef {
                self.bind_typedef(&name, ty, &specs, &id.node.declarator);
                continue;
            }
            if let CType::Func(_) = ty {
                self.record_proto(&name, &ty, &id.node.declarator);
                continue; // a local prototype
            }
            let ty = self.complete_type(ty, id.node.initializer.as_ref());
            let span = self.span(id.span.start);
            if specs.is_extern {
                if !matches!(self.scopes[0].get(&name), Some(Binding::Obj(_))) {
                    self.bind(&name, Binding::Extern(ty, off));
                } else if let Some(b) = self.scopes[0].get(&name).cloned() {
                    self.bind(&name, b);
                }
                continue;
            }
            let (fname, is_main) = self
                .fns
                .last()
                .map(|f| (f.name.clone(), f.is_main))
                .unwrap_or_default();
            let (c_name, display) = if is_main {
                (name.clone(), name.clone())
            } else {
                (format!("{fname}__{name}"), format!("{fname}::{name}"))
            };
            if let CType::Pointer(pointee) = &ty
                && !specs.is_static
            {
                let pointee = (**pointee).clone();
                if let CType::Func(_) = pointee {
                    return Err(self.unsup(off, format!("function pointer `{name}`")));
                }
                self.declare_pointer(&name, pointee, c_name, display);
                if let Some(init) = &id.node.initializer {
                    let Initializer::Expression(e) = &init.node else {
                        return Err(self.unsup(init.span.start, "initialiser list for a pointer"));
                    };
                    self.assign_pointer(&name, e, off)?;
                }
                continue;
            }
            if specs.is_static {
                if let Some(lv) = self.statics.get(&off).cloned() {
                    self.bind(&name, Binding::Obj(lv));
                    continue;
                }
                let lv = self.declare(&name, &ty, Storage::Global, off, &c_name, &display)?;
                if let Some(init) = &id.node.initializer {
                    self.global_init(&lv, init)?;
                }
                self.statics.insert(off, lv);
                continue;
            }
            let lv = self.declare(&name, &ty, Storage::Local, off, &c_name, &display)?;
            self.remember_const(&lv, specs.is_const, id.node.initializer.as_ref());
            let outermost = self.in_outermost_main(off);
            match &id.node.initializer {
                Some(init) => self.local_init(&lv, init, outermost, span)?,
                None if !outermost => self.havoc(&lv, off, span),
                None => {}
            }
        }
        Ok(())
    }

    /// The C name of a local `name` of the function being lowered (`f__x` when inlined).
    fn local_c_name(&self, name: &str) -> String {
        match self.fns.last() {
            Some(f) if !f.is_main => format!("{}__{name}", f.name),
            _ => name.to_string(),
        }
    }

    /// Records the value of `const int n = 10;` so that `int a[n]` has a constant size.
    pub fn remember_const(
        &mut self,
        lv: &LVal,
        is_const: bool,
        init: Option<&'a Node<Initializer>>,
    ) {
        if let (true, super::lower::Obj::Var(v), Some(init)) = (is_const, &lv.obj, init)
            && let Initializer::Expression(e) = &init.node
            && let Some((c, _)) = self.const_eval(e)
        {
            let c = self.p.var(*v).ty.wrap(c, self.p.data_model);
            self.const_vars.insert(*v, c);
        }
    }

    /// `T x;` in a block that may run more than once: `x` gets a fresh indeterminate value.
    /// Arrays start out nondeterministic (`ArrayInit::Nondet`), so they need fresh contents
    /// only when the declaration can run again (otherwise the first run is the only one, and
    /// nothing wrote them before).
    fn havoc(&mut self, lv: &LVal, off: usize, span: Span) {
        let (mut vars, mut arrs) = (vec![], vec![]);
        Self::leaves(&lv.obj, &mut vars, &mut arrs);
        for v in vars {
            let t = self.p.var(v).ty;
            self.emit(StmtKind::Assign(v, Expr::Nondet(t)), span);
        }
        if self.may_repeat(off) {
            for a in arrs {
                let t = self.p.array(a).elem;
                self.fill(a, Expr::Nondet(t), span);
            }
        }
    }

    fn user_label(&mut self, name: &str) -> LabelId {
        if let Some(l) = self.fns.last().and_then(|f| f.labels.get(name)) {
            return *l;
        }
        let base = match self.fns.last() {
            Some(f) if !f.is_main => format!("{}__{name}", f.name),
            _ => name.to_string(),
        };
        let l = self.new_label(&base);
        if let Some(f) = self.fns.last_mut() {
            f.labels.insert(name.to_string(), l);
        }
        l
    }

    pub fn stmt(&mut self, s: &'a Node<Statement>) -> R<()> {
        let off = s.span.start;
        let span = self.span(off);
        if matches!(
            s.node,
            Statement::While(_) | Statement::DoWhile(_) | Statement::For(_)
        ) {
            self.loop_offsets.push(off);
        }
        match &s.node {
            Statement::Labeled(l) => {
                match &l.node.label.node {
                    Label::Identifier(id) => {
                        let lab = self.user_label(&id.node.name);
                        self.emit(StmtKind::Label(lab), span);
                    }
                    Label::Case(_) | Label::Default => {
                        let lab = self.jumps.iter().rev().find_map(|j| match j {
                            Jump::Switch { cases, .. } => cases.get(&off).copied(),
                            Jump::Loop => None,
                        });
                        let lab =
                            lab.ok_or_else(|| self.syntax(off, "case label not within a switch"))?;
                        self.emit(StmtKind::Label(lab), span);
                    }
                    Label::CaseRange(_) => return Err(self.unsup(off, "case ranges")),
                }
                self.stmt(&l.node.statement)
            }
            Statement::Compound(items) => self.block(items),
            Statement::Expression(None) => Ok(()),
            Statement::Expression(Some(e)) => {
                let n = self.out_len();
                self.effect(e)?;
                if self.out_len() == n {
                    self.emit(StmtKind::Skip, span);
                }
                Ok(())
            }
            Statement::If(i) => {
                let c = self.rvalue(&i.node.condition)?;
                let (_, then) = self.buffered(|s| s.stmt(&i.node.then_statement))?;
                let (_, els) = match &i.node.else_statement {
                    Some(e) => self.buffered(|s| s.stmt(e))?,
                    None => ((), vec![]),
                };
                let fails = i.node.else_statement.as_ref().is_some_and(|e| {
                    matches!(&e.node, Statement::Expression(Some(x)) if is_assert_fail(&x.node))
                });
                if then.is_empty() && els.is_empty() {
                    // `if (c);` still tests c: keep a vertex.
                    self.emit(StmtKind::If(c, then, els), span);
                } else {
                    self.emit_if(c, then, els, span, fails);
                }
                Ok(())
            }
            Statement::Switch(sw) => self.switch(sw, span),
            Statement::While(w) => {
                self.enter_loop();
                let r = (|| {
                    let (c, pre) = self.buffered(|s| s.rvalue(&w.node.expression))?;
                    let (_, body) = self.buffered(|s| s.stmt(&w.node.statement))?;
                    Ok((c, pre, body))
                })();
                self.leave_loop();
                let (c, pre, body) = r?;
                self.emit_loop(c, pre, body, vec![], span);
                Ok(())
            }
            Statement::DoWhile(d) => {
                self.enter_loop();
                let r = (|| {
                    let (_, body) = self.buffered(|s| s.stmt(&d.node.statement))?;
                    let (c, pre) = self.buffered(|s| s.rvalue(&d.node.expression))?;
                    Ok((body, c, pre))
                })();
                self.leave_loop();
                let (body, cond, mut pre) = r?;
                if pre.is_empty() {
                    self.emit(StmtKind::DoWhile { body, cond }, span);
                } else {
                    // The test's side effects run after the body and after `continue`.
                    pre.push(self.exit_unless(cond, span));
                    self.emit(
                        StmtKind::While {
                            cond: Expr::int(1),
                            body,
                            step: pre,
                        },
                        span,
                    );
                }
                Ok(())
            }
            Statement::For(f) => {
                self.enter_block();
                let r = (|| {
                    match &f.node.initializer.node {
                        ForInitializer::Empty | ForInitializer::StaticAssert(_) => {}
                        ForInitializer::Expression(e) => self.effect(e)?,
                        ForInitializer::Declaration(d) => self.local_decl(d)?,
                    }
                    self.enter_loop();
                    let r = (|| {
                        let (c, pre) = match &f.node.condition {
                            Some(c) => self.buffered(|s| s.rvalue(c))?,
                            None => (Expr::int(1), vec![]),
                        };
                        let (_, body) = self.buffered(|s| s.stmt(&f.node.statement))?;
                        let (_, step) = match &f.node.step {
                            Some(e) => self.buffered(|s| s.effect(e))?,
                            None => ((), vec![]),
                        };
                        Ok((c, pre, body, step))
                    })();
                    self.leave_loop();
                    let (c, pre, body, step) = r?;
                    self.emit_loop(c, pre, body, step, span);
                    Ok(())
                })();
                self.leave_block();
                r
            }
            Statement::Goto(id) => {
                let l = self.user_label(&id.node.name);
                self.emit(StmtKind::Goto(l), span);
                Ok(())
            }
            Statement::Continue => {
                if !self.jumps.iter().any(|j| matches!(j, Jump::Loop)) {
                    return Err(self.syntax(off, "continue statement not within a loop"));
                }
                self.emit(StmtKind::Continue, span);
                Ok(())
            }
            Statement::Break => match self.jumps.last() {
                Some(Jump::Loop) => {
                    self.emit(StmtKind::Break, span);
                    Ok(())
                }
                Some(Jump::Switch { end, .. }) => {
                    let end = *end;
                    self.emit(StmtKind::Goto(end), span);
                    Ok(())
                }
                None => Err(self.syntax(off, "break statement not within a loop or switch")),
            },
            Statement::Return(e) => self.ret(e.as_deref(), span),
            Statement::Asm(_) => Err(self.unsup(off, "inline assembly")),
        }
    }

    /// `if (!c) break;`
    fn exit_unless(&self, c: Expr, span: Span) -> Stmt {
        let brk = self.mk(StmtKind::Break, span);
        self.mk(StmtKind::If(Expr::not(c), vec![brk], vec![]), span)
    }

    /// A `while` loop whose test needed statements `pre` runs them at the top of each
    /// iteration and leaves with `break`.
    fn emit_loop(&mut self, c: Expr, pre: Vec<Stmt>, body: Vec<Stmt>, step: Vec<Stmt>, span: Span) {
        if pre.is_empty() {
            self.emit(
                StmtKind::While {
                    cond: c,
                    body,
                    step,
                },
                span,
            );
        } else {
            let mut b = pre;
            b.push(self.exit_unless(c, span));
            b.extend(body);
            self.emit(
                StmtKind::While {
                    cond: Expr::int(1),
                    body: b,
                    step,
                },
                span,
            );
        }
    }

    fn ret(&mut self, e: Option<&'a Node<Expression>>, span: Span) -> R<()> {
        let Some(f) = self.fns.last() else {
            return Err(AraError::Internal("return outside a function".into()));
        };
        if f.is_main {
            if let Some(e) = e {
                self.effect(e)?;
            }
            self.emit(StmtKind::Exit, span);
            return Ok(());
        }
        let ret = f.ret;
        if let Some(e) = e {
            match ret {
                Some((v, t)) => {
                    let x = self.rvalue(e)?;
                    let x = self.conv(x, t);
                    self.emit(StmtKind::Assign(v, x), span);
                }
                None => self.effect(e)?,
            }
        }
        let end = match self.fns.last().and_then(|f| f.end) {
            Some(l) => l,
            None => {
                let base = format!("{}__end", self.fns.last().map_or("f", |f| f.name.as_str()));
                let l = self.new_label(&base);
                if let Some(f) = self.fns.last_mut() {
                    f.end = Some(l);
                }
                l
            }
        };
        if let Some(f) = self.fns.last_mut() {
            f.end_uses += 1;
        }
        self.emit(StmtKind::Goto(end), span);
        Ok(())
    }

    fn switch(&mut self, sw: &'a Node<SwitchStatement>, span: Span) -> R<()> {
        let off = sw.span.start;
        let v = self.rvalue(&sw.node.expression)?;
        let ty = v.ty(&self.p).promote();
        let v = if matches!(v, Expr::Var(_) | Expr::Const(..)) && v.ty(&self.p) == ty {
            v
        } else {
            let t = self.temp(ty);
            let v = self.conv(v, ty);
            self.emit(StmtKind::Assign(t, v), span);
            Expr::Var(t)
        };
        let mut labels = vec![];
        collect_cases(&sw.node.statement, &mut labels);
        let mut cases = HashMap::new();
        let mut default = None;
        for (case_off, value) in labels {
            let l = self.new_label("ara_case");
            cases.insert(case_off, l);
            match value {
                Some(e) => {
                    let (c, _) = self
                        .const_eval(e)
                        .ok_or_else(|| self.unsup(e.span.start, "non-constant case label"))?;
                    let c = Expr::Const(ty.wrap(c, self.p.data_model), ty);
                    let cspan = self.span(case_off);
                    let go = self.mk(StmtKind::Goto(l), cspan);
                    self.emit(
                        StmtKind::If(Expr::bin(BinOp::Eq, v.clone(), c), vec![go], vec![]),
                        cspan,
                    );
                }
                None => default = Some(l),
            }
        }
        let end = self.new_label("ara_switch_end");
        self.emit(StmtKind::Goto(default.unwrap_or(end)), span);
        self.jumps.push(Jump::Switch { end, cases });
        let r = self.stmt(&sw.node.statement);
        self.jumps.pop();
        r?;
        let _ = off;
        self.emit(StmtKind::Label(end), span);
        Ok(())
    }

    // ----- calls ----------------------------------------------------------------------------

    pub fn call(&mut self, c: &'a Node<CallExpression>, off: usize, want: bool) -> R<Val> {
        let span = self.span(off);
        let name = match &c.node.callee.node {
            Expression::Identifier(id) => id.node.name.clone(),
            _ => return Err(self.unsup(off, "call through a function pointer")),
        };
        if matches!(
            self.lookup(&name),
            Some((
                _,
                Binding::Obj(_) | Binding::PtrParam(_) | Binding::Const(..) | Binding::Extern(..)
            ))
        ) {
            return Err(self.unsup(off, "call through a function pointer"));
        }
        let args = &c.node.arguments;
        if self.opts.error_functions.contains(&name) {
            self.emit(StmtKind::Error, span);
            return Ok(Val::Void);
        }
        // The program's own definition wins over every model of a library function: its
        // parameter types convert the arguments as C does.
        if let Some(f) = self.funcs.get(name.as_str()).copied() {
            if self.procedural && Builtin::of(&name).is_none() && self.keeps_call(f) {
                return self.call_procedure(&name, f, args, off);
            }
            let (start, nv) = (self.out_len(), self.p.vars.len());
            let v = self.inline(&name, f, args, off)?;
            if Builtin::of(&name).is_some() {
                self.fold_guard(start, nv, span);
            }
            return Ok(v);
        }
        if name == "free" {
            return self.free_call(args, off);
        }
        if super::pointer::is_unsupported_memory_function(&name)
            || matches!(
                name.as_str(),
                "malloc" | "calloc" | "alloca" | "__builtin_alloca"
            )
        {
            return Err(self.unsup(
                off,
                format!("{name} whose result is not assigned to a pointer variable"),
            ));
        }
        if name.starts_with("__VERIFIER_nondet_") {
            return self.nondet(&name, off).map(|t| Val::Int(Expr::Nondet(t)));
        }
        if let Some(b) = Builtin::of(&name) {
            return self.builtin(b, &name, args, off);
        }
        if OUTPUT_FUNCTIONS.contains(&name.as_str()) {
            for a in args {
                if has_side_effects(&a.node) {
                    self.effect(a)?;
                }
            }
            return Ok(if want {
                Val::Int(Expr::Nondet(IntType::Int))
            } else {
                Val::Void
            });
        }
        Err(self.unsup(off, format!("call to undefined function {name}")))
    }

    /// Are the error functions SV-COMP's (`reach_error`, `__VERIFIER_error`)? Then a failing
    /// `assert` is an error too (today's SV-COMP reading); with any other error function only
    /// a call of it is, and `__assert_fail` is the `abort()` it is in the C library.
    pub fn default_error_functions(&self) -> bool {
        self.opts
            .error_functions
            .iter()
            .all(|f| f == "reach_error" || f == "__VERIFIER_error")
    }

    /// The type of `__VERIFIER_nondet_X()`: its declared return type, else the one its name
    /// says.
    fn nondet(&self, name: &str, off: usize) -> R<IntType> {
        match self.protos.get(name).map(|p| &p.ret) {
            Some(CType::Int(t)) => Ok(*t),
            Some(other) => Err(self.unsup(
                off,
                format!(
                    "nondeterministic values of type {} ({name})",
                    other.describe()
                ),
            )),
            None => IntType::from_nondet_fn(name).ok_or_else(|| {
                let sfx = name.trim_start_matches("__VERIFIER_nondet_");
                self.unsup(
                    off,
                    format!("nondeterministic values of type {sfx} ({name})"),
                )
            }),
        }
    }

    /// The type argument `k` of a call of `name` converts to: the declared prototype's, else
    /// `standard` (the library's prototype; `None`: no conversion).
    fn param_type(&self, name: &str, k: usize, standard: Option<IntType>) -> Option<IntType> {
        let declared = self
            .protos
            .get(name)
            .and_then(|p| p.params.as_ref())
            .and_then(|ps| ps.get(k));
        match declared {
            Some(CType::Int(t)) => Some(*t),
            _ => standard,
        }
    }

    /// A call of a library function the front end models (none of them defined by the program).
    fn builtin(
        &mut self,
        b: Builtin,
        name: &str,
        args: &'a [Node<Expression>],
        off: usize,
    ) -> R<Val> {
        let span = self.span(off);
        match b {
            Builtin::Assume(std) | Builtin::Assert(std) => {
                let a = match args.first() {
                    Some(a) if args.len() == 1 || matches!(b, Builtin::Assert(_)) => a,
                    _ => return Err(self.syntax(off, format!("{name} expects one argument"))),
                };
                let e = self.rvalue(a)?;
                let e = match self.param_type(name, 0, std) {
                    Some(t) => self.conv(e, t),
                    None => e,
                };
                let c = self.condition(e);
                let kind = match b {
                    Builtin::Assert(_) if self.default_error_functions() => StmtKind::Assert(c),
                    // glibc's `assert` aborts when it fails: not the error a non-default
                    // function names.
                    Builtin::Assert(None) => StmtKind::Assume(c),
                    // An undefined `__VERIFIER_assert` (or a checker's intrinsic) has no meaning
                    // of its own under another error function: an abort would give a wrong
                    // SAFE if it returns, a no-op a wrong UNSAFE if it aborts.
                    Builtin::Assert(_) => {
                        return Err(self.unsup(
                            off,
                            format!(
                                "call to undefined function {name} (the error function is {})",
                                self.opts.error_functions.join(", ")
                            ),
                        ));
                    }
                    _ => StmtKind::Assume(c),
                };
                self.emit(kind, span);
            }
            Builtin::AssertFail => {
                let kind = if self.default_error_functions() {
                    StmtKind::Error
                } else {
                    StmtKind::Exit
                };
                self.emit(kind, span);
            }
            Builtin::Exit => {
                for a in args {
                    if has_side_effects(&a.node) {
                        self.effect(a)?;
                    }
                }
                self.emit(StmtKind::Exit, span);
            }
            Builtin::Expect => {
                let (Some(a), Some(b)) = (args.first(), args.get(1)) else {
                    return Err(self.syntax(off, "__builtin_expect expects two arguments"));
                };
                let v = self.rvalue(a)?;
                if has_side_effects(&b.node) {
                    self.effect(b)?;
                }
                // `long __builtin_expect(long, long)`.
                return Ok(Val::Int(self.conv(v, IntType::Long)));
            }
            Builtin::Unreachable => self.emit(StmtKind::Assume(Expr::int(0)), span),
        }
        Ok(Val::Void)
    }

    /// `e` as the condition of an `Assume`/`Assert`: wider than `int`, it becomes `e != 0`, so
    /// that no later stage can narrow it (emitted programs pass it to `__VERIFIER_assume(int)`).
    pub fn condition(&self, e: Expr) -> Expr {
        if e.ty(&self.p).bits(self.p.data_model) > 32 {
            Expr::bin(BinOp::Ne, e, Expr::int(0))
        } else {
            e
        }
    }

    /// After inlining the program's own `__VERIFIER_assert`, `assume_abort_if_not`, ...: its
    /// parameter assignment and body become one `Assert`/`Assume` when they are a plain guard
    /// (see `guard`).
    fn fold_guard(&mut self, start: usize, nv: usize, span: Span) {
        let Some(out) = self.out.last() else { return };
        let n = out.len();
        if n < start + 2 {
            return;
        }
        let fresh = |v: crate::ir::VarId| v.0 as usize >= nv;
        let Some(kind) = super::guard::fold(&out[n - 2], &out[n - 1], fresh) else {
            return;
        };
        let kind = match kind {
            StmtKind::Assert(c) => StmtKind::Assert(self.condition(c)),
            StmtKind::Assume(c) => StmtKind::Assume(self.condition(c)),
            k => k,
        };
        if let Some(out) = self.out.last_mut() {
            out.truncate(n - 2);
        }
        self.emit(kind, span);
    }

    /// The return type and parameters of a function definition.
    /// A function definition's return and parameter types, read at file scope (a call's
    /// block-local typedefs and tags do not reach them).
    pub(super) fn signature(&mut self, f: &'a Node<FunctionDefinition>) -> (CType, Vec<Param>) {
        let caller = self.scopes.split_off(1);
        let specs = decl_specs(&f.node.specifiers);
        let base = self.specs_type(&specs);
        let (_, fty) = self.declarator(base, &f.node.declarator, false);
        let ret = match fty {
            CType::Func(r) => (*r).clone(),
            other => other,
        };
        let (params, _) = self.params(&f.node.declarator, &f.node.declarations);
        self.scopes.extend(caller);
        (ret, params)
    }

    /// Records a function declaration `ty name(...)` (`ty` the declarator's type).
    pub fn record_proto(&mut self, name: &str, ty: &CType, d: &'a Node<Declarator>) {
        let CType::Func(ret) = ty else { return };
        let (params, prototyped) = self.params(d, &[]);
        let proto = super::lower::Proto {
            ret: (**ret).clone(),
            params: prototyped.then(|| params.into_iter().map(|p| p.ty).collect()),
        };
        self.protos.insert(name.to_string(), proto);
    }

    /// The parameters of a function declarator (K&R definitions: typed by `kr`), and whether
    /// it is a prototype (not `f()` or K&R).
    fn params(
        &mut self,
        d: &'a Node<Declarator>,
        kr: &'a [Node<Declaration>],
    ) -> (Vec<Param>, bool) {
        let mut params = vec![];
        // The parameter list is the function declarator nearest the name.
        let decl = innermost(d);
        for dd in decl.node.derived.iter().rev() {
            match &dd.node {
                DerivedDeclarator::Function(fd) => {
                    for pd in &fd.node.parameters {
                        let ps = decl_specs(&pd.node.specifiers);
                        let base = self.specs_type(&ps);
                        let (name, ty) = match &pd.node.declarator {
                            Some(d) => self.declarator(base, d, true),
                            None => (None, base),
                        };
                        if name.is_none() && matches!(ty, CType::Void) {
                            continue;
                        }
                        params.push(Param {
                            name: name.map(|(n, _)| n),
                            ty,
                        });
                    }
                    return (params, true);
                }
                DerivedDeclarator::KRFunction(ids) => {
                    for id in ids {
                        let mut ty = CType::Int(IntType::Int);
                        for d in kr {
                            let s = decl_specs(&d.node.specifiers);
                            let base = self.specs_type(&s);
                            for idl in &d.node.declarators {
                                let (n, t) =
                                    self.declarator(base.clone(), &idl.node.declarator, true);
                                if n.is_some_and(|(n, _)| n == id.node.name) {
                                    ty = t;
                                }
                            }
                        }
                        params.push(Param {
                            name: Some(id.node.name.clone()),
                            ty,
                        });
                    }
                    return (params, false);
                }
                _ => {}
            }
        }
        (params, false)
    }

    /// Lowers `main`.
    pub fn lower_main(&mut self, f: &'a Node<FunctionDefinition>) -> R<Vec<Stmt>> {
        let (_, params) = self.signature(f);
        let mut scope = HashMap::new();
        for p in params {
            if let Some(n) = p.name {
                scope.insert(n, Binding::Unusable("parameters of main".into()));
            }
        }
        self.scopes.push(scope);
        self.fns.push(FnCtx {
            name: "main".into(),
            is_main: true,
            ret: None,
            end: None,
            end_uses: 0,
            labels: HashMap::new(),
            depth: 0,
            back: super::repeat::back_jumps(f, self.text),
            at: 0,
        });
        let r = self.buffered(|s| s.stmt(&f.node.statement));
        self.fns.pop();
        self.scopes.pop();
        Ok(r?.1)
    }

    pub(super) fn inline(
        &mut self,
        name: &str,
        f: &'a Node<FunctionDefinition>,
        args: &'a [Node<Expression>],
        off: usize,
    ) -> R<Val> {
        let span = self.span(off);
        if self.fns.iter().any(|c| c.name == name) {
            let (file, line, col) = self.map.locate(off);
            return Err(AraError::Recursion {
                file: file.to_string(),
                line,
                col,
                function: name.to_string(),
            });
        }
        if self.fns.len() > super::source::max_call_depth() {
            let n = super::source::max_call_depth();
            return Err(self.unsup(off, format!("nesting deeper than {n} (calls)")));
        }
        if let Some(caller) = self.fns.last_mut() {
            caller.at = off;
        }
        let (ret_ty, params) = self.signature(f);
        self.check_arity(name, &params, args, off)?;
        // Arguments are evaluated in the caller's scope.
        let mut scope = HashMap::new();
        for (p, a) in params.iter().zip(args) {
            let aoff = a.span.start;
            let pname = p.name.clone().unwrap_or_default();
            let (c_name, display) = (format!("{name}__{pname}"), format!("{name}::{pname}"));
            match &p.ty {
                CType::Int(t) => {
                    let v = self.rvalue(a)?;
                    let v = self.conv(v, *t);
                    let lv = self.param_obj(&p.ty, (&c_name, &display), span, aoff, &pname)?;
                    let (place, _) = self.place(&lv, aoff)?;
                    self.write(&place, v, span);
                    scope.insert(pname, Binding::Obj(lv));
                }
                CType::Pointer(_) | CType::Array(..) => {
                    let Some(lv) = self.pointer_arg(a)? else {
                        return Err(self.unsup(
                            aoff,
                            format!("pointer argument for parameter `{pname}` of {name} (only arrays, a + k and &x are supported)"),
                        ));
                    };
                    scope.insert(pname, Binding::PtrParam(lv));
                }
                CType::Struct(_) => {
                    let src = self.lvalue_or_value(a)?;
                    let lv = self.param_obj(&p.ty, (&c_name, &display), span, aoff, &pname)?;
                    let (_, stmts) = self.buffered(|s| s.copy_obj(&lv, &src, span, aoff))?;
                    self.emit(StmtKind::Block(stmts), span);
                    scope.insert(pname, Binding::Obj(lv));
                }
                other => {
                    return Err(self.unsup(
                        aoff,
                        format!(
                            "parameter `{pname}` of {name} has type {}",
                            other.describe()
                        ),
                    ));
                }
            }
        }
        let ret = self.return_var(name, &ret_ty, "ret", off)?;
        let body = self.function_body(name, f, scope, ret, span)?;
        self.emit(StmtKind::Block(body), span);
        Ok(match ret {
            Some((v, _)) => Val::Int(Expr::Var(v)),
            None => Val::Void,
        })
    }

    /// The parameter `c_name` (`f__x`, displayed `f::x`) of an integer or struct type.
    pub(super) fn param_obj(
        &mut self,
        ty: &CType,
        (c_name, display): (&str, &str),
        span: Span,
        aoff: usize,
        pname: &str,
    ) -> R<LVal> {
        let obj = self.build_obj(ty, c_name, display, Storage::Local, span, &[], aoff, pname)?;
        Ok(LVal {
            ty: ty.clone(),
            obj,
            idx: None,
        })
    }

    pub(super) fn check_arity(
        &self,
        name: &str,
        params: &[Param],
        args: &[Node<Expression>],
        off: usize,
    ) -> R<()> {
        if args.len() == params.len() {
            return Ok(());
        }
        Err(self.unsup(
            off,
            format!(
                "call of {name} with {} arguments ({} parameters)",
                args.len(),
                params.len()
            ),
        ))
    }

    /// A fresh variable `f__<base>` for the value a call of `f` returns (`None` for `void`).
    pub(super) fn return_var(
        &mut self,
        name: &str,
        ret_ty: &CType,
        base: &str,
        off: usize,
    ) -> R<Option<(VarId, IntType)>> {
        match ret_ty {
            CType::Void => Ok(None),
            CType::Int(t) => {
                let v = self.fresh_var(&format!("{name}__{base}"), *t, Storage::Local);
                self.p.vars[v.0 as usize].display = format!("{name}()");
                self.p.vars[v.0 as usize].span = self.span(off);
                Ok(Some((v, *t)))
            }
            other => Err(self.unsup(off, format!("function {name} returns {}", other.describe()))),
        }
    }

    /// The body of function `name` lowered in its own scope `scope` (its parameters), with
    /// `return e` assigning `ret`; the label its `return`s jump to ends it.
    pub(super) fn function_body(
        &mut self,
        name: &str,
        f: &'a Node<FunctionDefinition>,
        scope: HashMap<String, Binding>,
        ret: Option<(VarId, IntType)>,
        span: Span,
    ) -> R<Vec<Stmt>> {
        let saved_scopes = self.scopes.split_off(1);
        self.scopes.push(scope);
        let saved_jumps = std::mem::take(&mut self.jumps);
        self.fns.push(FnCtx {
            name: name.to_string(),
            is_main: false,
            ret,
            end: None,
            end_uses: 0,
            labels: HashMap::new(),
            depth: 0,
            back: super::repeat::back_jumps(f, self.text),
            at: 0,
        });
        let r = self.buffered(|s| s.stmt(&f.node.statement));
        let ctx = self.fns.pop();
        self.jumps = saved_jumps;
        self.scopes.truncate(1);
        self.scopes.extend(saved_scopes);
        let (_, mut body) = r?;
        if let Some(ctx) = ctx
            && let Some(end) = ctx.end
        {
            let mut uses = ctx.end_uses;
            if body.last().is_some_and(|s| s.kind == StmtKind::Goto(end)) {
                body.pop();
                uses -= 1;
            }
            if uses > 0 {
                body.push(self.mk(StmtKind::Label(end), span));
            }
        }
        Ok(body)
    }
}

/// The declarator that names the function (`f` in `int (*f(int))[3]` is nested).
/// The identifier a declarator declares (empty for an abstract one).
fn declared_name(d: &Node<Declarator>) -> String {
    match &d.node.kind.node {
        DeclaratorKind::Identifier(id) => id.node.name.clone(),
        DeclaratorKind::Declarator(inner) => declared_name(inner),
        DeclaratorKind::Abstract => String::new(),
    }
}

fn innermost(d: &Node<Declarator>) -> &Node<Declarator> {
    match &d.node.kind.node {
        DeclaratorKind::Declarator(inner)
            if inner.node.derived.iter().any(|x| {
                matches!(
                    x.node,
                    DerivedDeclarator::Function(_) | DerivedDeclarator::KRFunction(_)
                )
            }) =>
        {
            innermost(inner)
        }
        _ => d,
    }
}

/// The `case`/`default` labels of a switch body (not of nested switches): offset of the
/// labelled statement and the case value (`None` for `default`).
fn collect_cases<'a>(s: &'a Node<Statement>, out: &mut Vec<(usize, Option<&'a Node<Expression>>)>) {
    match &s.node {
        Statement::Labeled(l) => {
            match &l.node.label.node {
                Label::Case(e) => out.push((s.span.start, Some(e))),
                Label::Default => out.push((s.span.start, None)),
                _ => {}
            }
            collect_cases(&l.node.statement, out);
        }
        Statement::Compound(items) => {
            for i in items {
                if let BlockItem::Statement(st) = &i.node {
                    collect_cases(st, out);
                }
            }
        }
        Statement::If(i) => {
            collect_cases(&i.node.then_statement, out);
            if let Some(e) = &i.node.else_statement {
                collect_cases(e, out);
            }
        }
        Statement::While(w) => collect_cases(&w.node.statement, out),
        Statement::DoWhile(d) => collect_cases(&d.node.statement, out),
        Statement::For(f) => collect_cases(&f.node.statement, out),
        _ => {}
    }
}
