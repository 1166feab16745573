//! Tracked array cells for procedure summaries: the cell-morphing abstraction
//! ([`super::morph`]) carried through calls and returns by the summary encoding
//! ([`super::summary`]).
//!
//! Takes a [`ProcProgram`]; gives, when it accesses arrays, the program with one *cell* per
//! accessed array added as two ghost globals ([`prepare`]): an index `w` (never assigned:
//! the cell's position, in the index sort) and a value `c` (the element `a[w]`), and
//! [`Cells`], which encodes the array accesses of one small step over them: a read as a
//! re-application of the step's pre-state predicate at the read's index ([`Cells::reads`],
//! the cell-morphing read of [`super::morph`] for a block of one step), a write as the
//! update of the cell ([`Cells::stored`]), the start of `main` as a cell in range holding the
//! initial contents ([`Cells::entry`]).
//!
//! ## What the predicates mean
//!
//! Being ghost globals, the cells are what the summary encoding makes of any global: a
//! vertex predicate of a procedure has them at the activation's entry (`w0`, `c0`) and now
//! (`w`, `c`), a summary `sum_f(P0, G0, w0, c0, R, G', c')` has the entry pair and the
//! value at the return (not the index: it never changes, so a return keeps the caller's
//! own `w`), and a call passes the caller's cell as the callee's entry cell. Their meaning
//! (α) is universal over the index: a state of an activation entered with arrays `a0`,
//! now with arrays `a`, stands for every tuple with `w` in `[0, size)`, `w0 = w`,
//! `c0 = a0[w]`, `c = a[w]`; a summary holds every `(P0, G0, w, a0[w], R, G', a'[w])` of a
//! call that returns (for every in-range `w`).
//!
//! Supported: arrays of constant size at least 1, global or local to `main` (one activation
//! of `main`, whose arrays live from its start: one object for the whole run, like a global;
//! a procedure names one only through an array parameter bound to it, `Proc::bound`, and
//! then reads and writes that one object, as the cell's ghost globals say), and arrays of
//! constant size local to a procedure other than `main` (one per activation), named by that
//! procedure alone, whose cell is a pair of its locals ("A procedure's own arrays" below;
//! those of at most `sumlocal::MAX_ELEMS` elements reach here as scalars already). Not
//! supported (the reason is an UNKNOWN): a procedure's own array another procedure names, an
//! array of symbolic or zero size (the guarded cells of [`super::morph`] are not carried
//! here).
//!
//! ## A procedure's own arrays
//!
//! An array `buf` local to a procedure `f` (in `ProcProgram::locals(f)`: one object per
//! activation, issue 26's arrays of more than 64 elements, `tests/procarrays/local_big_*`)
//! gets a cell whose `w` and `c` are *locals* of `f` ([`Cell::owner`]), not ghost globals:
//! every frame of `f` holds them in its state (the summary encoding adds them to `f`'s
//! locals), no other frame holds them, no summary returns them. What the predicates mean is
//! α of "What the predicates mean" with one more universal index: a state of an activation
//! of `f` with its own array `buf` stands for every tuple with `w` in `[0, size)` and `c =
//! buf[w]` (with every in-range index of each other cell, independently). The clauses are
//! those of the argument below, over this local pair:
//! - the call into `f`: the callee's state takes `w`, `c` free with `w` in range (a fresh
//!   activation's array has any contents, and the front end writes it at its declaration);
//!   every tuple of α of the callee's entry is an instance;
//! - a read or a write of `buf` in `f`: the read's re-application of the step's predicate at
//!   `(j, b)` and the write's `ite` of "Why SAFE is never wrong", with no entry copies (the
//!   array does not exist before the activation);
//! - a call from `f`: the return clause keeps the caller's locals, this pair with them: the
//!   callee cannot change the caller's `buf` (only `f` names it, checked in [`prepare`]: no
//!   other body reads or writes it, and no parameter is bound to it, `Proc::bound` being
//!   removed from the locals; a recursive call's own `buf` is another object, the callee's
//!   fresh pair), so the caller's tuple for every `w` holds after the return;
//! - `f`'s exit: the summary leaves the pair out (the array dies with the activation): the
//!   projection of tuples that exist, as the array has at least one element.
//!
//! So every reachable state's tuples satisfy any interpretation making every clause valid,
//! as below, and ara checks the interpretation in bit-vectors as for every other cell.
//!
//! A fill: the front end declares an array of more than 16 elements in a procedure with a
//! loop `i = 0; while (i < K) { buf[i] = v; i = i + 1; }` (`v` a nondet, or the initialiser's
//! zero), run at every activation; Spacer found no summary through that loop beside the
//! program's own (a recursion filling `buf` with 1 after it: none in 100 s of z3 on the kept
//! integer clauses; 1.7 s without it, 0.4 s for `ara check` with the fill below). Such a loop
//! over `buf`'s cell, with `K` its size, `v` reading no array nor `i`, and `i` a local of the
//! procedure (no array's size) named nowhere else in the body, becomes the one assignment `c = v` ([`fill_cells`]; the program's own
//! loops of that form too). Sound: the loop changes only `buf` and `i` (dead after it), and `v`
//! reads neither, so each iteration evaluates `v` in the same state but for its nondets; a
//! run that leaves the loop has stepped `i` by one from 0 to `K` (a type of `i` that cannot
//! hold `K` wraps and never leaves: no run past it to cover) and written every element once,
//! so after it `buf[w]` is `v` for every `w` in `[0, size)`, with its own nondets for each
//! `w`. `c = v` makes the tuple `(w, v)` of every pre-state tuple, for *every* value of its
//! nondets (a clause's fresh constants are universal): each element's value is among them.
//! Every run of the loop is thus a derivation of the assignment's clause; a derivation of the
//! error through it is no run (it may pick values the loop did not write), and only leads to
//! the bounded inlining's confirmation (`procedures`), never to UNSAFE by itself.
//!
//! A value that reads the counter (`buf[i] = i`, `buf[i] = 3 * i - 7`; still no array) becomes
//! `c = v[i := (T) w]`, `T` the counter's type and `w` the cell's index. Sound by the same
//! argument: the element `w` was written at the iteration where the counter was `w` (a run
//! that leaves the loop stepped it from 0 to `K` by one, so its type holds every `w` in
//! `[0, K)` and the cast keeps `w`), and everything else `v` reads is as at the loop's entry;
//! the expression keeps its type and its C arithmetic (wrapping included), so its value at `w`
//! is the one the loop wrote. The counter read after the loop keeps the loop (its occurrences
//! must be the loop's and the value's alone). A recursion filling its own 1000 elements with
//! `i` was UNKNOWN after 40 s; now SAFE in 1 s (tests/procarrays `fill_index_*`).
//!
//! ## A recursion over an array parameter
//!
//! `int sum(int *a, int n)` called with `main`'s array (`tests/procarrays/rsum_param_*.c`)
//! reaches here with the parameter bound to that array (`Proc::bound`, `frontend::procs`):
//! `sum`'s body reads `main`'s array itself, so its one cell is the cell the clauses carry into
//! the callee and back, as for a global (the argument below holds for any array that is one
//! object for the whole run). Two things lacked for its proof:
//! - this module refused every `Local` array a procedure names (meant for a procedure's own
//!   arrays), so `main`'s array reached through the parameter was refused before any solver
//!   ran (`--engine horn`: "array a is local to a procedure"); the race then ended UNKNOWN
//!   with ESBMC's unwinding. Now only arrays in a procedure's `ProcProgram::locals` (one per
//!   activation) are refused; the front end binds no parameter to such an array.
//! - Spacer with global guidance (then the only integer configuration) finds no summary of
//!   these clauses, where it proves the same recursion over a global array (rsum: 2.8 s).
//!   z3 alone on the kept integer clauses (CPU seconds, a loaded machine): rsum_param_safe
//!   (fill up to 100) none in 45 s with global guidance, none in 24 s with global guidance
//!   without IUC, proved in 13.8 s with Z3's defaults; the same program filled up to `n` none
//!   in 14 s with global guidance. Its clauses differ from rsum's only in the size (100, not
//!   1000) and in `main`'s entry, where the cell's value is free (a local array's contents) and
//!   not 0 (a global's). Z3's defaults in turn find no summary for rsum (none in 23.5 s, none
//!   in five minutes idle), so the integer clauses get both in turn (`summary::LIA_PORTFOLIO`).
//!
//! Measured again (helper proc32, 2026-11-26, z3 alone on the kept `summaries_int_1.smt2` of
//! `rsum_param_safe`, CPU seconds under a 60 s CPU limit, load 12 to 29 on two cores):
//! defaults 17.8 s; `fp.spacer.order_children 1` 12.3 s; `order_children 2` none; without
//! IUC (`fp.spacer.iuc 0`) none; global guidance (`summaries_int.smt2`) none in 60 s of wall.
//! The whole `ara check --engine horn` took 63 s of wall for 24 s of CPU at load 12: the
//! proof's cost is its CPU share, not the configuration (one run each: the order of
//! children was not tried on the other twins, so the portfolio is unchanged). The clauses are
//! already the smallest this encoding gives: one array, one cell, the read's one extra atom.
//! What a faster proof needs is open: the summary the solver must find relates the cell at
//! the entry and at the return (`c' = c0`) and the result to `n` under `c0 = 1` for every
//! index, and the wrapped `n - 1` and `rd0 + ret` (an `ite` each) are the only disjunctions.
//!
//! ## An offset alias
//!
//! `fill(a + 2, n)` or `fill(&g[3], n)` (`tests/procarrays/offset_*`) reaches here with the
//! parameter bound to the element at the constant offset (`frontend::procs`): the body's
//! `q[n - 1]` is the array's `a[2 + (n - 1)]`, an ordinary access of the one object, so the
//! argument below covers it unchanged.
//!
//! ## A procedure's own cells
//!
//! A procedure's frame holds only the cells of the arrays it *reaches*: those its body reads
//! or writes, and those of every procedure it calls, directly or not ([`reached`]; `main`
//! holds every cell). A cell it does not hold is not passed at a call, and the caller keeps
//! its value across the return (the summary encoding's `views`). With two arrays filled by
//! a procedure each (`two_arrays_safe`), each summary then relates one cell instead of two
//! (size 1000: SAFE in 12.6 s at load 5, a timeout before). Sound: no step of an activation
//! of such a procedure, nor of an activation it starts, reads or writes the array, so the
//! array is the same at the return as at the call (the runs that matter write arrays in
//! bounds: an out-of-bounds write is no run ara answers for); the tuples of α are those of
//! the argument below with the array's cell left out, and a return's head takes the caller's
//! own tuple for that cell. The twins `tests/procarrays/reach_callee_*.c` pin the transitive
//! reach (a procedure that writes `b` only through a callee).
//!
//! ## A per-callee view
//!
//! In a procedure whose parameter bound to `a` moves (`Proc::offsets`: `q[i]` is
//! `a[q_off + i]`, the offset a parameter the body never assigns), the cell's index slots
//! hold `w - q_off` (`Slots::base`): the summary of `fill(q_off, n)` then says what it does at
//! `q_off + w1` in terms of `w1` and `n` alone (`0 <= w1 < n`), not `q_off <= w < q_off + n`.
//! The accesses compare the absolute index `w_rel + q_off` with theirs ([`Slots::absolute`];
//! a read's atom takes `j - q_off`, [`Slots::relative`]), and a call re-bases the caller's
//! absolute index by the offset it passes (`w - arg`). Sound: a change of variables. With
//! `q_off` constant in every state of the activation, `w ↦ w - q_off` is a bijection (in
//! bit-vectors too: subtraction modulo 2^k), and every clause of the procedure is the
//! clause of the argument below with `w` written `w_rel + q_off`; the call passes the
//! callee's tuple for the same absolute `w` (`w - arg`, the callee's `q_off` being `arg`), and
//! the return takes the callee's value at that `w`. `computed_safe` (size 1000): SAFE in 2.3 s
//! (a timeout before). In the integer clauses a moving offset's arithmetic (`q_off + 1`) is
//! not wrapped (a candidate only; the bit-vector check decides): its wrap alone kept Spacer
//! from `moving_safe` (z3 alone on the kept clauses: none in 60 s; 9.6 s without it). Twins:
//! `tests/procarrays/two_moving_*.c` (two procedures over moving offsets, one reading back).
//!
//! ## A frame without its offset
//!
//! `moving_safe` at size 1000 (`fill(q + 1, n - 1)` writing `q[0]`) was still unproved with
//! the view above: its frame kept the offset and the temporary `q_off + 1`, and Spacer had to
//! find `t = q_off + 1` at the call site besides the summary (z3 alone on the kept clauses:
//! none in 60 s; the same clauses written by hand with the offset 0 in every frame and the
//! call shifting the cell by 1: 1.3 s). So a frame now *drops* an offset used only as a base
//! ([`super::sumbase`] decides which; `summary::views`): the frame's predicates and its
//! summary have no `q_off` argument, and every variable that points into the array (the
//! offset and its temporaries, the *relative* variables) holds its value relative to the
//! activation's `q_off`, the offset itself being `0`. The cell's index slots hold `w - q_off`
//! as in the view above. A call re-bases the cell by the argument it passes in the caller's
//! own view (`w_rel - 1` for `fill(q + 1, …)`; `w - arg` from an absolute caller). Every
//! clause from a state of such a frame also says `-size <= w_rel < size`
//! ([`relative_range`]; the integer candidate failed the bit-vector check without it).
//! Only a frame whose calls *move* the offset drops it (a call passes `q + e` or a temporary,
//! not `q` itself): `computed_safe` (`fill(q, n - 1)`, the offset the same in every
//! activation) was proved in 2.3 s with the offset kept, and its clauses without it took
//! Spacer 19 s (the range above: none in 19 s of CPU in integers, 5.7 s without the range
//! there, and then `moving_safe`'s candidate failed the check). `moving_safe`: SAFE by the
//! summary engine alone in 4.4 s (a timeout before).
//!
//! Sound: the tuples of α of an activation with offset `q` are those of the view above with
//! `q` left out and every relative variable `r` taken as `r - q` (the index `w - q` too):
//! - the condition ([`super::sumbase`]): a relative variable occurs only in a *relative
//!   form* `r`, `r + e`, `e + r`, `r - e` of type `long` (`e` naming none), and only as the
//!   index of an access of the cell's array (a write, or a read whose index reads nothing
//!   of the array), the value assigned to a relative temporary, or the argument a call
//!   passes for its callee's dropped offset of the same array; and every procedure it calls
//!   that reaches the array drops its offset too (else the callee would need the absolute
//!   index);
//! - a relative form's value is `q` plus its value with each relative variable taken
//!   relative (`long` arithmetic modulo 2^k commutes with adding `q`), so each clause of the
//!   view above, written over the relative values, has `q` only in `(w_rel + q) = (X_rel +
//!   q)` (a write: the same as `w_rel = X_rel`, adding `q` being a bijection), `t_rel + q =
//!   X_rel + q` (a temporary: `t_rel = X_rel`) and `(w_rel + q) - (X_rel + q)` (a call's
//!   re-basing: `w_rel - X_rel`); what the encoding writes is that clause with `q` cancelled,
//!   so the clause holds for the relative tuples of a step exactly when the view above's
//!   holds for the step's tuples (which the argument below shows). A return takes the
//!   callee's summary tuple for the same absolute `w`, relative to the callee's offset, as
//!   the call passed it.
//! - a read of the array has a relative form `e_rel` as its index; it is the read of "Why
//!   SAFE is never wrong" below with `j_rel = e_rel` (a read evaluated whenever its step is)
//!   or `j_rel = ite(E, e_rel, w_rel)` (a read under `&&`, `||` or `?:`, which C evaluates
//!   exactly when `E` holds: the left operand of `&&`, the negated one of `||`, the condition
//!   of `?:` or its negation, conjoined when nested; `EnvRead::evaluated`) instead of `j =
//!   ite(0 <= e < size, e, w)`, whose test needs the absolute index `q + e_rel`. That
//!   argument *chooses* `j = e` for a read in range and `j = w` otherwise; a read C evaluates
//!   is in range in the runs ara considers (ARCHITECTURE.md, "Out of bounds"), so the choice
//!   is `j = e` where `E` holds, and where it fails C skips the read and `j = w` (the
//!   pre-state's own tuple, its value one nothing uses) is as good, which the equality states
//!   (a skipped read may lie one past the end: `skip_end_*`, whose cell `j = e` would not
//!   exist);
//!   `j_rel = w_rel ⇒ b = c` and `j_rel = j2_rel ⇒ b = b2` are the absolute equalities with
//!   `q` cancelled. (A disjunction `j_rel = e_rel ∨ j_rel = w_rel` in place of the test was
//!   sound but let a derivation read any tracked cell: the error of `read_level_safe` was
//!   derived at once.) Twins: `read_back_*` (reads `q[0]` and `q[1]` after the call on
//!   `q + 1`), `read_level_*` (the callee's value at `q[1]`, and a bug twin that reads it as
//!   the caller's own), `skip_and_*`, `skip_or_*`, `skip_cond_*`, `skip_end_*` (`q[0]` read
//!   only when `n > 0`);
//! - `-size <= w_rel < size`: in a run without undefined behaviour every pointer the program
//!   forms lies in its array or one past it (C11 6.5.6; `frontend::procs` already relies on
//!   it for `long` holding the offset exactly), so `0 <= q <= size`, and the cells' `w` are in
//!   `[0, size)`: `w - q` lies in `[-size, size)`, exactly, as `size` fits `long`
//!   ([`prepare`]). Every reachable tuple of the frame satisfies the bound, so adding it to
//!   the clauses' bodies keeps every run a derivation; without it the relative index wraps
//!   in bit-vectors and the integer candidate failed the check.
//!
//! The interpretation is then checked against these bit-vector clauses as every other
//! (`certify::check_clauses`). Twins (`tests/procarrays`, size 10, truth in
//! `tests/procarrays.rs`): `moved2_*` (the offset moved by 2, two writes), `write_next_*` (a
//! write at `q[1]`), and the frames that keep their offset: `read_back_*` (a read through the
//! moved pointer) and `base_and_global_*` (a write by the array's own name, an absolute
//! index). A C program cannot use the offset as a value otherwise (pointer arithmetic and
//! comparison are refused by the front end); the condition refuses such IR all the same.
//!
//! ## Why SAFE is never wrong
//!
//! The summary engine's argument (module doc of [`super::summary`]), by induction on a run
//! of the program, with the states' tuples now taken for *every* in-range cell index. The
//! bounds assumption is ara's everywhere (ARCHITECTURE.md, "Out of bounds"): the runs that
//! matter read and write arrays in bounds.
//! - `main`'s entry: the clause allows any in-range `w` with `c` the initial element at `w`
//!   (free where the contents are undetermined): every tuple of α.
//! - A step without an array access leaves the cells as they are (ghost variables the step
//!   does not assign): the tuple of each `w` goes to the head.
//! - A write `a[e] = t`: `c' = ite(w = e, t, c)` is `a'[w]` for every in-range `w` (an
//!   out-of-range `e` is excluded by the assumption, and would change no cell anyway).
//! - A read `a[e]` at the step from `u`: fresh `j`, `b` (and `b0` in a procedure), `j =
//!   ite(0 <= e < size, e, w)`, the atom `f_u(…)` with the cell slots replaced by `(j, b)`
//!   (entry slots by `(j, b0)`), `j = w ⇒ b = c ∧ b0 = c0`, and `j = j' ⇒ b = b' ∧ b0 = b0'`
//!   against the step's earlier reads of the same array; the read's value is `b`. For the
//!   run's step and any in-range `w` of the pre-state's tuple, choose: in range, `b = a[e]`,
//!   `b0 = a0[e]`, which makes the atom a tuple of α of the same state (index `e`); out of
//!   range, `j = w`, `b = c`, `b0 = c0`: the pre-state's own tuple. Every equality then
//!   holds (equal indexes of one array give equal elements), the atom is in the predicate
//!   (induction), and a read C evaluates is in range (the assumption), so its value is the
//!   element C reads; a read C skips (`i < n && a[i]`) has a value nothing uses. Not
//!   `0 <= e < size` as an assumption: C may skip a read of a reached step (the twin
//!   `tests/morph/find_unsafe_shortcircuit.c` of the flat engine).
//! - A call: the callee's entry tuple for `w` is the caller's `(w, a[w])` as both entry and
//!   current cell: in α of the callee's entry state. A return: for every in-range `w`, the
//!   caller's tuple at the call (induction) and the callee's summary tuple for the same `w`
//!   (induction on the callee's run, which enters with the caller's arrays) give the head
//!   with `c' = a'[w]` and the caller's `w`: the tuple of the state after the return. The
//!   exit clause puts each exit tuple of an activation into its summary.
//!
//! So every reachable state's tuples satisfy any interpretation making every clause valid;
//! the error clauses then say no reachable state reaches the error. ara checks exactly that
//! for the solver's interpretation in bit-vectors (`certify::check_clauses`, any number of
//! atoms in a body). Summaries that say what a procedure does to every cell print with the
//! quantifier of the flat engine's invariants (`forall w1 in [0, 8): …`).

use super::morph::{CellLayout, in_range, initial_at};
use crate::engines::smt::encode::EnvRead;
use crate::engines::smt::{ExprEncoder, Theory};
use crate::ir::procs::{ProcId, ProcProgram};
use crate::ir::{
    ArrId, BinOp, Expr, IntType, Program, Size, Stmt, StmtKind, Storage, VarId, visit_all,
};
use std::collections::BTreeSet;

/// One array's cell: its ghost globals.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub array: ArrId,
    pub size: u64,
    /// The index (type `long`: the index sort).
    pub w: VarId,
    /// The element at the index.
    pub c: VarId,
    /// For an array local to a procedure (one per activation): that procedure, whose locals
    /// `w` and `c` are (module doc, "A procedure's own arrays"); `None`: ghost globals.
    pub owner: Option<ProcId>,
}

/// The cells of a program (none: it accesses no array).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cells {
    pub cells: Vec<Cell>,
    layout: Option<CellLayout>,
    /// In integer clauses, an undetermined element at `main`'s start is a value of its type
    /// ([`Cells::entry`]); off, it is any integer.
    pub ranged: bool,
}

/// Where one cell is in the arguments of a frame's predicate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slots {
    pub w: usize,
    pub c: usize,
    /// The entry copies (`w0`, `c0`), in a procedure's predicates.
    pub entry: Option<(usize, usize)>,
    /// In a procedure whose parameter bound to the array moves (`Proc::offsets`): its hidden
    /// offset parameter `q_off` (in the state: never assigned, it keeps its entry value), and
    /// then the slots `w`, `w0` hold the cell's index relative to it, `w - q_off` (module
    /// doc, "A per-callee view").
    pub base: Option<usize>,
    /// The frame dropped its offset for this cell (module doc, "A frame without its
    /// offset"): `w` and every index the frame computes are relative to the activation's
    /// offset, so a read's index cannot be tested against the array's bounds.
    pub relative: bool,
}

impl Slots {
    /// The cell's absolute index among the arguments `args`.
    pub fn absolute(&self, enc: &ExprEncoder, args: &[String]) -> String {
        match self.base {
            Some(b) => shift(enc, &args[self.w], &args[b], true),
            None => args[self.w].clone(),
        }
    }

    /// The slot's term for the absolute index `abs`, with the entry copies `args`.
    pub fn relative(&self, enc: &ExprEncoder, args: &[String], abs: &str) -> String {
        match self.base {
            Some(b) => shift(enc, abs, &args[b], false),
            None => abs.to_string(),
        }
    }
}

/// `w + d` (`up`) or `w - d` in the index sort (wrapping in bit-vectors: a bijection).
pub fn shift(enc: &ExprEncoder, w: &str, d: &str, up: bool) -> String {
    let op = match (enc.index_sort() == "Int", up) {
        (true, true) => "+",
        (true, false) => "-",
        (false, true) => "bvadd",
        (false, false) => "bvsub",
    };
    format!("({op} {w} {d})")
}

/// `-size <= w < size`: a cell index relative to a dropped offset (module doc, "A frame
/// without its offset").
pub fn relative_range(enc: &ExprEncoder, w: &str, size: u64) -> String {
    let lit = |v: i128| enc.lit(v, enc.index_type());
    let (lo, hi) = (lit(-(size as i128)), lit(size as i128));
    if enc.index_sort() == "Int" {
        format!("(and (<= {lo} {w}) (< {w} {hi}))")
    } else {
        format!("(and (bvsle {lo} {w}) (bvslt {w} {hi}))")
    }
}

/// The encoding of a step's reads: constants, atoms of the step's predicate (arguments)
/// and constraints.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReadParts {
    pub consts: Vec<(String, String)>,
    pub atoms: Vec<Vec<String>>,
    pub constraints: Vec<String>,
}

/// The arrays `body` reads or writes itself (not through its calls).
fn arrays_of(body: &[crate::ir::Stmt]) -> BTreeSet<ArrId> {
    let mut out = BTreeSet::new();
    visit_all(body, &mut |s| {
        let mut exprs = s.vertex_exprs();
        match &s.kind {
            StmtKind::Store(a, ..) => {
                out.insert(*a);
            }
            StmtKind::Call(c) => exprs.extend(c.args.iter()),
            _ => {}
        }
        for e in exprs {
            e.visit(&mut |x| {
                if let Expr::Read(a, _) = x {
                    out.insert(*a);
                }
            });
        }
    });
    out
}

/// The arrays `pp` reads or writes (in `main` or a procedure), with whether a procedure
/// other than `main` accesses each.
fn accessed(pp: &ProcProgram) -> Vec<(ArrId, bool)> {
    let mut out: Vec<(ArrId, bool)> = vec![];
    let bodies =
        std::iter::once((&pp.program.body, false)).chain(pp.procs.iter().map(|f| (&f.body, true)));
    for (body, in_proc) in bodies {
        for a in arrays_of(body) {
            match out.iter_mut().find(|(b, _)| *b == a) {
                Some(x) => x.1 |= in_proc,
                None => out.push((a, in_proc)),
            }
        }
    }
    out.sort();
    out
}

/// For each procedure, the arrays it reads or writes itself or through the procedures it
/// calls, directly or not (module doc, "A procedure's own cells").
pub fn reached(pp: &ProcProgram) -> Vec<BTreeSet<ArrId>> {
    let mut out: Vec<BTreeSet<ArrId>> = pp.procs.iter().map(|f| arrays_of(&f.body)).collect();
    let callees: Vec<Vec<ProcId>> = (pp.procs.iter())
        .map(|f| ProcProgram::callees(&f.body))
        .collect();
    loop {
        let mut changed = false;
        for f in 0..out.len() {
            for g in &callees[f] {
                let more: Vec<ArrId> = out[g.0 as usize].difference(&out[f]).copied().collect();
                changed |= !more.is_empty();
                out[f].extend(more);
            }
        }
        if !changed {
            return out;
        }
    }
}

/// `pp` with one cell per accessed array (module doc) and its [`Cells`]; `None` when it
/// accesses no array; `Err` when an array is not supported.
pub fn prepare(pp: &ProcProgram) -> Result<Option<(ProcProgram, Cells)>, String> {
    let used = accessed(pp);
    if used.is_empty() {
        return Ok(None);
    }
    let p = &pp.program;
    let (_, max) = crate::ir::IntType::Long.range(p.data_model);
    // Each procedure's own arrays (one per activation) and the bodies naming each.
    let own: Vec<BTreeSet<ArrId>> = (0..pp.procs.len() as u32)
        .map(|f| pp.locals(Some(ProcId(f))).arrays)
        .collect();
    let named: Vec<BTreeSet<ArrId>> = std::iter::once(&pp.program.body)
        .chain(pp.procs.iter().map(|f| &f.body))
        .map(|b| arrays_of(b))
        .collect();
    let mut arrays = vec![];
    let mut owners = vec![];
    for &(a, in_proc) in &used {
        let arr = p.array(a);
        let owner = (own.iter()).position(|o| o.contains(&a));
        if let Some(f) = owner.filter(|_| in_proc && arr.storage == Storage::Local) {
            // Its cell is a pair of the owner's locals (module doc, "A procedure's own
            // arrays"): only the owner may name the array.
            let only_owner = (named.iter().enumerate()).all(|(b, n)| b == f + 1 || !n.contains(&a));
            if !only_owner {
                return Err(format!(
                    "array {} is local to a procedure and named by another (summaries track \
                     a procedure's own array in that procedure alone)",
                    arr.display
                ));
            }
            owners.push(Some(ProcId(f as u32)));
        } else {
            owners.push(None);
        }
        match arr.size {
            Size::Const(n) if n >= 1 && (n as i128) <= max => arrays.push((a, arr.size)),
            _ => {
                return Err(format!(
                    "array {} has no constant size of at least 1 (summaries track cells of \
                     such arrays only)",
                    arr.display
                ));
            }
        }
    }
    let layout = CellLayout { k: 1, arrays };
    let mut ext = pp.clone();
    let enc = ExprEncoder::new(p, crate::engines::smt::Theory::BitVector);
    let shown = layout.params(p, &enc);
    let mut cells = vec![];
    for (j, (&(a, size), &owner)) in layout.arrays.iter().zip(&owners).enumerate() {
        let q = &mut ext.program;
        let base = q.array(a).name.clone();
        let storage = match owner {
            Some(_) => Storage::Local,
            None => Storage::Global,
        };
        let w = q.fresh_var(&format!("ara_w_{base}"), enc.index_type(), storage);
        q.vars[w.0 as usize].display = shown[2 * j].display.clone();
        let elem = q.array(a).elem;
        let c = q.fresh_var(&format!("ara_c_{base}"), elem, storage);
        q.vars[c.0 as usize].display = shown[2 * j + 1].display.clone();
        cells.push(Cell {
            array: a,
            size: size.as_const().unwrap_or(1),
            w,
            c,
            owner,
        });
    }
    for (f, g) in ext.procs.iter_mut().enumerate() {
        let mine: Vec<&Cell> = (cells.iter())
            .filter(|c| c.owner == Some(ProcId(f as u32)))
            .collect();
        if !mine.is_empty() && fill_cells(&ext.program, &mut g.body, &mine) {
            let mut next = 1;
            crate::ir::procs::number(&mut g.body, &mut next);
            g.num_vertices = next + 1;
        }
    }
    Ok(Some((
        ext,
        Cells {
            cells,
            layout: Some(layout),
            ranged: false,
        },
    )))
}

impl Cells {
    /// The cells' index variables (never assigned; no summary returns them).
    pub fn indexes(&self) -> Vec<VarId> {
        self.cells.iter().map(|c| c.w).collect()
    }

    /// The locals of procedure `f`'s own cells (index, value; module doc, "A procedure's
    /// own arrays").
    pub fn owned(&self, f: ProcId) -> impl Iterator<Item = &Cell> + '_ {
        self.cells.iter().filter(move |c| c.owner == Some(f))
    }

    /// The cell whose index or value is `v`.
    pub fn of_var(&self, v: VarId) -> Option<&Cell> {
        self.cells.iter().find(|c| c.w == v || c.c == v)
    }

    /// The cell of array `a`.
    pub fn of_array(&self, a: ArrId) -> Option<&Cell> {
        self.cells.iter().find(|c| c.array == a)
    }

    /// At `main`'s start: the cell `cell` (index term `w`, value term `c`) in range, holding
    /// the initial element where the program fixes it, else, in integer clauses (`theory`
    /// LIA) when [`Cells::ranged`], a value of the element's type, as its bit-vector sort
    /// says by itself (module doc, "A recursion over an array parameter").
    pub fn entry(
        &self,
        (p, enc, theory): (&Program, &ExprEncoder, Theory),
        cell: &Cell,
        w: &str,
        c: &str,
    ) -> Vec<String> {
        let mut out = vec![in_range(enc, w, cell.size)];
        match initial_at(p, enc, cell.array, w) {
            Some(t) => out.push(format!("(= {c} {t})")),
            None if self.ranged && theory == Theory::Lia => {
                let elem = p.array(cell.array).elem;
                let (lo, hi) = elem.range(p.data_model);
                let (lo, hi) = (enc.lit(lo, elem), enc.lit(hi, elem));
                out.push(format!("(and (<= {lo} {c}) (<= {c} {hi}))"));
            }
            None => {}
        }
        out
    }

    /// The cell's value after `a[idx] = val` (`w`, `c` the cell's terms before).
    pub fn stored(w: &str, c: &str, idx: &str, val: &str) -> String {
        format!("(ite (= {w} {idx}) {val} {c})")
    }

    /// The reads `reads` of one step from a state whose predicate has the arguments `pre`
    /// (with each cell at `slots`, in the order of [`Cells::cells`]): fresh constants named
    /// with `fresh` (module doc).
    pub fn reads(
        &self,
        (p, enc): (&Program, &ExprEncoder),
        reads: Vec<EnvRead>,
        pre: &[String],
        slots: &[Option<Slots>],
        fresh: &mut usize,
    ) -> Result<ReadParts, String> {
        let mut out = ReadParts::default();
        // Earlier reads of the step: (array, j, b, b0).
        let mut seen: Vec<(ArrId, String, String, Option<String>)> = vec![];
        for r in reads {
            let Some(k) = self.cells.iter().position(|c| c.array == r.array) else {
                return Err("a read of an array without a cell".into());
            };
            let Some(at) = slots[k] else {
                return Err("a read of an array whose cell is not in the frame".into());
            };
            let cell = &self.cells[k];
            *fresh += 1;
            let n = *fresh;
            let (j, b) = (format!("mj{n}"), format!("mb{n}"));
            out.consts.push((j.clone(), enc.index_sort()));
            let sort = enc.sort(p.array(r.array).elem);
            out.consts.push((b.clone(), sort.clone()));
            let b0 = at.entry.map(|_| {
                let b0 = format!("mo{n}");
                out.consts.push((b0.clone(), sort.clone()));
                b0
            });
            let (w, c) = (&at.absolute(enc, pre), &pre[at.c]);
            let idx = &r.index;
            out.constraints.push(match (at.relative, &r.evaluated) {
                // A read every run of its step evaluates (module doc, "A frame without its
                // offset"), and one C evaluates only under `evaluated`.
                (true, None) => format!("(= {j} {idx})"),
                (true, Some(when)) => format!("(= {j} (ite {when} {idx} {w}))"),
                (false, _) => {
                    let active = in_range(enc, idx, cell.size);
                    format!("(= {j} (ite {active} {idx} {w}))")
                }
            });
            let same = |b: &str, b2: &str, b0: &Option<String>, b02: Option<&str>| match (b0, b02) {
                (Some(x), Some(y)) => format!("(and (= {b} {b2}) (= {x} {y}))"),
                _ => format!("(= {b} {b2})"),
            };
            let c0 = at.entry.map(|(_, c0)| pre[c0].as_str());
            out.constraints
                .push(format!("(=> (= {j} {w}) {})", same(&b, c, &b0, c0)));
            for (a2, j2, b2, b02) in &seen {
                if *a2 == r.array {
                    out.constraints.push(format!(
                        "(=> (= {j} {j2}) {})",
                        same(&b, b2, &b0, b02.as_deref())
                    ));
                }
            }
            out.constraints.push(format!("(= {} {b})", r.name));
            let mut args = pre.to_vec();
            let jr = at.relative(enc, pre, &j);
            args[at.w] = jr.clone();
            args[at.c] = b.clone();
            if let (Some((w0, c0)), Some(b0)) = (at.entry, &b0) {
                args[w0] = jr;
                args[c0] = b0.clone();
            }
            out.atoms.push(args);
            seen.push((r.array, j, b, b0));
        }
        Ok(out)
    }
}

/// Replaces in `body` each loop of the front end that sets every element of an array of
/// `cells` (`i = 0; while (i < K) { a[i] = v; i = i + 1; }`, as the front end declares an
/// array in a procedure, with `v` reading no array nor `i`, and `i` named nowhere else) by the
/// assignment `c = v` of its cell (`i` a local, no array's size) (module doc, "A procedure's own arrays"); whether it replaced one.
fn fill_cells(p: &Program, body: &mut Vec<Stmt>, cells: &[&Cell]) -> bool {
    let mut uses = std::collections::HashMap::<VarId, usize>::new();
    visit_all(body, &mut |s| {
        let mut exprs = s.vertex_exprs();
        match &s.kind {
            StmtKind::Assign(x, _) => *uses.entry(*x).or_default() += 1,
            StmtKind::ParAssign(xs) => xs
                .iter()
                .for_each(|(x, _)| *uses.entry(*x).or_default() += 1),
            StmtKind::Call(c) => {
                exprs.extend(c.args.iter());
                c.result
                    .iter()
                    .for_each(|x| *uses.entry(*x).or_default() += 1);
            }
            _ => {}
        }
        for e in exprs {
            e.visit(&mut |x| {
                if let Expr::Var(v) = x {
                    *uses.entry(*v).or_default() += 1;
                }
            });
        }
    });
    // A counter is a local of the procedure (a global's value after the loop is another
    // procedure's to read) and no array's size.
    for (v, n) in uses.iter_mut() {
        let sized = (p.arrays.iter())
            .flat_map(|a| std::iter::once(&a.size).chain(&a.dims))
            .any(|d| *d == Size::Var(*v));
        if p.var(*v).storage != Storage::Local || sized {
            *n = usize::MAX;
        }
    }
    // With each counter's type: the value of a fill reading it is read at the cell's index.
    let uses = uses
        .into_iter()
        .map(|(v, n)| (v, (n, p.var(v).ty)))
        .collect();
    replace_fills(body, cells, &uses)
}

/// Per variable: its occurrences in the body (`usize::MAX` for no counter) and its type.
type Uses = std::collections::HashMap<VarId, (usize, IntType)>;

fn replace_fills(body: &mut Vec<Stmt>, cells: &[&Cell], uses: &Uses) -> bool {
    let mut changed = false;
    let mut k = 0;
    while k < body.len() {
        let fill = body
            .get(k + 1)
            .and_then(|next| fill_of(&body[k], next, cells, uses));
        if let Some((c, v)) = fill {
            body[k].kind = StmtKind::Assign(c, v);
            body.remove(k + 1);
            changed = true;
        } else {
            match &mut body[k].kind {
                StmtKind::If(_, t, e) => {
                    changed |= replace_fills(t, cells, uses);
                    changed |= replace_fills(e, cells, uses);
                }
                StmtKind::While { body: b, step, .. } => {
                    changed |= replace_fills(b, cells, uses);
                    changed |= replace_fills(step, cells, uses);
                }
                StmtKind::DoWhile { body: b, .. } | StmtKind::Block(b) => {
                    changed |= replace_fills(b, cells, uses)
                }
                _ => {}
            }
        }
        k += 1;
    }
    changed
}

/// `init; lp` as the fill of a cell of `cells`: the cell's value variable and the value.
fn fill_of(init: &Stmt, lp: &Stmt, cells: &[&Cell], uses: &Uses) -> Option<(VarId, Expr)> {
    let StmtKind::Assign(i, Expr::Const(0, _)) = &init.kind else {
        return None;
    };
    let StmtKind::While { cond, body, step } = &lp.kind else {
        return None;
    };
    let Expr::Binary(BinOp::Lt, x, k) = cond else {
        return None;
    };
    let (Expr::Var(x), Expr::Const(k, _)) = (&**x, &**k) else {
        return None;
    };
    let [store] = &body[..] else { return None };
    let StmtKind::Store(a, Expr::Var(y), v) = &store.kind else {
        return None;
    };
    let [st] = &step[..] else { return None };
    let StmtKind::Assign(z, Expr::Binary(BinOp::Add, zx, one)) = &st.kind else {
        return None;
    };
    let counter = x == i && y == i && z == i && matches!(&**zx, Expr::Var(t) if t == i);
    let stepped = matches!(&**one, Expr::Const(1, _));
    // The same value at every iteration but for its nondets and the counter: no read.
    let (mut value, mut reads_counter) = (true, 0);
    v.visit(&mut |e| {
        value &= !matches!(e, Expr::Read(..));
        reads_counter += usize::from(*e == Expr::Var(*i));
    });
    // The counter's five occurrences are the loop's own, and the value's.
    let &(n, ty_of_counter) = uses.get(i)?;
    if !(counter && stepped && value && n == 5 + reads_counter) {
        return None;
    }
    let cell = cells.iter().find(|c| c.array == *a)?;
    // The element at `w` was written when the counter was `w` (module doc: it fits the
    // counter's type, which reached the size).
    let at_w = Expr::Cast(ty_of_counter, Box::new(Expr::Var(cell.w)));
    (*k == cell.size as i128).then(|| (cell.c, v.with_var(*i, &at_w)))
}

#[cfg(test)]
mod tests {
    use crate::frontend::{FrontendOptions, parse_procedures};
    use crate::ir::Storage;

    /// A recursion's own array of 100 elements: a cell of its locals, the declaration's fill
    /// loop and the program's fill with `n` (or `n + i`) each one assignment of the cell; a
    /// fill stopping one short, or whose counter is read after it, stays a loop.
    #[test]
    fn a_procedures_own_array_is_a_cell_of_its_locals() {
        let prog = |fill: &str| {
            format!(
                "int f(int n) {{ int buf[100]; {fill} if (n > 0) f(n - 1);
  return buf[99] - n; }}
int main(void) {{ if (f(3) != 0) reach_error(); return 0; }}"
            )
        };
        let cfg = |fill: &str| {
            let pp = parse_procedures(&prog(fill), "t.c", &FrontendOptions::default()).unwrap();
            let (q, cells) = super::prepare(&pp).unwrap().expect("cells");
            let [cell] = &cells.cells[..] else {
                panic!("{cells:?}")
            };
            assert_eq!(cell.owner, Some(crate::ir::procs::ProcId(0)));
            assert_eq!(q.program.var(cell.c).storage, Storage::Local);
            q.cfg_text()
        };
        let text = cfg("for (int i = 0; i < 100; i++) buf[i] = n;");
        assert!(!text.contains("while"), "{text}");
        assert_eq!(text.matches("ara_c_f__buf = ").count(), 2, "{text}");
        // A value that reads the counter is read at the cell's index, in the counter's type.
        let text = cfg("for (int i = 0; i < 100; i++) buf[i] = n + i;");
        assert!(!text.contains("while"), "{text}");
        assert!(
            text.contains("ara_c_f__buf = f__n + (int) ara_w_f__buf"),
            "{text}"
        );
        // One short of the size, or the counter read after the loop: a loop still.
        for fill in [
            "for (int i = 0; i < 99; i++) buf[i] = n;",
            "int i; for (i = 0; i < 100; i++) buf[i] = n + i; n = n + i - 100;",
        ] {
            let text = cfg(fill);
            assert_eq!(text.matches("while").count(), 1, "{text}");
        }
        // A global counter: its value after the loop is another procedure's to read.
        let src = "int i; int g(void) { return i; }
int f(int n) { int buf[100]; for (i = 0; i < 100; i++) buf[i] = n; if (n > 0) f(n - 1);
  return buf[99] - n + g(); }
int main(void) { if (f(3) != 100) reach_error(); return 0; }";
        let pp = parse_procedures(src, "t.c", &FrontendOptions::default()).unwrap();
        let (q, _) = super::prepare(&pp).unwrap().expect("cells");
        let text = q.cfg_text();
        assert_eq!(text.matches("while").count(), 1, "{text}");
    }
}
