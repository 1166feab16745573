//! Cell morphing: Horn clauses of the original program *with arrays*, over K cells per array.
//!
//! Takes an [`ir::Program`](crate::ir::Program) (arrays of constant or symbolic size) and a number
//! `K` of cells (1 or 2); gives the [`HornSystem`] of the cell-morphing encoding (Monniaux and
//! Gonnord, "Cell morphing: from array programs to array-free Horn clauses", SAS 2016), built
//! by the block encoder of [`super::encode`] with the cells added, and the engine
//! [`HornCells`] (`--engine horn-cells`) that solves it with the Horn engine's portfolio.
//!
//! ## The encoding
//!
//! The predicate of cut point `v` is `P_v(x, w_1, v_1, …, w_K, v_K)` (`x` the scalar
//! variables; for each array accessed, its `K` cells: an index `w_i` and a value `v_i`). Its
//! meaning is α(S) = {(x, w, a[w]) | (x, a) ∈ S, every `w_i` in `[0, size)`}: cells are
//! *unordered* (any indexes, equal ones included), so any tuple of in-range indexes may be
//! plugged into the predicate of a reachable state; order facts live in the invariant
//! (`w1 < w2 ⇒ v1 <= v2`).
//!
//! A clause from cut point `s` to `t` (or from the entry, or into the error) is the block's
//! single-assignment encoding ([`super::encode`]) with, for each array, the cells as extra
//! slots of the environment: `P_s(x, w, v) ∧ 0 <= w_i < size ∧ block ⇒ P_t(x', w, v')`.
//!
//! - A write `a[e] := t` at vertex `u` makes every cell of `a` `v_i' = ite(w_i = e, t, v_i)`
//!   (no assumption on `e`: out of range it changes no cell).
//! - A read `a[e]` at vertex `u` is an `ite` over the writes of the block before it (at
//!   ancestors of `u`, each guarded by its own reach term and `e = index`), else the element
//!   `b` at the block's start. For `b` the body gets, for each cell `i` of `a`, the atom
//!   `P_s(x, …, (j, b) in place of cell i, …)` with `j = ite(act, e, w_1)`,
//!   `act = reach_u ∧ 0 <= e < size` (the pre-state's arguments otherwise), one more atom with
//!   the statement's reads together when it has several (one per cell of each array), and
//!   `j = w_i ⇒ b = v_i`, `j = j' ⇒ b = b'` for the cells and the reads of `a` before it in
//!   the block. From the entry, `b` is the initial content at `j` (zero, the initialiser list;
//!   free for an uninitialised local, with the same equalities).
//!
//! Not `reach_u ⇒ 0 <= e < size` as an assumption: C may skip a read of a reached vertex
//! (`i < n && a[i] != x` at `i = n`), and that assumption made the loop's exit clause vacuous
//! there: a wrong SAFE, caught by the twin `tests/morph/find_unsafe_shortcircuit.c`.
//!
//! ## Why SAFE is never wrong
//!
//! ara assumes, like everywhere (ARCHITECTURE.md, "Out of bounds"), that an execution
//! reads arrays only in bounds: the executions that matter are those whose every *evaluated*
//! read `a[e]` has `0 <= e < size`. Let `I` interpret every predicate so that every clause is
//! valid. By induction on such an execution, `I(P_v) ⊇ α({state at v})` at each visit of a
//! cut point `v`: for the entry clause and for a block from `s` to `t` taken with pre-state
//! `(x, a)` (in `I(P_s)` through α by induction), post-state `(x', a')` and any in-range
//! post cells `w`, the body is satisfied by: `v_i = a[w_i]` (the start atom holds), the
//! block's constants as the path computes them, for an active read `j = e` and `b = a[e]`
//! (each read atom is then a tuple of in-range indexes with their elements: in α(S)), for
//! an inactive one `j = w_1` and `b = v_1` (the start atom's tuple with cell 1 possibly
//! repeated, still in α(S)); the equalities hold because they are equalities of one array's
//! elements at equal indexes, and the joint atom is such a tuple too (its reads are all
//! active or all inactive: one vertex, one range test per read, each inactive one standing
//! at `(w_1, v_1)`). A read C evaluates is active (reached, in range by the assumption), so
//! its value, the `ite` over the writes of the path before it else `b`, is the value C
//! reads; a read C does not evaluate has a value nothing uses. The cell values after the
//! block are `ite(w_i = e, t, v_i)` over the writes of the path, which is `a'[w_i]` (an
//! out-of-range write touches no in-range cell). So the head `P_t(x', w, a'[w])` holds:
//! `I(P_t) ⊇ α`. The error clauses say no state in `I(P_s)` (hence none reachable)
//! reaches the error along a block; the entry's clause into the error is valid too, so the
//! program is safe.
//!
//! ara checks exactly "every clause is valid" for the solver's interpretation in the
//! bit-vector clauses (C semantics; [`super::certify`], whose check takes any body,
//! several atoms included). The integer and wrapped clauses are only search aids, as in the
//! array-free engine. A derivation of the error is a tree, not a CFG path: this engine never
//! answers UNSAFE (the error is reported as an unknown).
//!
//! ## Arrays that may have no element: guarded cells
//!
//! The argument above needs every array with cells to have an element (else α(S) = ∅ and
//! `false` is an invariant: a wrong SAFE). An array of symbolic size (a VLA, `malloc`: a
//! frozen size variable, `ir::Size::Var`, assigned once, at the allocation, before every
//! access) may have none at run time, and one of constant size 0 has none. Their cells are
//! *guarded*: with `G(x, w)` = `0 <= w < size(x)` (the size variable's value in `x`, compared
//! exactly: in a bit-vector wide enough for the signed index and the size's type; `false` for
//! size 0), a cell means `G(x, w_i) ⇒ v_i = a[w_i]`, so α(S) = {(x, w, v) | (x, a) ∈ S, for
//! each guarded cell `G(x, w_i) ⇒ v_i = a[w_i]`, each other cell as above}: never empty
//! (an out-of-range guarded cell carries any value), and still a product over the cells for
//! one `(x, a)`. Before its allocation an array of symbolic size holds arbitrary contents
//! (nothing reads them). The clauses change for guarded cells only:
//!
//! - no range on `w_i` and no initial contents at the entry;
//! - a write: `v_i' = ite(w_i = e ∧ G(x_u, w_i), t, v_i)` (`x_u` the variables at the write);
//! - a read: `j = e` (no `ite`: out of range `(e, b)` is in α for any `b`), and the cell
//!   equalities only in range at the block's start: `j = w_i ∧ G(x, w_i) ⇒ b = v_i`;
//! - the allocation (the assignment of the size variable, `Block::allocate`): each cell of
//!   the arrays of that size gets a new value, constrained by `G(x_u, w_i) ⇒ v_i' = init(w_i)`
//!   for zeroed (`calloc`) contents, free otherwise; a read after it in the block is the
//!   initial element at its index (or a fresh value) unless a later write on the path hits.
//!
//! Why SAFE is still never wrong: the induction above, with these choices for a block from
//! `(x, a)` to `(x', a')` and a head tuple `(x', w, v')` in α. The size variable changes only
//! at the allocation, so before it on the path `G(x_u, ·) = G(x, ·)`, and after it
//! `G(x_u, ·) = G(x', ·)`. A cell with no allocation of its array on the path: `v_i = a[w_i]`
//! when `G(x, w_i)`, else `v_i = v_i'` (any value is allowed in the pre-state's α; the guarded
//! writes leave it alone, so it arrives as `v_i'`); in range the writes make it `a'[w_i]` as
//! before (every access is in bounds). With an allocation: its new value is `init(w_i)` (or
//! the allocated contents) in range and `v_i'` otherwise, and the writes after it act as
//! before. A read's block-start element `b` is `a[e]` when `G(x, e)`, else the element C
//! reads there if it reads one (out of the guard nothing constrains `b` but the reads at the
//! same index, which read the same element), else any common value for the index: every atom
//! is then in α (per cell, a guarded replacement `(e, b)` is in α either way), every
//! equality holds, and a read C evaluates gets the value C reads (from the allocation, a
//! write of the path, or `b`). Hence `I(P_t) ⊇ α` again. The tests: safe/unsafe twins
//! `tests/morph/*_safe.c`, `*_unsafe.c` (`tests/morph.rs`), among them a sum whose
//! error is reachable exactly when the size is 0, a search whose condition skips the read at
//! `i == n`, a read in the block of its allocation, an array of constant size 0.
//!
//! ## Fewer atoms ([`Atoms::Lean`])
//!
//! Each atom of a body is a conjunct; leaving one out makes the body weaker, the clause
//! stronger, and an interpretation that makes the stronger clause valid makes the original
//! one valid too. The argument above never needs a particular atom (each one is merely
//! *satisfied* by the run's values), so any subset of the atoms, the start's own atom
//! included, keeps SAFE sound; ara checks the clauses it gave Spacer, lean ones included.
//! What a left-out atom costs is precision (an invariant may then not exist), so lean
//! encodings come first and the full ones after them ([`CELLS`]). The lean encoding leaves
//! out:
//! - into a cut point, every atom of the reads of a test whose one outcome is the error (an
//!   `assert`, `if (c) reach_error();`): on the way to the cut point such a read only
//!   decided that the error was not taken; the link `j = w_i ⇒ b = v_i` still passes the
//!   test's outcome on to the cell at the read's index;
//! - into the error, the start's atom (the error depends on the cells only through the
//!   reads, whose atoms carry the same variables) and the single atoms of reads that a
//!   statement's joint atom holds.
//!
//! A derivation of the error in the lean encoding ends its stage early (as for one cell):
//! the sentinel search needs the atom of its loop test `a[i] != x` (it bounds `i`) and is
//! proved by the full encoding only.
//!
//! ## Guessed candidates first ([`super::guess`])
//!
//! Where the program has a loop and an array, the engine first runs Houdini on the one-cell
//! integer clauses (every atom) from candidates fitted to concrete runs of the program
//! ([`super::observe`]: states at the loop heads at small sizes) and read off its stores and
//! conditions, starting at each predicate with those no recorded state falsifies
//! (`guess_run`, `GUESS_WEIGHT` of the budget). Its answer is checked like Spacer's (the
//! bit-vector clauses, [`super::certify`]): the candidates are leads, never a proof. Measured
//! (tests/everyn, release build, loaded machine): a linear recurrence over a `malloc`'d
//! array and a sum into a one-element array at nondet N, each in about 1 s; the two-loop
//! quadratic recurrence gets its Houdini invariant in 4 s but the 128-bit check of `w * w`
//! is rejected (bound) or times out.
//!
//! ## What was measured (see bench-suite/RESULTS.md, "Cell morphing (issue 13)")
//!
//! On this machine (2 cores, load 6 to 16 from other jobs: wall times several times an idle
//! machine's), Z3 as installed by `scripts/setup`, `bench-suite/cells` and `tests/morph`:
//! - Proved: max and find at N = 4, 10^6 and nondet N (one cell, 1 to 25 s wall; max at
//!   10^6 in 1 to 2 s), the short-circuit search; copy-compare at nondet N once (14 s, by
//!   the joint atom of `a[k] == b[k]`), not in other runs of 30 and 240 s.
//! - The Horn engine's `lia-global` (global guidance *and* no IUC) took 17.7 s on max at
//!   10^6 where global guidance with IUC took 1.6 s (z3 alone on the kept query): hence
//!   global guidance with IUC first ([`CELL_PORTFOLIO`]). `lia-no-iuc` gave the other
//!   proofs; bit-vector clauses gave none within their slices (they are what ara checks,
//!   not what it searches).
//! - With the range test as an *assumption* of a reached read (the first version, unsound),
//!   `lia-global` solved max at 10^6 in 1.4 s; with the test inside the read's `ite` (sound)
//!   in 17.7 s; with IUC on, 1.0 s and 1.6 s.
//! - Issue 13, second round (load 5 to 24; z3 alone on the kept queries, `timeout`):
//!   reverse and prefix sums were not proved because of the *atoms*: each non-linear clause
//!   makes Spacer summarise every body atom. On reverse (nondet N, one cell) with every
//!   atom, no configuration answered in 30 s (global guidance on or off, IUC on or off,
//!   `q3.use_qgen`, `use_euf_gen`, `arith.solver=6`, `use_inductive_generalizer=false`,
//!   `expand_bnd`, `ground_pobs=false`, `mbqi=false`, `iuc.arith=2/3`, `simplify_pob`,
//!   `use_lemma_as_cti`, `xform.inline_linear_branch`, `order_children=1`), nor with the
//!   predicates' dead arguments removed by hand (`k` in the first loops, the inlined
//!   functions' parameters: still over 30 s; with lean atoms the dead arguments changed
//!   nothing measurable, 6.5 s with them, 13 to 15 s without). Without the assert's atoms
//!   in the check loop's clause and with the joint atom alone into the error: 3.4 to 7 s
//!   (start atom and joint atom: 21 s; single atoms and joint atom: over 30 s). Prefix sums
//!   likewise: 14 to 29 s, then 2.6 to 4.4 s with global guidance without IUC.
//! - `fp.xform.slice` (Z3's default) lost the certificates: with lean atoms and two cells
//!   Spacer solved prefix sums in 1.2 s and printed `true` alone; with one cell it printed
//!   no interpretation of the first loop (both rejected by ara's check). With slicing off
//!   the certificates are complete; every cell configuration turns it off
//!   ([`CELL_PORTFOLIO`]). Inlining off too made Spacer slower (9 to 27 s instead of 3 to 4).
//! - The certificate check: Z3's default on the bit-vector clauses took over 60 s on
//!   clauses of prefix sums that bit-blasting to SAT answers in 0.3 to 6 s (the check of
//!   cell clauses now does, [`super::certify`]); 64- or 40-bit arithmetic instead of 128
//!   was not the fix. `smt.bv.solver=2` (integer blasting) took 0.3 s, but Z3 has had
//!   wrong `unsat` answers with it after `push`: not used.
//! - Proved now within 60 s (`ara check --engine horn-cells --timeout 60`, loaded): reverse
//!   at nondet N (3 to 11 s; once a timeout at load 10) and N = 10^6 (3 to 5 s), prefix sums
//!   at nondet N (6 s), all with one cell and lean atoms (`lia-global-iuc`, `lia-global`,
//!   `lia-wrap-global`); the sentinel search at nondet N (31 s, one cell, full atoms), max
//!   at 10^6 (2 s), find at nondet N (1 s). Not proved: prefix sums at N = 10^6 (Spacer
//!   finds invariants, with one and two cells, but their check of the fill loop's
//!   consecution takes over 60 s, in both Z3 strategies); reverse and prefix sums of
//!   tests/morph (N up to 6: about four times slower in Spacer, 20 s alone); copy at
//!   nondet N; both sorts (with one cell the error is derivable, with two cells, lean or
//!   full, Spacer times out).
//! - Unsafe programs: never SAFE; with a nondet size the error is derivable within about a
//!   second (reported as unknown: a derivation is a tree, no path), at N = 10^6 no answer.
//! - Symbolic sizes (`--timeout 60`, load about 5): proved `bench-suite/symsize` heap_search
//!   (0.2 s), calloc_zero (0.2 s), init (7.3 s), find (7.9 s), minmax (12.5 s), vla_init
//!   (12.9 s), heap_max (28.5 s), and VLA versions of `bench-suite/cells` max (23.5 s) and find
//!   (55.5 s, two cells); not heap_fill_sum nor sentinel (timeouts); their unsafe twins all
//!   unknown within 2 s. `tests/morph/*_safe.c` (n <= 6) come more slowly (up to 60 s) than
//!   the same programs at 10^6: the small bound again.
//! - With Z3's slicing (`fp.xform.slice`, on by default) Spacer printed a certificate without
//!   a predicate of `find_malloc_safe.c` (read as `true`: the check rejected it); hence
//!   every configuration of [`CELL_PORTFOLIO`] turns slicing off (`max_safe_nondet` 2.1 s, `find_safe_nondet` 0.9 s
//!   with it, as before).

use super::encode::{Block, CellParam, EncodeLimits, Env, HornSystem, encode_cells};
use super::solve::SpacerConfig;
use super::{Attempt, DEFAULT_TIMEOUT, Failures, Horn, Run, Systems, houdini};
use crate::base::error::AraError;
use crate::base::tools::{Limits, Tool, find_tool};
use crate::engines::checkers::{HornAttempt, HornWhy, UnknownReason};
use crate::engines::smt::encode::EnvRead;
use crate::engines::smt::{ExprEncoder, Theory};
use crate::engines::{Budget, Engine, EngineOutcome, EngineVerdict, Proof};
use crate::ir::cfg::Action;
use crate::ir::{
    ArrId, ArrayInit, Expr, IntType, Program, Size, StmtKind, VERTEX_ERROR, VarId, Vertex,
};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// The arrays with cells and the number of cells each.
#[derive(Clone, Debug, PartialEq)]
pub struct CellLayout {
    /// Cells per array (1 or 2).
    pub k: usize,
    /// The arrays the program accesses, with their sizes.
    pub arrays: Vec<(ArrId, Size)>,
}

impl CellLayout {
    /// The layout of `p` with `k` cells per accessed array, or why the encoding does not
    /// apply (a size beyond the index type, a size variable assigned in parallel).
    pub fn of(p: &Program, k: usize) -> Result<CellLayout, String> {
        let mut used: Vec<ArrId> = vec![];
        let mut note = |a: ArrId| {
            if !used.contains(&a) {
                used.push(a);
            }
        };
        let mut par: Vec<VarId> = vec![];
        p.visit_stmts(&mut |s| {
            let mut exprs: Vec<&Expr> = vec![];
            match &s.kind {
                StmtKind::Store(a, i, e) => {
                    note(*a);
                    exprs.extend([i, e]);
                }
                StmtKind::Assign(_, e) | StmtKind::Assume(e) | StmtKind::Assert(e) => exprs.push(e),
                StmtKind::If(c, ..)
                | StmtKind::While { cond: c, .. }
                | StmtKind::DoWhile { cond: c, .. } => exprs.push(c),
                StmtKind::ParAssign(xs) => {
                    par.extend(xs.iter().map(|(x, _)| *x));
                    exprs.extend(xs.iter().map(|(_, e)| e))
                }
                _ => {}
            }
            for e in exprs {
                e.visit(&mut |x| {
                    if let Expr::Read(a, _) = x {
                        note(*a)
                    }
                });
            }
        });
        used.sort();
        let (_, max) = IntType::Long.range(p.data_model);
        let mut arrays = vec![];
        for a in used {
            let arr = p.array(a);
            match arr.size {
                Size::Const(n) if (n as i128) > max => {
                    return Err(format!("{} has {n} elements", arr.display));
                }
                // Only a plain assignment of the size variable allocates (`allocate`).
                Size::Var(v) if par.contains(&v) => {
                    return Err(format!("{} is assigned in parallel", p.var(v).display));
                }
                size => arrays.push((a, size)),
            }
        }
        Ok(CellLayout { k, arrays })
    }

    /// Whether the cells of array number `j` are *guarded*: the array may have no element
    /// (a symbolic size, or 0), so its cells mean `0 <= w < size ⇒ v = a[w]` (module doc).
    fn guarded(&self, j: usize) -> bool {
        matches!(self.arrays[j].1, Size::Var(_) | Size::Const(0))
    }

    /// Where array `a` is in [`CellLayout::arrays`].
    fn position(&self, a: ArrId) -> Option<usize> {
        self.arrays.iter().position(|(b, _)| *b == a)
    }

    /// The display name of index `i` (0-based) of array number `j`: `w1`, or `w1_a` with
    /// several arrays.
    fn index_display(&self, p: &Program, j: usize, i: usize) -> String {
        if self.arrays.len() == 1 {
            format!("w{}", i + 1)
        } else {
            format!("w{}_{}", i + 1, p.array(self.arrays[j].0).display)
        }
    }

    /// Base names and sorts of the cells' value slots (array by array, cell by cell).
    pub(super) fn value_slots(&self, p: &Program, enc: &ExprEncoder) -> Vec<(String, String)> {
        let mut out = vec![];
        for &(a, _) in &self.arrays {
            let arr = p.array(a);
            for i in 0..self.k {
                out.push((format!("{}#v{}", arr.name, i + 1), enc.sort(arr.elem)));
            }
        }
        out
    }

    /// The predicates' cell parameters: per array, per cell, the index then the value.
    pub(super) fn params(&self, p: &Program, enc: &ExprEncoder) -> Vec<CellParam> {
        let mut out = vec![];
        for (j, &(a, _)) in self.arrays.iter().enumerate() {
            let arr = p.array(a);
            for i in 0..self.k {
                let w = self.index_display(p, j, i);
                out.push(CellParam {
                    display: w.clone(),
                    ty: enc.index_type(),
                    sort: enc.index_sort(),
                });
                out.push(CellParam {
                    display: format!("{}[{w}]", arr.display),
                    ty: arr.elem,
                    sort: enc.sort(arr.elem),
                });
            }
        }
        out
    }

    /// `forall w1, w2 in [0, 10): ` (one clause per array) before an invariant's text.
    pub fn quantifier(&self, p: &Program) -> String {
        let mut out = String::new();
        for (j, &(_, n)) in self.arrays.iter().enumerate() {
            let ws: Vec<String> = (0..self.k).map(|i| self.index_display(p, j, i)).collect();
            let n = match n {
                Size::Const(n) => n.to_string(),
                Size::Var(v) => p.var(v).display.clone(),
            };
            out.push_str(&format!("forall {} in [0, {n}): ", ws.join(", ")));
        }
        out
    }
}

/// The cell-morphing encoding of `p` with `layout`'s cells and every atom: bit-vector
/// (`Theory::BitVector`) or integer clauses, the latter wrapped into the C types when `wrap`.
pub fn encode(
    p: &Program,
    layout: &CellLayout,
    theory: Theory,
    wrap: bool,
) -> Result<HornSystem, AraError> {
    encode_atoms(p, (layout, Atoms::Full), theory, wrap)
}

/// [`encode`] with the atoms of `atoms`.
pub fn encode_atoms(
    p: &Program,
    (layout, atoms): (&CellLayout, Atoms),
    theory: Theory,
    wrap: bool,
) -> Result<HornSystem, AraError> {
    encode_cells(p, theory, wrap, (layout, atoms), &EncodeLimits::default())?.map_err(|why| {
        AraError::Unsupported {
            file: p.file.clone(),
            line: 0,
            col: 0,
            what: format!("Horn clauses: {why}"),
        }
    })
}

/// The cell-morphing engine (`spacer-cells`, `--engine horn-cells`): the cell portfolio
/// ([`CELL_PORTFOLIO`]) on the encodings of [`CELLS`] in turn (one cell per array with lean
/// atoms, then with every atom, then two cells likewise), each within its share of the
/// budget.
#[derive(Clone, Debug)]
pub struct HornCells {
    pub horn: Horn,
    /// The numbers of cells and the atoms tried, in order (default [`CELLS`]).
    pub cells: Vec<(usize, Atoms)>,
    /// Where the template engine ([`super::houdini`]) runs: before the stage of this
    /// position (the number of stages: after the last), or never (default: before the
    /// first stage of two cells).
    pub houdini_at: Option<usize>,
    /// Whether the guessed candidates ([`super::guess`]) run first, where they apply.
    pub guess: bool,
    /// The template engine's share of the budget, against each stage's (default
    /// [`HOUDINI_WEIGHT`]).
    pub houdini_weight: u32,
    /// The guessed candidates' share, likewise (default [`GUESS_WEIGHT`]).
    pub guess_weight: u32,
}

impl Default for HornCells {
    fn default() -> Self {
        HornCells {
            horn: Horn {
                portfolio: portfolio(),
                z3: None,
            },
            cells: CELLS.to_vec(),
            houdini_at: CELLS.iter().position(|&(k, _)| k == 2),
            guess: true,
            houdini_weight: HOUDINI_WEIGHT,
            guess_weight: GUESS_WEIGHT,
        }
    }
}

/// Z3's slicing (`fp.xform.slice`, on by default) removes arguments and predicates before
/// Spacer runs, and its certificate then lacks them: on prefix sums Spacer printed `true`
/// alone (two cells, lean atoms) or no interpretation of the first loop's predicate (one
/// cell), which ara's check rightly rejects. Every configuration of the cells turns it off.
const NO_SLICE: (&str, &str) = ("fp.xform.slice", "false");

/// The configurations for cell clauses, in order (module doc, "What was measured"):
/// global guidance with IUC (the Horn engine's `lia-global` turns IUC off: 17.7 s instead
/// of 1.6 s on max at N = 10^6; reverse in 5 s instead of 12 to 16), global guidance
/// without IUC (prefix sums in 3 to 4 s, 20 to 30 with IUC), then without global
/// guidance and wrapped integers. Not bit-vector clauses: they gave no proof (they are what
/// ara checks, not what it searches).
pub const CELL_PORTFOLIO: &[SpacerConfig] = &[
    SpacerConfig {
        name: "lia-global-iuc",
        theory: Theory::Lia,
        wrap: false,
        options: &[("fp.spacer.global", "true"), NO_SLICE],
    },
    SpacerConfig {
        name: "lia-global",
        theory: Theory::Lia,
        wrap: false,
        options: &[
            ("fp.spacer.global", "true"),
            ("fp.spacer.use_iuc", "false"),
            NO_SLICE,
        ],
    },
    SpacerConfig {
        name: "lia-no-iuc",
        theory: Theory::Lia,
        wrap: false,
        options: &[("fp.spacer.use_iuc", "false"), NO_SLICE],
    },
    SpacerConfig {
        name: "lia-wrap-global",
        theory: Theory::Lia,
        wrap: true,
        options: &[("fp.spacer.global", "true"), NO_SLICE],
    },
];

/// [`CELL_PORTFOLIO`] as a vector.
pub fn portfolio() -> Vec<SpacerConfig> {
    CELL_PORTFOLIO.to_vec()
}

/// The numbers of cells and the atoms tried, in order (a derivation of the error ends a
/// stage early).
pub const CELLS: [(usize, Atoms); 4] = [
    (1, Atoms::Lean),
    (1, Atoms::Full),
    (2, Atoms::Lean),
    (2, Atoms::Full),
];

/// A stage's share of the budget: lean atoms gave every proof measured but find's and max's
/// with full atoms too (module doc), so they get more of it (each Spacer run restarts from
/// scratch: short slices waste it).
fn weight(atoms: Atoms) -> u32 {
    match atoms {
        Atoms::Lean => 2,
        Atoms::Full => 1,
    }
}

impl Engine for HornCells {
    fn name(&self) -> &'static str {
        "spacer-cells"
    }

    fn check(&self, p: &Program, budget: &Budget) -> Result<EngineOutcome, AraError> {
        crate::engines::timed_outcome(self.name(), budget, |start| self.verdict(p, budget, start))
    }
}

impl HornCells {
    fn verdict(
        &self,
        p: &Program,
        budget: &Budget,
        start: Instant,
    ) -> Result<EngineVerdict, AraError> {
        let unsupported =
            |what: String| Ok(EngineVerdict::Unknown(UnknownReason::Unsupported { what }));
        let z3 = find_tool(Tool::Z3, self.horn.z3.as_deref())?;
        let total = budget.timeout.unwrap_or(DEFAULT_TIMEOUT);
        let run = Run {
            p,
            z3: &z3,
            keep: budget.keep_dir.as_deref(),
            start,
            total,
        };
        let mut fails = Failures::default();
        // The template engine before the first stage of two cells by default (module doc of
        // `houdini`: Spacer found no invariant of the sorts with two cells, and what the
        // template engine leaves of its share goes to those stages).
        let houdini_at = self
            .houdini_at
            .filter(|&h| h <= self.cells.len() && houdini::applies(p));
        let mut weights: Vec<u32> = self.cells.iter().map(|&(_, a)| weight(a)).collect();
        weights.push(0);
        if let Some(h) = houdini_at {
            weights[h] += self.houdini_weight;
        }
        let guess = self.guess && super::guess::applies(p);
        if guess {
            weights[0] += self.guess_weight;
        }
        let all = weights.iter().sum::<u32>() as f64;
        let share = |upto: u32| start + total.mul_f64(upto as f64 / all);
        match CellLayout::of(p, 1) {
            Ok(l) if l.arrays.is_empty() => {
                return unsupported("no array accesses (the Horn engine applies)".into());
            }
            Ok(_) => {}
            Err(why) => return unsupported(format!("cell morphing: {why}")),
        }
        if guess && let Some(v) = guess_run(&run, share(self.guess_weight), &mut fails)? {
            return Ok(v);
        }
        for n in 0..=self.cells.len() {
            // The guessed candidates' share (in stage 0's weight) is spent before stage 0.
            let spent = if guess && n == 0 {
                self.guess_weight
            } else {
                0
            };
            let before = weights[..n].iter().sum::<u32>() + spent;
            if houdini_at == Some(n)
                && let Ok(two) = CellLayout::of(p, 2)
            {
                let sys = systems(p, &two, Atoms::Full)?;
                let until = share(before + self.houdini_weight);
                if let Some(v) = houdini_run(&run, &sys, &two, until, &mut fails)? {
                    return Ok(v);
                }
            }
            let Some(&(k, atoms)) = self.cells.get(n) else {
                break;
            };
            let layout = match CellLayout::of(p, k) {
                Ok(l) => l,
                Err(why) => return unsupported(format!("cell morphing: {why}")),
            };
            let sys = systems(p, &layout, atoms)?;
            let until = share(before - spent + weights[n]);
            if let Some(v) = self.horn.portfolio_run(&run, &sys, until, &mut fails)? {
                return Ok(v);
            }
            if crate::base::tools::cancelled() {
                return Ok(EngineVerdict::Unknown(UnknownReason::Cancelled));
            }
        }
        Ok(EngineVerdict::Unknown(fails.reason(start.elapsed())))
    }
}

/// The three encodings of `p` with the cells of `layout` and `atoms`.
fn systems(p: &Program, layout: &CellLayout, atoms: Atoms) -> Result<Systems, AraError> {
    let cells = (layout, atoms);
    Ok(Systems {
        bv: encode_atoms(p, cells, Theory::BitVector, false)?,
        lia: encode_atoms(p, cells, Theory::Lia, false)?,
        wrapped: encode_atoms(p, cells, Theory::Lia, true)?,
        tag: format!("_k{}{}_", layout.k, atoms.tag()),
        quantifier: Some(layout.quantifier(p)),
    })
}

/// The share of the budget of the template engine ([`super::houdini`]), before the first
/// stage of two cells (selection sort took 18 s, bubble sort 32 s, of a 60 s run: 3 of 9).
pub const HOUDINI_WEIGHT: u32 = 3;

/// The template engine on the integer clauses of `sys` (two cells, every atom) until
/// `until`, its answer checked like Spacer's.
fn houdini_run(
    run: &Run,
    sys: &Systems,
    layout: &CellLayout,
    until: Instant,
    fails: &mut Failures,
) -> Result<Option<EngineVerdict>, AraError> {
    let left = until.saturating_duration_since(Instant::now());
    let deadline = until - (left / 6).min(super::CHECK_RESERVE);
    // Past its deadline (the stages before it overran their shares) Houdini's first query
    // would time out (`houdini::solve_from` asks nothing with less than 50 ms left): the
    // same answer without the candidates, the runs and the sifting first (issue 28: 8 s of
    // a 2 s budget on a bubble sort's bug twin in a debug build). No proof is lost that
    // could come before the deadline.
    if super::guess::stopped(deadline) {
        fails.timeouts += 1;
        return Ok(None);
    }
    let shape = houdini::shape(run.p, &sys.lia, &layout.arrays);
    let cands = houdini::candidates(&shape);
    // The candidates no observed state falsifies ([`super::sift`]: only an economy).
    let cuts: BTreeSet<Vertex> = sys.lia.preds.iter().map(|p| p.vertex).collect();
    let obs = super::observe::observe(run.p, &cuts, GUESS_RUNS, deadline);
    if super::guess::stopped(deadline) {
        fails.timeouts += 1;
        return Ok(None);
    }
    let active = super::sift::sift(&sys.lia, &layout.arrays, &cands, &obs, deadline);
    crate::base::tools::trace_event(&format!(
        "houdini: {} observations keep {} of {} candidates",
        obs.len(),
        active.values().flatten().filter(|&&o| o).count(),
        cands.len() * active.len()
    ));
    let found = houdini::solve_from(&sys.lia, &cands, active, run.z3, deadline);
    check_houdini(run, sys, (found, cands.len()), until, fails, "houdini")
}

/// The answer of a Houdini run on `sys` (with its number of candidates) checked like
/// Spacer's, under the engine name `name` (`houdini`, `guess`).
fn check_houdini(
    run: &Run,
    sys: &Systems,
    (found, cands): (
        Result<Vec<Vec<super::certify::Interp>>, houdini::Failure>,
        usize,
    ),
    until: Instant,
    fails: &mut Failures,
    name: &str,
) -> Result<Option<EngineVerdict>, AraError> {
    let interps = match found {
        Ok(i) => i,
        Err(houdini::Failure::Timeout) => {
            fails.timeouts += 1;
            return Ok(None);
        }
        Err(houdini::Failure::TooWeak) => {
            fails.other.push(HornAttempt {
                config: name.into(),
                cells: None,
                why: HornWhy::TemplateTooWeak { candidates: cands },
            });
            return Ok(None);
        }
        Err(houdini::Failure::Solver(why)) => {
            fails.other.push(HornAttempt {
                config: name.into(),
                cells: None,
                why: HornWhy::Solver { detail: why },
            });
            return Ok(None);
        }
    };
    // Its own tag: the kept check script must not overwrite Spacer's of the same cells.
    let tag = format!("{}{name}_", sys.tag);
    let ctx = Attempt {
        p: run.p,
        z3: run.z3,
        bv: &sys.bv,
        sys: &sys.lia,
        cfg: if name == "guess" { &GUESS } else { &HOUDINI },
        keep: run.keep,
        k: 0,
        tag: &tag,
        quantifier: sys.quantifier.as_deref(),
    };
    let answers = interps.len();
    for (n, interps) in interps.into_iter().enumerate() {
        // The facts the others imply left out (`reduce`: the same formula, quicker to check).
        let bodies = interps.iter().map(|i| i.body.clone()).collect();
        let bodies = super::reduce::implied_out(run.z3, &sys.lia.param_sorts(), bodies, until);
        let interps: Vec<super::certify::Interp> = interps
            .into_iter()
            .zip(bodies)
            .map(|(i, body)| super::certify::Interp { body, ..i })
            .collect();
        // An answer with another after it (the smaller invariant before the whole one) gets
        // half of the time left.
        let left =
            until.saturating_duration_since(Instant::now()) / if n + 1 < answers { 2 } else { 1 };
        let limits = Limits {
            timeout: Some(left.max(Duration::from_secs(1))),
            memory_mb: None,
        };
        match ctx.check_interps(interps, &[], &limits) {
            Ok(invariants) => {
                return Ok(Some(EngineVerdict::Proved(Proof::InductiveInvariant {
                    found_by: format!("{name}-cells {}", sys.tag.trim_matches('_')),
                    invariants,
                })));
            }
            Err(why) => fails.rejected = Some(format!("{name}: {why}")),
        }
    }
    Ok(None)
}

/// The share of the budget of the guessed candidates ([`super::guess`]), before the first
/// stage.
pub const GUESS_WEIGHT: u32 = 2;

/// Concrete runs of the original program at small sizes ([`super::observe`]).
const GUESS_RUNS: usize = 6;

/// Houdini on the one-cell integer clauses (every atom) from the guessed candidates of
/// [`super::guess`] that no observed state falsifies, until `until`; its answer checked like
/// Spacer's.
fn guess_run(
    run: &Run,
    until: Instant,
    fails: &mut Failures,
) -> Result<Option<EngineVerdict>, AraError> {
    let Ok(one) = CellLayout::of(run.p, 1) else {
        return Ok(None);
    };
    let sys = systems(run.p, &one, Atoms::Full)?;
    let cuts: BTreeSet<Vertex> = sys.lia.preds.iter().map(|p| p.vertex).collect();
    let t = Instant::now();
    let obs = super::observe::observe(run.p, &cuts, GUESS_RUNS, until);
    let observed = t.elapsed().as_secs_f64();
    if super::guess::stopped(until) {
        return Ok(None);
    }
    let shape = houdini::shape(run.p, &sys.lia, &one.arrays);
    let cands = super::guess::candidates(run.p, &sys.lia, &one.arrays, &shape.terms, &obs, until);
    let guessed = t.elapsed().as_secs_f64();
    let active = super::guess::filter(&sys.lia, &one.arrays, &cands, &obs, until);
    let Some(active) = active.filter(|_| !cands.is_empty()) else {
        crate::base::tools::trace_event(&format!(
            "guess: stopped after {:.2} s ({} observations, {} candidates)",
            t.elapsed().as_secs_f64(),
            obs.len(),
            cands.len()
        ));
        return Ok(None);
    };
    crate::base::tools::trace_event(&format!(
        "guess: {} observations ({observed:.2} s), {} candidates ({guessed:.2} s), {} kept \
         by them ({:.2} s)",
        obs.len(),
        cands.len(),
        active.values().flatten().filter(|&&o| o).count(),
        t.elapsed().as_secs_f64()
    ));
    let names: Vec<String> = sys
        .lia
        .args
        .iter()
        .map(|(v, _)| run.p.var(*v).display.clone())
        .chain(sys.lia.cells.iter().map(|c| c.display.clone()))
        .collect();
    crate::base::tools::trace_event(&format!("guess: parameters {names:?}"));
    super::houdini::trace_active("guess:", &cands, &active);
    let left = until.saturating_duration_since(Instant::now());
    let deadline = until - (left / 4).min(super::CHECK_RESERVE);
    let found = houdini::solve_from(&sys.lia, &cands, active, run.z3, deadline);
    check_houdini(run, &sys, (found, cands.len()), until, fails, "guess")
}

/// The guessed candidates' entry in reports and checks.
const GUESS: SpacerConfig = SpacerConfig {
    name: "guess",
    theory: Theory::Lia,
    wrap: false,
    options: &[],
};

/// The template engine's entry in reports and checks (integer candidates).
const HOUDINI: SpacerConfig = SpacerConfig {
    name: "houdini",
    theory: Theory::Lia,
    wrap: false,
    options: &[],
};

/// A write of the block at `vertex`, reached when `reach`: `a[index] := value` (`elem`), or
/// the allocation of `a` (`None`: every element becomes the initial contents).
#[derive(Clone, Debug)]
pub(super) struct Write {
    vertex: Vertex,
    array: ArrId,
    elem: Option<(String, String)>,
    reach: String,
}

/// The cell-morphing part of a block's encoding.
#[derive(Clone, Debug, Default)]
pub(super) struct MorphState {
    /// The block's start (`None`: the entry) and its first vertex.
    pub(super) from: Option<Vertex>,
    pub(super) first: Vertex,
    /// The environment at the block's start (variables, then cell values).
    pub(super) pre: Vec<String>,
    /// The cells' index constants, in slot order.
    w: Vec<String>,
    writes: Vec<Write>,
    /// The block-start elements read: (vertex, array, index constant `j`, value constant `b`).
    reads: Vec<(Vertex, ArrId, String, String)>,
    /// Atoms of the start's predicate, with the vertex of their reads.
    pub(super) atoms: Vec<Atom>,
    /// Which of them a clause's body gets.
    pub(super) mode: Atoms,
    count: usize,
}

/// Which read atoms a clause's body gets (module doc, "Fewer atoms").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Atoms {
    /// Every atom of every read of the block, and the start's atom.
    #[default]
    Full,
    /// Into a cut point, none for a read whose statement only decides whether the error is
    /// reached; into the error, no start's atom and no single atom of a read in a joint one.
    Lean,
}

impl Atoms {
    /// Distinguishes the kept files and the prover's name (`k1l`).
    fn tag(self) -> &'static str {
        match self {
            Atoms::Full => "",
            Atoms::Lean => "l",
        }
    }
}

/// An application of the block start's predicate for reads of vertex `vertex`.
#[derive(Clone, Debug)]
pub(super) struct Atom {
    vertex: Vertex,
    args: Vec<String>,
    /// The numbers of the reads it holds (in [`MorphState::reads`]).
    reads: Vec<usize>,
    /// The joint atom of a statement's reads (else a single read's, one per cell).
    joint: bool,
    /// Its statement is a test whose one outcome is the error (`assert`, `if (..)
    /// reach_error()`): its reads decide only whether the error is reached.
    guards_error: bool,
}

/// `0 <= idx < n` in the index sort of `enc` (`idx` a term of that sort).
pub(super) fn in_range(enc: &ExprEncoder, idx: &str, n: u64) -> String {
    let lit = |v: i128| enc.lit(v, enc.index_type());
    let (zero, n) = (lit(0), lit(n as i128));
    if enc.index_sort() == "Int" {
        format!("(and (<= {zero} {idx}) (< {idx} {n}))")
    } else {
        format!("(and (bvsle {zero} {idx}) (bvslt {idx} {n}))")
    }
}

/// The initial element of `a` at `idx` (a term of the index sort), when the program fixes
/// it (zero, an initialiser list; `None` for contents left undetermined).
pub(super) fn initial_at(p: &Program, enc: &ExprEncoder, a: ArrId, idx: &str) -> Option<String> {
    let arr = p.array(a);
    let zero = enc.lit(0, arr.elem);
    match &arr.init {
        ArrayInit::Zero => Some(zero),
        ArrayInit::List(vs) => Some(vs.iter().enumerate().rev().fold(zero, |t, (i, v)| {
            let (i, v) = (enc.lit(i as i128, enc.index_type()), enc.lit(*v, arr.elem));
            format!("(ite (= {idx} {i}) {v} {t})")
        })),
        ArrayInit::Nondet => None,
    }
}

impl Block<'_, '_> {
    fn layout(&self) -> &CellLayout {
        self.cells.expect("a cell-morphing block")
    }

    /// The first slot of array number `j`'s cells.
    fn cell_slot(&self, j: usize) -> usize {
        self.p.vars.len() + j * self.layout().k
    }

    fn index_lit(&self, v: i128) -> String {
        self.enc.lit(v, self.enc.index_type())
    }

    /// `0 <= idx < n` in the index sort.
    fn in_range(&self, idx: &str, n: u64) -> String {
        in_range(self.enc, idx, n)
    }

    /// The guard of the cells of guarded array number `j` at index `w` in `env`:
    /// `0 <= w < size` with the size as `env` holds it, compared exactly (in a width that
    /// holds both the index sort's and the size's values; `false` for a size of 0).
    fn guard<S: AsRef<str>>(&self, j: usize, w: &str, env: &[S]) -> String {
        let v = match self.layout().arrays[j].1 {
            Size::Const(0) => return "false".into(),
            Size::Const(n) => return self.in_range(w, n),
            Size::Var(v) => v,
        };
        let s = env[v.0 as usize].as_ref();
        if self.enc.index_sort() == "Int" {
            return format!("(and (<= 0 {w}) (< {w} {s}))");
        }
        let dm = self.p.data_model;
        let ty = self.p.var(v).ty;
        let (ib, sb) = (self.enc.index_type().bits(dm), ty.bits(dm));
        // Wide enough for the index (signed) and the size (either signedness) as they are.
        let wb = if sb < ib { ib } else { sb + 1 };
        let ext = |t: &str, from: u32, signed: bool| match wb - from {
            0 => t.to_string(),
            d if signed => format!("((_ sign_extend {d}) {t})"),
            d => format!("((_ zero_extend {d}) {t})"),
        };
        let zero = self.index_lit(0);
        format!(
            "(and (bvsle {zero} {w}) (bvslt {} {}))",
            ext(w, ib, true),
            ext(s, sb, ty.is_signed())
        )
    }

    /// The initial element of `a` at `idx`, when the program fixes it.
    fn initial_at(&self, a: ArrId, idx: &str) -> Option<String> {
        initial_at(self.p, self.enc, a, idx)
    }

    fn fresh_const(&mut self, prefix: &str, sort: String) -> String {
        let name = format!("{prefix}{}", self.morph.count);
        self.morph.count += 1;
        self.consts.push((name.clone(), sort));
        name
    }

    /// The cells at the block's start: index constants in range, values (the initial
    /// contents from the entry) appended to `env`.
    pub(super) fn cell_start(&mut self, initial: bool, at: Vertex, env: &mut Env) {
        self.morph.first = at;
        let layout = self.layout().clone();
        for (j, &(a, n)) in layout.arrays.iter().enumerate() {
            let arr = self.p.array(a);
            // Guarded cells: any index, no initial contents (a symbolic array is allocated
            // later; one of size 0 has none).
            let ranged = n.as_const().filter(|_| !layout.guarded(j));
            for i in 0..layout.k {
                let w =
                    crate::engines::smt::encode::versioned(&format!("{}#w{}", arr.name, i + 1), 0);
                self.consts.push((w.clone(), self.enc.index_sort()));
                if let Some(n) = ranged {
                    self.defs.push((at, self.in_range(&w, n)));
                }
                let v =
                    crate::engines::smt::encode::versioned(&format!("{}#v{}", arr.name, i + 1), 0);
                self.consts.push((v.clone(), self.enc.sort(arr.elem)));
                if initial
                    && ranged.is_some()
                    && let Some(t) = self.initial_at(a, &w)
                {
                    self.defs.push((at, format!("(= {v} {t})")));
                }
                debug_assert_eq!(env.len(), self.cell_slot(j) + i);
                env.push(v.into());
                self.morph.w.push(w);
            }
        }
    }

    /// The predicate's arguments for `env`: the variables, then each cell's index and value.
    pub(super) fn pred_args<S: AsRef<str>>(&self, env: &[S]) -> Vec<String> {
        let nv = self.p.vars.len();
        let owned = |x: &S| x.as_ref().to_string();
        if self.cells.is_none() {
            return env.iter().map(owned).collect();
        }
        let mut out: Vec<String> = env[..nv].iter().map(owned).collect();
        for (s, w) in self.morph.w.iter().enumerate() {
            out.push(w.clone());
            out.push(owned(&env[nv + s]));
        }
        out
    }

    /// Defines the reads the expression encoder just made (see the module doc).
    pub(super) fn resolve_reads(&mut self, u: Vertex, reach: &str) {
        let reads: Vec<(usize, usize, String, String)> = self
            .enc
            .take_reads()
            .into_iter()
            .filter_map(|r| self.read(u, reach, r))
            .collect();
        if reads.len() < 2 || self.morph.from.is_none() {
            return;
        }
        // One more atom with the statement's reads together (one per cell of each array):
        // `a[k] == b[k]` needs both elements in one tuple, `a[j] > a[j + 1]` (two cells)
        // too. All of them are reached or none (one vertex), so the tuple is in α.
        let (nv, k) = (self.p.vars.len(), self.layout().k);
        let mut args = self.pred_args(&self.morph.pre.clone());
        let mut used = vec![0usize; self.layout().arrays.len()];
        let mut held = vec![];
        for (n, j, jc, b) in reads {
            if used[j] < k {
                let at = nv + 2 * (j * k + used[j]);
                args[at] = jc;
                args[at + 1] = b;
                used[j] += 1;
                held.push(n);
            }
        }
        if held.len() >= 2 {
            self.push_atom(u, args, held, true);
        }
    }

    fn push_atom(&mut self, vertex: Vertex, args: Vec<String>, reads: Vec<usize>, joint: bool) {
        let guards_error = self.guards_error(vertex);
        self.morph.atoms.push(Atom {
            vertex,
            args,
            reads,
            joint,
            guards_error,
        });
    }

    /// Is `u` a test with an outcome that is the error (an `assert`, `if (c)
    /// reach_error();`)? Its reads then decide only whether the error is reached.
    fn guards_error(&self, u: Vertex) -> bool {
        let node = self.cfg.node(u);
        let is_error = |v: Vertex| {
            v == VERTEX_ERROR
                || matches!(&self.cfg.node(v).action, Action::Stmt(s) if s.kind == StmtKind::Error)
        };
        node.succs.len() == 2 && node.succs.iter().any(|e| is_error(e.to))
    }

    /// The atoms of a clause whose block keeps the vertices `keep`, into the error when
    /// `to_error`; and whether the start's atom stays (module doc, "Fewer atoms").
    pub(super) fn clause_atoms(
        &self,
        keep: &BTreeSet<Vertex>,
        to_error: bool,
    ) -> (bool, Vec<Vec<String>>) {
        let here = self.morph.atoms.iter().filter(|a| keep.contains(&a.vertex));
        if self.morph.mode == Atoms::Full {
            return (true, here.map(|a| a.args.clone()).collect());
        }
        if !to_error {
            let atoms = here.filter(|a| !a.guards_error);
            return (true, atoms.map(|a| a.args.clone()).collect());
        }
        let here: Vec<&Atom> = here.collect();
        let in_joint: BTreeSet<usize> = here
            .iter()
            .filter(|a| a.joint)
            .flat_map(|a| a.reads.iter().copied())
            .collect();
        let atoms: Vec<Vec<String>> = here
            .iter()
            .filter(|a| a.joint || !a.reads.iter().all(|r| in_joint.contains(r)))
            .map(|a| a.args.clone())
            .collect();
        (atoms.is_empty(), atoms)
    }

    /// Defines read `r` at `u`; its number, its array's position, index and block-start
    /// value constants.
    fn read(
        &mut self,
        u: Vertex,
        reach: &str,
        r: EnvRead,
    ) -> Option<(usize, usize, String, String)> {
        let layout = self.layout().clone();
        // Every accessed array has cells (CellLayout::of).
        let j = layout.position(r.array)?;
        let (k, guarded) = (layout.k, layout.guarded(j));
        let first = self.cell_slot(j);
        let idx = r.index;
        let jc = self.fresh_const("mj", self.enc.index_sort());
        let w1 = self.morph.w[first - self.p.vars.len()].clone();
        let jt = match layout.arrays[j].1 {
            Size::Const(n) if !guarded => {
                // Not `reach ⇒ in range`: C may skip the read (`i < n && a[i] > 0` at i = n).
                let active = match (reach, self.in_range(&idx, n)) {
                    ("true", r) => r,
                    (reach, r) => format!("(and {reach} {r})"),
                };
                format!("(ite {active} {idx} {w1})")
            }
            // Guarded: out of range, `(e, b)` is in α for any `b` (module doc).
            _ => idx.clone(),
        };
        self.defs.push((u, format!("(= {jc} {jt})")));
        let elem = self.p.array(r.array).elem;
        let b = self.fresh_const("mb", self.enc.sort(elem));
        match self.morph.from {
            None if guarded => {}
            None => {
                if let Some(t) = self.initial_at(r.array, &jc) {
                    self.defs.push((u, format!("(= {b} {t})")));
                }
            }
            Some(_) => {
                let pre = self.pred_args(&self.morph.pre.clone());
                let nv = self.p.vars.len();
                for i in 0..k {
                    // Cell `i` of array `j` in the arguments: after the variables, two each.
                    let at = nv + 2 * (first - nv + i);
                    let mut args = pre.clone();
                    args[at] = jc.clone();
                    args[at + 1] = b.clone();
                    let n = self.morph.reads.len();
                    self.push_atom(u, args, vec![n], false);
                }
            }
        }
        for i in 0..k {
            let (w, v) = (
                self.morph.w[first - self.p.vars.len() + i].clone(),
                self.morph.pre[first + i].clone(),
            );
            // A guarded cell holds the element only in range at the block's start.
            let hit = match guarded {
                true => format!("(and (= {jc} {w}) {})", self.guard(j, &w, &self.morph.pre)),
                false => format!("(= {jc} {w})"),
            };
            self.defs.push((u, format!("(=> {hit} (= {b} {v}))")));
        }
        // The reads and writes of the block before `u` on a path through it.
        let before = self.ancestors(u, self.morph.first);
        let same: Vec<(String, String)> = self
            .morph
            .reads
            .iter()
            .filter(|(v, a, _, _)| *a == r.array && (*v == u || before.contains(v)))
            .map(|(_, _, j2, b2)| (j2.clone(), b2.clone()))
            .collect();
        for (j2, b2) in same {
            self.defs
                .push((u, format!("(=> (= {jc} {j2}) (= {b} {b2}))")));
        }
        let n = self.morph.reads.len();
        self.morph.reads.push((u, r.array, jc.clone(), b.clone()));
        let mut t = b.clone();
        for w in self.morph.writes.clone() {
            if w.array != r.array || w.vertex == u || !before.contains(&w.vertex) {
                continue;
            }
            t = match &w.elem {
                Some((i, v)) => format!("(ite (and {} (= {idx} {i})) {v} {t})", w.reach),
                // After the allocation: the initial contents, else any value.
                None => {
                    let init = match self.initial_at(r.array, &idx) {
                        Some(init) => init,
                        None => self.fresh_const("ma", self.enc.sort(elem)),
                    };
                    format!("(ite {} {init} {t})", w.reach)
                }
            };
        }
        self.defs.push((u, format!("(= {} {t})", r.name)));
        Some((n, j, jc, b))
    }

    /// `a[i] := e` at `u`: the cells of `a` in `out` updated, the write recorded.
    pub(super) fn store(
        &mut self,
        u: Vertex,
        reach: &str,
        (a, i, e): (ArrId, &Expr, &Expr),
        out: &mut Env,
    ) -> Result<(), AraError> {
        let layout = self.layout().clone();
        let j = layout
            .position(a)
            .ok_or_else(|| AraError::Internal("horn: a store to an array without cells".into()))?;
        let elem = self.p.array(a).elem;
        let idx = self.enc.index(i, out, u)?;
        let val = self.enc.value(e, out, elem, u)?;
        let val = self.wrapped(val, elem);
        self.resolve_reads(u, reach);
        self.take_fresh();
        // No assumption on the index: out of range, the write changes no cell (whose
        // indexes are in range), which is all an abstraction of in-bounds runs needs.
        let ic = self.fresh_const("mi", self.enc.index_sort());
        let vc = self.fresh_const("mv", self.enc.sort(elem));
        self.defs.push((u, format!("(= {ic} {idx})")));
        self.defs.push((u, format!("(= {vc} {val})")));
        let first = self.cell_slot(j);
        for c in 0..layout.k {
            let s = first + c;
            let w = self.morph.w[s - self.p.vars.len()].clone();
            let new = self.fresh_slot(s);
            // A guarded cell out of range keeps its (arbitrary) value.
            let hit = match layout.guarded(j) {
                true => format!("(and (= {w} {ic}) {})", self.guard(j, &w, out)),
                false => format!("(= {w} {ic})"),
            };
            self.defs
                .push((u, format!("(= {new} (ite {hit} {vc} {}))", out[s])));
            out[s] = new;
        }
        self.morph.writes.push(Write {
            vertex: u,
            array: a,
            elem: Some((ic, vc)),
            reach: reach.to_string(),
        });
        Ok(())
    }

    /// After `x := …` at `u` (in `out`): when `x` is the size variable of arrays with cells,
    /// that assignment allocates them: their cells get new values, the initial contents in
    /// range (any value else), and the allocation is recorded for the reads after it.
    pub(super) fn allocate(&mut self, u: Vertex, reach: &str, x: VarId, out: &mut Env) {
        let layout = self.layout().clone();
        for (j, &(a, size)) in layout.arrays.iter().enumerate() {
            if size != Size::Var(x) {
                continue;
            }
            let first = self.cell_slot(j);
            for c in 0..layout.k {
                let s = first + c;
                let w = self.morph.w[s - self.p.vars.len()].clone();
                let new = self.fresh_slot(s);
                if let Some(t) = self.initial_at(a, &w) {
                    let g = self.guard(j, &w, out);
                    self.defs.push((u, format!("(=> {g} (= {new} {t}))")));
                }
                out[s] = new;
            }
            self.morph.writes.push(Write {
                vertex: u,
                array: a,
                elem: None,
                reach: reach.to_string(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::horn::encode::Clause;
    use crate::frontend::{FrontendOptions, parse_source};

    const FILL: &str = "void reach_error(void);\nint a[3];\nint main(void) {\n  int i;\n  \
        for (i = 0; i < 3; i++) { a[i] = a[i] + 2; }\n  if (a[1] != 2) reach_error();\n}\n";

    /// The first clause from a loop head back to itself.
    fn loop_clause(sys: &HornSystem) -> &Clause {
        sys.clauses
            .iter()
            .find(|c| c.from.is_some() && c.from == c.to)
            .expect("the loop's clause")
    }

    fn system(src: &str, k: usize) -> HornSystem {
        let p = parse_source(src, "t.c", &FrontendOptions::default()).unwrap();
        let layout = CellLayout::of(&p, k).unwrap();
        encode(&p, &layout, Theory::Lia, false).unwrap()
    }

    #[test]
    fn cells_are_parameters_after_the_variables() {
        let sys = system(FILL, 2);
        let names: Vec<&str> = sys.cells.iter().map(|c| c.display.as_str()).collect();
        assert_eq!(names, ["w1", "a[w1]", "w2", "a[w2]"]);
        assert_eq!(sys.param_sorts().len(), sys.args.len() + 4);
    }

    #[test]
    fn a_write_updates_every_cell_and_a_read_is_an_atom_per_cell() {
        let sys = system(FILL, 2);
        let text = sys.to_smtlib("t.c");
        // The entry: cells in range, zero (a global).
        assert!(
            text.contains("(and (<= 0 |a#w1@0|) (< |a#w1@0| 3))"),
            "{text}"
        );
        assert!(text.contains("(= |a#v2@0| 0)"), "{text}");
        // The loop: the read a[i] (at the block's start) is one atom per cell, its index
        // in range when reached, equal to a cell's value at that cell's index.
        let cl = loop_clause(&sys);
        assert_eq!(cl.atoms.len(), 2);
        assert!(
            cl.atoms[0][1] == "mj2" && cl.atoms[0][2] == "mb3",
            "{:?}",
            cl.atoms
        );
        assert!(
            cl.atoms[1][3] == "mj2" && cl.atoms[1][4] == "mb3",
            "{:?}",
            cl.atoms
        );
        let body = sys.body(cl);
        let active = "(and t2_3 (and (<= 0 i@0) (< i@0 3)))";
        assert!(
            body.contains(&format!("(= mj2 (ite {active} i@0 |a#w1@0|))")),
            "{body}"
        );
        assert!(
            body.contains("(=> (= mj2 |a#w2@0|) (= mb3 |a#v2@0|))"),
            "{body}"
        );
        assert!(body.contains("(= rd1 mb3)"), "{body}");
        assert!(body.contains("(= mv5 (+ rd1 2))"), "{body}");
        assert!(
            body.contains("(= |a#v1@1| (ite (= |a#w1@0| mi4) mv5 |a#v1@0|))"),
            "{body}"
        );
        // The error: the read a[1] of the check.
        let err = sys
            .clauses
            .iter()
            .find(|c| c.to.is_none() && c.from.is_some());
        assert_eq!(err.expect("an error clause").atoms.len(), 2);
    }

    #[test]
    fn a_read_after_a_write_in_the_block_sees_the_write() {
        let src = "void reach_error(void);\nint a[3];\nint main(void) {\n  int i;\n  \
            for (i = 0; i < 2; i++) { a[i] = 5; a[i + 1] = a[i]; }\n}\n";
        let sys = system(src, 1);
        let cl = loop_clause(&sys);
        let body = sys.body(cl);
        assert!(
            body.contains("(= rd0 (ite (and t2_3 (= i@0 mi0)) mv1 mb3))"),
            "{body}"
        );
    }

    /// Reverses `a` into `b`, then checks every element with an `assert`.
    const REVERSE: &str = "int a[4]; int b[4];\nint main(void) {\n  int i, k;\n  \
        for (i = 0; i < 4; i++) { b[3 - i] = a[i]; }\n  \
        for (k = 0; k < 4; k++) { __VERIFIER_assert(b[k] == a[3 - k]); }\n}\n";

    fn lean(src: &str) -> HornSystem {
        let p = parse_source(src, "t.c", &FrontendOptions::default()).unwrap();
        let layout = CellLayout::of(&p, 1).unwrap();
        encode_atoms(&p, (&layout, Atoms::Lean), Theory::Lia, false).unwrap()
    }

    #[test]
    fn lean_atoms_leave_out_an_asserts_reads_and_the_errors_start_atom() {
        let (full, lean) = (system(REVERSE, 1), lean(REVERSE));
        let check = |sys: &HornSystem| {
            let back = sys
                .clauses
                .iter()
                .rev()
                .find(|c| c.from.is_some() && c.from == c.to);
            let err = sys.clauses.iter().rev().find(|c| c.to.is_none());
            (back.unwrap().clone(), err.unwrap().clone())
        };
        // Full: the check's loop has the start atom, two single atoms and the joint one.
        let (back, err) = check(&full);
        assert_eq!((back.atoms.len(), back.pre_atom), (3, true));
        assert_eq!((err.atoms.len(), err.pre_atom), (3, true));
        // Lean: into the loop head, the assert's reads decide nothing; into the error, the
        // joint atom of `b[k]` and `a[3 - k]` alone.
        let (back, err) = check(&lean);
        assert_eq!((back.atoms.len(), back.pre_atom), (0, true));
        assert_eq!((err.atoms.len(), err.pre_atom), (1, false));
        // The copy loop keeps the atom of its read `a[i]`, whose value is stored.
        let copy = loop_clause(&lean);
        assert_eq!((copy.atoms.len(), copy.pre_atom), (1, true));
    }

    #[test]
    fn every_cell_configuration_turns_slicing_off() {
        assert!(portfolio().iter().all(|c| c.options.contains(&NO_SLICE)));
    }

    /// `calloc`'d after a branch (so the allocation is inside a block), read right after it.
    const LATE: &str = "int main(void) {\n  int n = __VERIFIER_nondet_int();\n  \
        if (n < 1) return 0;\n  int *a = calloc(n, sizeof(int));\n  int x = a[0];\n  \
        int i;\n  for (i = 0; i < n; i++) { a[i] = a[i] + x; }\n  return 0;\n}\n";

    fn system_of(src: &str, theory: Theory) -> HornSystem {
        let p = parse_source(src, "t.c", &FrontendOptions::default()).unwrap();
        let layout = CellLayout::of(&p, 1).unwrap();
        encode(&p, &layout, theory, false).unwrap()
    }

    #[test]
    fn a_symbolic_size_gives_guarded_cells() {
        let sys = system_of(LATE, Theory::Lia);
        let entry = sys.clauses.iter().find(|c| c.from.is_none()).unwrap();
        let body = sys.body(entry);
        // No range on the cell; the allocation gives it the initial contents in range.
        assert!(!body.contains("(<= 0 |a#w1@0|)) (= "), "{body}");
        assert!(
            body.contains("(=> (and (<= 0 |a#w1@0|) (< |a#w1@0| a__size@1)) (= |a#v1@1| 0))"),
            "{body}"
        );
        // The read after the allocation in its block: the initial contents.
        assert!(body.contains("(= rd0 (ite t2_4 0 mb1))"), "{body}");
        let cl = loop_clause(&sys);
        let body = sys.body(cl);
        // The read: its own index, a cell's value only where the cell is in range.
        assert!(body.contains("(= mj0 i@0)"), "{body}");
        let hit = "(and (= mj0 |a#w1@0|) (and (<= 0 |a#w1@0|) (< |a#w1@0| a__size@0)))";
        assert!(
            body.contains(&format!("(=> {hit} (= mb1 |a#v1@0|))")),
            "{body}"
        );
        // The write: only a cell in range.
        let hit = "(and (= |a#w1@0| mi2) (and (<= 0 |a#w1@0|) (< |a#w1@0| a__size@0)))";
        assert!(
            body.contains(&format!("(= |a#v1@1| (ite {hit} mv3 |a#v1@0|))")),
            "{body}"
        );
    }

    #[test]
    fn the_bit_vector_guard_compares_the_size_exactly() {
        let sys = system_of(LATE, Theory::BitVector);
        let text = sys.to_smtlib("t.c");
        // `long` index, `unsigned long` size (LP64): both in 65 bits.
        let g = "(and (bvsle #x0000000000000000 |a#w1@0|) \
            (bvslt ((_ sign_extend 1) |a#w1@0|) ((_ zero_extend 1) a__size@0)))";
        assert!(text.contains(g), "{text}");
    }

    #[test]
    fn sizes_of_zero_and_symbolic_sizes_have_cells() {
        let src = "void reach_error(void);\nint a[0];\nint main(void) {\n  int i, n = 3;\n  \
            int b[n];\n  for (i = 0; i < n; i++) b[i] = a[i];\n  if (b[0]) reach_error();\n}\n";
        let p = parse_source(src, "t.c", &FrontendOptions::default()).unwrap();
        let layout = CellLayout::of(&p, 1).unwrap();
        assert_eq!(layout.arrays.len(), 2);
        assert_eq!(
            layout.quantifier(&p),
            "forall w1_a in [0, 0): forall w1_b in [0, size of b): "
        );
        let sys = encode(&p, &layout, Theory::Lia, false).unwrap();
        // No element: a read of `a` is never a cell's value.
        let text = sys.to_smtlib("t.c");
        assert!(
            text.contains("(=> (and (= mj2 |a#w1@0|) false) (= mb3 |a#v1@0|))"),
            "{text}"
        );
    }
}
