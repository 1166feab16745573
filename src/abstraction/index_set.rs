//! The index-set abstraction `abstract(P, V, R)` of Armando, Benerecetti and Mantovani
//! (TACAS 2007), with symbolic *cells*.
//!
//! Takes a program, a set `V` of scalar variables to keep and, per array `a`, the cells `R(a)`
//! it tracks; gives an array-free program. A cell is an index: a constant `k`, a *witness
//! symbol* `w1`, `w2` (a fresh scalar chosen once at the start, `0 <= w1 < w2 < W`, `W` the
//! largest size of the arrays that track it; no `W` when one of them has a symbolic size), or
//! an *index term* `t` over a program variable (`N - 1`, `N / 2`: [`Term`]). Every cell `c` of
//! `a` becomes a scalar `a@c` (C name `a__3`, `a__w1`, `a__Nm1`), initialised like the
//! array's elements; a read `a[e]` becomes `(ê == c1 ? a@c1 : ê == c2 ? a@c2 : u)` (witness
//! cells first, then terms, then constants; a term is compared as `(T)ê == t̂`), a write
//! `a[e1] = e2` a parallel conditional update `a@c = (ê1 == c ? ê2 : a@c)` of every cell,
//! and variables outside `V` read as the undefined value `u` (a fresh nondeterministic value)
//! and are never written. A cell is *exact*: its scalar holds the element at its index at
//! every step, whatever the index is (a witness of an array smaller than `W` hits only while
//! it lies inside the array).
//!
//! ## Index terms (why their cells stay exact)
//! A term's index `t̂` changes when its variable `x` is assigned. So every assignment to `x`
//! (an `Assign`, or a member of a `ParAssign`) gets, in parallel, a *reset* of each cell over
//! `x`: to the array's initial contents (zero for `calloc`/zeroed arrays, a fresh value for
//! `malloc`, VLAs and uninitialised locals) when the assignment is the allocation of the array
//! (`x` its size variable: the array comes to life there, [`crate::ir::Size::Var`]) or when
//! nothing can have written the array before it (top level of `main`, no earlier store to it,
//! no `goto`); otherwise to a fresh nondeterministic value. Between two assignments of `x`,
//! `t̂` is constant and the cell is updated by every write that hits it, like a constant cell.
//! So for every run of the original there is a run of the abstraction whose cells hold, at
//! every step, the element at their index (a fresh value is chosen as that element): this
//! holds for *any* variable `x`; a frozen one (a size variable, assigned once) only makes the
//! cell useful. A term over a variable outside `V` is left out (its index would be
//! undefined). Term cells, like constant cells, are never chosen, so they never guard an
//! assertion (below): they are one more exact scalar.
//!
//! ## Arrays of symbolic size
//! An array `a` of size `n` (a frozen variable) exists from its allocation, the one assignment
//! of `n`, on; every access runs after it. Its constant and witness cells start, at the start
//! of `main`, with the values the array has when allocated (its `init`: zero or
//! nondeterministic, the same at every index) and nothing writes them before the allocation,
//! so they are exact from the allocation on. Witness symbols tracked by such an array have no
//! upper bound but their type's (`long long`: an index of a real access lies in `[0, 2^63)`,
//! as no object has more than `PTRDIFF_MAX` bytes); `0 <= w1 < w2 < …` alone, so any `m`
//! distinct in-range indexes can be chosen. (An upper bound `w < n` could be assumed at the
//! allocation, in the form `n < m || wm < n`, only when every array tracking the symbols has
//! the size `n`, since a fixed `W` is no bound of a symbolic size; it was not needed: Spacer
//! proved `heap_max` with and without it in the same time.) The guard below uses
//! `0 <= ê < n` with the size variable, whose value at the assertion is the one it had at the
//! allocation; a read whose size variable is outside `V` stays out of the guard.
//!
//! ## Vertices
//! Statement ids and spans of the original are kept. Witness symbols and read caches add
//! *auxiliary vertices* (ids from the original's exit vertex on; the exit vertex moves to the
//! end): the prologue (`assume(0 <= w1 && w1 < w2 && w2 < W)`, the cells of arrays with an
//! initialiser list) and, when there are witness cells, before an `if` whose condition reads an array,
//! one assignment of each read to a temporary (`a__read = â[i]`) that the condition and the
//! straight-line start of its branches use until the array or the index changes (the same
//! element read twice, `if (a[i] > m) m = a[i];`, must give the same value, or no invariant
//! relates `m` to `a@w`). In the original both reads give the same value, so this is the
//! original program's meaning. [`AuxVertices::project`] drops the auxiliary vertices from a
//! path of the abstraction (giving a path of the original CFG); [`AuxVertices::lift`] puts them
//! back (every entry into a vertex with auxiliary vertices passes them: they sit right before
//! it in its statement list, after any label).
//!
//! ## Assertions over untracked elements (why SAFE stays sound)
//! An `assert(P(a[e]))` whose array has witness cells is checked only where its reads hit
//! witness cells: `assert(!G || P̂)` with `G = ∧ (!(0 <= ê < size(a)) || ê == w1 || …)` over its reads
//! (of arrays that track every witness symbol; at most as many distinct index expressions as
//! there are symbols; indexes free of `u`). Take a run of the original that reaches the error
//! at the first failing assertion, whose reads have the in-range indexes `v1, …, vg`
//! (`g <= m` distinct values, `m` symbols, `m <= W`). Add `m - g` other values of `[0, W)`
//! (of `[0, 2^63)` without `W`: the `vi` lie there, see above), sort them and choose them as
//! `w1 < … < wm` at the start. Every cell is exact, every `u` can
//! take the original's value, so the abstraction can follow the run step by step: earlier
//! assertions hold in the original, so they hold or are skipped here; at the failing one
//! every read hits a cell, `G` holds and `P̂` is `P` on the original's values: the error is
//! reached. So every error run of the original has an error run of the abstraction, and a
//! proof of the abstraction is a proof of the original. (Constant and term cells are not
//! chosen, so they never skip an assertion; a reset of a term cell chooses the element's
//! real value, like `u`.) Conversely every abstract run over-approximates:
//! cells are exact and everything else is nondeterministic.

use crate::base::error::AraError;
use crate::ir::print::expr_to_c;
use crate::ir::{
    ArrId, Array, ArrayInit, BinOp, Expr, IntType, Program, Span, Stmt, StmtKind, Storage, Var,
    VarId, Vertex,
};
use std::collections::{BTreeMap, BTreeSet};

/// The size of an array, 0 for a symbolic size ([`crate::ir::Size::Var`]): no constant index
/// is known to lie inside it, so such an array gets no `all` (tracking fewer elements is an
/// over-approximation, never a verdict by itself); its witness symbols have no upper bound.
pub fn array_size(arr: &Array) -> u64 {
    arr.size.as_const().unwrap_or(0)
}

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

/// The tracked constant indexes of one array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tracked {
    /// Every index `0..size`.
    All,
    Only(BTreeSet<u64>),
}

/// A symbolic cell of `R(a)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SymCell {
    /// The witness symbol `w_k` (`k` = 1, 2, …; `w` when it is the only one): chosen once at
    /// the start, `0 <= w1 < w2 < …` (and `< W` when every array tracking it has a constant
    /// size).
    Witness(u8),
    /// The index term `t` over a program variable (`N - 1`, `N / 2`): see [`Term`].
    Term(Term),
}

/// An index term `x / div + add` over a program variable `x` (`div >= 1`; `x`, `x - 1`,
/// `x / 2`, `x / 2 + 1`).
///
/// Its value `t̂` is computed in a type `T` wide enough that nothing overflows: `long long`
/// when `x` has at most 32 bits (`|x / div + add| < 2^33`), else `unsigned long long`
/// (arithmetic modulo 2^64, defined in C). A read or write `a[e]` hits the cell when
/// `(T)ê == t̂`. This is injective on the indexes of real accesses: an in-bounds index `v`
/// lies in `[0, 2^63)` (no object has more than `PTRDIFF_MAX` bytes), so `(T)v` is `v`, and
/// two in-bounds indexes hit the same cell only when they are equal. The value `t̂` need not
/// be the value of the program's own expression `x - 1` (C's arithmetic in `x`'s type): the
/// cell is the element at index `t̂`, whatever it is (an index outside the array is never
/// hit); the two agree whenever the program's index is in bounds and `x` is not negative,
/// which is what makes the cell useful.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Term {
    pub var: VarId,
    pub div: u32,
    pub add: i32,
}

impl Term {
    /// The type `T` the term and the indexes it is compared with are computed in.
    pub fn ty(&self, p: &Program) -> IntType {
        if p.var(self.var).ty.bits(p.data_model) <= 32 {
            IntType::LongLong
        } else {
            IntType::ULongLong
        }
    }

    /// `t̂` as an expression of type [`Term::ty`] (`x` read as it is: the caller abstracts it).
    pub fn expr(&self, p: &Program) -> Expr {
        let t = self.ty(p);
        let mut e = Expr::Cast(t, Box::new(Expr::Var(self.var)));
        if self.div > 1 {
            e = Expr::bin(BinOp::Div, e, Expr::Const(self.div as i128, t));
        }
        match self.add {
            0 => e,
            k if k > 0 => Expr::bin(BinOp::Add, e, Expr::Const(k as i128, t)),
            k => Expr::bin(BinOp::Sub, e, Expr::Const(-(k as i128), t)),
        }
    }

    /// `N-1`, `N/2+1` (the variable's user name), for reports and `--track`.
    pub fn display(&self, p: &Program) -> String {
        let x = p.var(self.var);
        // A variable ara made (a size variable) has a C name, not a user name.
        let name = if x.synthetic { &x.name } else { &x.display };
        self.render(name, "/", "+", "-")
    }

    /// `Nm1`, `Nd2p1` (the variable's C name): a part of a C identifier.
    fn c_name(&self, p: &Program) -> String {
        self.render(&p.var(self.var).name, "d", "p", "m")
    }

    fn render(&self, x: &str, div: &str, plus: &str, minus: &str) -> String {
        let mut s = x.to_string();
        if self.div > 1 {
            s.push_str(&format!("{div}{}", self.div));
        }
        match self.add {
            0 => {}
            k if k > 0 => s.push_str(&format!("{plus}{k}")),
            k => s.push_str(&format!("{minus}{}", -(k as i64))),
        }
        s
    }

    /// Parses `NAME`, `NAME-1`, `NAME+2`, `NAME/2`, `NAME/2-1` (spaces allowed; `NAME` a
    /// program variable by C name or user name, [`Program::var_by_name`]); the error says why
    /// not, in one line.
    pub fn parse(p: &Program, text: &str) -> Result<Term, String> {
        let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let bad = |why: &str| {
            format!(
                "{why} (expected NAME, NAME-K, NAME+K, NAME/K or NAME/K+K with a variable \
                 NAME and constants K)"
            )
        };
        let end = text
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':' || c == '.'))
            .unwrap_or(text.len());
        let (name, mut rest) = text.split_at(end);
        if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(bad("it does not start with a variable"));
        }
        let var = p.var_by_name(name).ok_or_else(|| {
            let users = p.vars.iter().filter(|v| !v.synthetic);
            format!(
                "unknown variable `{name}` (known: {})",
                known(users.map(|v| v.display.as_str()))
            )
        })?;
        let mut div = 1u32;
        if let Some(r) = rest.strip_prefix('/') {
            let end = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
            div = r[..end]
                .parse()
                .ok()
                .filter(|&d| d >= 1)
                .ok_or_else(|| bad("the divisor is not a positive constant"))?;
            rest = &r[end..];
        }
        let add = match rest.chars().next() {
            None => 0,
            Some(sign @ ('+' | '-')) => {
                let k: i32 = rest[1..]
                    .parse()
                    .map_err(|_| bad("the addend is not a constant"))?;
                if sign == '-' { -k } else { k }
            }
            Some(_) => return Err(bad("unexpected text after the variable")),
        };
        Ok(Term { var, div, add })
    }
}

/// `R`: the cells of every array: its constant indexes (`.0`, an array not in the map tracks
/// none) and its symbolic cells (`.1`; ignored for an array that tracks all indexes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IndexSets(
    pub BTreeMap<ArrId, Tracked>,
    pub BTreeMap<ArrId, BTreeSet<SymCell>>,
);

impl IndexSets {
    /// `R(a) = {}` for every array.
    pub fn empty() -> IndexSets {
        IndexSets::default()
    }

    /// `R(a) = all indexes` for every array of `p` (the abstraction is then exact).
    pub fn all(p: &Program) -> IndexSets {
        IndexSets(
            p.array_ids().map(|a| (a, Tracked::All)).collect(),
            BTreeMap::new(),
        )
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

    /// Tracks the symbolic cell `c` of `a`; whether it is new.
    pub fn insert_cell(&mut self, a: ArrId, c: SymCell) -> bool {
        self.1.entry(a).or_default().insert(c)
    }

    pub fn contains(&self, a: ArrId, k: u64) -> bool {
        match self.0.get(&a) {
            None => false,
            Some(Tracked::All) => true,
            Some(Tracked::Only(s)) => s.contains(&k),
        }
    }

    /// Does `a` track every index?
    pub fn tracks_all(&self, a: ArrId) -> bool {
        matches!(self.0.get(&a), Some(Tracked::All))
    }

    /// The tracked indexes of `a` that lie inside the array, in increasing order.
    pub fn indexes(&self, p: &Program, a: ArrId) -> Vec<u64> {
        // A symbolic size has no finite "all": it tracks only the indexes named.
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

    /// The symbolic cells of `a` (none when it tracks every index).
    pub fn cells(&self, a: ArrId) -> Vec<SymCell> {
        if self.tracks_all(a) {
            return vec![];
        }
        self.1.get(&a).into_iter().flatten().copied().collect()
    }

    /// The witness symbols of `a`, in increasing order.
    pub fn witnesses(&self, a: ArrId) -> Vec<u8> {
        self.cells(a)
            .into_iter()
            .filter_map(|c| match c {
                SymCell::Witness(k) => Some(k),
                SymCell::Term(_) => None,
            })
            .collect()
    }

    /// The index terms of `a`.
    pub fn terms(&self, a: ArrId) -> Vec<Term> {
        self.cells(a)
            .into_iter()
            .filter_map(|c| match c {
                SymCell::Term(t) => Some(t),
                SymCell::Witness(_) => None,
            })
            .collect()
    }

    /// `{1, w, N-1}` style text of the cells of `a` (constants, witnesses, terms), for reports.
    pub fn describe(&self, p: &Program, a: ArrId) -> Vec<String> {
        let mut out: Vec<String> = self.indexes(p, a).iter().map(u64::to_string).collect();
        let single = self.all_witnesses().len() == 1;
        out.extend(
            self.witnesses(a)
                .into_iter()
                .map(|k| witness_name(k, single)),
        );
        out.extend(self.terms(a).iter().map(|t| t.display(p)));
        out
    }

    /// Every witness symbol some array tracks.
    fn all_witnesses(&self) -> BTreeSet<u8> {
        self.1
            .keys()
            .flat_map(|&a| self.witnesses(a))
            .collect::<BTreeSet<u8>>()
    }

    /// Parses the CLI form, one entry per array: `a=1,5`, `b=0`, `c=all`, `d=` (nothing),
    /// `a=w` (a witness cell), `a=w1,w2` (two, `w1 < w2`), `a=1,w`, `a=N-1` (an index term,
    /// [`Term::parse`]: `N` is the program variable of that name, also for an array whose
    /// size came from it, `int a[N]`). Entries for the same array add up. Arrays are named
    /// by C name or user name; `w`, `w1` … `w9` are witness symbols, never variables.
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
            let size = p.array(a).size.as_const();
            let idx = idx.trim();
            if idx == "all" {
                r.0.insert(a, Tracked::All);
                continue;
            }
            r.0.entry(a)
                .or_insert_with(|| Tracked::Only(BTreeSet::new()));
            for k in idx.split(',').map(str::trim).filter(|k| !k.is_empty()) {
                if let Some(w) = parse_witness(k) {
                    r.insert_cell(a, SymCell::Witness(w));
                    continue;
                }
                if k.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
                    let t = Term::parse(p, k).map_err(|why| {
                        AraError::Usage(format!("bad index `{k}` for array `{name}`: {why}"))
                    })?;
                    r.insert_cell(a, SymCell::Term(t));
                    continue;
                }
                let k: u64 = k.parse().map_err(|_| {
                    AraError::Usage(format!(
                        "bad index `{k}` for array `{name}`: expected a non-negative integer, \
                         `w`, `w1`, `w2` or a term such as `N-1`"
                    ))
                })?;
                if let Some(size) = size
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

/// `w` → 1, `w1` → 1, `w2` → 2 (up to `w9`).
fn parse_witness(text: &str) -> Option<u8> {
    match text.strip_prefix('w')? {
        "" => Some(1),
        d => d.parse::<u8>().ok().filter(|k| (1..=9).contains(k)),
    }
}

/// The name of witness symbol `k`: `w` when it is the only one, else `w1`, `w2`, ….
fn witness_name(k: u8, single: bool) -> String {
    if single && k == 1 {
        "w".into()
    } else {
        format!("w{k}")
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

/// The auxiliary vertices of an abstraction (see the module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuxVertices {
    /// The first auxiliary id: the original's exit vertex.
    pub first: Vertex,
    /// The abstraction's exit vertex (`first` when there are no auxiliary vertices).
    pub exit: Vertex,
    /// Run once at the start, in order.
    pub prologue: Vec<Vertex>,
    /// Run right before the vertex, every time it runs.
    pub before: BTreeMap<Vertex, Vec<Vertex>>,
}

impl AuxVertices {
    fn none(p: &Program) -> AuxVertices {
        AuxVertices {
            first: p.exit_vertex(),
            exit: p.exit_vertex(),
            ..AuxVertices::default()
        }
    }

    /// Is `v` an auxiliary vertex?
    pub fn is_aux(&self, v: Vertex) -> bool {
        self.first <= v && v < self.exit
    }

    /// A path of the abstraction as a path of the original CFG: auxiliary vertices dropped.
    pub fn project(&self, path: &[Vertex]) -> Vec<Vertex> {
        path.iter()
            .filter(|&&v| !self.is_aux(v))
            .map(|&v| if v == self.exit { self.first } else { v })
            .collect()
    }

    /// A path of the original CFG as the path of the abstraction that runs it.
    pub fn lift(&self, path: &[Vertex]) -> Vec<Vertex> {
        let mut out = self.prologue.clone();
        for &v in path {
            let v = if v == self.first { self.exit } else { v };
            out.extend(self.before.get(&v).into_iter().flatten());
            out.push(v);
        }
        out
    }
}

/// The result of [`abstract_program`].
#[derive(Clone, Debug)]
pub struct Abstraction {
    /// The array-free abstract program (the original's vertices, plus auxiliary ones).
    pub program: Program,
    /// The scalar standing for each tracked element `a[k]`.
    pub element_vars: BTreeMap<(ArrId, u64), VarId>,
    /// The scalar standing for each symbolic cell `a@c`.
    pub cell_vars: BTreeMap<(ArrId, SymCell), VarId>,
    /// The scalar of each witness symbol the abstraction uses.
    pub witness_vars: BTreeMap<u8, VarId>,
    pub aux: AuxVertices,
}

/// Builds the abstraction of `p` keeping the scalars in `v` and the array cells in `r`.
///
/// The variables of `p` keep their ids (those outside `V` stay declared, unused); the cell
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
    let kept: BTreeSet<ArrId> = if keep_full_arrays {
        p.array_ids()
            .filter(|&a| r.tracks_all(a) && p.array(a).size.as_const().is_some())
            .collect()
    } else {
        BTreeSet::new()
    };
    let mut cells: BTreeMap<ArrId, Vec<Cell>> = BTreeMap::new();
    let mut element_vars = BTreeMap::new();
    for a in p.array_ids().filter(|a| !kept.contains(a)) {
        let arr = p.array(a);
        for k in r.indexes(p, a) {
            let name = q.fresh_name(&format!("{}__{}", arr.name, k));
            let (init, storage) = element_start(arr, k);
            let x = push_var(&mut q, name, element_display(arr, k), arr, init, storage);
            element_vars.insert((a, k), x);
            cells.entry(a).or_default().push(Cell {
                index: index_const(k),
                var: x,
                extra: None,
                witness: false,
                cast: None,
            });
        }
    }
    let plan = WitnessPlan::new(p, r, &kept);
    let mut witness_vars = BTreeMap::new();
    for &k in &plan.symbols {
        let name = q.fresh_name(&plan.name(k));
        let x = push_var_raw(
            &mut q,
            name,
            plan.name(k),
            plan.ty,
            None,
            Storage::Local,
            true,
        );
        witness_vars.insert(k, x);
    }
    let mut cell_vars = BTreeMap::new();
    let mut list_inits = Vec::new();
    for (&a, ks) in &plan.of_array {
        let arr = p.array(a);
        for &k in ks {
            let w = witness_vars[&k];
            let wname = plan.name(k);
            let name = q.fresh_name(&format!("{}__{wname}", arr.name));
            let (init, storage, chain) = sym_start(arr, w, plan.ty);
            let display = element_display_at(arr, &wname);
            let x = push_var(&mut q, name, display, arr, init, storage);
            if let Some(c) = chain {
                list_inits.push((x, c));
            }
            cell_vars.insert((a, SymCell::Witness(k)), x);
            // A witness beyond this array's end hits nothing of it.
            let extra = match (arr.size.as_const(), plan.range) {
                (Some(n), Some(range)) if n >= range => None,
                (Some(n), _) => Some(Expr::bin(
                    BinOp::Lt,
                    Expr::Var(w),
                    Expr::Const(n as i128, plan.ty),
                )),
                (None, _) => None,
            };
            // Witness cells come first in the chains: a read where `w` and a constant
            // coincide gives `a@w`, so no invariant has to say the two are equal.
            let list = cells.entry(a).or_default();
            let at = list.iter().take_while(|c| c.witness).count();
            list.insert(
                at,
                Cell {
                    index: Expr::Var(w),
                    var: x,
                    extra,
                    witness: true,
                    cast: None,
                },
            );
        }
    }
    // Index terms: after the witness cells, before the constants. A term over a variable
    // outside `V` would have an undefined index: it is left out (fewer cells, still sound).
    let mut resets: BTreeMap<VarId, Vec<(VarId, ArrId)>> = BTreeMap::new();
    for a in p.array_ids().filter(|a| !kept.contains(a)) {
        let arr = p.array(a);
        for t in r.terms(a).into_iter().filter(|t| v.contains(t.var)) {
            let name = q.fresh_name(&format!("{}__{}", arr.name, t.c_name(p)));
            let (init, storage) = term_start(arr);
            let display = element_display_at(arr, &t.display(p));
            let x = push_var(&mut q, name, display, arr, init, storage);
            cell_vars.insert((a, SymCell::Term(t)), x);
            resets.entry(t.var).or_default().push((x, a));
            let list = cells.entry(a).or_default();
            let at = list
                .iter()
                .take_while(|c| c.witness || c.cast.is_some())
                .count();
            list.insert(
                at,
                Cell {
                    index: t.expr(p),
                    var: x,
                    extra: None,
                    witness: false,
                    cast: Some(t.ty(p)),
                },
            );
        }
    }
    let guardable = plan
        .of_array
        .iter()
        .filter(|(_, ks)| ks.len() == plan.symbols.len())
        .map(|(a, _)| *a)
        .collect();
    let mut aux = AuxVertices::none(p);
    let mut cx = Cx {
        p,
        v,
        cells,
        kept: &kept,
        guardable,
        // With witness cells, every read in an `if` is cached: `if (a[i] >= 0) b[j] = a[i];`
        // must write the value tested into `b@w` even when `a` has no cell.
        witnessed: if plan.symbols.is_empty() {
            BTreeSet::new()
        } else {
            p.array_ids().filter(|a| !kept.contains(a)).collect()
        },
        symbols: plan.symbols.len(),
        resets,
        q: &mut q,
        next_id: p.exit_vertex(),
        before: BTreeMap::new(),
        known: Known::default(),
        always: always_below(p),
    };
    let mut body = Vec::new();
    if let Some(range) = plan.range_assumption(&witness_vars) {
        body.push(cx.aux_stmt(StmtKind::Assume(range), Span::default()));
    }
    if !list_inits.is_empty() {
        body.push(cx.aux_stmt(par_assign(list_inits), Span::default()));
    }
    aux.prologue = body.iter().map(|s| s.id).collect();
    body.extend(cx.stmts(&p.body));
    aux.exit = cx.next_id;
    aux.before = std::mem::take(&mut cx.before);
    q.body = body;
    q.num_vertices = aux.exit + 1;
    // Array ids are positions in `arrays`: with a kept array they all stay (the others are
    // declared but no longer used).
    if kept.is_empty() {
        q.arrays.clear();
    }
    Abstraction {
        program: q,
        element_vars,
        cell_vars,
        witness_vars,
        aux,
    }
}

/// Which witness symbols the abstraction uses, and their range `[0, W)`.
struct WitnessPlan {
    /// Increasing; at most `range` of them (so that `0 <= w1 < … < W` can hold).
    symbols: Vec<u8>,
    /// `W`: the largest size of the arrays that track a symbol, when they all have a
    /// constant size (an array of symbolic size may be larger than any constant: the
    /// symbols then have no upper bound but their type's).
    range: Option<u64>,
    ty: IntType,
    /// The usable symbols of each array with any.
    of_array: BTreeMap<ArrId, Vec<u8>>,
}

impl WitnessPlan {
    fn new(p: &Program, r: &IndexSets, kept: &BTreeSet<ArrId>) -> WitnessPlan {
        let users: Vec<ArrId> = p
            .array_ids()
            .filter(|a| !kept.contains(a) && !r.witnesses(*a).is_empty())
            .collect();
        let symbolic = users.iter().any(|&a| p.array(a).size.as_const().is_none());
        let range = (!symbolic).then(|| {
            users
                .iter()
                .map(|&a| array_size(p.array(a)))
                .max()
                .unwrap_or(0)
        });
        let all: BTreeSet<u8> = users.iter().flat_map(|&a| r.witnesses(a)).collect();
        // More symbols than places would make the range assumption unsatisfiable.
        let symbols: Vec<u8> = all
            .into_iter()
            .take(range.map_or(usize::MAX, |w| w.min(u8::MAX as u64) as usize))
            .collect();
        let of_array = users
            .iter()
            .map(|&a| {
                let ks: Vec<u8> = r
                    .witnesses(a)
                    .into_iter()
                    .filter(|k| symbols.contains(k))
                    .collect();
                (a, ks)
            })
            .filter(|(_, ks)| !ks.is_empty())
            .collect();
        WitnessPlan {
            symbols,
            range,
            // An index of an array of symbolic size may need 63 bits.
            ty: range.map_or(IntType::LongLong, index_type),
            of_array,
        }
    }

    fn name(&self, k: u8) -> String {
        witness_name(k, self.symbols == [1])
    }

    /// `0 <= w1 && w1 < w2 && w2 < W` (without `w2 < W` when there is no `W`).
    fn range_assumption(&self, vars: &BTreeMap<u8, VarId>) -> Option<Expr> {
        let ws: Vec<Expr> = self.symbols.iter().map(|k| Expr::Var(vars[k])).collect();
        let first = ws.first()?.clone();
        let mut parts = vec![Expr::bin(BinOp::Le, Expr::Const(0, self.ty), first)];
        for pair in ws.windows(2) {
            parts.push(Expr::bin(BinOp::Lt, pair[0].clone(), pair[1].clone()));
        }
        if let Some(range) = self.range {
            let last = ws.last().expect("one symbol").clone();
            parts.push(Expr::bin(
                BinOp::Lt,
                last,
                Expr::Const(range as i128, self.ty),
            ));
        }
        parts
            .into_iter()
            .reduce(|a, b| Expr::bin(BinOp::LogAnd, a, b))
    }
}

/// `int` for indexes of an array of `size` when they fit, else `long long`.
fn index_type(size: u64) -> IntType {
    if size <= i32::MAX as u64 {
        IntType::Int
    } else {
        IntType::LongLong
    }
}

fn push_var(
    q: &mut Program,
    name: String,
    display: String,
    arr: &Array,
    init: Option<i128>,
    storage: Storage,
) -> VarId {
    let x = push_var_raw(q, name, display, arr.elem, init, storage, false);
    q.vars[x.0 as usize].span = arr.span;
    x
}

fn push_var_raw(
    q: &mut Program,
    name: String,
    display: String,
    ty: IntType,
    init: Option<i128>,
    storage: Storage,
    synthetic: bool,
) -> VarId {
    q.vars.push(Var {
        name,
        display,
        ty,
        storage,
        init,
        span: Span::default(),
        synthetic,
    });
    VarId(q.vars.len() as u32 - 1)
}

/// The initial value and storage of the cell of an index term: the array's uniform initial
/// contents (zero, or nondeterministic; an initialiser list's element depends on the index:
/// nondeterministic, which over-approximates it).
fn term_start(arr: &Array) -> (Option<i128>, Storage) {
    match arr.init {
        ArrayInit::Zero => (Some(0), arr.storage),
        _ => (None, Storage::Local),
    }
}

/// Does the statement at vertex `at` run only before anything can have written array `a`?
/// It lies at the top level of `main` (outside loops and branches), no statement before it
/// writes `a`, and the program has no `goto` (a jump could run it after such a write).
fn untouched_before(p: &Program, at: Vertex, a: ArrId) -> bool {
    let mut gotos = false;
    p.visit_stmts(&mut |s| gotos |= matches!(s.kind, StmtKind::Goto(_)));
    if gotos {
        return false;
    }
    fn top<'a>(ss: &'a [Stmt], out: &mut Vec<&'a Stmt>) {
        for s in ss {
            match &s.kind {
                StmtKind::Block(b) => top(b, out),
                _ => out.push(s),
            }
        }
    }
    let mut list = Vec::new();
    top(&p.body, &mut list);
    let Some(pos) = list
        .iter()
        .position(|s| s.id == at && !matches!(s.kind, StmtKind::Label(_)))
    else {
        return false;
    };
    fn writes(s: &Stmt, a: ArrId) -> bool {
        match &s.kind {
            StmtKind::Store(b, ..) => *b == a,
            StmtKind::If(_, t, e) => t.iter().chain(e).any(|s| writes(s, a)),
            StmtKind::While { body, step, .. } => body.iter().chain(step).any(|s| writes(s, a)),
            StmtKind::DoWhile { body, .. } | StmtKind::Block(body) => {
                body.iter().any(|s| writes(s, a))
            }
            _ => false,
        }
    }
    !list[..pos].iter().any(|s| writes(s, a))
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

/// The start of the cell `arr@w`: initial value and storage, and for an initialiser list of
/// different values the expression (over `w`) the prologue assigns.
fn sym_start(arr: &Array, w: VarId, ty: IntType) -> (Option<i128>, Storage, Option<Expr>) {
    let ArrayInit::List(vs) = &arr.init else {
        let (init, storage) = element_start(arr, 0);
        return (init, storage, None);
    };
    match list_element_at(arr, vs, w, ty) {
        ListElement::Same(v) => (Some(v), arr.storage, None),
        ListElement::Chain(chain) => (None, Storage::Local, Some(chain)),
    }
}

/// The element at index `w` of an array initialised by the list `vs`.
pub(crate) enum ListElement {
    /// Every element has this value.
    Same(i128),
    /// `w == k1 ? v1 : w == k2 ? v2 : … : default` (`w` compared in type `ty`).
    Chain(Expr),
}

/// [`ListElement`] of `arr` (initialised by `vs`) at the index variable `w`: elements past
/// the list are zero, and a list as long as a constant size repeats no default but its last
/// value.
pub(crate) fn list_element_at(arr: &Array, vs: &[i128], w: VarId, ty: IntType) -> ListElement {
    let n = arr.size.as_const().map_or(usize::MAX, |n| n as usize);
    let vs: Vec<i128> = vs.iter().take(n).copied().collect();
    let default = if Some(vs.len() as u64) == arr.size.as_const() {
        *vs.last().unwrap_or(&0)
    } else {
        0
    };
    if vs.iter().all(|&v| v == default) {
        return ListElement::Same(default);
    }
    let chain = vs
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, v)| **v != default)
        .fold(Expr::Const(default, arr.elem), |rest, (k, &v)| {
            Expr::cond(
                Expr::bin(BinOp::Eq, Expr::Var(w), Expr::Const(k as i128, ty)),
                Expr::Const(v, arr.elem),
                rest,
            )
        });
    ListElement::Chain(chain)
}

/// `a[3]`, `a[3].p` for field arrays (`a[].p`), `m[1][2]` for a flattened `m[3][4]`.
fn element_display(arr: &Array, k: u64) -> String {
    let dims: Vec<u64> = arr
        .dims
        .iter()
        .map(|d| d.as_const())
        .collect::<Option<_>>()
        .unwrap_or_default();
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
    with_index(arr, &idx)
}

/// `a[w]`, `a[w].p` (a flattened array shows its flat index).
fn element_display_at(arr: &Array, index: &str) -> String {
    with_index(arr, &format!("[{index}]"))
}

fn with_index(arr: &Array, idx: &str) -> String {
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

/// One cell of an array in the abstraction.
struct Cell {
    /// Its index (a constant or a witness symbol).
    index: Expr,
    /// Its scalar.
    var: VarId,
    /// A further condition for a hit (a witness beyond this array's end hits nothing).
    extra: Option<Expr>,
    /// Is its index a witness symbol?
    witness: bool,
    /// For an index term: the type `T` the index is converted to before the comparison
    /// ([`Term`]).
    cast: Option<IntType>,
}

struct Cx<'a> {
    p: &'a Program,
    v: &'a VarSet,
    /// The cells of each array: witness cells, then constants increasing.
    cells: BTreeMap<ArrId, Vec<Cell>>,
    /// Arrays kept whole (every index tracked).
    kept: &'a BTreeSet<ArrId>,
    /// Arrays that track every witness symbol: their reads in an assertion guard it.
    guardable: BTreeSet<ArrId>,
    /// Arrays whose reads in an `if` condition are cached.
    witnessed: BTreeSet<ArrId>,
    /// How many witness symbols there are.
    symbols: usize,
    /// The cells of index terms over each variable (cell scalar, array): reset wherever the
    /// variable is assigned.
    resets: BTreeMap<VarId, Vec<(VarId, ArrId)>>,
    /// The program being built (for new variables).
    q: &'a mut Program,
    /// The next auxiliary vertex id.
    next_id: Vertex,
    before: BTreeMap<Vertex, Vec<Vertex>>,
    /// What holds at the current statement.
    known: Known,
    /// Variables always below a constant ([`always_below`]).
    always: BTreeMap<VarId, i128>,
}

/// Facts about the original program at a statement, each dropped by [`Known::invalidate`]
/// when a statement may change it or control may enter from elsewhere.
#[derive(Clone, Default)]
struct Known {
    /// Reads whose value a temporary holds: (array, index of the original, temporary).
    reads: Vec<(ArrId, Expr, VarId)>,
    /// `l < v` for an expression `l` of the original (a conjunct of an enclosing test).
    below: Vec<(Expr, i128)>,
}

impl Known {
    /// Drops what statement `s` may change (for a branching statement: everything, since
    /// what follows it may be entered from its branches).
    fn invalidate(&mut self, s: &Stmt) {
        let assigned: Vec<VarId> = match &s.kind {
            StmtKind::Assign(x, _) => vec![*x],
            StmtKind::ParAssign(xs) => xs.iter().map(|(x, _)| *x).collect(),
            StmtKind::Store(a, ..) => {
                self.reads.retain(|(b, ..)| b != a);
                vec![]
            }
            StmtKind::Assume(_) | StmtKind::Assert(_) | StmtKind::Skip | StmtKind::Block(_) => {
                vec![]
            }
            _ => {
                *self = Known::default();
                vec![]
            }
        };
        let touches = |e: &Expr| e.vars().iter().any(|v| assigned.contains(v));
        self.reads.retain(|(_, i, _)| !touches(i));
        self.below.retain(|(l, _)| !touches(l));
    }

    /// `self` and the conjuncts `l < v` (or `l <= v - 1`) of `c` with a constant `v >= 0`
    /// (C's comparison after the usual conversions is then true only when `l < v` holds of
    /// the mathematical values: a negative `l` converted to unsigned is not below `v`).
    fn with_test(&self, p: &Program, c: &Expr) -> Known {
        let mut k = self.clone();
        let mut parts = vec![c];
        while let Some(e) = parts.pop() {
            match e {
                Expr::Binary(BinOp::LogAnd, a, b) => parts.extend([&**a, &**b]),
                Expr::Binary(op @ (BinOp::Lt | BinOp::Le), l, r) if !impure(l) => {
                    if let Some(v) = crate::ir::constant::const_value(p, r)
                        && v >= 0
                    {
                        k.below
                            .push(((**l).clone(), v + (*op == BinOp::Le) as i128));
                    }
                }
                _ => {}
            }
        }
        k
    }

    /// A constant `n` with `e < n` here (of the original's values), if one is known: for a
    /// constant, for `l` and `l + c` (`c >= 0`: no wrap-around, since `l + c < v + c`) with
    /// `l < v` known here or always.
    fn bound(&self, p: &Program, always: &BTreeMap<VarId, i128>, e: &Expr) -> Option<i128> {
        if let Some(c) = crate::ir::constant::const_value(p, e) {
            return Some(c + 1);
        }
        let (l, c) = match e {
            Expr::Binary(BinOp::Add, l, r) => match crate::ir::constant::const_value(p, r) {
                Some(c) if c >= 0 => (&**l, c),
                _ => (e, 0),
            },
            _ => (e, 0),
        };
        let var = match l {
            Expr::Var(x) => always.get(x).copied(),
            _ => None,
        };
        let direct = self.below.iter().filter(|(x, _)| x == e).map(|(_, v)| *v);
        self.below
            .iter()
            .filter(|(x, _)| x == l)
            .map(|(_, v)| *v)
            .chain(var)
            .map(|v| v + c)
            .chain(direct)
            .min()
    }
}

/// The variables whose value is below a constant wherever they are read: every assignment
/// assigns a value known to be below it (a constant, or `l`/`l + c` under an enclosing test
/// `l < v`), and the start value is too (a global's initialiser, or, for a local without
/// one, an assignment at the top level of `main` before any other mention). Programs with
/// `goto` get none (a jump could skip that first assignment).
fn always_below(p: &Program) -> BTreeMap<VarId, i128> {
    let mut gotos = false;
    p.visit_stmts(&mut |s| gotos |= matches!(s.kind, StmtKind::Goto(_)));
    if gotos {
        return BTreeMap::new();
    }
    let mut walk = BoundWalk {
        p,
        known: Known::default(),
        sites: BTreeMap::new(),
    };
    walk.stmts(&p.body);
    let top: BTreeSet<Vertex> = p.body.iter().map(|s| s.id).collect();
    walk.sites
        .into_iter()
        .filter_map(|(x, b)| {
            let b = b?;
            let var = p.var(x);
            let start_ok = match (var.init, var.storage) {
                (Some(c), _) => c < b,
                (None, Storage::Global) => 0 < b,
                (None, Storage::Local) => first_mention(p, x).is_some_and(|s| {
                    top.contains(&s.id) && matches!(s.kind, StmtKind::Assign(y, _) if y == x)
                }),
            };
            start_ok.then_some((x, b))
        })
        .collect()
}

/// The first statement (in program order) that reads or assigns `x` itself.
fn first_mention(p: &Program, x: VarId) -> Option<&Stmt> {
    let mut found = None;
    p.visit_stmts(&mut |s| {
        if found.is_some() {
            return;
        }
        let assigns = match &s.kind {
            StmtKind::Assign(y, _) => *y == x,
            StmtKind::ParAssign(ys) => ys.iter().any(|(y, _)| *y == x),
            _ => false,
        };
        if assigns || s.vertex_exprs().iter().any(|e| e.vars().contains(&x)) {
            found = Some(s);
        }
    });
    found
}

/// Walks the original program with [`Known`] to bound the values each assignment assigns.
struct BoundWalk<'a> {
    p: &'a Program,
    known: Known,
    /// Per assigned variable: the largest bound over its assignments (`None`: one unknown).
    sites: BTreeMap<VarId, Option<i128>>,
}

impl BoundWalk<'_> {
    fn stmts(&mut self, ss: &[Stmt]) {
        for s in ss {
            self.stmt(s);
            self.known.invalidate(s);
        }
    }

    fn nested(&mut self, ss: &[Stmt], known: Known) {
        let saved = std::mem::replace(&mut self.known, known);
        self.stmts(ss);
        self.known = saved;
    }

    fn record(&mut self, x: VarId, e: &Expr) {
        let b = self.known.bound(self.p, &BTreeMap::new(), e);
        let slot = self.sites.entry(x).or_insert(b);
        *slot = match (*slot, b) {
            (Some(a), Some(b)) => Some(a.max(b)),
            _ => None,
        };
    }

    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Assign(x, e) => self.record(*x, e),
            StmtKind::ParAssign(xs) => {
                for (x, e) in xs {
                    self.record(*x, e);
                }
            }
            StmtKind::If(c, t, e) => {
                let then = self.known.with_test(self.p, c);
                self.nested(t, then);
                self.nested(e, self.known.clone());
            }
            StmtKind::While { cond, body, step } => {
                self.nested(body, Known::default().with_test(self.p, cond));
                self.nested(step, Known::default());
            }
            StmtKind::DoWhile { body, .. } => self.nested(body, Known::default()),
            StmtKind::Block(b) => self.stmts(b),
            _ => {}
        }
    }
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

/// `i == k`, folded when both are constants. An index `k` is a small non-negative constant
/// or a witness symbol (`0 <= w`), so C's comparison after the usual conversions agrees with
/// mathematical equality for every in-range index `i`.
fn mk_eq_index(i: &Expr, k: &Expr) -> Expr {
    match (is_const(i), is_const(k)) {
        (Some(v), Some(k)) => Expr::int((v == k) as i128),
        _ => Expr::bin(BinOp::Eq, i.clone(), k.clone()),
    }
}

fn and(a: Expr, b: Expr) -> Expr {
    match (is_const(&a), is_const(&b)) {
        (Some(0), _) | (_, Some(0)) => Expr::int(0),
        (Some(_), _) => b,
        (_, Some(_)) => a,
        _ => Expr::bin(BinOp::LogAnd, a, b),
    }
}

fn or(a: Expr, b: Expr) -> Expr {
    match (is_const(&a), is_const(&b)) {
        (Some(0), _) => b,
        (_, Some(0)) => a,
        (Some(_), _) | (_, Some(_)) => Expr::int(1),
        _ => Expr::bin(BinOp::LogOr, a, b),
    }
}

/// Does `e` contain an array read or a nondet value?
fn impure(e: &Expr) -> bool {
    let mut found = false;
    e.visit(&mut |x| found |= matches!(x, Expr::Read(..) | Expr::Nondet(_)));
    found
}

impl Cx<'_> {
    fn cells(&self, a: ArrId) -> &[Cell] {
        self.cells.get(&a).map(Vec::as_slice).unwrap_or(&[])
    }

    /// `î` hits cell `c` (`î == c`, `(T)î == t̂` for a term, and the cell's extra condition).
    fn hit(i: &Expr, c: &Cell) -> Expr {
        let eq = match c.cast {
            Some(t) => Expr::bin(
                BinOp::Eq,
                Expr::Cast(t, Box::new(i.clone())),
                c.index.clone(),
            ),
            None => mk_eq_index(i, &c.index),
        };
        match &c.extra {
            Some(x) => and(eq, x.clone()),
            None => eq,
        }
    }

    /// A statement at a new auxiliary vertex.
    fn aux_stmt(&mut self, kind: StmtKind, span: Span) -> Stmt {
        let id = self.next_id;
        self.next_id += 1;
        Stmt { kind, span, id }
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
                if let Some((.., t)) = self
                    .known
                    .reads
                    .iter()
                    .find(|(b, j, _)| b == a && j == &**i)
                {
                    return (Expr::Var(*t), false);
                }
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
                // Built from the last cell inwards: (i==c1 ? a@c1 : (i==c2 ? … : u)).
                // The fallback `u` does not make the read undefined: when the index is tracked
                // the value is exact (needed for nested reads `a[a[i]]` to stay exact).
                let r = self.cells(*a).iter().rev().fold(u, |rest, c| {
                    mk_cond(Self::hit(&i, c), Expr::Var(c.var), rest)
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

    fn stmts(&mut self, ss: &[Stmt]) -> Vec<Stmt> {
        let mut out = Vec::new();
        self.stmts_into(ss, &mut out);
        out
    }

    fn stmts_into(&mut self, ss: &[Stmt], out: &mut Vec<Stmt>) {
        for s in ss {
            if let StmtKind::If(c, ..) = &s.kind {
                self.cache_reads(c, s, out);
            }
            let st = self.stmt(s);
            out.push(st);
            self.known.invalidate(s);
        }
    }

    /// Before `if (c)`: each read in `c` of an array of `witnessed` (index free of reads and
    /// nondets) into a temporary, at one auxiliary vertex; the temporaries stand for the
    /// reads until [`Cx::invalidate`] drops them.
    fn cache_reads(&mut self, c: &Expr, s: &Stmt, out: &mut Vec<Stmt>) {
        let mut reads: Vec<(ArrId, Expr)> = Vec::new();
        c.visit(&mut |e| {
            if let Expr::Read(a, i) = e
                && self.witnessed.contains(a)
                && !impure(i)
                && !reads.iter().any(|(b, j)| b == a && j == &**i)
                && !self.known.reads.iter().any(|(b, j, _)| b == a && j == &**i)
            {
                reads.push((*a, (**i).clone()));
            }
        });
        if reads.is_empty() {
            return;
        }
        let mut assigns = Vec::new();
        let mut new = Vec::new();
        for (a, i) in reads {
            let arr = self.p.array(a);
            let name = self.q.fresh_name(&format!("{}__read", arr.name));
            let display = format!(
                "{} (read at line {})",
                element_display_at(arr, &expr_to_c(self.p, &i)),
                s.span.line
            );
            let t = push_var_raw(self.q, name, display, arr.elem, None, Storage::Local, true);
            assigns.push((t, self.expr(&Expr::Read(a, Box::new(i.clone())))));
            new.push((a, i, t));
        }
        let st = self.aux_stmt(par_assign(assigns), s.span);
        self.before.entry(s.id).or_default().push(st.id);
        out.push(st);
        self.known.reads.extend(new);
    }

    /// The statements of a branch or body, starting from `known` (restored afterwards).
    fn nested(&mut self, ss: &[Stmt], known: Known) -> Vec<Stmt> {
        let saved = std::mem::replace(&mut self.known, known);
        let out = self.stmts(ss);
        self.known = saved;
        out
    }

    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let kind = match &s.kind {
            StmtKind::Assign(x, e) => {
                if self.v.contains(*x) {
                    let mut xs = vec![(*x, self.expr(e))];
                    xs.extend(self.reset_terms(s.id, *x));
                    par_assign(xs)
                } else {
                    StmtKind::Skip
                }
            }
            StmtKind::Store(a, i, e) => self.store(*a, i, e),
            StmtKind::ParAssign(xs) => {
                let mut kept: Vec<(VarId, Expr)> = xs
                    .iter()
                    .filter(|(x, _)| self.v.contains(*x))
                    .map(|(x, e)| (*x, self.expr(e)))
                    .collect();
                for (x, _) in xs.iter().filter(|(x, _)| self.v.contains(*x)) {
                    kept.extend(self.reset_terms(s.id, *x));
                }
                par_assign(kept)
            }
            StmtKind::Assume(c) => StmtKind::Assume(self.expr(c)),
            StmtKind::Assert(c) => StmtKind::Assert(self.assertion(c)),
            StmtKind::If(c, t, e) => {
                let then = self.known.with_test(self.p, c);
                let c = self.expr(c);
                let t = self.nested(t, then);
                let e = self.nested(e, self.known.clone());
                StmtKind::If(c, t, e)
            }
            StmtKind::While { cond, body, step } => StmtKind::While {
                cond: self.expr(cond),
                body: self.nested(body, Known::default().with_test(self.p, cond)),
                step: self.nested(step, Known::default()),
            },
            StmtKind::DoWhile { body, cond } => StmtKind::DoWhile {
                body: self.nested(body, Known::default()),
                cond: self.expr(cond),
            },
            StmtKind::Block(b) => {
                // Not a vertex: the cached reads go on after it (a label inside drops them).
                let mut out = Vec::new();
                self.stmts_into(b, &mut out);
                StmtKind::Block(out)
            }
            k @ (StmtKind::Error
            | StmtKind::Exit
            | StmtKind::Skip
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Goto(_)
            | StmtKind::Label(_)) => k.clone(),
            StmtKind::Call(_) => unreachable!("{}", crate::ir::procs::NO_CALLS),
        };
        Stmt {
            kind,
            span: s.span,
            id: s.id,
        }
    }

    /// The cells of index terms over `x`, reset by the assignment to `x` at vertex `at`
    /// (parallel to it): the term now names another element. When that element is known to
    /// hold the array's initial contents (the assignment allocates the array, or nothing can
    /// have written the array yet), to those contents; otherwise to a fresh value.
    fn reset_terms(&self, at: Vertex, x: VarId) -> Vec<(VarId, Expr)> {
        let Some(cells) = self.resets.get(&x) else {
            return vec![];
        };
        cells
            .iter()
            .map(|&(cell, a)| {
                let arr = self.p.array(a);
                let fresh = arr.size == crate::ir::Size::Var(x) || untouched_before(self.p, at, a);
                let value = match &arr.init {
                    ArrayInit::Zero if fresh => Expr::Const(0, arr.elem),
                    _ => Expr::Nondet(arr.elem),
                };
                (cell, value)
            })
            .collect()
    }

    /// `assert(c)` → `assert(!G || ĉ)`: checked only where the reads of arrays with witness
    /// cells hit cells (the module doc has the soundness argument). A read is left out of
    /// `G` when its index is undefined here, or when its index expression would be one more
    /// than there are witness symbols.
    fn assertion(&self, c: &Expr) -> Expr {
        let body = self.expr(c);
        let mut groups: Vec<Expr> = Vec::new();
        let mut guard = Expr::int(1);
        let mut reads = Vec::new();
        c.visit(&mut |e| {
            if let Expr::Read(a, i) = e {
                reads.push((*a, (**i).clone()));
            }
        });
        for (a, i) in reads {
            if !self.guardable.contains(&a) {
                continue;
            }
            if !groups.contains(&i) {
                if groups.len() >= self.symbols {
                    continue;
                }
                groups.push(i.clone());
            }
            let (ii, undef) = self.abs(&i);
            if undef || impure(&ii) {
                continue;
            }
            let below = match self.p.array(a).size {
                // `i < size` is left out where an enclosing test says so (it is then true;
                // Spacer was measured to fail on max at N = 10^6 with it, and to prove it
                // without).
                crate::ir::Size::Const(size) => self
                    .known
                    .bound(self.p, &self.always, &i)
                    .is_none_or(|b| b > size as i128)
                    .then(|| Expr::bin(BinOp::Lt, ii.clone(), index_const(size))),
                // The size variable, frozen since the allocation, which ran before this read.
                crate::ir::Size::Var(n) if self.v.contains(n) => {
                    Some(Expr::bin(BinOp::Lt, ii.clone(), Expr::Var(n)))
                }
                // Its value is undefined here: the read stays out of `G` (checked more often).
                crate::ir::Size::Var(_) => continue,
            };
            let lower = Expr::bin(BinOp::Le, Expr::int(0), ii.clone());
            let inside = match below {
                Some(b) => and(lower, b),
                None => lower,
            };
            // Only the witness cells are chosen: `G` asks for a witness hit (a constant cell
            // would need its own invariant: Spacer did not find the three for max at N = 10^6
            // with R(a) = {0, 999936, w} in 30 s, and proved it in 2 s with this guard).
            let hits = self
                .cells(a)
                .iter()
                .filter(|c| c.witness)
                .map(|c| Self::hit(&ii, c))
                .fold(Expr::int(0), or);
            guard = and(guard, or(Expr::not(inside), hits));
        }
        match is_const(&guard) {
            Some(v) if v != 0 => body,
            _ => or(Expr::not(guard), body),
        }
    }

    /// `a[i] = e` → `a@c1, …, a@cn = (î==c1 ? ê : a@c1), …` (all right-hand sides read the
    /// cells before the write); a constant index updates its element only, if tracked.
    fn store(&self, a: ArrId, i: &Expr, e: &Expr) -> StmtKind {
        let i = self.expr(i);
        let e = self.expr(e);
        if self.kept.contains(&a) {
            // An index built from `u` may be any value, the real one included: a write there
            // over-approximates the real write.
            return StmtKind::Store(a, i, e);
        }
        let xs: Vec<(VarId, Expr)> = self
            .cells(a)
            .iter()
            .map(|c| {
                let rhs = mk_cond(Self::hit(&i, c), e.clone(), Expr::Var(c.var));
                (c.var, rhs)
            })
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
    fn terms_parse_and_print() {
        let mut p = Program {
            file: "t.c".into(),
            data_model: crate::ir::DataModel::Lp64,
            vars: vec![],
            arrays: vec![],
            labels: vec![],
            body: vec![],
            num_vertices: 2,
            loop_sites: vec![],
        };
        let n = p.fresh_var("n", IntType::Int, Storage::Local);
        p.vars[n.0 as usize].synthetic = false;
        let _s = p.fresh_var("s", IntType::ULong, Storage::Local);
        let t = Term::parse(&p, "n / 2 - 1").unwrap();
        assert_eq!(
            t,
            Term {
                var: n,
                div: 2,
                add: -1
            }
        );
        assert_eq!(
            (t.display(&p), t.c_name(&p)),
            ("n/2-1".into(), "nd2m1".into())
        );
        assert_eq!(t.ty(&p), IntType::LongLong);
        let u = Term::parse(&p, "s+3").unwrap();
        assert_eq!(
            (u.display(&p), u.ty(&p)),
            ("s+3".into(), IntType::ULongLong)
        );
        assert_eq!(
            crate::ir::print::expr_to_c(&p, &u.expr(&p)),
            "(unsigned long long) s + 3ull"
        );
        for (bad, why) in [
            ("m", "unknown variable `m` (known: n)"),
            ("3", "does not start with a variable"),
            ("n%2", "unexpected text"),
            ("n/-2", "divisor"),
            ("n+99999999999", "addend"),
        ] {
            let e = Term::parse(&p, bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn conditionals_simplify() {
        let u = Expr::Nondet(IntType::Int);
        let x = Expr::Var(VarId(0));
        assert_eq!(mk_cond(x.clone(), u.clone(), u.clone()), u);
        assert_eq!(mk_cond(Expr::int(0), x.clone(), u.clone()), u);
        assert_eq!(mk_cond(Expr::int(2), x.clone(), u.clone()), x);
        let three = index_const(3);
        assert_eq!(mk_eq_index(&Expr::int(3), &three), Expr::int(1));
        assert_eq!(mk_eq_index(&Expr::int(-1), &three), Expr::int(0));
        assert_eq!(
            mk_eq_index(&x, &three),
            Expr::bin(BinOp::Eq, x.clone(), Expr::int(3))
        );
    }
}
