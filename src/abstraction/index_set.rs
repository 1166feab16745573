//! The index-set abstraction `abstract(P, V, R)` of Armando, Benerecetti and Mantovani
//! (TACAS 2007).
//!
//! Takes a program, a set `V` of scalar variables to keep and, per array `a`, a set `R(a)` of
//! tracked indexes; gives an array-free program: every tracked element `a[k]` becomes a scalar
//! `a__k`, a read `a[e]` becomes `(ê == k1 ? a__k1 : … : u)`, a write `a[e1] = e2` a parallel
//! conditional update of the tracked elements, and variables outside `V` read as the undefined
//! value `u` (a fresh nondeterministic value) and are never written. Statement ids and spans are
//! kept, so every trace of the abstract program is a path of the original CFG.

use crate::error::AraError;
use crate::ir::{
    ArrId, Array, ArrayInit, BinOp, Expr, IntType, Program, Stmt, StmtKind, Storage, Var, VarId,
};
use std::collections::{BTreeMap, BTreeSet};

/// The scalar variables `V` the abstraction keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VarSet {
    All,
    Only(BTreeSet<VarId>),
}

impl VarSet {
    pub fn none() -> VarSet {
        VarSet::Only(BTreeSet::new())
    }

    pub fn contains(&self, v: VarId) -> bool {
        match self {
            VarSet::All => true,
            VarSet::Only(s) => s.contains(&v),
        }
    }

    /// Adds `v` (no effect on `All`).
    pub fn insert(&mut self, v: VarId) {
        if let VarSet::Only(s) = self {
            s.insert(v);
        }
    }

    /// Parses the CLI form: `all`, `none` or a comma-separated list of variable names (C names
    /// or user names as in [`Program::var_by_name`]).
    pub fn parse(p: &Program, text: &str) -> Result<VarSet, AraError> {
        match text.trim() {
            "all" => return Ok(VarSet::All),
            "none" | "" => return Ok(VarSet::none()),
            _ => {}
        }
        let mut set = BTreeSet::new();
        for name in text.split(',').map(str::trim) {
            let v = p.var_by_name(name).ok_or_else(|| {
                AraError::Usage(format!(
                    "unknown variable `{name}` in the variable set (known: {})",
                    known(p.vars.iter().map(|v| v.display.as_str()))
                ))
            })?;
            set.insert(v);
        }
        Ok(VarSet::Only(set))
    }
}

/// The tracked indexes `R(a)` of one array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tracked {
    /// Every index `0..size`.
    All,
    Only(BTreeSet<u64>),
}

/// `R`: the tracked indexes of every array (an array not in the map tracks nothing).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IndexSets(pub BTreeMap<ArrId, Tracked>);

impl IndexSets {
    /// `R(a) = {}` for every array.
    pub fn empty() -> IndexSets {
        IndexSets::default()
    }

    /// `R(a) = all indexes` for every array of `p` (the abstraction is then exact).
    pub fn all(p: &Program) -> IndexSets {
        IndexSets(p.array_ids().map(|a| (a, Tracked::All)).collect())
    }

    /// Tracks index `k` of `a` (no effect if `a` already tracks all).
    pub fn insert(&mut self, a: ArrId, k: u64) {
        match self
            .0
            .entry(a)
            .or_insert_with(|| Tracked::Only(BTreeSet::new()))
        {
            Tracked::All => {}
            Tracked::Only(s) => {
                s.insert(k);
            }
        }
    }

    pub fn contains(&self, a: ArrId, k: u64) -> bool {
        match self.0.get(&a) {
            None => false,
            Some(Tracked::All) => true,
            Some(Tracked::Only(s)) => s.contains(&k),
        }
    }

    /// The tracked indexes of `a` that lie inside the array, in increasing order.
    pub fn indexes(&self, p: &Program, a: ArrId) -> Vec<u64> {
        // A symbolic size (`Size::Var`) has no finite "all": it tracks only the indexes named
        // (fewer elements tracked is still an over-approximation, never a verdict by itself).
        let size = p.array(a).size.as_const();
        match (self.0.get(&a), size) {
            (None, _) | (Some(Tracked::All), None) => vec![],
            (Some(Tracked::All), Some(size)) => (0..size).collect(),
            (Some(Tracked::Only(s)), _) => s
                .iter()
                .copied()
                .filter(|&k| size.is_none_or(|n| k < n))
                .collect(),
        }
    }

    /// Parses the CLI form, one entry per array: `a=1,5`, `b=0`, `c=all`, `d=` (nothing).
    /// Entries for the same array add up. Arrays are named by C name or user name.
    pub fn parse_track(p: &Program, entries: &[&str]) -> Result<IndexSets, AraError> {
        let mut r = IndexSets::empty();
        for entry in entries {
            let (name, idx) = entry.split_once('=').ok_or_else(|| {
                AraError::Usage(format!(
                    "bad index set `{entry}`: expected ARRAY=INDEX,INDEX,… or ARRAY=all"
                ))
            })?;
            let name = name.trim();
            let a = p.array_by_name(name).ok_or_else(|| {
                AraError::Usage(format!(
                    "unknown array `{name}` in `{entry}` (known: {})",
                    known(p.arrays.iter().map(|a| a.display.as_str()))
                ))
            })?;
            let size = p.array(a).size;
            let idx = idx.trim();
            if idx == "all" {
                r.0.insert(a, Tracked::All);
                continue;
            }
            r.0.entry(a)
                .or_insert_with(|| Tracked::Only(BTreeSet::new()));
            for k in idx.split(',').map(str::trim).filter(|k| !k.is_empty()) {
                let k: u64 = k.parse().map_err(|_| {
                    AraError::Usage(format!(
                        "bad index `{k}` for array `{name}`: expected a non-negative integer"
                    ))
                })?;
                if let Some(size) = size.as_const()
                    && k >= size
                {
                    return Err(AraError::Usage(format!(
                        "index {k} is out of range for array `{name}` of size {size}"
                    )));
                }
                r.insert(a, k);
            }
        }
        Ok(r)
    }
}

fn known<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let v: Vec<&str> = names.collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

/// The result of [`abstract_program`].
#[derive(Clone, Debug)]
pub struct Abstraction {
    /// The array-free abstract program (same vertex numbering as the original).
    pub program: Program,
    /// The scalar standing for each tracked element `a[k]`.
    pub element_vars: BTreeMap<(ArrId, u64), VarId>,
}

/// Builds the abstraction of `p` keeping the scalars in `v` and the array elements in `r`.
///
/// The variables of `p` keep their ids (those outside `V` stay declared, unused); the element
/// scalars are appended after them and are always kept (`V` names only the original scalars).
/// A nondet value of the program itself (`Expr::Nondet` in `p`) keeps its meaning, so with
/// `V = all` and `R = all` the abstraction is exact (Theorem 1 of the paper), nested reads
/// `a[a[i]]` included.
pub fn abstract_program(p: &Program, v: &VarSet, r: &IndexSets) -> Abstraction {
    abstract_program_with(p, v, r, false)
}

/// [`abstract_program`], optionally keeping each array whose every index is tracked
/// (`R(a) = all`) as the array itself instead of one scalar per element. Both are exact for
/// that array; the array is far cheaper for a checker (one array read instead of a chain of
/// `size` conditionals), which is what the refinement loop wants. The result then has arrays.
pub fn abstract_program_with(
    p: &Program,
    v: &VarSet,
    r: &IndexSets,
    keep_full_arrays: bool,
) -> Abstraction {
    let mut q = p.clone();
    let mut element_vars = BTreeMap::new();
    let kept: BTreeSet<ArrId> = if keep_full_arrays {
        r.0.iter()
            .filter(|(a, t)| matches!(t, Tracked::All) && p.array(**a).size.as_const().is_some())
            .map(|(a, _)| *a)
            .collect()
    } else {
        BTreeSet::new()
    };
    for a in p.array_ids() {
        if kept.contains(&a) {
            continue;
        }
        let arr = p.array(a);
        for k in r.indexes(p, a) {
            let name = q.fresh_name(&format!("{}__{}", arr.name, k));
            let (init, storage) = element_start(arr, k);
            q.vars.push(Var {
                name,
                display: element_display(arr, k),
                ty: arr.elem,
                storage,
                init,
                span: arr.span,
                synthetic: false,
            });
            element_vars.insert((a, k), VarId(q.vars.len() as u32 - 1));
        }
    }
    let mut cx = Cx {
        p,
        v,
        elems: BTreeMap::new(),
        kept: &kept,
    };
    for ((a, k), x) in &element_vars {
        cx.elems.entry(*a).or_default().push((*k, *x));
    }
    q.body = cx.stmts(&p.body);
    // Array ids are positions in `arrays`: with a kept array they all stay (the others are
    // declared but no longer used).
    if kept.is_empty() {
        q.arrays.clear();
    }
    Abstraction {
        program: q,
        element_vars,
    }
}

/// The initial value and storage of the scalar for element `k` of `arr`.
fn element_start(arr: &Array, k: u64) -> (Option<i128>, Storage) {
    match (&arr.init, arr.storage) {
        (ArrayInit::Zero, s) => (Some(0), s),
        (ArrayInit::List(vs), s) => (Some(vs.get(k as usize).copied().unwrap_or(0)), s),
        (ArrayInit::Nondet, Storage::Local) => (None, Storage::Local),
        // A nondeterministic global (not made by the front end) must not become zero: a local
        // without initialiser is nondeterministic.
        (ArrayInit::Nondet, Storage::Global) => (None, Storage::Local),
    }
}

/// `a[3]`, `a[3].p` for field arrays (`a[].p`), `m[1][2]` for a flattened `m[3][4]`.
fn element_display(arr: &Array, k: u64) -> String {
    let dims: Option<Vec<u64>> = arr.dims.iter().map(|d| d.as_const()).collect();
    let dims = dims.unwrap_or_default();
    let dims_ok = dims.len() > 1
        && dims.iter().try_fold(1u64, |acc, &d| acc.checked_mul(d)) == arr.size.as_const();
    let idx = if dims_ok {
        let mut rest = k;
        let mut parts = vec![];
        for &d in dims.iter().rev() {
            parts.push(format!("[{}]", rest % d));
            rest /= d;
        }
        parts.reverse();
        parts.concat()
    } else {
        format!("[{k}]")
    };
    if let Some(pos) = arr.display.find("[]") {
        let mut end = pos;
        while arr.display[end..].starts_with("[]") {
            end += 2;
        }
        format!("{}{idx}{}", &arr.display[..pos], &arr.display[end..])
    } else {
        format!("{}{idx}", arr.display)
    }
}

struct Cx<'a> {
    p: &'a Program,
    v: &'a VarSet,
    /// Tracked `(index, scalar)` pairs per array, indexes increasing.
    elems: BTreeMap<ArrId, Vec<(u64, VarId)>>,
    /// Arrays kept whole (every index tracked).
    kept: &'a BTreeSet<ArrId>,
}

fn is_const(e: &Expr) -> Option<i128> {
    match e {
        Expr::Const(v, _) => Some(*v),
        _ => None,
    }
}

/// The constant `k` as an index literal (`int` when it fits).
fn index_const(k: u64) -> Expr {
    if k <= i32::MAX as u64 {
        Expr::int(k as i128)
    } else {
        Expr::Const(k as i128, IntType::LongLong)
    }
}

/// `c ? t : e`, simplified: a constant test picks a branch, equal branches need no test (the
/// operands are side-effect free; for `u` the result is again an arbitrary value).
fn mk_cond(c: Expr, t: Expr, e: Expr) -> Expr {
    if t == e {
        return t;
    }
    match is_const(&c) {
        Some(0) => e,
        Some(_) => t,
        None => Expr::cond(c, t, e),
    }
}

/// `i == k`, folded when `i` is a constant. `k` is a small non-negative index, so C's
/// comparison after the usual conversions agrees with mathematical equality.
fn mk_eq_index(i: &Expr, k: u64) -> Expr {
    match is_const(i) {
        Some(v) => Expr::int((v == k as i128) as i128),
        None => Expr::bin(BinOp::Eq, i.clone(), index_const(k)),
    }
}

impl Cx<'_> {
    fn tracked(&self, a: ArrId) -> &[(u64, VarId)] {
        self.elems.get(&a).map(Vec::as_slice).unwrap_or(&[])
    }

    /// `ê`: the abstraction of an expression.
    fn expr(&self, e: &Expr) -> Expr {
        self.abs(e).0
    }

    /// `ê`, and whether its value depends on the undefined value `u` of a variable outside `V`
    /// (as in the paper, such an expression is undefined; a nondet value of the program itself
    /// is not `u`: it must keep its meaning for exactness).
    fn abs(&self, e: &Expr) -> (Expr, bool) {
        match e {
            Expr::Const(..) | Expr::Nondet(_) => (e.clone(), false),
            Expr::Var(x) => {
                if self.v.contains(*x) {
                    (e.clone(), false)
                } else {
                    (Expr::Nondet(self.p.var(*x).ty), true)
                }
            }
            Expr::Read(a, i) => {
                let (i, undef) = self.abs(i);
                let u = Expr::Nondet(self.p.array(*a).elem);
                if self.kept.contains(a) && !undef {
                    return (Expr::Read(*a, Box::new(i)), false);
                }
                if undef {
                    // An undefined index reads `u` (the paper's rule); the chain of tests, each
                    // drawing fresh values, would say about the same at length.
                    return (u, true);
                }
                // Built from the last tracked index inwards: (i==k1 ? a__k1 : (i==k2 ? … : u)).
                // The fallback `u` does not make the read undefined: when the index is tracked
                // the value is exact (needed for nested reads `a[a[i]]` to stay exact).
                let r = self.tracked(*a).iter().rev().fold(u, |rest, &(k, x)| {
                    mk_cond(mk_eq_index(&i, k), Expr::Var(x), rest)
                });
                (r, false)
            }
            Expr::Unary(op, x) => {
                let (x, u) = self.abs(x);
                (Expr::Unary(*op, Box::new(x)), u)
            }
            Expr::Cast(t, x) => {
                let (x, u) = self.abs(x);
                (Expr::Cast(*t, Box::new(x)), u)
            }
            Expr::Binary(op, a, b) => {
                let ((a, ua), (b, ub)) = (self.abs(a), self.abs(b));
                (Expr::bin(*op, a, b), ua || ub)
            }
            Expr::Cond(c, t, f) => {
                let ((c, uc), (t, ut), (f, uf)) = (self.abs(c), self.abs(t), self.abs(f));
                (mk_cond(c, t, f), uc || (ut && uf))
            }
        }
    }

    fn stmts(&self, ss: &[Stmt]) -> Vec<Stmt> {
        ss.iter().map(|s| self.stmt(s)).collect()
    }

    fn stmt(&self, s: &Stmt) -> Stmt {
        let kind = match &s.kind {
            StmtKind::Assign(x, e) => {
                if self.v.contains(*x) {
                    StmtKind::Assign(*x, self.expr(e))
                } else {
                    StmtKind::Skip
                }
            }
            StmtKind::Store(a, i, e) => self.store(*a, i, e),
            StmtKind::ParAssign(xs) => {
                let kept: Vec<(VarId, Expr)> = xs
                    .iter()
                    .filter(|(x, _)| self.v.contains(*x))
                    .map(|(x, e)| (*x, self.expr(e)))
                    .collect();
                par_assign(kept)
            }
            StmtKind::Assume(c) => StmtKind::Assume(self.expr(c)),
            StmtKind::Assert(c) => StmtKind::Assert(self.expr(c)),
            StmtKind::If(c, t, e) => StmtKind::If(self.expr(c), self.stmts(t), self.stmts(e)),
            StmtKind::While { cond, body, step } => StmtKind::While {
                cond: self.expr(cond),
                body: self.stmts(body),
                step: self.stmts(step),
            },
            StmtKind::DoWhile { body, cond } => StmtKind::DoWhile {
                body: self.stmts(body),
                cond: self.expr(cond),
            },
            StmtKind::Block(b) => StmtKind::Block(self.stmts(b)),
            k @ (StmtKind::Error
            | StmtKind::Exit
            | StmtKind::Skip
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Goto(_)
            | StmtKind::Label(_)) => k.clone(),
        };
        Stmt {
            kind,
            span: s.span,
            id: s.id,
        }
    }

    /// `a[i] = e` → `a__k1, …, a__kn = (î==k1 ? ê : a__k1), …` (all right-hand sides read the
    /// elements before the write); a constant index updates its element only, if tracked.
    fn store(&self, a: ArrId, i: &Expr, e: &Expr) -> StmtKind {
        let i = self.expr(i);
        let e = self.expr(e);
        if self.kept.contains(&a) {
            // An index built from `u` may be any value, the real one included: a write there
            // over-approximates the real write.
            return StmtKind::Store(a, i, e);
        }
        let xs: Vec<(VarId, Expr)> = self
            .tracked(a)
            .iter()
            .map(|&(k, x)| (x, mk_cond(mk_eq_index(&i, k), e.clone(), Expr::Var(x))))
            .filter(|(x, rhs)| rhs != &Expr::Var(*x))
            .collect();
        par_assign(xs)
    }
}

/// The statement for a list of parallel assignments: `Skip` for none, `Assign` for one.
fn par_assign(mut xs: Vec<(VarId, Expr)>) -> StmtKind {
    match xs.len() {
        0 => StmtKind::Skip,
        1 => {
            let (x, e) = xs.pop().expect("one element");
            StmtKind::Assign(x, e)
        }
        _ => StmtKind::ParAssign(xs),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Span;

    fn arr(display: &str, size: u64, dims: Vec<u64>) -> Array {
        Array {
            name: "x".into(),
            display: display.into(),
            elem: IntType::Int,
            size: crate::ir::Size::Const(size),
            storage: Storage::Global,
            init: ArrayInit::Zero,
            span: Span::default(),
            dims: dims.into_iter().map(crate::ir::Size::Const).collect(),
        }
    }

    #[test]
    fn element_names_for_users() {
        assert_eq!(element_display(&arr("a", 5, vec![5]), 3), "a[3]");
        assert_eq!(element_display(&arr("s[].p", 5, vec![5]), 3), "s[3].p");
        assert_eq!(element_display(&arr("m", 12, vec![3, 4]), 7), "m[1][3]");
        assert_eq!(
            element_display(&arr("t[][].f", 6, vec![2, 3]), 5),
            "t[1][2].f"
        );
        // Inconsistent dims fall back to the flat index.
        assert_eq!(element_display(&arr("m", 12, vec![5, 4]), 7), "m[7]");
    }

    #[test]
    fn element_start_values() {
        let mut a = arr("a", 4, vec![4]);
        assert_eq!(element_start(&a, 2), (Some(0), Storage::Global));
        a.init = ArrayInit::List(vec![5, 6]);
        a.storage = Storage::Local;
        assert_eq!(element_start(&a, 1), (Some(6), Storage::Local));
        assert_eq!(element_start(&a, 3), (Some(0), Storage::Local));
        a.init = ArrayInit::Nondet;
        assert_eq!(element_start(&a, 0), (None, Storage::Local));
    }

    #[test]
    fn conditionals_simplify() {
        let u = Expr::Nondet(IntType::Int);
        let x = Expr::Var(VarId(0));
        assert_eq!(mk_cond(x.clone(), u.clone(), u.clone()), u);
        assert_eq!(mk_cond(Expr::int(0), x.clone(), u.clone()), u);
        assert_eq!(mk_cond(Expr::int(2), x.clone(), u.clone()), x);
        assert_eq!(mk_eq_index(&Expr::int(3), 3), Expr::int(1));
        assert_eq!(mk_eq_index(&Expr::int(-1), 3), Expr::int(0));
        assert_eq!(
            mk_eq_index(&x, 3),
            Expr::bin(BinOp::Eq, x.clone(), Expr::int(3))
        );
    }
}
