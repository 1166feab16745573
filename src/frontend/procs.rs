//! Calls kept as calls: the procedural lowering (`frontend::load_procedures`).
//!
//! Takes a call of a user function whose parameters are all integers (and that returns an
//! integer or nothing); gives a [`StmtKind::Call`] in the caller and, at the function's first
//! call, its body lowered once as an [`ir::procs::Proc`](crate::ir::procs::Proc): the same
//! statement and expression lowering as inlining (`Lowerer::function_body`), with the
//! parameters as the procedure's own variables instead of copies assigned at the call site.
//! Recursion is then no special case: a call of a procedure being lowered names it.
//!
//! Functions with array, pointer or struct parameters (aliases of the caller's objects) and
//! SV-COMP's modelled names are inlined as before. A procedure's body is lowered as code
//! that may run more than once (each activation is a new run of its declarations), so its
//! uninitialised locals get fresh values and an allocation inside it is refused.

use super::ctype::CType;
use super::expr::Val;
use super::lower::{Binding, Lowerer, Obj, R};
use crate::ir::procs::{Call, Proc, ProcId};
use crate::ir::{Expr, StmtKind};
use lang_c::ast::{Expression, FunctionDefinition};
use lang_c::span::Node;
use std::collections::HashMap;

impl<'a> Lowerer<'a> {
    /// Can a call of `f` stay a call (integer parameters, an integer or no result)?
    pub(super) fn keeps_call(&mut self, f: &'a Node<FunctionDefinition>) -> bool {
        let (ret, params) = self.signature(f);
        matches!(ret, CType::Void | CType::Int(_))
            && params.iter().all(|p| matches!(p.ty, CType::Int(_)))
    }

    /// `r = name(args)` as a call statement (its procedure lowered at its first call).
    pub(super) fn call_procedure(
        &mut self,
        name: &str,
        f: &'a Node<FunctionDefinition>,
        args: &'a [Node<Expression>],
        off: usize,
    ) -> R<Val> {
        let span = self.span(off);
        let (ret_ty, params) = self.signature(f);
        self.check_arity(name, &params, args, off)?;
        let mut vals = Vec::with_capacity(args.len());
        for (p, a) in params.iter().zip(args) {
            let CType::Int(t) = p.ty else {
                return Err(self.unsup(a.span.start, "a non-integer parameter of a procedure"));
            };
            let v = self.rvalue(a)?;
            vals.push(self.conv(v, t));
        }
        let callee = self.procedure(name, f, off)?;
        let result = self.return_var(name, &ret_ty, "ret", off)?.map(|(v, _)| v);
        let call = Call {
            callee,
            name: name.to_string(),
            args: vals,
            result,
        };
        self.emit(StmtKind::Call(Box::new(call)), span);
        Ok(result.map_or(Val::Void, |v| Val::Int(Expr::Var(v))))
    }

    /// The procedure of `name`, lowered now if this is its first call.
    fn procedure(&mut self, name: &str, f: &'a Node<FunctionDefinition>, off: usize) -> R<ProcId> {
        if let Some(&id) = self.proc_ids.get(name) {
            return Ok(id);
        }
        if self.fns.len() > super::source::max_call_depth() {
            let n = super::source::max_call_depth();
            return Err(self.unsup(off, format!("nesting deeper than {n} (calls)")));
        }
        let id = ProcId(self.procs.len() as u32);
        self.proc_ids.insert(name.to_string(), id);
        let doff = f.span.start;
        let span = self.span(doff);
        self.procs.push(Proc {
            name: name.to_string(),
            params: vec![],
            ret: None,
            body: vec![],
            num_vertices: 2,
            span,
        });
        let (ret_ty, params) = self.signature(f);
        let mut scope = HashMap::new();
        let mut vars = vec![];
        for p in &params {
            let pname = p.name.clone().unwrap_or_default();
            let names = (&*format!("{name}__{pname}"), &*format!("{name}::{pname}"));
            let lv = self.param_obj(&p.ty, names, span, doff, &pname)?;
            if let Obj::Var(v) = lv.obj {
                vars.push(v);
            }
            scope.insert(pname, Binding::Obj(lv));
        }
        let ret = self.return_var(name, &ret_ty, "return", doff)?;
        if let Some(caller) = self.fns.last_mut() {
            caller.at = off;
        }
        let depth = std::mem::replace(&mut self.loop_depth, 1);
        let body = self.function_body(name, f, scope, ret, span);
        self.loop_depth = depth;
        let proc = &mut self.procs[id.0 as usize];
        proc.params = vars;
        proc.ret = ret.map(|(v, _)| v);
        proc.body = body?;
        Ok(id)
    }
}
