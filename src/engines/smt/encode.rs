//! The trace formula of a CFG path, in SMT-LIB 2.
//!
//! Takes a [`Program`], its [`Cfg`] and a path from the entry of `main` to the error vertex;
//! gives a [`Query`]: a readable SMT-LIB script in single-assignment form (`x@3` is the third
//! version of `x`, `a@1` the array `a` after its first store, `nd0` the first nondeterministic
//! value) whose assertions are named conjuncts that map back to the path's vertices, plus what
//! is needed to read a model back (nondet uses, free initial values).
//!
//! Two theories: [`Theory::BitVector`] follows C exactly (widths of the data model, promotions,
//! usual arithmetic conversions, wrap-around, signed/unsigned operators); [`Theory::Lia`] uses
//! unbounded integers like the paper (no wrap-around; bitwise operators and shifts by
//! non-constant amounts become unconstrained values, listed in [`Query::approximations`]).
//!
//! Where C leaves behaviour undefined the bit-vector formula picks one: signed overflow wraps,
//! division by zero gives SMT-LIB's value, a shift by the width or more gives 0 (or all ones
//! for `>>` of a negative value). In LIA, conversions to narrower types are the identity
//! (except to `_Bool`) and nondet values are unbounded: a `sat` answer there may not be a C
//! execution, which is why models are confirmed by replay.

use crate::base::error::AraError;
use crate::ir::cfg::{Action, Cfg, Guard};
use crate::ir::print::stmt_head;
use crate::ir::{
    ArrId, ArrayInit, BinOp, Expr, IntType, Program, Stmt, StmtKind, Storage, UnOp, VERTEX_ERROR,
    VarId, Vertex,
};
use std::fmt::Write as _;

mod integer;

/// The SMT theory the path is encoded in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theory {
    /// Bit-vectors and arrays (`QF_ABV`): agrees with C semantics.
    #[default]
    BitVector,
    /// Unbounded integers and arrays (`QF_AUFLIA`, `QF_AUFNIA` when non-linear): like the paper.
    Lia,
}

/// Where a conjunct comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConjunctKind {
    /// The initial value of a variable or array.
    Init,
    /// `x = e` (one per variable of a parallel assignment).
    Assign,
    /// `a[i] = e`.
    Store,
    /// The condition of a branch (`if`, loop test, holding `assert`) for the edge taken.
    Guard {
        taken: bool,
    },
    Assume,
    /// The failing assertion before the error vertex.
    NegatedAssert,
}

/// An array access along the path (a read `a[e]`, or the index of a store).
#[derive(Clone, Debug, PartialEq)]
pub struct ArrayRead {
    pub array: ArrId,
    /// The SMT term of the index at that point (index sort: bit-vector of the width of `long`,
    /// or `Int`).
    pub index_term: String,
    /// The IR index expression.
    pub index_expr: Expr,
}

/// One named assertion of the trace formula.
#[derive(Clone, Debug, PartialEq)]
pub struct Conjunct {
    /// The SMT name (`c17`) used by `:named` and in unsat cores.
    pub name: String,
    /// The vertex it comes from (`None` for initial values).
    pub vertex: Option<Vertex>,
    /// Index in the path (0 for initial values).
    pub step: usize,
    pub kind: ConjunctKind,
    /// Scalar program variables occurring in it (both sides of an assignment).
    pub vars: Vec<VarId>,
    /// Array reads evaluated by it, in evaluation order.
    pub reads: Vec<ArrayRead>,
    /// For a store, the written element.
    pub writes: Vec<ArrayRead>,
    /// The SMT term asserted.
    pub term: String,
    /// The comment line printed before it (without `; `).
    pub comment: String,
}

/// One evaluation of [`Expr::Nondet`] along the path.
#[derive(Clone, Debug, PartialEq)]
pub struct NondetUse {
    pub vertex: Vertex,
    pub step: usize,
    pub ty: IntType,
    /// The SMT constant (`nd3`).
    pub name: String,
}

/// A scalar whose initial value is free (an uninitialised local).
#[derive(Clone, Debug, PartialEq)]
pub struct FreeVar {
    pub var: VarId,
    pub ty: IntType,
    /// The SMT constant of its initial value (`x@0`).
    pub name: String,
}

/// An array whose initial content is free (an uninitialised local array).
#[derive(Clone, Debug, PartialEq)]
pub struct FreeArray {
    pub array: ArrId,
    pub elem: IntType,
    /// The SMT constant of its initial content (`a@0`).
    pub name: String,
}

/// The trace formula of a path.
#[derive(Clone, Debug)]
pub struct Query {
    /// The full SMT-LIB script: options, logic, declarations, named assertions, `(check-sat)`.
    pub text: String,
    pub conjuncts: Vec<Conjunct>,
    /// Nondet values in evaluation order.
    pub nondets: Vec<NondetUse>,
    pub theory: Theory,
    /// `set-logic` argument.
    pub logic: String,
    /// `declare-const` lines.
    pub declarations: Vec<String>,
    /// Free initial scalars read along the path.
    pub free_vars: Vec<FreeVar>,
    /// Free initial arrays accessed along the path.
    pub free_arrays: Vec<FreeArray>,
    /// Over-approximations made (LIA only): each makes a `sat` answer possibly spurious.
    pub approximations: Vec<String>,
    /// The path encoded.
    pub path: Vec<Vertex>,
}

impl Query {
    /// The script's preamble (options, logic, declarations).
    pub fn preamble(&self) -> String {
        let mut s = String::new();
        s.push_str("(set-option :produce-unsat-cores true)\n");
        s.push_str("(set-option :produce-models true)\n");
        let _ = writeln!(s, "(set-logic {})", self.logic);
        for d in &self.declarations {
            s.push_str(d);
            s.push('\n');
        }
        s
    }

    /// The script asserting only the conjuncts `keep` accepts, without `(check-sat)`.
    pub fn script_with(&self, keep: &dyn Fn(&Conjunct) -> bool) -> String {
        let mut s = self.preamble();
        // One comment per vertex visit (a parallel assignment gives several conjuncts).
        let mut last: Option<(usize, &str)> = None;
        for c in self.conjuncts.iter().filter(|c| keep(c)) {
            if last != Some((c.step, c.comment.as_str())) {
                let _ = writeln!(s, "; {}", c.comment);
                last = Some((c.step, &c.comment));
            }
            let _ = writeln!(s, "(assert (! {} :named {}))", c.term, c.name);
        }
        s
    }

    /// [`Query::script_with`] without names and unsat cores: for questions that need only
    /// sat/unsat and a model. Named assertions turn off much of Z3's preprocessing (a
    /// 200-step trace took 13 s named, 0.02 s plain).
    pub fn script_plain(&self, keep: &dyn Fn(&Conjunct) -> bool) -> String {
        let mut s = self
            .preamble()
            .replacen("(set-option :produce-unsat-cores true)\n", "", 1);
        for c in self.conjuncts.iter().filter(|c| keep(c)) {
            let _ = writeln!(s, "(assert {})", c.term);
        }
        s
    }

    pub fn conjunct(&self, name: &str) -> Option<&Conjunct> {
        self.conjuncts.iter().find(|c| c.name == name)
    }
}

/// Encodes the path `path` of `cfg` (the CFG of `p`) as a trace formula. The path must start at
/// the entry of `main` and end in the error vertex 0.
pub fn encode_path(
    p: &Program,
    cfg: &Cfg,
    path: &[Vertex],
    theory: Theory,
) -> Result<Query, AraError> {
    let bad = |msg: String| AraError::Internal(format!("trace formula: {msg}"));
    if path.is_empty() {
        return Err(bad("empty path".into()));
    }
    if cfg.nodes.len() != p.num_vertices as usize {
        return Err(bad("the CFG is not the program's".into()));
    }
    if !cfg.is_path(path) {
        return Err(bad(format!("{path:?} is not a path of the CFG")));
    }
    if path.last() != Some(&VERTEX_ERROR) {
        return Err(bad(format!("{path:?} does not end in the error vertex")));
    }
    let entry = entry_vertex(&p.body, p.exit_vertex());
    if path[0] != entry {
        return Err(bad(format!(
            "{path:?} does not start at the entry vertex {entry} of main"
        )));
    }
    let mut enc = Enc::new(p, theory);
    for (step, &v) in path.iter().enumerate() {
        let node = cfg.node(v);
        let Action::Stmt(st) = &node.action else {
            continue; // error vertex (the last one): nothing more
        };
        let next = path.get(step + 1).copied();
        enc.stmt(cfg, st, step, next)?;
    }
    Ok(enc.finish(path))
}

/// The expression encoder of the trace formula, on its own: C expressions as SMT terms over
/// terms the caller chooses for the variables (the Horn-clause engine's states). Arrays are
/// not supported (an array read is an error). Each evaluation of [`Expr::Nondet`] becomes a
/// fresh constant `nd<k>`, and in LIA each over-approximated value `ap<k>`: the caller
/// collects them with [`ExprEncoder::take_fresh`] and quantifies them.
pub struct ExprEncoder<'a> {
    enc: Enc<'a>,
}

impl<'a> ExprEncoder<'a> {
    pub fn new(p: &'a Program, theory: Theory) -> Self {
        let mut enc = Enc::new(p, theory);
        enc.env = Some(vec![String::new(); p.vars.len()]);
        ExprEncoder { enc }
    }

    /// The SMT sort of values of type `t`.
    pub fn sort(&self, t: IntType) -> String {
        self.enc.sort(t)
    }

    /// The literal `v` of type `t` (wrapped into its range).
    pub fn lit(&self, v: i128, t: IntType) -> String {
        self.enc.lit(v, t)
    }

    /// `e` evaluated with each variable `v` standing for `env[v]`, converted to type `to`, at
    /// vertex `vertex` (for the names of nondets).
    pub fn value<S: AsRef<str>>(
        &mut self,
        e: &Expr,
        env: &[S],
        to: IntType,
        vertex: Vertex,
    ) -> Result<String, AraError> {
        self.set_env(e, env, vertex);
        let t = self.enc.expr(e)?;
        Ok(self.enc.conv(t, to))
    }

    /// The C truth value of `e` (non-zero) as an SMT `Bool`, like [`ExprEncoder::value`].
    pub fn truth<S: AsRef<str>>(
        &mut self,
        e: &Expr,
        env: &[S],
        vertex: Vertex,
    ) -> Result<String, AraError> {
        self.set_env(e, env, vertex);
        let t = self.enc.expr(e)?;
        Ok(self.enc.truth(t))
    }

    /// `e` read over the mathematical integers (ACSL's reading: no wrapping, no conversion),
    /// as two SMT `Bool`s over bit-vector variables: `(defined, truth)`, `truth` the reading's
    /// truth where `defined` holds (`integer`'s module doc), like [`ExprEncoder::truth`].
    pub fn integer_reading<S: AsRef<str>>(
        &mut self,
        e: &Expr,
        env: &[S],
        vertex: Vertex,
    ) -> Result<(String, String), AraError> {
        self.set_env(e, env, vertex);
        self.enc.integer_reading(e)
    }

    /// Sets the terms of the variables `e` reads (only those: a Horn block of thousands of
    /// variables evaluates thousands of expressions, and copying the whole `env` for each was
    /// quadratic). Entries of other variables are stale, but `e` does not read them.
    fn set_env<S: AsRef<str>>(&mut self, e: &Expr, env: &[S], vertex: Vertex) {
        let slots = self
            .enc
            .env
            .get_or_insert_with(|| vec![String::new(); env.len()]);
        e.visit(&mut |x| {
            if let Expr::Var(v) = x {
                let i = v.0 as usize;
                slots[i].clear();
                slots[i].push_str(env[i].as_ref());
            }
        });
        self.enc.vertex = vertex;
    }

    /// The constants (name, sort) made since the last call: nondets and approximations.
    pub fn take_fresh(&mut self) -> Vec<(String, String)> {
        std::mem::take(&mut self.enc.decls)
    }

    /// The nondet evaluations encoded so far (names, types, vertices), in order.
    pub fn nondets(&self) -> &[NondetUse] {
        &self.enc.nondets
    }

    /// The over-approximations made so far (LIA only).
    pub fn approximations(&self) -> &[String] {
        &self.enc.approximations
    }

    /// Whether a non-linear integer term was made (LIA only).
    pub fn nonlinear(&self) -> bool {
        self.enc.nonlinear
    }

    /// From now on an array read `a[i]` is no error: it becomes a fresh constant `rd<k>` of
    /// the element's sort, recorded for [`ExprEncoder::take_reads`] (the caller says what it
    /// holds: the cell-morphing Horn encoding).
    pub fn allow_reads(&mut self) {
        self.enc.env_reads = Some(vec![]);
    }

    /// The reads made since the last call (with reads allowed), in evaluation order.
    pub fn take_reads(&mut self) -> Vec<EnvRead> {
        self.enc
            .env_reads
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// The index `i` in the index sort (see [`ArrayRead::index_term`]), like
    /// [`ExprEncoder::value`].
    pub fn index<S: AsRef<str>>(
        &mut self,
        i: &Expr,
        env: &[S],
        vertex: Vertex,
    ) -> Result<String, AraError> {
        self.set_env(i, env, vertex);
        self.enc.index(i)
    }

    /// The SMT sort of array indexes.
    pub fn index_sort(&self) -> String {
        self.enc.index_sort()
    }

    /// The C type whose values the index sort holds (`long`, signed).
    pub fn index_type(&self) -> IntType {
        IntType::Long
    }
}

/// A read `a[i]` of an [`ExprEncoder`] with reads allowed.
#[derive(Clone, Debug, PartialEq)]
pub struct EnvRead {
    pub array: ArrId,
    /// The index in the index sort.
    pub index: String,
    /// The constant standing for the element read (`rd<k>`, of the element's sort).
    pub name: String,
    /// When C evaluates the read: `None` whenever its expression is, else the condition (an
    /// SMT `Bool`) under which the `&&`, `||` and `?:` around it evaluate it (`i < n && a[i]`:
    /// `i < n`).
    pub evaluated: Option<String>,
}

/// The first vertex `main` executes (mirrors the CFG builder's rule).
pub fn entry_vertex(ss: &[Stmt], follow: Vertex) -> Vertex {
    for s in ss {
        match &s.kind {
            StmtKind::Label(_) => continue,
            StmtKind::Block(b) => {
                let v = entry_vertex(b, u32::MAX);
                if v != u32::MAX {
                    return v;
                }
            }
            StmtKind::DoWhile { body, .. } => return entry_vertex(body, s.id),
            _ => return s.id,
        }
    }
    follow
}

/// A translated expression: a value of a C type, or an SMT `Bool` standing for an `int` 0/1
/// (comparisons and logical operators: kept Boolean so that guards stay readable).
enum T {
    Val(String, IntType),
    Cond(String),
}

struct Enc<'a> {
    p: &'a Program,
    theory: Theory,
    /// Current version of each variable (`None`: not referenced yet).
    var_ver: Vec<Option<u32>>,
    arr_ver: Vec<Option<u32>>,
    /// `(name, sort)` of every constant declared, in order.
    decls: Vec<(String, String)>,
    /// When set, the SMT term of each program variable (indexed by `VarId`), used as it is
    /// instead of versioned constants: the mode of [`ExprEncoder`].
    env: Option<Vec<String>>,
    inits: Vec<Conjunct>,
    body: Vec<Conjunct>,
    nondets: Vec<NondetUse>,
    free_vars: Vec<FreeVar>,
    free_arrays: Vec<FreeArray>,
    approximations: Vec<String>,
    nonlinear: bool,
    /// Reads made while translating the current conjunct.
    reads: Vec<ArrayRead>,
    /// With [`ExprEncoder::allow_reads`]: the reads of the env mode.
    env_reads: Option<Vec<EnvRead>>,
    /// Count of `rd<k>` constants.
    env_read_count: usize,
    /// The conditions of the `&&`, `||` and `?:` operands being translated: C evaluates them
    /// only when all hold ([`EnvRead::evaluated`]).
    eval_guards: Vec<String>,
    vertex: Vertex,
    step: usize,
    index_bits: u32,
}

impl<'a> Enc<'a> {
    fn new(p: &'a Program, theory: Theory) -> Self {
        Enc {
            p,
            theory,
            var_ver: vec![None; p.vars.len()],
            arr_ver: vec![None; p.arrays.len()],
            decls: vec![],
            env: None,
            inits: vec![],
            body: vec![],
            nondets: vec![],
            free_vars: vec![],
            free_arrays: vec![],
            approximations: vec![],
            nonlinear: false,
            reads: vec![],
            env_reads: None,
            env_read_count: 0,
            eval_guards: vec![],
            vertex: 0,
            step: 0,
            index_bits: IntType::Long.bits(p.data_model),
        }
    }

    fn bv(&self) -> bool {
        self.theory == Theory::BitVector
    }

    fn bits(&self, t: IntType) -> u32 {
        t.bits(self.p.data_model)
    }

    fn sort(&self, t: IntType) -> String {
        if self.bv() {
            format!("(_ BitVec {})", self.bits(t))
        } else {
            "Int".into()
        }
    }

    fn index_sort(&self) -> String {
        if self.bv() {
            format!("(_ BitVec {})", self.index_bits)
        } else {
            "Int".into()
        }
    }

    fn array_sort(&self, elem: IntType) -> String {
        format!("(Array {} {})", self.index_sort(), self.sort(elem))
    }

    /// The literal `v` (already in range) of type `t`.
    fn lit(&self, v: i128, t: IntType) -> String {
        if self.bv() {
            bv_lit(t.wrap(v, self.p.data_model), self.bits(t))
        } else {
            int_lit(v)
        }
    }

    fn index_lit(&self, v: i128) -> String {
        if self.bv() {
            bv_lit(v, self.index_bits)
        } else {
            int_lit(v)
        }
    }

    fn declare(&mut self, name: &str, sort: &str) {
        self.decls.push((name.to_string(), sort.to_string()));
    }

    fn init_conjunct(&mut self, term: String, vars: Vec<VarId>, comment: String) {
        self.inits.push(Conjunct {
            name: String::new(),
            vertex: None,
            step: 0,
            kind: ConjunctKind::Init,
            vars,
            reads: vec![],
            writes: vec![],
            term,
            comment,
        });
    }

    /// The current version of `v`, declaring version 0 (and its initial value) on first use.
    fn var_term(&mut self, v: VarId) -> String {
        if let Some(env) = &self.env {
            return env[v.0 as usize].clone();
        }
        let var = self.p.var(v);
        if let Some(k) = self.var_ver[v.0 as usize] {
            return versioned(&var.name, k);
        }
        self.var_ver[v.0 as usize] = Some(0);
        let name = versioned(&var.name, 0);
        self.declare(&name, &self.sort(var.ty));
        let init = var.init.or(match var.storage {
            Storage::Global => Some(0),
            Storage::Local => None,
        });
        match init {
            Some(k) => {
                let t = format!("(= {name} {})", self.lit(k, var.ty));
                self.init_conjunct(t, vec![v], format!("initial value of {}", var.display));
            }
            None => {
                self.free_vars.push(FreeVar {
                    var: v,
                    ty: var.ty,
                    name: name.clone(),
                });
                // An indeterminate `_Bool` still holds 0 or 1.
                if var.ty == IntType::Bool {
                    let t = if self.bv() {
                        format!("(bvule {name} #x01)")
                    } else {
                        format!("(and (<= 0 {name}) (<= {name} 1))")
                    };
                    self.init_conjunct(
                        t,
                        vec![v],
                        format!("initial value of {} (free _Bool)", var.display),
                    );
                }
            }
        }
        name
    }

    fn new_var_version(&mut self, v: VarId) -> String {
        let k = self.var_ver[v.0 as usize].map_or(1, |k| k + 1);
        self.var_ver[v.0 as usize] = Some(k);
        let var = self.p.var(v);
        let name = versioned(&var.name, k);
        self.declare(&name, &self.sort(var.ty));
        name
    }

    fn zero_array(&self, elem: IntType) -> String {
        format!(
            "((as const {}) {})",
            self.array_sort(elem),
            self.lit(0, elem)
        )
    }

    fn arr_term(&mut self, a: ArrId) -> String {
        let arr = self.p.array(a);
        if let Some(k) = self.arr_ver[a.0 as usize] {
            return versioned(&arr.name, k);
        }
        self.arr_ver[a.0 as usize] = Some(0);
        let name = versioned(&arr.name, 0);
        self.declare(&name, &self.array_sort(arr.elem));
        let value = match &arr.init {
            ArrayInit::Zero => Some(self.zero_array(arr.elem)),
            ArrayInit::List(vs) => {
                let mut t = self.zero_array(arr.elem);
                for (i, v) in vs.iter().enumerate() {
                    t = format!(
                        "(store {t} {} {})",
                        self.index_lit(i as i128),
                        self.lit(*v, arr.elem)
                    );
                }
                Some(t)
            }
            ArrayInit::Nondet => None,
        };
        match value {
            Some(t) => self.init_conjunct(
                format!("(= {name} {t})"),
                vec![],
                format!("initial content of {}", arr.display),
            ),
            None => self.free_arrays.push(FreeArray {
                array: a,
                elem: arr.elem,
                name: name.clone(),
            }),
        }
        name
    }

    fn new_arr_version(&mut self, a: ArrId) -> String {
        let k = self.arr_ver[a.0 as usize].map_or(1, |k| k + 1);
        self.arr_ver[a.0 as usize] = Some(k);
        let arr = self.p.array(a);
        let name = versioned(&arr.name, k);
        self.declare(&name, &self.array_sort(arr.elem));
        name
    }

    /// A read element as C reads it: a free `_Bool` element may hold any byte, read as 0 or 1.
    fn bool_elem(&self, sel: String, elem: IntType) -> String {
        if elem == IntType::Bool {
            format!(
                "(ite (= {sel} {}) {} {})",
                self.lit(0, elem),
                self.lit(0, elem),
                self.lit(1, elem)
            )
        } else {
            sel
        }
    }

    /// An unconstrained value standing for what LIA cannot express.
    fn approx(&mut self, what: String) -> String {
        let name = format!("ap{}", self.approximations.len());
        self.declare(&name, "Int");
        self.approximations
            .push(format!("vertex {}: {what} is unconstrained", self.vertex));
        name
    }

    /// `t` converted to type `to` as C converts.
    fn conv(&self, t: T, to: IntType) -> String {
        match t {
            T::Cond(b) => format!("(ite {b} {} {})", self.lit(1, to), self.lit(0, to)),
            T::Val(s, from) if from == to => s,
            T::Val(s, from) if to == IntType::Bool => format!(
                "(ite (= {s} {}) {} {})",
                self.lit(0, from),
                self.lit(0, to),
                self.lit(1, to)
            ),
            T::Val(s, from) => {
                if !self.bv() {
                    return s;
                }
                let (wf, wt) = (self.bits(from), self.bits(to));
                resize(s, wf, wt, from.is_signed())
            }
        }
    }

    /// The C truth value of `t` as an SMT Bool.
    fn truth(&self, t: T) -> String {
        match t {
            T::Cond(b) => b,
            T::Val(s, ty) => format!("(not (= {s} {}))", self.lit(0, ty)),
        }
    }

    /// An index expression in the index sort (sign- or zero-extended per its C type).
    fn index(&mut self, i: &Expr) -> Result<String, AraError> {
        let t = self.expr(i)?;
        if !self.bv() {
            return Ok(match t {
                T::Val(s, _) => s,
                T::Cond(b) => format!("(ite {b} 1 0)"),
            });
        }
        Ok(match t {
            T::Cond(b) => format!("(ite {b} {} {})", self.index_lit(1), self.index_lit(0)),
            T::Val(s, ty) => resize(s, self.bits(ty), self.index_bits, ty.is_signed()),
        })
    }

    fn expr(&mut self, e: &Expr) -> Result<T, AraError> {
        let p = self.p;
        Ok(match e {
            Expr::Const(v, t) => T::Val(self.lit(*v, *t), *t),
            Expr::Var(v) => T::Val(self.var_term(*v), p.var(*v).ty),
            Expr::Read(a, i) if self.env.is_some() && self.env_reads.is_some() => {
                let index = self.index(i)?;
                let name = format!("rd{}", self.env_read_count);
                self.env_read_count += 1;
                let elem = p.array(*a).elem;
                self.declare(&name, &self.sort(elem));
                let evaluated = match self.eval_guards.as_slice() {
                    [] => None,
                    [g] => Some(g.clone()),
                    gs => Some(format!("(and {})", gs.join(" "))),
                };
                if let Some(rs) = self.env_reads.as_mut() {
                    rs.push(EnvRead {
                        array: *a,
                        index,
                        name: name.clone(),
                        evaluated,
                    });
                }
                T::Val(self.bool_elem(name, elem), elem)
            }
            Expr::Read(..) if self.env.is_some() => {
                return Err(AraError::Internal(
                    "expression encoder: array read in an array-free encoding".into(),
                ));
            }
            Expr::Read(a, i) => {
                let idx = self.index(i)?;
                let arr = self.arr_term(*a);
                self.reads.push(ArrayRead {
                    array: *a,
                    index_term: idx.clone(),
                    index_expr: (**i).clone(),
                });
                let elem = p.array(*a).elem;
                let sel = format!("(select {arr} {idx})");
                T::Val(self.bool_elem(sel, elem), elem)
            }
            Expr::Nondet(t) => {
                let name = format!("nd{}", self.nondets.len());
                self.nondets.push(NondetUse {
                    vertex: self.vertex,
                    step: self.step,
                    ty: *t,
                    name: name.clone(),
                });
                if *t == IntType::Bool {
                    self.declare(&name, "Bool");
                    T::Val(
                        format!("(ite {name} {} {})", self.lit(1, *t), self.lit(0, *t)),
                        *t,
                    )
                } else {
                    self.declare(&name, &self.sort(*t));
                    T::Val(name, *t)
                }
            }
            Expr::Unary(UnOp::LogNot, a) => {
                let a = self.expr(a)?;
                T::Cond(not(self.truth(a)))
            }
            Expr::Unary(op, a) => {
                let ty = e.ty(p);
                let x = self.expr(a)?;
                let x = self.conv(x, ty);
                let s = match (op, self.bv()) {
                    (UnOp::Neg, true) => format!("(bvneg {x})"),
                    (UnOp::Neg, false) => format!("(- {x})"),
                    (_, true) => format!("(bvnot {x})"),
                    // ~x = -x - 1 on unbounded integers.
                    (_, false) => format!("(- (- {x}) 1)"),
                };
                T::Val(s, ty)
            }
            Expr::Binary(op, a, b) => self.binary(*op, a, b, e.ty(p))?,
            Expr::Cond(c, t, f) => {
                let ty = e.ty(p);
                let c = self.expr(c)?;
                let c = self.truth(c);
                let t = self.guarded(c.clone(), t)?;
                let t = self.conv(t, ty);
                let f = self.guarded(format!("(not {c})"), f)?;
                let f = self.conv(f, ty);
                T::Val(format!("(ite {c} {t} {f})"), ty)
            }
            Expr::Cast(t, a) => {
                let x = self.expr(a)?;
                T::Val(self.conv(x, *t), *t)
            }
        })
    }

    /// `e` translated as an operand C evaluates only when `when` holds.
    fn guarded(&mut self, when: String, e: &Expr) -> Result<T, AraError> {
        self.eval_guards.push(when);
        let out = self.expr(e);
        self.eval_guards.pop();
        out
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, ty: IntType) -> Result<T, AraError> {
        use BinOp::*;
        let p = self.p;
        if matches!(op, LogAnd | LogOr) {
            let x = self.expr(a)?;
            let x = self.truth(x);
            let when = match op {
                LogAnd => x.clone(),
                _ => format!("(not {x})"),
            };
            let y = self.guarded(when, b)?;
            let y = self.truth(y);
            let f = if op == LogAnd { "and" } else { "or" };
            return Ok(T::Cond(format!("({f} {x} {y})")));
        }
        // Operand type: the usual arithmetic conversions, except for shifts (each operand
        // promoted on its own; the amount is brought to the left operand's width).
        let ot = if op.is_boolean() {
            IntType::usual_arith(a.ty(p), b.ty(p), p.data_model)
        } else {
            ty
        };
        let x = self.expr(a)?;
        let x = self.conv(x, ot);
        let y = self.expr(b)?;
        let y = if matches!(op, Shl | Shr) {
            // Promotion keeps the value: resize from the operand's own type.
            match y {
                T::Val(s, _) if !self.bv() => s,
                T::Val(s, bt) => resize(s, self.bits(bt), self.bits(ot), bt.is_signed()),
                c @ T::Cond(_) => self.conv(c, ot),
            }
        } else {
            self.conv(y, ot)
        };
        let signed = ot.is_signed();
        if self.bv() {
            let f = match op {
                Add => "bvadd",
                Sub => "bvsub",
                Mul => "bvmul",
                Div if signed => "bvsdiv",
                Div => "bvudiv",
                Rem if signed => "bvsrem",
                Rem => "bvurem",
                Shl => "bvshl",
                Shr if signed => "bvashr",
                Shr => "bvlshr",
                BitAnd => "bvand",
                BitOr => "bvor",
                BitXor => "bvxor",
                Lt if signed => "bvslt",
                Lt => "bvult",
                Le if signed => "bvsle",
                Le => "bvule",
                Gt if signed => "bvsgt",
                Gt => "bvugt",
                Ge if signed => "bvsge",
                Ge => "bvuge",
                Eq => "=",
                Ne => return Ok(T::Cond(format!("(not (= {x} {y}))"))),
                LogAnd | LogOr => unreachable!("handled above"),
            };
            return Ok(if op.is_boolean() {
                T::Cond(format!("({f} {x} {y})"))
            } else {
                T::Val(format!("({f} {x} {y})"), ty)
            });
        }
        // Unbounded integers.
        let s = match op {
            Lt | Le | Gt | Ge | Eq => {
                let f = match op {
                    Lt => "<",
                    Le => "<=",
                    Gt => ">",
                    Ge => ">=",
                    _ => "=",
                };
                return Ok(T::Cond(format!("({f} {x} {y})")));
            }
            Ne => return Ok(T::Cond(format!("(not (= {x} {y}))"))),
            Add => format!("(+ {x} {y})"),
            Sub => format!("(- {x} {y})"),
            Mul => {
                if parse_int_lit(&x).is_none() && parse_int_lit(&y).is_none() {
                    self.nonlinear = true;
                }
                format!("(* {x} {y})")
            }
            // SMT-LIB `div`/`mod` are Euclidean (remainder ≥ 0); for a dividend ≥ 0 that is C's
            // truncation whatever the divisor's sign, and a negative dividend is negated.
            Div | Rem => {
                if parse_int_lit(&y).is_none() {
                    self.nonlinear = true;
                }
                let f = if op == Div { "div" } else { "mod" };
                format!("(ite (>= {x} 0) ({f} {x} {y}) (- ({f} (- {x}) {y})))")
            }
            Shl | Shr => match parse_int_lit(&y) {
                Some(k) if (0..=126).contains(&k) => {
                    let m = 1i128 << k;
                    // An arithmetic right shift is floor division, which `div` by m > 0 is.
                    if op == Shl {
                        format!("(* {x} {m})")
                    } else {
                        format!("(div {x} {m})")
                    }
                }
                _ => self.approx(format!(
                    "shift by a non-constant amount `{}`",
                    op.c_symbol()
                )),
            },
            BitAnd | BitOr | BitXor => self.approx(format!("bitwise `{}`", op.c_symbol())),
            LogAnd | LogOr => unreachable!("handled above"),
        };
        Ok(T::Val(s, ty))
    }

    fn push(&mut self, kind: ConjunctKind, term: String, vars: Vec<VarId>, comment: &str) {
        let reads = std::mem::take(&mut self.reads);
        self.body.push(Conjunct {
            name: String::new(),
            vertex: Some(self.vertex),
            step: self.step,
            kind,
            vars,
            reads,
            writes: vec![],
            term,
            comment: comment.to_string(),
        });
    }

    fn stmt(
        &mut self,
        cfg: &Cfg,
        st: &Stmt,
        step: usize,
        next: Option<Vertex>,
    ) -> Result<(), AraError> {
        let p = self.p;
        self.vertex = st.id;
        self.step = step;
        self.reads.clear();
        let line = if st.span.line > 0 {
            format!(" (line {})", st.span.line)
        } else {
            String::new()
        };
        let comment = format!("vertex {}{line}: {}", st.id, stmt_head(p, st));
        match &st.kind {
            StmtKind::Assign(x, e) => {
                let rhs = self.expr(e)?;
                let rhs = self.conv(rhs, p.var(*x).ty);
                let lhs = self.new_var_version(*x);
                let mut vars = vec![*x];
                extend_unique(&mut vars, e.vars());
                self.push(
                    ConjunctKind::Assign,
                    format!("(= {lhs} {rhs})"),
                    vars,
                    &comment,
                );
            }
            StmtKind::Store(a, i, e) => {
                let idx = self.index(i)?;
                let val = self.expr(e)?;
                let val = self.conv(val, p.array(*a).elem);
                let old = self.arr_term(*a);
                let new = self.new_arr_version(*a);
                let mut vars = i.vars();
                extend_unique(&mut vars, e.vars());
                self.push(
                    ConjunctKind::Store,
                    format!("(= {new} (store {old} {idx} {val}))"),
                    vars,
                    &comment,
                );
                if let Some(c) = self.body.last_mut() {
                    c.writes.push(ArrayRead {
                        array: *a,
                        index_term: idx,
                        index_expr: i.clone(),
                    });
                }
            }
            StmtKind::ParAssign(xs) => {
                // All right-hand sides over the old versions first.
                let mut rhss = Vec::new();
                for (x, e) in xs {
                    let rhs = self.expr(e)?;
                    let rhs = self.conv(rhs, p.var(*x).ty);
                    rhss.push((rhs, std::mem::take(&mut self.reads)));
                }
                for ((x, e), (rhs, reads)) in xs.iter().zip(rhss) {
                    let lhs = self.new_var_version(*x);
                    let mut vars = vec![*x];
                    extend_unique(&mut vars, e.vars());
                    self.reads = reads;
                    self.push(
                        ConjunctKind::Assign,
                        format!("(= {lhs} {rhs})"),
                        vars,
                        &comment,
                    );
                }
            }
            StmtKind::Assume(c) => {
                let t = self.expr(c)?;
                let t = self.truth(t);
                self.push(ConjunctKind::Assume, t, c.vars(), &comment);
            }
            StmtKind::Assert(c) => {
                let t = self.expr(c)?;
                let t = self.truth(t);
                if next == Some(VERTEX_ERROR) {
                    self.push(
                        ConjunctKind::NegatedAssert,
                        not(t),
                        c.vars(),
                        &format!("{comment} fails"),
                    );
                } else {
                    self.push(
                        ConjunctKind::Guard { taken: true },
                        t,
                        c.vars(),
                        &format!("{comment} holds"),
                    );
                }
            }
            StmtKind::If(c, ..)
            | StmtKind::While { cond: c, .. }
            | StmtKind::DoWhile { cond: c, .. } => {
                let Some(next) = next else {
                    return Ok(());
                };
                let node = cfg.node(st.id);
                let to_next = |g: Guard| node.succs.iter().any(|e| e.to == next && e.guard == g);
                let taken = match (to_next(Guard::True), to_next(Guard::False)) {
                    // Both branches lead there: the condition does not matter.
                    (true, true) => return Ok(()),
                    (true, false) => true,
                    (false, true) => false,
                    (false, false) => {
                        return Err(AraError::Internal(format!(
                            "trace formula: no branch edge {} -> {next}",
                            st.id
                        )));
                    }
                };
                let t = self.expr(c)?;
                let t = self.truth(t);
                let (term, what) = if taken {
                    (t, "true")
                } else {
                    (not(t), "false")
                };
                self.push(
                    ConjunctKind::Guard { taken },
                    term,
                    c.vars(),
                    &format!("{comment} [{what}]"),
                );
            }
            StmtKind::Error
            | StmtKind::Exit
            | StmtKind::Skip
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Goto(_)
            | StmtKind::Label(_)
            | StmtKind::Block(_) => {}
            StmtKind::Call(_) => {
                return Err(AraError::Internal(crate::ir::procs::NO_CALLS.into()));
            }
        }
        Ok(())
    }

    fn finish(self, path: &[Vertex]) -> Query {
        let mut conjuncts: Vec<Conjunct> = self.inits.into_iter().chain(self.body).collect();
        for (k, c) in conjuncts.iter_mut().enumerate() {
            c.name = format!("c{k}");
        }
        let logic = match (self.theory, self.nonlinear) {
            (Theory::BitVector, _) => "QF_ABV",
            (Theory::Lia, false) => "QF_AUFLIA",
            (Theory::Lia, true) => "QF_AUFNIA",
        };
        let mut q = Query {
            text: String::new(),
            conjuncts,
            nondets: self.nondets,
            theory: self.theory,
            logic: logic.into(),
            declarations: self
                .decls
                .iter()
                .map(|(n, s)| format!("(declare-const {n} {s})"))
                .collect(),
            free_vars: self.free_vars,
            free_arrays: self.free_arrays,
            approximations: self.approximations,
            path: path.to_vec(),
        };
        let path_text: Vec<String> = path.iter().map(|v| v.to_string()).collect();
        let theory = match q.theory {
            Theory::BitVector => "bit-vectors",
            Theory::Lia => "linear integer arithmetic",
        };
        let mut text = format!(
            "; trace formula of {}, path {} ({theory})\n",
            self.p.file,
            path_text.join(" ")
        );
        for a in &q.approximations {
            let _ = writeln!(text, "; approximation: {a}");
        }
        text.push_str(&q.script_with(&|_| true));
        text.push_str("(check-sat)\n");
        q.text = text;
        q
    }
}

/// The SMT term of scalar `x` as the path has it right before step `step` (after the
/// assignments of earlier steps), converted to the sort of [`ArrayRead::index_term`] (signed
/// or unsigned extension, or the low bits: C's conversion to `long`); `None` when the formula
/// has no such term (the variable is not mentioned before that step).
pub fn var_index_term(q: &Query, p: &Program, x: VarId, step: usize) -> Option<String> {
    // Each assignment of `x` makes the next version (`Enc::new_var_version`); its conjunct
    // lists `x` first.
    let k = q
        .conjuncts
        .iter()
        .filter(|c| c.kind == ConjunctKind::Assign && c.step < step && c.vars.first() == Some(&x))
        .count() as u32;
    let var = p.var(x);
    let name = versioned(&var.name, k);
    let declared = format!(" {name} ");
    if !q.declarations.iter().any(|d| d.contains(&declared)) {
        return None;
    }
    if q.theory == Theory::Lia {
        return Some(name);
    }
    let from = var.ty.bits(p.data_model);
    let to = IntType::Long.bits(p.data_model);
    Some(match from.cmp(&to) {
        std::cmp::Ordering::Equal => name,
        std::cmp::Ordering::Greater => format!("((_ extract {} 0) {name})", to - 1),
        std::cmp::Ordering::Less if var.ty.is_signed() => {
            format!("((_ sign_extend {}) {name})", to - from)
        }
        std::cmp::Ordering::Less => format!("((_ zero_extend {}) {name})", to - from),
    })
}

/// The SMT symbol of version `k` of a variable or array: `x@3`, quoted as `|x@3|` when the
/// name is not a plain C identifier (C identifiers never need quoting, and `@` keeps versions
/// apart from ara's own constants `nd…`, `ap…` and conjunct names `c…`).
pub(crate) fn versioned(name: &str, k: u32) -> String {
    let plain = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if plain {
        format!("{name}@{k}")
    } else {
        format!("|{}@{k}|", name.replace(['|', '\\'], "_"))
    }
}

fn extend_unique(out: &mut Vec<VarId>, more: Vec<VarId>) {
    for v in more {
        if !out.contains(&v) {
            out.push(v);
        }
    }
}

/// `(not s)`, without double negations.
pub(crate) fn not(s: String) -> String {
    match s.strip_prefix("(not ").and_then(|r| r.strip_suffix(')')) {
        // Only when the stripped text is one balanced term.
        Some(inner) if balanced(inner) => inner.to_string(),
        _ => format!("(not {s})"),
    }
}

/// Is `s` free of unmatched parentheses (never going below depth 0)?
fn balanced(s: &str) -> bool {
    let mut d = 0i32;
    for c in s.chars() {
        match c {
            '(' => d += 1,
            ')' => {
                d -= 1;
                if d < 0 {
                    return false;
                }
            }
            _ => {}
        }
    }
    d == 0
}

/// Sign- or zero-extends, or truncates, a bit-vector term from `wf` to `wt` bits.
fn resize(s: String, wf: u32, wt: u32, signed: bool) -> String {
    use std::cmp::Ordering::*;
    // Constants are converted here, to keep the formula readable.
    if let Some(h) = s.strip_prefix("#x")
        && h.len() as u32 * 4 == wf
        && let Ok(u) = u128::from_str_radix(h, 16)
        && wf < 128
    {
        let v = if signed && wf > 0 && (u >> (wf - 1)) & 1 == 1 {
            u as i128 - (1i128 << wf)
        } else {
            u as i128
        };
        return bv_lit(v, wt);
    }
    match wt.cmp(&wf) {
        Equal => s,
        Greater if signed => format!("((_ sign_extend {}) {s})", wt - wf),
        Greater => format!("((_ zero_extend {}) {s})", wt - wf),
        Less => format!("((_ extract {} 0) {s})", wt - 1),
    }
}

/// A bit-vector literal of `bits` bits holding `v` modulo 2^bits.
pub fn bv_lit(v: i128, bits: u32) -> String {
    let u = if bits >= 128 {
        v as u128
    } else {
        v.rem_euclid(1i128 << bits) as u128
    };
    if bits.is_multiple_of(4) {
        format!("#x{:0w$x}", u, w = (bits / 4) as usize)
    } else {
        format!("(_ bv{u} {bits})")
    }
}

/// An integer literal (`(- 5)` for negative values).
pub fn int_lit(v: i128) -> String {
    if v < 0 {
        format!("(- {})", v.unsigned_abs())
    } else {
        v.to_string()
    }
}

/// The value of an integer literal as printed by [`int_lit`].
fn parse_int_lit(s: &str) -> Option<i128> {
    if let Some(inner) = s.strip_prefix("(- ").and_then(|r| r.strip_suffix(')')) {
        return inner.parse::<i128>().ok().map(|v| -v);
    }
    s.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals() {
        assert_eq!(bv_lit(-1, 32), "#xffffffff");
        assert_eq!(bv_lit(10, 32), "#x0000000a");
        assert_eq!(bv_lit(1, 64), "#x0000000000000001");
        assert_eq!(bv_lit(5, 3), "(_ bv5 3)");
        assert_eq!(int_lit(-5), "(- 5)");
        assert_eq!(parse_int_lit("(- 5)"), Some(-5));
        assert_eq!(parse_int_lit("12"), Some(12));
        assert_eq!(parse_int_lit("x@1"), None);
    }

    #[test]
    fn resizing() {
        assert_eq!(resize("x".into(), 8, 32, true), "((_ sign_extend 24) x)");
        assert_eq!(resize("x".into(), 8, 32, false), "((_ zero_extend 24) x)");
        assert_eq!(resize("x".into(), 64, 32, true), "((_ extract 31 0) x)");
        assert_eq!(resize("x".into(), 32, 32, true), "x");
        assert_eq!(resize("#xff".into(), 8, 32, true), "#xffffffff");
        assert_eq!(resize("#xff".into(), 8, 32, false), "#x000000ff");
        assert_eq!(resize("#x00000101".into(), 32, 8, true), "#x01");
    }

    #[test]
    fn symbols() {
        assert_eq!(versioned("x", 3), "x@3");
        assert_eq!(versioned("f::x", 0), "|f::x@0|");
    }

    #[test]
    fn negation() {
        assert_eq!(not("(not (= x y))".into()), "(= x y)");
        assert_eq!(not("(= x y)".into()), "(not (= x y))");
        assert_eq!(not("(not x) (y)".into()), "(not (not x) (y))");
    }
}
