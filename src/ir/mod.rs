//! The program IR: a *linear program with arrays*.
//!
//! Takes nothing (it is built by `frontend`), gives the data every later stage works on.
//! After the front end, a program is one procedure (`main`, with user functions inlined) over
//! scalar integer variables and one-dimensional arrays of integer elements: structs are split
//! into one variable (or one array, for arrays of structs) per field and multi-dimensional arrays
//! are flattened. Expressions are side-effect free: calls, `++`, assignments inside expressions
//! were hoisted into statements by the front end. `__VERIFIER_nondet_*()` is the expression
//! [`Expr::Nondet`], a fresh value at each evaluation.
//!
//! Every statement that the CFG (`ir::cfg`) turns into a vertex carries its vertex number in
//! [`Stmt::id`]; vertex 0 is the error vertex. Transformations (abstraction, witness) keep the ids
//! so that a trace through a transformed program is a path of the original CFG.

pub mod cfg;
pub mod constant;
pub mod dead;
pub mod emit;
pub mod eval;
pub mod inline;
pub mod print;
pub mod procs;
pub mod trace;
pub mod types;

pub use types::{DataModel, IntType};

use std::fmt;

/// A position in the user's source file (1-based; 0 means "made up by ara").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// Index of a scalar variable in [`Program::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// Index of an array in [`Program::arrays`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ArrId(pub u32);

/// Index of a label in [`Program::labels`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LabelId(pub u32);

/// A CFG vertex number. `VERTEX_ERROR` (0) is the error vertex.
pub type Vertex = u32;
pub const VERTEX_ERROR: Vertex = 0;

/// Where a variable or array lives; decides its initial value when it has no initialiser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Storage {
    /// File-scope: zero-initialised unless an initialiser says otherwise.
    Global,
    /// Declared in a function (or a parameter / temporary made by inlining): indeterminate
    /// (nondeterministic) unless initialised.
    Local,
}

/// A scalar integer variable.
#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    /// Unique C identifier used in emitted programs.
    pub name: String,
    /// What the user wrote (`x`, `s.f`, `f::x` for an inlined local), for messages and traces.
    pub display: String,
    pub ty: IntType,
    pub storage: Storage,
    /// Value at the start of `main`; `None` means zero for globals and nondeterministic for
    /// locals. (The front end sets it for globals only; locals' initialisers are `Assign`
    /// statements. The abstraction sets it for tracked elements of initialised local arrays.)
    pub init: Option<i128>,
    pub span: Span,
    /// Made by ara (temporaries, return values), not declared by the user.
    pub synthetic: bool,
}

/// How an array's elements start out.
#[derive(Clone, Debug, PartialEq)]
pub enum ArrayInit {
    /// Every element zero (globals, `= {0}`).
    Zero,
    /// Every element nondeterministic (uninitialised locals).
    Nondet,
    /// Explicit values for the first elements; the rest zero (C initialiser lists).
    List(Vec<i128>),
}

/// A one-dimensional array of integer elements (one field family of an array of structs, or a
/// flattened multi-dimensional array).
#[derive(Clone, Debug, PartialEq)]
pub struct Array {
    /// Unique C identifier used in emitted programs (`a`, `a__p` for field `p` of `struct S a[]`).
    pub name: String,
    /// What the user wrote (`a`, `a[].p`), for messages and reports.
    pub display: String,
    pub elem: IntType,
    pub size: Size,
    pub storage: Storage,
    /// The contents when the array comes to life: at the start of `main` for a constant size,
    /// at its allocation (the one assignment of its size variable) for a symbolic one.
    pub init: ArrayInit,
    pub span: Span,
    /// For a flattened multi-dimensional array, the original dimensions (`[3, 4]` for
    /// `int m[3][4]`); a single entry for a plain 1-D array. For a symbolic size, the product
    /// of the dimensions is the size variable's value.
    pub dims: Vec<Size>,
}

/// The number of elements of an array (or one dimension of it).
///
/// `Var(n)`: a size known only at run time (a VLA, a `malloc`'d array). `n` is an ordinary
/// scalar of the program, *frozen*: the front end assigns it exactly once, at the array's
/// allocation (that assignment *is* the allocation: the emitter allocates the array right
/// after it), and never again; no statement may assign it a second time and every access of
/// the array runs after it. The array's `init` describes its contents at that point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Size {
    Const(u64),
    Var(VarId),
}

impl Size {
    /// The size when it is a constant.
    pub fn as_const(&self) -> Option<u64> {
        match self {
            Size::Const(n) => Some(*n),
            Size::Var(_) => None,
        }
    }

    /// The size as an IR expression (a constant of type `long long`, or the size variable).
    pub fn expr(&self) -> Expr {
        match self {
            Size::Const(n) => Expr::Const(*n as i128, IntType::LongLong),
            Size::Var(v) => Expr::Var(*v),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    Neg,
    BitNot,
    LogNot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    /// Short-circuit `&&`; side-effect free operands, so only definedness differs from `&`.
    LogAnd,
    LogOr,
}

impl BinOp {
    /// The comparison with its operands swapped (`a < b` is `b > a`); `None` for an operator
    /// that is no comparison.
    pub fn swapped(self) -> Option<BinOp> {
        use BinOp::*;
        Some(match self {
            Lt => Gt,
            Le => Ge,
            Gt => Lt,
            Ge => Le,
            Eq => Eq,
            Ne => Ne,
            _ => return None,
        })
    }

    pub fn c_symbol(self) -> &'static str {
        use BinOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Rem => "%",
            Shl => "<<",
            Shr => ">>",
            BitAnd => "&",
            BitOr => "|",
            BitXor => "^",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            Eq => "==",
            Ne => "!=",
            LogAnd => "&&",
            LogOr => "||",
        }
    }

    /// Comparisons and logical connectives yield `int` 0/1.
    pub fn is_boolean(self) -> bool {
        use BinOp::*;
        matches!(self, Lt | Le | Gt | Ge | Eq | Ne | LogAnd | LogOr)
    }
}

/// A side-effect free integer expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// An integer constant of a C type (the type of the literal after C's rules).
    Const(i128, IntType),
    Var(VarId),
    /// `a[e]`.
    Read(ArrId, Box<Expr>),
    /// A fresh nondeterministic value of the type at every evaluation
    /// (`__VERIFIER_nondet_int()`, and the undefined value `u` of the abstraction).
    Nondet(IntType),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `c ? t : e`.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `(T) e`.
    Cast(IntType, Box<Expr>),
}

impl Expr {
    pub fn int(v: i128) -> Expr {
        Expr::Const(v, IntType::Int)
    }
    pub fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::Binary(op, Box::new(a), Box::new(b))
    }
    // `!e` of C, not `std::ops::Not`: the IR has no operator overloading.
    #[allow(clippy::should_implement_trait)]
    pub fn not(e: Expr) -> Expr {
        Expr::Unary(UnOp::LogNot, Box::new(e))
    }
    pub fn cond(c: Expr, t: Expr, e: Expr) -> Expr {
        Expr::Cond(Box::new(c), Box::new(t), Box::new(e))
    }

    /// The C type of the expression (after integer promotions and the usual arithmetic
    /// conversions), for the given program's variables and arrays.
    pub fn ty(&self, p: &Program) -> IntType {
        match self {
            Expr::Const(_, t) => *t,
            Expr::Var(v) => p.var(*v).ty,
            Expr::Read(a, _) => p.array(*a).elem,
            Expr::Nondet(t) => *t,
            Expr::Unary(UnOp::LogNot, _) => IntType::Int,
            Expr::Unary(_, e) => e.ty(p).promote(),
            Expr::Binary(op, a, b) => {
                if op.is_boolean() {
                    IntType::Int
                } else if matches!(op, BinOp::Shl | BinOp::Shr) {
                    a.ty(p).promote()
                } else {
                    IntType::usual_arith(a.ty(p), b.ty(p), p.data_model)
                }
            }
            Expr::Cond(_, t, e) => IntType::usual_arith(t.ty(p), e.ty(p), p.data_model),
            Expr::Cast(t, _) => *t,
        }
    }

    /// Calls `f` on this expression and every sub-expression (pre-order).
    pub fn visit(&self, f: &mut dyn FnMut(&Expr)) {
        f(self);
        match self {
            Expr::Const(..) | Expr::Var(_) | Expr::Nondet(_) => {}
            Expr::Read(_, i) => i.visit(f),
            Expr::Unary(_, e) | Expr::Cast(_, e) => e.visit(f),
            Expr::Binary(_, a, b) => {
                a.visit(f);
                b.visit(f);
            }
            Expr::Cond(c, t, e) => {
                c.visit(f);
                t.visit(f);
                e.visit(f);
            }
        }
    }

    /// This expression with every occurrence of `Var(v)` replaced by `by`.
    pub fn with_var(&self, v: VarId, by: &Expr) -> Expr {
        let go = |x: &Expr| Box::new(x.with_var(v, by));
        match self {
            Expr::Var(x) if *x == v => by.clone(),
            Expr::Const(..) | Expr::Var(_) | Expr::Nondet(_) => self.clone(),
            Expr::Read(a, i) => Expr::Read(*a, go(i)),
            Expr::Unary(op, x) => Expr::Unary(*op, go(x)),
            Expr::Cast(t, x) => Expr::Cast(*t, go(x)),
            Expr::Binary(op, x, y) => Expr::Binary(*op, go(x), go(y)),
            Expr::Cond(c, x, y) => Expr::Cond(go(c), go(x), go(y)),
        }
    }

    /// Scalar variables occurring in the expression.
    pub fn vars(&self) -> Vec<VarId> {
        let mut out = Vec::new();
        self.visit(&mut |e| {
            if let Expr::Var(v) = e
                && !out.contains(v)
            {
                out.push(*v);
            }
        });
        out
    }
}

/// One `case` group of a lowered statement is not needed: `switch` is lowered by the front end to
/// `if`/`goto`. These are all the statement forms of the IR.
#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `x = e;` (vertex).
    Assign(VarId, Expr),
    /// `a[i] = e;` (vertex).
    Store(ArrId, Expr, Expr),
    /// Parallel assignment `x1, …, xn = e1, …, en` (all right-hand sides are evaluated before any
    /// variable is written). Made by the index-set abstraction for array writes (vertex).
    ParAssign(Vec<(VarId, Expr)>),
    /// `__VERIFIER_assume(e)` / `assume_abort_if_not(e)`: executions where `e` is 0 stop
    /// (vertex).
    Assume(Expr),
    /// `assert(e)` / `__VERIFIER_assert(e)`: goes to the error vertex when `e` is 0 (vertex with
    /// two successors).
    Assert(Expr),
    /// `reach_error()` / `__VERIFIER_error()` / `__assert_fail(...)`: the error vertex is the only
    /// successor (vertex).
    Error,
    /// `abort()`, `exit(n)`, `return` from `main`: the execution ends without error (vertex).
    Exit,
    /// A statement with no effect: an expression statement without side effects, an assignment
    /// the abstraction dropped (vertex).
    Skip,
    /// `if (c) then else els` (the test is the vertex).
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    /// `while (c) { body; step }`: `for` loops keep their increment in `step` (their init is
    /// emitted before the loop as statements); `continue` runs `step` then tests `c` again. The
    /// test is the vertex.
    While {
        cond: Expr,
        body: Vec<Stmt>,
        step: Vec<Stmt>,
    },
    /// `do { body } while (c);` (the test is the vertex).
    DoWhile { body: Vec<Stmt>, cond: Expr },
    /// Leaves the innermost loop (vertex, one successor).
    Break,
    /// Next iteration of the innermost loop (vertex, one successor).
    Continue,
    /// `goto L;` (vertex, one successor).
    Goto(LabelId),
    /// `L:` (not a vertex: `id` is unused).
    Label(LabelId),
    /// `{ ... }` for readability of emitted code (not a vertex).
    Block(Vec<Stmt>),
    /// A call of a procedure of a [`procs::ProcProgram`] (vertex, one successor): only in
    /// the procedural form; the flat `Program` every engine takes has none (`ir::inline`).
    Call(Box<procs::Call>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    /// Source position of the statement the user wrote.
    pub span: Span,
    /// CFG vertex of this statement (unused for `Label` and `Block`).
    pub id: Vertex,
}

impl Stmt {
    /// The expressions evaluated at this statement's own vertex (for `if` and loops, the
    /// condition only), left to right.
    pub fn vertex_exprs(&self) -> Vec<&Expr> {
        match &self.kind {
            StmtKind::Assign(_, e)
            | StmtKind::Assume(e)
            | StmtKind::Assert(e)
            | StmtKind::If(e, ..)
            | StmtKind::While { cond: e, .. }
            | StmtKind::DoWhile { cond: e, .. } => vec![e],
            StmtKind::Store(_, i, e) => vec![i, e],
            StmtKind::ParAssign(xs) => xs.iter().map(|(_, e)| e).collect(),
            _ => vec![],
        }
    }
}

/// Calls `f` on every statement of `ss`, nested ones included (pre-order).
pub fn visit_all<'a>(ss: &'a [Stmt], f: &mut dyn FnMut(&'a Stmt)) {
    for s in ss {
        f(s);
        match &s.kind {
            StmtKind::If(_, t, e) => {
                visit_all(t, f);
                visit_all(e, f);
            }
            StmtKind::While { body, step, .. } => {
                visit_all(body, f);
                visit_all(step, f);
            }
            StmtKind::DoWhile { body, .. } | StmtKind::Block(body) => visit_all(body, f),
            _ => {}
        }
    }
}

/// A whole program after the front end.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The file the program came from (for messages).
    pub file: String,
    pub data_model: DataModel,
    pub vars: Vec<Var>,
    pub arrays: Vec<Array>,
    /// Label names (unique C identifiers).
    pub labels: Vec<String>,
    /// The body of `main`, with every user function inlined.
    pub body: Vec<Stmt>,
    /// Number of vertices: ids are `0..num_vertices`; `0` is the error vertex and
    /// `num_vertices - 1` the exit vertex (the end of `main`).
    pub num_vertices: u32,
    /// The loop statements written in the user's file (not those ara makes, such as the loop
    /// that fills a large array), by the span their `While`/`DoWhile` statement carries.
    pub loop_sites: Vec<LoopSite>,
}

/// The keyword a loop statement starts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LoopKeyword {
    For,
    While,
    Do,
}

impl LoopKeyword {
    pub fn from_word(w: &str) -> Option<LoopKeyword> {
        match w {
            "for" => Some(LoopKeyword::For),
            "while" => Some(LoopKeyword::While),
            "do" => Some(LoopKeyword::Do),
            _ => None,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            LoopKeyword::For => "for",
            LoopKeyword::While => "while",
            LoopKeyword::Do => "do",
        }
    }
}

/// Where a loop statement of the user's file starts, from the parser's span of the statement:
/// its keyword is the `index`-th of the `count` words `keyword` the front end read on one line
/// (outside comments and literals), and that line is `line` of the user's file (`None`: the
/// loop is not written in the user's file, a header's or a macro's on another line). The
/// column in the user's file is that of the same word there, when the line holds `count` of
/// them (a line whose words differ from what the front end read, through a macro, gives none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopSite {
    pub span: Span,
    pub keyword: LoopKeyword,
    pub line: Option<u32>,
    pub index: u32,
    pub count: u32,
}

impl Program {
    pub fn var(&self, v: VarId) -> &Var {
        &self.vars[v.0 as usize]
    }
    pub fn array(&self, a: ArrId) -> &Array {
        &self.arrays[a.0 as usize]
    }
    pub fn var_ids(&self) -> impl Iterator<Item = VarId> + '_ {
        (0..self.vars.len() as u32).map(VarId)
    }
    pub fn array_ids(&self) -> impl Iterator<Item = ArrId> + '_ {
        (0..self.arrays.len() as u32).map(ArrId)
    }
    pub fn var_by_name(&self, name: &str) -> Option<VarId> {
        self.var_ids()
            .find(|&v| self.var(v).name == name || self.var(v).display == name)
    }
    /// The arrays whose size is the (frozen) variable `v`: those its one assignment allocates.
    pub fn arrays_sized_by(&self, v: VarId) -> Vec<ArrId> {
        self.array_ids()
            .filter(|&a| self.array(a).size == Size::Var(v))
            .collect()
    }
    /// Does the program have an array whose size is not a constant?
    pub fn has_symbolic_sizes(&self) -> bool {
        self.arrays.iter().any(|a| a.size.as_const().is_none())
    }
    pub fn array_by_name(&self, name: &str) -> Option<ArrId> {
        self.array_ids()
            .find(|&a| self.array(a).name == name || self.array(a).display == name)
    }
    /// The vertex after the last statement of `main`.
    pub fn exit_vertex(&self) -> Vertex {
        self.num_vertices - 1
    }

    /// Calls `f` on every statement, nested ones included (pre-order).
    pub fn visit_stmts<'a>(&'a self, f: &mut dyn FnMut(&'a Stmt)) {
        visit_all(&self.body, f)
    }

    /// Allocates a fresh variable whose C name does not clash with any other name in the
    /// program; `base` is a hint.
    pub fn fresh_var(&mut self, base: &str, ty: IntType, storage: Storage) -> VarId {
        let name = self.fresh_name(base);
        self.synthetic_var(name, ty, storage)
    }

    /// Adds a synthetic variable named `name` (a fresh name: [`Program::fresh_name`],
    /// [`NameIndex::fresh`]).
    pub fn synthetic_var(&mut self, name: String, ty: IntType, storage: Storage) -> VarId {
        self.vars.push(Var {
            name: name.clone(),
            display: name,
            ty,
            storage,
            init: None,
            span: Span::default(),
            synthetic: true,
        });
        VarId(self.vars.len() as u32 - 1)
    }

    /// A C identifier starting with `base` used by no variable, array or label of the program.
    ///
    /// One pass over the names (`base` itself, and the `i` of every `base_i`): a program that
    /// inlines one function thousands of times asks for thousands of names of one base, and
    /// trying `base_1`, `base_2`, ... against every name each time was cubic (3000 calls of
    /// one function did not get through the front end in minutes).
    pub fn fresh_name(&self, base: &str) -> String {
        let names = (self.vars.iter().map(|v| v.name.as_str()))
            .chain(self.arrays.iter().map(|a| a.name.as_str()))
            .chain(self.labels.iter().map(String::as_str))
            .chain(types::RESERVED_NAMES.iter().copied());
        let mut base_taken = false;
        let mut suffixes = Vec::new();
        for n in names.filter(|n| n.starts_with(base)) {
            if n == base {
                base_taken = true;
            } else if let Some(i) = numbered(n, base) {
                suffixes.push(i);
            }
        }
        if !base_taken {
            return base.to_string();
        }
        suffixes.sort_unstable();
        suffixes.dedup();
        // The first `i` missing from 1, 2, ...: where the sorted suffixes leave their ranks.
        let i = suffixes
            .iter()
            .zip(1..)
            .find(|&(&s, k)| s != k)
            .map_or(suffixes.len() as u64 + 1, |(_, k)| k);
        format!("{base}_{i}")
    }
}

/// The names of a program, kept up to date as it grows, for [`NameIndex::fresh`]: the name
/// [`Program::fresh_name`] gives, found without a pass over every name. A program that
/// inlines one function 20,000 times asks for 60,000 names, and a pass over all names for
/// each took minutes (the front end); here each name costs the names added since the last
/// one, plus the suffixes tried for its base.
#[derive(Clone, Debug, Default)]
pub struct NameIndex {
    taken: std::collections::HashSet<String>,
    /// How many variables, arrays and labels of the program `taken` holds.
    seen: (usize, usize, usize),
    /// Per base, a suffix such that every `base_i` below it is taken.
    from: std::collections::HashMap<String, u64>,
}

impl NameIndex {
    /// [`Program::fresh_name`] of `p` (the same name, while names are only added; after a
    /// program lost names the index is built again).
    pub fn fresh(&mut self, p: &Program, base: &str) -> String {
        self.sync(p);
        if !self.taken.contains(base) {
            return base.to_string();
        }
        let from = self.from.entry(base.to_string()).or_insert(1);
        let name = (*from..)
            .map(|i| format!("{base}_{i}"))
            .find(|n| !self.taken.contains(n))
            .expect("an unbounded range has a free name");
        *from = numbered(&name, base).unwrap_or(1);
        name
    }

    fn sync(&mut self, p: &Program) {
        let now = (p.vars.len(), p.arrays.len(), p.labels.len());
        let (v, a, l) = self.seen;
        if now.0 < v || now.1 < a || now.2 < l || self.seen == (0, 0, 0) {
            *self = NameIndex::default();
            self.taken
                .extend(types::RESERVED_NAMES.iter().map(|n| n.to_string()));
        }
        let (v, a, l) = self.seen;
        let names = (p.vars[v..].iter().map(|x| &x.name))
            .chain(p.arrays[a..].iter().map(|x| &x.name))
            .chain(p.labels[l..].iter());
        self.taken.extend(names.cloned());
        self.seen = now;
    }
}

/// The `i` of `name` = `base_i` as [`Program::fresh_name`] spells it (decimal, no leading zero).
fn numbered(name: &str, base: &str) -> Option<u64> {
    let digits = name.strip_prefix(base)?.strip_prefix('_')?;
    let decimal = !digits.is_empty()
        && !digits.starts_with('0')
        && digits.bytes().all(|b| b.is_ascii_digit());
    decimal.then(|| digits.parse().ok()).flatten()
}

#[cfg(test)]
mod fresh_name_tests {
    use super::*;

    /// The index gives the names `fresh_name` gives, as names come and go.
    #[test]
    fn the_name_index_agrees_with_fresh_name() {
        let mut p = Program {
            file: "t.c".into(),
            data_model: DataModel::Lp64,
            vars: vec![],
            arrays: vec![],
            labels: vec![],
            body: vec![],
            num_vertices: 1,
            loop_sites: vec![],
        };
        let mut ix = NameIndex::default();
        for (k, base) in ["x", "x", "y", "x", "x_1", "x", "y", "main"]
            .iter()
            .enumerate()
        {
            let name = ix.fresh(&p, base);
            assert_eq!(name, p.fresh_name(base), "step {k}");
            p.labels.push(name);
            if k == 3 {
                // Names lost (a front end's scratch lowering): x_2 and x_3 are free again.
                p.labels.truncate(2);
            }
        }
        // `y` and `x_2` were lost with the truncation and given again; `main` is reserved.
        assert_eq!(p.labels, ["x", "x_1", "x_1_1", "x_2", "y", "main_1"]);
    }

    #[test]
    fn numbered_names_are_decimal_without_leading_zeros() {
        assert_eq!(numbered("x_12", "x"), Some(12));
        assert_eq!(numbered("x_0", "x"), None);
        assert_eq!(numbered("x_01", "x"), None);
        assert_eq!(numbered("x_+1", "x"), None);
        assert_eq!(numbered("x_", "x"), None);
        assert_eq!(numbered("xy_1", "x"), None);
        assert_eq!(numbered("x_1_2", "x"), None);
    }
}
