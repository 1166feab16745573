//! Calls kept as calls: the procedural lowering (`frontend::load_procedures`).
//!
//! Takes a call of a user function whose parameters are integers, arrays or pointers (and
//! that returns an integer or nothing); gives a [`StmtKind::Call`] in the caller and, at the function's first
//! call, its body lowered once as an [`ir::procs::Proc`](crate::ir::procs::Proc): the same
//! statement and expression lowering as inlining (`Lowerer::function_body`), with the
//! parameters as the procedure's own variables instead of copies assigned at the call site.
//! Recursion is then no special case: a call of a procedure being lowered names it.
//!
//! An array or pointer parameter stays a parameter of the procedure only when the call passes
//! a one-dimensional array of integers that is global or `main`'s own, whole or at an offset
//! (`&a[k]`, `a + k`, `k + a`: the same place, `expr::pointer_arg`). A function has one
//! procedure per tuple of arrays its calls pass (`Lowerer::proc_ids`: `fill` for `a`,
//! `fill__b` for `b`), each lowered at its first call; the procedure records its arrays
//! (`Proc::bound`: shared by every activation, not one of its locals). How the parameter is
//! bound to its array (`PtrBind`):
//! - *fixed*, the default: to the place the first call passes (the whole array, or the element
//!   at a constant `k`, the callee's `q[i]` being `a[k + i]`), once, when the body is lowered;
//!   every later call must pass the same place (the recursive calls pass the parameter itself,
//!   which names it).
//! - *moving*, for a function a call of which passes another constant offset into the same
//!   arrays (a recursive `f(q + 1, …)`) or an offset the caller computes (`&a[k]` with a
//!   variable `k`): the front end lowers the whole program again with the function in
//!   `Lowerer::moving` (`frontend::parse_and_lower`, at most once per function). Each such
//!   parameter is then the array and a hidden parameter `q_off` of type `long` (C's
//!   `ptrdiff_t`: an offset within one object fits it), which the call passes (0 for the whole
//!   array, `k` for `&a[k]`, the callee's own `q_off + 1` for `q + 1`), and the callee's `q[i]`
//!   is `a[q_off + i]`.
//!
//! Soundness: inlining binds the parameter to the argument's object at each call
//! (`Binding::PtrParam`: the array and the index of the place, a constant or a temporary that
//! holds the caller's offset, never assigned again); a call that passes the object the
//! procedure's body was lowered with gets exactly the body inlining would give it. The array is
//! one object for the whole run: a global, or an array of `main` (one activation; a
//! constant-size array lives from `main`'s start in the IR), never a procedure's own local
//! array (one per activation: any array made while a procedure's body is lowered,
//! `per_activation`), so every activation names the same object (`ir::inline` gives no call
//! site a copy of it). A fixed binding at a constant `k` names nothing of the caller's (no
//! temporary holds the index), so the same argument at every call gives every call the body
//! inlining would give it; the binding compared at each call is the array and the constant
//! (`ArgKey`: a whole array and `&a[0]` count as different). A moving binding's offset is a
//! parameter by value, never assigned in the body: each activation's `q_off` holds the offset
//! its call passed, which is the value of the temporary inlining would index with, and `long`
//! holds it exactly (in a run without undefined behaviour every pointer the program forms lies
//! in its array or one past it), so `a[q_off + i]` is the element inlining's `a[t + i]` reads.
//! A call passing a procedure's local array or a scalar's address is inlined as before (and
//! refused as recursion when it is one: `ara check` then answers UNKNOWN unless a bounded
//! engine decides).
//!
//! Functions with struct parameters and SV-COMP's modelled names are inlined as before. A
//! procedure's body is lowered as code that may run more than once (each activation is a new
//! run of its declarations), so its uninitialised locals get fresh values and an allocation
//! inside it is refused.

use super::ctype::CType;
use super::expr::Val;
use super::lower::{ArgKey, Binding, LVal, Lowerer, Obj, R};
use crate::ir::procs::{Call, Proc, ProcId};
use crate::ir::{ArrId, Expr, IntType, Stmt, StmtKind, Storage};
use lang_c::ast::{Expression, FunctionDefinition};
use lang_c::span::Node;
use std::collections::HashMap;
use std::rc::Rc;

/// How a procedure's array or pointer parameter is bound (`array_args`, module doc).
#[derive(Clone)]
pub(super) enum PtrBind {
    /// To this place once, when the body is lowered: a whole array, or `&a[k]` at a constant
    /// `k`.
    Fixed(LVal),
    /// To the array `arr` at the offset a hidden integer parameter holds (`long long`): the
    /// call passes `off`, the offset of its argument in `arr`.
    Moving { arr: ArrId, elem: CType, off: Expr },
}

impl PtrBind {
    /// What tells the procedures of one function apart: the array, and a fixed binding's
    /// constant offset.
    fn key(&self) -> Option<ArgKey> {
        match self {
            PtrBind::Fixed(lv) => key_of(lv),
            PtrBind::Moving { arr, .. } => Some((*arr, None)),
        }
    }
}

/// The arguments' bindings of a call that stays a call, and the statements that compute the
/// moving offsets in the caller.
type Bindings = (Vec<Option<PtrBind>>, Vec<Stmt>);

impl<'a> Lowerer<'a> {
    /// Can a call of `f` stay a call (integer, array or pointer parameters, an integer or no
    /// result)? Its arguments decide the rest ([`Lowerer::call_procedure`]).
    pub(super) fn keeps_call(&mut self, f: &'a Node<FunctionDefinition>) -> bool {
        let (ret, params) = self.signature(f);
        matches!(ret, CType::Void | CType::Int(_))
            && params
                .iter()
                .all(|p| matches!(p.ty, CType::Int(_) | CType::Pointer(_) | CType::Array(..)))
    }

    /// The bindings `args` give the array and pointer parameters of `params` (`None` for an
    /// integer parameter), or `None` when the call must be inlined (module doc). A fixed
    /// binding needs a whole array or a constant offset; any other offset into an array that
    /// may be bound asks for `name`'s offsets to move (`Lowerer::wants_moving`).
    fn array_args(
        &mut self,
        name: &str,
        params: &[super::stmt::Param],
        args: &'a [Node<Expression>],
    ) -> R<Option<Bindings>> {
        let moving = self.moving.contains(name);
        let (mut out, mut pre) = (Vec::with_capacity(args.len()), vec![]);
        for (p, a) in params.iter().zip(args) {
            if matches!(p.ty, CType::Int(_)) {
                out.push(None);
                continue;
            }
            let (lv, stmts) = match self.bound_param(a) {
                // A parameter passed on as it is: its place, with no copy of its offset.
                Some(lv) => (Some(lv), vec![]),
                None => self.buffered(|s| s.pointer_arg(a))?,
            };
            let Some((lv, arr, elem)) = lv.and_then(|lv| base_of(&lv).map(|(a, e)| (lv, a, e)))
            else {
                return Ok(None);
            };
            if self.per_activation(arr) {
                return Ok(None);
            }
            if moving {
                // The place's index counts elements only in a one-element view (`&a[k]`,
                // `a + k`); a row of a flattened array counts rows: inlined.
                let off = match (&lv.idx, &lv.ty) {
                    (None, _) => Expr::Const(0, IntType::Long),
                    (Some(i), CType::Array(_, Some(1))) => self.conv(i.clone(), IntType::Long),
                    _ => return Ok(None),
                };
                pre.extend(stmts);
                out.push(Some(PtrBind::Moving { arr, elem, off }));
            } else if stmts.is_empty() && key_of(&lv).is_some() {
                out.push(Some(PtrBind::Fixed(lv)));
            } else {
                self.wants_moving.get_or_insert_with(|| name.to_string());
                return Ok(None);
            }
        }
        Ok(Some((out, pre)))
    }

    /// `r = name(args)` as a call statement (its procedure lowered at its first call with
    /// these arrays).
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
        let Some((binds, pre)) = self.array_args(name, &params, args)? else {
            return self.inline(name, f, args, off);
        };
        let key: Vec<Option<ArgKey>> = binds
            .iter()
            .map(|b| b.as_ref().and_then(PtrBind::key))
            .collect();
        // Another constant offset into the same arrays: the offsets must move (module doc).
        let other_offset =
            (self.proc_ids.keys()).any(|(n, k)| n == name && *k != key && same_arrays(k, &key));
        if other_offset && !self.moving.contains(name) {
            self.wants_moving.get_or_insert_with(|| name.to_string());
            return self.inline(name, f, args, off);
        }
        if !pre.is_empty() {
            self.emit(StmtKind::Block(pre), span);
        }
        let mut vals = Vec::with_capacity(args.len());
        for ((p, a), b) in params.iter().zip(args).zip(&binds) {
            match (&p.ty, b) {
                (CType::Int(t), _) => {
                    let v = self.rvalue(a)?;
                    vals.push(self.conv(v, *t));
                }
                (_, Some(PtrBind::Moving { off, .. })) => vals.push(off.clone()),
                _ => {}
            }
        }
        let callee = self.procedure(name, f, off, &binds, key)?;
        let result = self.return_var(name, &ret_ty, "ret", off)?.map(|(v, _)| v);
        let call = Call {
            callee,
            name: self.procs[callee.0 as usize].name.clone(),
            args: vals,
            result,
        };
        self.emit(StmtKind::Call(Box::new(call)), span);
        Ok(result.map_or(Val::Void, |v| Val::Int(Expr::Var(v))))
    }

    /// The procedure of `name` with the arrays of `key`, lowered now if this is its first
    /// call with them (another array than before: a procedure of its own, named
    /// `name__array`).
    fn procedure(
        &mut self,
        name: &str,
        f: &'a Node<FunctionDefinition>,
        off: usize,
        binds: &[Option<PtrBind>],
        key: Vec<Option<ArgKey>>,
    ) -> R<ProcId> {
        let key = (name.to_string(), key);
        if let Some(&id) = self.proc_ids.get(&key) {
            return Ok(id);
        }
        if self.fns.len() > super::source::max_call_depth() {
            let n = super::source::max_call_depth();
            return Err(self.unsup(off, format!("nesting deeper than {n} (calls)")));
        }
        let id = ProcId(self.procs.len() as u32);
        let copy = self.proc_ids.keys().any(|(n, _)| n == name);
        self.proc_ids.insert(key.clone(), id);
        let pname = if copy {
            self.copy_name(name, &key.1)
        } else {
            name.to_string()
        };
        let doff = f.span.start;
        let span = self.span(doff);
        self.procs.push(Proc {
            name: pname,
            params: vec![],
            ret: None,
            body: vec![],
            num_vertices: 2,
            span,
            bound: key.1.iter().flatten().map(|&(a, _)| a).collect(),
            offsets: vec![],
        });
        let (ret_ty, params) = self.signature(f);
        let mut scope = HashMap::new();
        let mut vars = vec![];
        for (p, b) in params.iter().zip(binds) {
            let pname = p.name.clone().unwrap_or_default();
            match b {
                Some(PtrBind::Fixed(lv)) => {
                    scope.insert(pname, Binding::PtrParam(lv.clone()));
                }
                Some(PtrBind::Moving { arr, elem, .. }) => {
                    let v = self.fresh_var(
                        &format!("{name}__{pname}_off"),
                        IntType::Long,
                        Storage::Local,
                    );
                    let var = &mut self.p.vars[v.0 as usize];
                    var.display = format!("{name}::{pname}_off");
                    var.span = span;
                    vars.push(v);
                    self.procs[id.0 as usize].offsets.push((*arr, v));
                    let lv = LVal {
                        ty: CType::Array(Rc::new(elem.clone()), Some(1)),
                        obj: Obj::Elems(Rc::new(Obj::Arr(*arr))),
                        idx: Some(Expr::Var(v)),
                    };
                    scope.insert(pname, Binding::PtrParam(lv));
                }
                None => {
                    let names = (&*format!("{name}__{pname}"), &*format!("{name}::{pname}"));
                    let lv = self.param_obj(&p.ty, names, span, doff, &pname)?;
                    if let Obj::Var(v) = lv.obj {
                        vars.push(v);
                    }
                    scope.insert(pname, Binding::Obj(lv));
                }
            }
        }
        let ret = self.return_var(name, &ret_ty, "return", doff)?;
        if let Some(caller) = self.fns.last_mut() {
            caller.at = off;
        }
        let depth = std::mem::replace(&mut self.loop_depth, 1);
        let owned = self.proc_owned.len();
        self.proc_owned.push((self.p.arrays.len() as u32, u32::MAX));
        let body = self.function_body(name, f, scope, ret, span);
        self.proc_owned[owned].1 = self.p.arrays.len() as u32;
        self.loop_depth = depth;
        let proc = &mut self.procs[id.0 as usize];
        proc.params = vars;
        proc.ret = ret.map(|(v, _)| v);
        proc.body = body?;
        Ok(id)
    }

    /// The place of an argument that names an array or pointer parameter of the procedure
    /// being lowered (what it is bound to).
    fn bound_param(&self, a: &Node<Expression>) -> Option<LVal> {
        let Expression::Identifier(id) = &a.node else {
            return None;
        };
        match self.lookup(&id.node.name) {
            Some((_, Binding::PtrParam(lv))) => Some(lv.clone()),
            _ => None,
        }
    }

    /// The name of `name`'s procedure for other arrays: `name__a` (`name__a__b` for two array
    /// parameters), unique among the procedures.
    fn copy_name(&self, name: &str, key: &[Option<ArgKey>]) -> String {
        let mut base = name.to_string();
        for &(a, _) in key.iter().flatten() {
            base = format!("{base}__{}", self.p.array(a).name);
        }
        let mut out = base.clone();
        let mut k = 1;
        while self.procs.iter().any(|p| p.name == out) {
            out = format!("{base}_{k}");
            k += 1;
        }
        out
    }
}

impl Lowerer<'_> {
    /// Is `a` a local array of a procedure (made while its body was lowered: one per
    /// activation), not one `main`'s single activation or the program has?
    fn per_activation(&self, a: ArrId) -> bool {
        self.p.array(a).storage == Storage::Local
            && self
                .proc_owned
                .iter()
                .any(|&(start, end)| (start..end).contains(&a.0))
    }
}

/// The array an argument's object is (a one-dimensional array: `array_args`).
fn arr_of(lv: &LVal) -> Option<ArrId> {
    match &lv.obj {
        Obj::Arr(a) => Some(*a),
        Obj::Elems(e) => match **e {
            Obj::Arr(a) => Some(a),
            _ => None,
        },
        _ => None,
    }
}

/// The binding of an argument's object when a procedure may keep it (`array_args`): a whole
/// array of integers, or one element of it at a constant index (`&a[k]`, `a + k`); `None`
/// for anything else (an index the caller computes names the caller's variables).
fn key_of(lv: &LVal) -> Option<ArgKey> {
    let (a, _) = base_of(lv)?;
    match &lv.idx {
        None => Some((a, None)),
        Some(Expr::Const(k, _)) => Some((a, Some(*k))),
        Some(_) => None,
    }
}

/// The array a pointer argument's object lies in and its element type, when a procedure may
/// bind a parameter to it: a one-dimensional array of integers.
fn base_of(lv: &LVal) -> Option<(ArrId, CType)> {
    let a = arr_of(lv)?;
    match &lv.ty {
        CType::Array(elem, _) if matches!(**elem, CType::Int(_)) => Some((a, (**elem).clone())),
        _ => None,
    }
}

/// Do two calls' bindings name the same arrays (their offsets aside)?
fn same_arrays(k: &[Option<ArgKey>], l: &[Option<ArgKey>]) -> bool {
    k.len() == l.len()
        && k.iter()
            .zip(l)
            .all(|(x, y)| x.map(|(a, _)| a) == y.map(|(a, _)| a))
}

#[cfg(test)]
mod tests {
    use crate::frontend::{FrontendOptions, parse_procedures, parse_source};
    use crate::ir::cfg::Cfg;
    use crate::ir::inline::inline;

    /// CFG text without the `[line N]` suffixes.
    fn strip(text: &str) -> String {
        text.lines()
            .map(|l| {
                l.split("  [line")
                    .next()
                    .unwrap_or(l)
                    .trim_end()
                    .to_string()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    const TWO_CALLS: &str = "int g;
int add(int a, int b) { int s = a + b; g = g + 1; return s; }
int main(void) { int x = add(1, 2); int y = add(x, 3); if (y != 6) { reach_error(); } return 0; }
";

    #[test]
    fn the_procedural_form_keeps_calls() {
        let pp = parse_procedures(TWO_CALLS, "t.c", &FrontendOptions::default()).unwrap();
        let want = "procedure main:
   0: ERROR -> []
   1: add__ret = add(1, 2); -> [2]
   2: x = add__ret; -> [3]
   3: add__ret_1 = add(x, 3); -> [4]
   4: y = add__ret_1; -> [5]
   5: if (y != 6) -> [T:6, F:7]
   6: reach_error(); -> [0]
   7: exit; -> [8]
   8: EXIT -> []
procedure add(add__a, add__b) -> add__return:
   0: ERROR -> []
   1: add__s = add__a + add__b; -> [2]
   2: g = g + 1; -> [3]
   3: add__return = add__s; -> [4]
   4: EXIT -> []";
        assert_eq!(strip(&pp.cfg_text()), want);
        assert!(!pp.is_recursive());
    }

    /// The inline pass gives the front end's inlined lowering (same statements, same CFG).
    #[test]
    fn inlining_the_procedures_gives_the_flat_lowering() {
        let opts = FrontendOptions::default();
        let flat = parse_source(TWO_CALLS, "t.c", &opts).unwrap();
        let pp = parse_procedures(TWO_CALLS, "t.c", &opts).unwrap();
        let q = inline(&pp).unwrap();
        let text = |p: &crate::ir::Program| strip(&Cfg::build(p).to_text(p));
        assert_eq!(text(&q), text(&flat));
        assert_eq!(q.num_vertices, flat.num_vertices);
    }

    #[test]
    fn recursion_is_a_call_of_the_procedure_being_lowered() {
        let src = "int even(unsigned n); int odd(unsigned n) { return n == 0 ? 0 : even(n - 1); }
int even(unsigned n) { if (n == 0) return 1; return odd(n - 1); }
int main(void) { if (!even(4)) reach_error(); return 0; }";
        let pp = parse_procedures(src, "t.c", &FrontendOptions::default()).unwrap();
        assert!(pp.is_recursive());
        assert_eq!(pp.procs.len(), 2);
        assert!(inline(&pp).is_err());
        let text = strip(&pp.cfg_text());
        assert!(text.contains("odd__ret = odd(even__n - 1);"), "{text}");
        assert!(text.contains("even__ret = even(odd__n - 1);"), "{text}");
        // Bounded: even at most twice on a chain, the third call cut; no call left.
        let q = crate::ir::inline::inline_bounded(&pp, 2, 10_000).unwrap();
        let flat = strip(&Cfg::build(&q).to_text(&q));
        assert!(!flat.contains("even("), "{flat}");
        assert_eq!(flat.matches("assume(0)").count(), 1, "{flat}");
        assert!(crate::ir::inline::inline_bounded(&pp, 2, 5).is_err());
    }

    /// The activations of a bounded inlining: each vertex in the copy of the body it came
    /// from, a call's parameter assignments in the caller, each copy's caller and the variable
    /// that receives its result.
    #[test]
    fn bounded_inlining_tells_each_vertex_its_activation() {
        let src = "int f(int n) { if (n <= 0) return 0; return 1 + f(n - 1); }
int main(void) { int r = f(1); if (r != 1) reach_error(); return 0; }";
        let pp = parse_procedures(src, "t.c", &FrontendOptions::default()).unwrap();
        let (q, frames) = crate::ir::inline::inline_bounded_frames(&pp, 2, 10_000).unwrap();
        assert_eq!(frames.of_vertex.len(), q.num_vertices as usize);
        let names: Vec<(&str, Option<usize>)> = (frames.frames.iter())
            .map(|f| (f.name.as_str(), f.parent))
            .collect();
        assert_eq!(names, [("main", None), ("f", Some(0)), ("f", Some(1))]);
        assert_eq!(frames.chain(2), [1, 2]);
        // Per vertex: the activation of its statement (the CFG text names each vertex).
        let cfg = Cfg::build(&q);
        let text = strip(&cfg.to_text(&q));
        let of = |needle: &str| {
            let line = text.lines().find(|l| l.contains(needle)).unwrap();
            let v: u32 = line.split(':').next().unwrap().trim().parse().unwrap();
            frames.of(v)
        };
        assert_eq!(of("f__n = 1;"), 0, "{text}");
        assert_eq!(of("if (f__n <= 0)"), 1, "{text}");
        assert_eq!(of("f__n_1 = f__n - 1;"), 1, "{text}");
        assert_eq!(of("if (f__n_1 <= 0)"), 2, "{text}");
        assert_eq!(of("assume(0)"), 2, "{text}");
        assert_eq!(of("if (r != 1)"), 0, "{text}");
        assert!(frames.frames[1].result.is_some());
    }

    /// An array parameter bound to `main`'s array names that one object in every activation:
    /// not a local of the procedure, so a bounded inlining copies no array. A procedure's
    /// own array (one per activation) is never bound: the call passing it is inlined, and
    /// refused as recursion.
    #[test]
    fn an_array_parameter_is_bound_to_mains_array_not_copied() {
        let src = "void fill(int *a, int n) { if (n <= 0) return; a[n - 1] = 2; fill(a, n - 1); }
int main(void) { int a[4]; fill(a, 4); if (a[0] != 2) reach_error(); return 0; }";
        let pp = parse_procedures(src, "t.c", &FrontendOptions::default()).unwrap();
        assert_eq!(pp.procs.len(), 1);
        assert_eq!(pp.procs[0].bound.len(), 1);
        assert!(
            pp.locals(Some(crate::ir::procs::ProcId(0)))
                .arrays
                .is_empty()
        );
        let q = crate::ir::inline::inline_bounded(&pp, 3, 10_000).unwrap();
        assert_eq!(q.arrays.len(), 1);
        let own = "void fill(int *a, int n) { if (n <= 0) return; a[n - 1] = 2; fill(a, n - 1); }
int g(int n) { int b[4]; fill(b, n); return b[0]; }
int main(void) { if (g(4) != 2) reach_error(); return 0; }";
        assert!(parse_procedures(own, "t.c", &FrontendOptions::default()).is_err());
    }

    /// `&a[2]` and `a + 2` at a constant offset bind the parameter to that element: the
    /// callee's `q[i]` is `a[2 + i]`, the recursive call passes the same binding. An offset
    /// the caller computes (a variable) or a recursive call at another offset makes the
    /// offset move: a hidden parameter `q_off` (`long`) the calls pass, `q[i]` is
    /// `a[q_off + i]`.
    #[test]
    fn an_offset_alias_is_bound_at_its_constant_offset() {
        let body = "int a[8]; void fill(int *q, int n) { if (n <= 0) return; q[n - 1] = 7; fill(q, n - 1); }";
        for arg in ["&a[2]", "a + 2", "2 + a"] {
            let src = format!(
                "{body} int main(void) {{ fill({arg}, 3); if (a[4] != 7) reach_error(); return 0; }}"
            );
            let pp = parse_procedures(&src, "t.c", &FrontendOptions::default()).unwrap();
            assert_eq!(pp.procs[0].bound.len(), 1, "{arg}");
            let text = strip(&pp.cfg_text());
            assert!(text.contains("a[2 + (fill__n - 1)] = 7;"), "{arg}: {text}");
        }
        let computed = format!("{body} int main(void) {{ int k = 2; fill(&a[k], 3); return 0; }}");
        let pp = parse_procedures(&computed, "t.c", &FrontendOptions::default()).unwrap();
        let text = strip(&pp.cfg_text());
        assert!(
            text.contains("procedure fill(fill__q_off, fill__n)"),
            "{text}"
        );
        assert!(
            text.contains("a[fill__q_off + (fill__n - 1)] = 7;"),
            "{text}"
        );
        assert!(text.contains("fill((long) ara_t, 3);"), "{text}");
        assert!(text.contains("fill(fill__q_off, fill__n - 1);"), "{text}");
        let moving =
            "int a[8]; void f(int *q, int n) { if (n <= 0) return; q[0] = 1; f(q + 1, n - 1); }
int main(void) { f(a + 2, 3); f(a, 1); return 0; }";
        let pp = parse_procedures(moving, "t.c", &FrontendOptions::default()).unwrap();
        assert_eq!(pp.procs.len(), 1);
        let text = strip(&pp.cfg_text());
        assert!(
            text.contains("f(2l, 3);") && text.contains("f(0l, 1);"),
            "{text}"
        );
        assert!(text.contains("a[f__q_off] = 1;"), "{text}");
        assert!(text.contains("ara_t = f__q_off + 1;"), "{text}");
        // The offset parameter is recorded with its array (`Proc::offsets`).
        let f = &pp.procs[0];
        assert_eq!(f.offsets.len(), 1);
        assert_eq!(pp.program.array(f.offsets[0].0).name, "a");
        assert!(f.params.contains(&f.offsets[0].1));
        // The flat lowering: the same runs (the bounded inlining names `a` alone).
        let q = crate::ir::inline::inline_bounded(&pp, 4, 10_000).unwrap();
        assert_eq!(q.arrays.len(), 1);
        // Rows of a flattened array at two constants: the place's index counts rows, not
        // elements, so no moving offset (inlined, refused as recursion).
        let rows =
            "int m[3][4]; void f(int *q, int n) { if (n <= 0) return; q[n - 1] = 5; f(q, n - 1); }
int main(void) { f(m[1], 4); f(m[2], 4); if (m[1][3] != 5) reach_error(); return 0; }";
        let e = parse_procedures(rows, "t.c", &FrontendOptions::default()).unwrap_err();
        assert!(e.to_string().contains("recursion"), "{e}");
    }

    /// A recursion called on two arrays: one procedure per array (`fill`, `fill__b`), each
    /// bound to its own; no call inlined.
    #[test]
    fn a_recursion_on_two_arrays_is_a_procedure_per_array() {
        let src = "int a[4]; int b[4];
void fill(int *q, int n) { if (n <= 0) return; q[n - 1] = 1; fill(q, n - 1); }
int main(void) { fill(a, 4); fill(b, 2); fill(a, 1); if (b[0] != 1) reach_error(); return 0; }";
        let pp = parse_procedures(src, "t.c", &FrontendOptions::default()).unwrap();
        let names: Vec<&str> = pp.procs.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["fill", "fill__b"]);
        let text = strip(&pp.cfg_text());
        assert!(
            text.contains("fill__b(2);") && text.contains("fill(1);"),
            "{text}"
        );
        assert!(text.contains("b[fill__n_1 - 1] = 1;"), "{text}");
        assert!(text.contains("fill__b(fill__n_1 - 1);"), "{text}");
        // A procedure's own array is still never bound.
        let own = "void fill(int *q, int n) { if (n <= 0) return; q[n - 1] = 1; fill(q, n - 1); }
int g(int n) { int c[4]; fill(c, n); return c[0]; }
int main(void) { if (g(4) != 1) reach_error(); return 0; }";
        assert!(parse_procedures(own, "t.c", &FrontendOptions::default()).is_err());
    }

    /// An array bound to a parameter is its caller's object: the bounded inlining names it in
    /// every activation and copies only the procedure's own arrays (one per activation after
    /// the first); a procedure's own array passed on is never bound (the call is inlined).
    #[test]
    fn a_bound_array_is_not_copied_per_activation() {
        let src = "int f(int *q, int p) { int own[1]; own[0] = p; if (p == 1) q[0] = own[0];
  if (p > 1) p = f(q, p - 1); return p; }
int main(void) { int la[1] = {0}; int x = 3; f(la, x); if (la[0] != 1) reach_error(); return 0; }";
        let pp = parse_procedures(src, "t.c", &FrontendOptions::default()).unwrap();
        assert_eq!(pp.procs[0].bound.len(), 1);
        let q = crate::ir::inline::inline_bounded(&pp, 3, 10_000).unwrap();
        let count = |d: &str| q.arrays.iter().filter(|a| a.display.ends_with(d)).count();
        assert_eq!((count("la"), count("own")), (1, 3));
        let own = "int g(int *q, int p) { if (p > 0) { q[0] = p; p = g(q, p - 1); } return p; }
int h(int p) { int c[1]; c[0] = 0; if (p > 0) h(p - 1); g(c, 1); return c[0]; }
int main(void) { if (h(2) != 1) reach_error(); return 0; }";
        let e = parse_procedures(own, "t.c", &FrontendOptions::default()).unwrap_err();
        assert!(e.to_string().contains("recursion"), "{e}");
    }
}
