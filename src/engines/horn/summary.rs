//! Horn clauses with procedure summaries: a program with procedures and recursion, solved by
//! Spacer, SAFE only after ara's own bit-vector check of every clause.
//!
//! Takes a [`ProcProgram`] (arrays of constant size: global or `main`'s, one tracked cell
//! each, and a procedure's own, as scalars up to `sumlocal::MAX_ELEMS` elements, else a cell
//! of its locals, [`sumcells`]); gives [`SummaryOutcome`]: `Proved` with the
//! summaries printed in C (`flip(n): even' == (n % 2 == 0 ? even : !even)`, whatever the
//! solver found; [`ProcedureSummary`], also as an ACSL postcondition for witnesses),
//! `Derivable` with the depth of Spacer's derivation of the error, or `Unknown` with the
//! reason. It never answers UNSAFE itself: a derivation is turned into inputs by the caller
//! (`procedures`: the checker on the program inlined that deep, its inputs replayed on the
//! source with gcc), or left to the other engines. [`check_given`] checks summaries a
//! correctness witness states (its function contracts).
//!
//! ## Encoding (small steps, bit-vectors with C semantics)
//!
//! A procedure `f` has globals `G` (every `Storage::Global` variable) and locals `L_f`
//! (`ProcProgram::locals`). Predicates:
//! - `f_v(P0, G0, G, L_f)` for each vertex `v` of `f` (not the error): the states of the
//!   activations of `f` at `v` reached from an entry with parameters `P0` and globals `G0`
//!   (for `main`: `main_v(G, L_main)`, no entry values);
//! - `sum_f(P0, G0, R, G')`: an activation entered with `P0, G0` returns `R` (when `f`
//!   returns a value) with globals `G'`.
//!
//! Clauses (each one step of the CFG, every expression through the trace formula's encoder
//! [`ExprEncoder`] in bit-vectors, nondets fresh constants):
//! - `main`'s entry: the globals' initial values (their initialiser, else 0), locals free;
//! - an edge `u → v` of `f` with its statement: guard and assignment; into the error vertex
//!   the head is the error; `exit`/`abort` has no clause (the run ends);
//! - a call `r = g(a)` at `u`: *call*: `f_u(…) → g_entry(a, G, G, P := a, rest free)`;
//!   *return*: `f_u(E, G, L) ∧ sum_g(a, G, R, G') → f_v(E, G', L[r := R])`;
//! - `f`'s exit: `f_exit(P0, G0, G, L) → sum_f(P0, G0, ret, G)`.
//!
//! Why SAFE is never wrong: these clauses are the standard procedure encoding (every run of
//! the program is a derivation: by induction on the run, each state of an activation at `v`
//! satisfies `f_v` with its activation's entry values, and each return the callee's `sum`; a
//! return restores the caller's own locals `L`, which the callee cannot change: locals are
//! per activation, globals shared, parameters by value). An interpretation of the predicates
//! making every clause valid therefore over-approximates the reachable states and excludes
//! the error. ara checks exactly that for the solver's interpretation, in its own Z3 run
//! over the bit-vector clauses ([`certify::check_clauses`]); a predicate the certificate
//! does not name is `true` there (the check decides whether that is enough), so nothing the
//! solver omits or gets wrong can make a wrong SAFE.
//!
//! ## Arrays: a tracked cell per array
//!
//! A program with arrays is encoded with one cell per array as two ghost globals (an index
//! `w` never assigned, the element `c = a[w]`): [`sumcells`] (its module doc has the
//! soundness argument); an array of a procedure's own has its cell as two locals of that
//! procedure instead (free at each call, its index in range; `sumcells`, "A procedure's own
//! arrays"). A procedure's frame holds only the cells of the arrays it reaches,
//! and views a moving parameter's cell from its offset, dropped from the frame when it is
//! used only as a base ([`views`], [`sumbase`]; `sumcells`, "A procedure's own cells", "A
//! per-callee view" and "A frame without its offset"). A read re-applies the step's own predicate at the read's index (two
//! atoms in a body), a write updates the cell, a summary returns the cell's value (not its
//! index: a return keeps the caller's `w`). Before Spacer, template summaries
//! ([`templates`]: Houdini over small comparisons in the integer clauses, within a tenth of
//! the time, [`template_summaries`]) are translated and checked like Spacer's candidates
//! below: they prove in a few seconds the recursions whose summaries are such comparisons
//! (`sum() == n` under `w1 < n ⇒ a[w1] == 1`). Printed summaries start with the cell's quantifier
//! (`forall w1 in [0, 1000): …`). Spacer seldom finds such summaries in bit-vectors, so for a
//! program with cells the same clauses in integers come first (3/4 of the time, a small
//! portfolio of Spacer configurations in turn, [`LIA_PORTFOLIO`]; every assigned value of an arithmetic expression wrapped once into its
//! type, each nondet in its type's range): their interpretation is only a candidate,
//! translated into bit-vectors over the C values of the arguments
//! ([`certify::translate_typed`]) and checked against the bit-vector clauses like Spacer's own.
//! A witness states such a summary as a contract opening with the cell's quantifier
//! (`\forall integer w1; 0 <= w1 < 1000 ==> …`, `a[w1]` the element at the return,
//! `\old(a[w1])` at the entry: [`ContractArg`]), for frames whose cells are of global arrays
//! at their own indexes (not one viewed from a moving offset, nor `main`'s array named
//! through a parameter: the procedural form keeps no parameter's name); other frames get
//! no contract. [`check_given`] checks a contract over a cell as the summary
//! `0 <= w < N ⇒ body(w, c0, c')` of the same bit-vector clauses. Why that is the
//! quantified contract: α's tuples of an activation are exactly one per in-range index `w`,
//! `(…, w, a0[w], …, a'[w])` ("What the predicates mean" in [`sumcells`]), so the contract
//! `∀x ∈ [0, N). body(x, a0[x], a'[x])` holds of an activation iff each of its tuples
//! satisfies the definition (for `w` out of range the definition is `true`, and no tuple
//! has such a `w`). Every clause valid under the definitions (the rest found by the solver)
//! then puts every reachable tuple into them (the argument below): the contract holds of
//! every activation and the error is unreachable. Several cells are independent ghost
//! globals, so nested quantifiers over different arrays are the same, tuple by tuple. Only
//! `a[x]` at the cell's own index can be named: a contract relating two cells of one array
//! (`a[x] <= a[x + 1]`) says more than any summary over one cell and is not read.
//!
//! Before solving, vertex predicates are resolved away ([`resolve`]) and the summaries of
//! procedures without loops and calls become formulas applied at each call
//! ([`define_summaries`]), and constants a clause makes equal are merged
//! ([`merge_equal_consts`]); each step's soundness argument is in its doc. With no predicate
//! left (a program whose procedures are all applied as formulas) Spacer is not run: ara's
//! check of the clauses (each body unsatisfiable) is then the whole proof. The encoding stops
//! at the command's end or the race's stop, checked inside a frame too. With `ara check --keep
//! DIR`, the clauses given to Spacer are written to `DIR/summaries.smt2`, and for a program
//! with cells each configuration's integer clauses, all before the first is solved, to
//! `DIR/summaries_int.smt2`, `summaries_int_1.smt2`, … (in [`LIA_PORTFOLIO`]'s order).

use super::certify::{self, PlainClause};
use super::cprint;
use super::solve::{SpacerAnswer, run_spacer};
use super::sumbase;
use super::sumcells::{self, Cells, Slots};
mod templates;
use crate::base::error::AraError;
use crate::base::tools::Limits;
use crate::engines::ProcedureSummary;
use crate::engines::smt::sexp::{Sexp, parse_all, rename_text, symbols};
use crate::engines::smt::{ExprEncoder, Theory, entry_vertex};
use crate::ir::cfg::{Action, Cfg, Guard};
use crate::ir::procs::{ProcId, ProcProgram};
use crate::ir::{Expr, IntType, Program, StmtKind, VERTEX_ERROR, VarId, Vertex};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

/// How the arguments of a summary are named in C.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Naming {
    /// For a person: `n`, `even` (at the entry), `f()` (the result), `even'` (at the return).
    Plain,
    /// An ACSL postcondition: `n` (a parameter's entry value), `\old(even)`, `\result`, `even`.
    Acsl,
}

/// A variable's name as the user wrote it (`n` for the parameter shown `flip::n`).
fn bare(pp: &ProcProgram, v: VarId) -> String {
    let d = &pp.program.var(v).display;
    d.rsplit("::").next().unwrap_or(d).to_string()
}

/// What a frame holds of the globals ([`views`]).
#[derive(Clone, Debug, PartialEq)]
struct View {
    /// Every scalar global, and the cells of the arrays the frame reaches.
    globals: Vec<VarId>,
    /// For each cell (in the order of [`Cells::cells`]): the hidden offset parameter of the
    /// procedure's moving parameter bound to its array, when it has exactly one
    /// (`Proc::offsets`): the frame then holds the cell's index relative to it.
    bases: Vec<Option<VarId>>,
    /// For each cell: the offset the frame drops instead ([`sumbase`]): the frame holds the
    /// cell's index and the offset's temporaries relative to it, the offset being `0`.
    dropped: Vec<Option<sumbase::Dropped>>,
}

impl View {
    /// The offsets the frame drops (no argument of its predicates).
    fn dropped_offsets(&self) -> impl Iterator<Item = VarId> + '_ {
        self.dropped.iter().flatten().map(|d| d.offset)
    }

    /// The offset parameter the frame views cell `n` from, kept or dropped.
    fn offset_of(&self, n: usize) -> Option<VarId> {
        (self.bases.get(n).copied().flatten())
            .or_else(|| self.dropped.get(n)?.as_ref().map(|d| d.offset))
    }
}

/// The view of each frame (`main` first, then the procedures): `main` holds every global;
/// a procedure leaves out the cells of the arrays it never reaches (not in its body, nor in
/// the procedures it calls, [`sumcells::reached`]), and views a cell from its moving
/// parameter's offset (the module doc's "Arrays" has both arguments).
fn views(pp: &ProcProgram, cells: &Cells) -> Vec<View> {
    let globals = pp.globals();
    let reached = sumcells::reached(pp);
    let main = View {
        globals: globals.clone(),
        bases: vec![None; cells.cells.len()],
        dropped: vec![None; cells.cells.len()],
    };
    let procs = pp.procs.iter().zip(&reached).map(|(f, arrays)| {
        // The offset is the base in every state of the activation: its variable is never
        // assigned (`frontend::procs` assigns it only at the call, as a parameter).
        let mut assigned = std::collections::BTreeSet::new();
        crate::ir::procs::visit(&f.body, &mut |s| match &s.kind {
            StmtKind::Assign(x, _) => {
                assigned.insert(*x);
            }
            StmtKind::ParAssign(xs) => assigned.extend(xs.iter().map(|(x, _)| *x)),
            StmtKind::Call(c) => assigned.extend(c.result),
            _ => {}
        });
        let dropped: Vec<VarId> = (cells.cells.iter())
            .filter(|c| !arrays.contains(&c.array))
            .flat_map(|c| [c.w, c.c])
            .collect();
        let bases = (cells.cells.iter())
            .map(|c| {
                let mut offs = f.offsets.iter().filter(|(a, _)| *a == c.array);
                match (offs.next(), offs.next()) {
                    (Some(&(_, v)), None)
                        if arrays.contains(&c.array)
                            && pp.program.var(v).ty == IntType::Long
                            && f.params.contains(&v)
                            && !assigned.contains(&v) =>
                    {
                        Some(v)
                    }
                    _ => None,
                }
            })
            .collect();
        View {
            globals: (globals.iter().copied())
                .filter(|g| !dropped.contains(g))
                .collect(),
            bases,
            dropped: vec![None; cells.cells.len()],
        }
    });
    let mut out: Vec<View> = std::iter::once(main).chain(procs).collect();
    // The offsets used only as a base are dropped (`sumcells`, "A frame without its offset").
    let arrays: Vec<_> = cells.cells.iter().map(|c| c.array).collect();
    let bases: Vec<Vec<Option<VarId>>> = out[1..].iter().map(|v| v.bases.clone()).collect();
    let drops = sumbase::dropped(pp, &arrays, &bases, &reached);
    for (view, drops) in out[1..].iter_mut().zip(drops) {
        for (n, d) in drops.into_iter().enumerate() {
            if d.is_some() {
                view.bases[n] = None;
                view.dropped[n] = d;
            }
        }
    }
    out
}

/// The names and types of the arguments of `sum_f` (parameters, globals at the entry, the
/// result, globals at the return), in C (`naming`).
fn summary_names(
    pp: &ProcProgram,
    id: ProcId,
    naming: Naming,
    cells: &Cells,
) -> Vec<(String, IntType)> {
    let f = pp.proc(id);
    let ty = |v: VarId| pp.program.var(v).ty;
    let view = &views(pp, cells)[id.0 as usize + 1];
    let globals = &view.globals;
    let indexes = cells.indexes();
    // A cell viewed from an offset: its element is `a[q_off + w1]`.
    let name = |g: VarId| -> String {
        let n = bare(pp, g);
        let Some((k, cell)) = cells.cells.iter().enumerate().find(|(_, c)| c.c == g) else {
            return n;
        };
        match view.offset_of(k) {
            Some(b) => format!(
                "{}[{} + {}]",
                pp.program.array(cell.array).display,
                bare(pp, b),
                bare(pp, cell.w)
            ),
            None => n,
        }
    };
    let dropped: Vec<VarId> = view.dropped_offsets().collect();
    let mut out: Vec<(String, IntType)> = (f.params.iter())
        .filter(|v| !dropped.contains(v))
        .map(|&v| (bare(pp, v), ty(v)))
        .collect();
    out.extend(globals.iter().map(|&g| {
        let n = name(g);
        // A cell's index is the contract's quantified variable, the same at the return.
        let n = match naming {
            Naming::Acsl if !indexes.contains(&g) => format!("\\old({n})"),
            _ => n,
        };
        (n, ty(g))
    }));
    if let Some(r) = f.ret {
        let n = match naming {
            Naming::Plain => format!("{}()", f.name),
            Naming::Acsl => "\\result".into(),
        };
        out.push((n, ty(r)));
    }
    out.extend(globals.iter().filter(|g| !indexes.contains(g)).map(|&g| {
        let n = name(g);
        let n = match naming {
            Naming::Plain => format!("{n}'"),
            Naming::Acsl => n,
        };
        (n, ty(g))
    }));
    out
}

/// One argument of a procedure's summary as a witness contract names it ([`contract_args`]).
#[derive(Clone, Debug, PartialEq)]
pub enum ContractArg {
    /// A parameter: its value at the entry (in ACSL, a parameter in `ensures` is that).
    Param(String),
    /// A scalar global at the entry (`\old(g)`).
    Old(String),
    /// The result (`\result`).
    Result,
    /// A scalar global at the return.
    Global(String),
    /// A tracked cell's index: the contract's variable quantified over `[0, size)` (the
    /// array's name and size).
    Index { array: String, size: u64 },
    /// The element of a cell at the entry (`\old(a[x])`, the array's name).
    OldCell(String),
    /// The element of a cell at the return (`a[x]`).
    Cell(String),
}

/// The arguments of `sum_f` (`id` in `pp` as [`sumcells::prepare`] gave it), in order, as a
/// contract names them; `Err` when a cell of the frame is not one a contract can name by the
/// array's own name in the function's scope: a cell viewed from a moving parameter's offset,
/// an array that is not global (`main`'s, reached through a parameter whose name the
/// procedural form does not keep), or a procedure with array parameters at all (its body
/// names its caller's array, and a function called with several arrays is several
/// procedures).
fn frame_contract_args(
    pp: &ProcProgram,
    cells: &Cells,
    id: ProcId,
) -> Result<Vec<(ContractArg, IntType)>, String> {
    let f = pp.proc(id);
    let view = &views(pp, cells)[id.0 as usize + 1];
    if !f.bound.is_empty() {
        return Err(format!(
            "{} has array parameters (ara's contracts name global arrays only)",
            f.name
        ));
    }
    let ty = |v: VarId| pp.program.var(v).ty;
    let mut out = vec![];
    for &v in &f.params {
        out.push((ContractArg::Param(bare(pp, v)), ty(v)));
    }
    let cell_of = |g: VarId| {
        cells
            .cells
            .iter()
            .enumerate()
            .find(|(_, c)| c.w == g || c.c == g)
    };
    for &g in &view.globals {
        let arg = match cell_of(g) {
            Some((n, cell)) => {
                let arr = pp.program.array(cell.array);
                if arr.storage != crate::ir::Storage::Global || view.offset_of(n).is_some() {
                    return Err(format!(
                        "{}'s summary is over array {} {} (ara's contracts name global arrays \
                         at their own indexes only)",
                        f.name,
                        arr.display,
                        if view.offset_of(n).is_some() {
                            "at a moving offset"
                        } else {
                            "through a parameter"
                        }
                    ));
                }
                if cell.w == g {
                    ContractArg::Index {
                        array: arr.display.clone(),
                        size: cell.size,
                    }
                } else {
                    ContractArg::OldCell(arr.display.clone())
                }
            }
            None => ContractArg::Old(bare(pp, g)),
        };
        out.push((arg, ty(g)));
    }
    if let Some(r) = f.ret {
        out.push((ContractArg::Result, ty(r)));
    }
    for &g in &view.globals {
        match cell_of(g) {
            Some((_, cell)) if cell.w == g => {}
            Some((_, cell)) => out.push((
                ContractArg::Cell(pp.program.array(cell.array).display.clone()),
                ty(g),
            )),
            None => out.push((ContractArg::Global(bare(pp, g)), ty(g))),
        }
    }
    Ok(out)
}

/// `pp` as the summary engine encodes it: a procedure's small arrays as scalars
/// ([`super::sumlocal`]), then its tracked cells ([`sumcells::prepare`]; none without
/// arrays).
fn prepared(pp: &ProcProgram) -> Result<(ProcProgram, Cells), String> {
    let pp = super::sumlocal::scalarize(pp).unwrap_or_else(|| pp.clone());
    Ok(match sumcells::prepare(&pp)? {
        Some((q, cells)) => (q, cells),
        None => (pp, Cells::default()),
    })
}

/// The arguments of the summary of `pp`'s procedure `name` as a contract names them
/// ([`ContractArg`], in the order of `sum_name`'s parameters `p0 … pn-1` in
/// [`check_given`]), or why a contract of it is not read.
pub fn contract_args(pp: &ProcProgram, name: &str) -> Result<Vec<(ContractArg, IntType)>, String> {
    let (q, cells) = prepared(pp)?;
    let k = (q.procs.iter().position(|f| f.name == name))
        .ok_or_else(|| format!("{name} is no procedure of the program"))?;
    frame_contract_args(&q, &cells, ProcId(k as u32))
}

/// A procedure's summary name and the pairs of its entry predicate's argument positions
/// equal at the entry (`Encoder::entry_links`).
type EntryLink = (String, Vec<(usize, usize)>);

/// The relation the error clauses derive.
const ERROR_REL: &str = "ara_error";

/// One predicate: its name and parameters (how they print, their C types).
#[derive(Clone, Debug, PartialEq)]
pub struct SPred {
    pub name: String,
    pub params: Vec<(String, IntType)>,
    /// For a summary: the procedure's heading (`flip(n)`); `None` for a vertex predicate.
    pub summary: Option<String>,
}

/// A predicate applied to terms.
#[derive(Clone, Debug, PartialEq)]
pub struct Atom {
    pub pred: String,
    pub args: Vec<String>,
}

impl Atom {
    fn text(&self) -> String {
        if self.args.is_empty() {
            self.pred.clone()
        } else {
            format!("({} {})", self.pred, self.args.join(" "))
        }
    }
}

/// One clause: `∀ consts. atoms ∧ constraints → head` (`None`: the error).
#[derive(Clone, Debug, PartialEq)]
pub struct SClause {
    pub title: String,
    pub consts: Vec<(String, String)>,
    pub atoms: Vec<Atom>,
    pub constraints: Vec<String>,
    pub head: Option<Atom>,
}

impl SClause {
    /// The clause for [`certify::check_clauses`].
    pub fn plain(&self) -> PlainClause {
        let body: Vec<String> = (self.atoms.iter().map(Atom::text))
            .chain(self.constraints.iter().cloned())
            .collect();
        PlainClause {
            title: self.title.clone(),
            consts: self.consts.clone(),
            body: super::encode::and(&body),
            head: self.head.as_ref().map_or("false".into(), Atom::text),
        }
    }
}

/// The Horn clauses of a procedural program (see the module doc).
#[derive(Clone, Debug)]
pub struct SummarySystem {
    pub preds: Vec<SPred>,
    pub clauses: Vec<SClause>,
    /// The tracked array cells ([`sumcells`]; none for a program without arrays).
    pub cells: Cells,
    /// Bit-vectors (the program's semantics) or integers (a search aid).
    pub theory: Theory,
}

/// One procedure's frame: the variables of its states.
struct Frame {
    /// `None`: main.
    id: Option<ProcId>,
    name: String,
    /// Entry copies (parameters then the view's globals; none for main).
    entry: Vec<VarId>,
    /// The state: the view's globals then locals.
    state: Vec<VarId>,
    /// The globals the frame holds ([`View`]).
    globals: Vec<VarId>,
    /// Those a summary returns (all but the cells' indexes).
    out: Vec<VarId>,
    cfg: Cfg,
    body: Program,
}

struct Encoder<'a> {
    pp: &'a ProcProgram,
    enc: ExprEncoder<'a>,
    frames: Vec<Frame>,
    sys: SummarySystem,
    /// Each frame's cell slots in its predicates' arguments ([`sumcells::Slots`]; `None`: a
    /// cell the frame does not hold).
    slots: Vec<Vec<Option<Slots>>>,
    /// Reads encoded so far (names their constants).
    reads_made: usize,
    /// The names of `sys.preds`.
    pred_names: std::collections::HashSet<String>,
    /// The hidden offset parameters of every procedure (`Proc::offsets`), and the
    /// temporaries relative to a dropped one ([`sumbase::Dropped`]).
    offsets: std::collections::BTreeSet<VarId>,
    /// Each frame's view ([`views`]).
    views: Vec<View>,
}

/// Why the encoding stopped early (the command's end, or the race's stop).
const STOPPED: &str = "stopped while encoding (time limit or another part answered)";

/// The most state terms (variables of a frame times its vertices) the encoding takes.
const MAX_STATE_CELLS: usize = 2_000_000;

/// The clauses of `pp` without tracked cells (bit-vectors); `Err` when it has arrays, is too
/// large ([`MAX_STATE_CELLS`]) or the encoder fails.
pub fn encode(pp: &ProcProgram) -> Result<SummarySystem, String> {
    if super::encode::body_uses_arrays(&pp.program.body)
        || pp
            .procs
            .iter()
            .any(|f| super::encode::body_uses_arrays(&f.body))
    {
        return Err("array accesses (encoded with their cells by `encode_with`)".into());
    }
    encode_with(pp, Cells::default(), Theory::BitVector)
}

/// The clauses of `pp` with the tracked cells `cells` (`pp` as [`sumcells::prepare`] gave
/// it; no cells for a program without arrays); `Err` when it is too large
/// ([`MAX_STATE_CELLS`]) or the encoder fails (an array access without a cell among them).
///
/// In `Theory::Lia` the clauses are a search aid only (no wrap-around): the solver's
/// interpretation of them is translated into bit-vectors and checked against the
/// bit-vector clauses ([`prove`]).
pub fn encode_with(
    pp: &ProcProgram,
    tracked: Cells,
    theory: Theory,
) -> Result<SummarySystem, String> {
    let globals = pp.globals();
    let ids = || std::iter::once(None).chain((0..pp.procs.len() as u32).map(|i| Some(ProcId(i))));
    // A procedure's own cells are locals of its frame (`sumcells`, "A procedure's own
    // arrays"): no statement names them.
    let locals: Vec<_> = ids()
        .map(|id| {
            let mut l = pp.locals(id).vars;
            if let Some(f) = id {
                l.extend(tracked.owned(f).flat_map(|c| [c.w, c.c]));
            }
            l
        })
        .collect();
    // Every vertex predicate takes the whole state of its frame: a main with thousands of
    // calls that each leave a temporary would need (vertices x variables) terms, gigabytes
    // before the deadline is looked at (3,000 calls of `x = inc(x)`: 3.4 GB). Counted before
    // any frame is built: a frame copies the program's tables (3,000 procedures: seconds).
    let cells: usize = ids()
        .zip(&locals)
        .map(|(id, l)| {
            let vertices = id.map_or(pp.program.num_vertices, |f| pp.proc(f).num_vertices);
            (globals.len() + l.len()).saturating_mul(vertices as usize)
        })
        .sum();
    if cells > MAX_STATE_CELLS {
        return Err(format!(
            "too large for summaries ({cells} state terms over the vertices, at most {MAX_STATE_CELLS})"
        ));
    }
    let views = views(pp, &tracked);
    let indexes = tracked.indexes();
    let mut frames = Vec::with_capacity(locals.len());
    for ((id, locals), view) in ids().zip(locals).zip(&views) {
        if crate::base::tools::cancelled() {
            return Err(STOPPED.into());
        }
        let body = pp.body_program(id);
        let globals = &view.globals;
        let dropped: Vec<VarId> = view.dropped_offsets().collect();
        let entry = match id {
            Some(f) => (pp.proc(f).params.iter().copied())
                .filter(|v| !dropped.contains(v))
                .chain(globals.iter().copied())
                .collect(),
            None => vec![],
        };
        let locals = locals.into_iter().filter(|v| !dropped.contains(v));
        frames.push(Frame {
            id,
            name: id.map_or("main".into(), |f| pp.proc(f).name.clone()),
            entry,
            state: globals.iter().copied().chain(locals).collect(),
            out: (globals.iter().copied())
                .filter(|g| !indexes.contains(g))
                .collect(),
            globals: globals.clone(),
            cfg: Cfg::build(&body),
            body,
        });
    }
    let slots = (frames.iter().zip(&views))
        .map(|(f, v)| frame_slots(f, &tracked, v))
        .collect();
    let mut enc = ExprEncoder::new(&pp.program, theory);
    if !tracked.cells.is_empty() {
        enc.allow_reads();
    }
    let mut e = Encoder {
        pp,
        enc,
        frames,
        sys: SummarySystem {
            preds: vec![],
            clauses: vec![],
            cells: tracked,
            theory,
        },
        slots,
        reads_made: 0,
        pred_names: Default::default(),
        offsets: (pp.procs.iter())
            .flat_map(|f| f.offsets.iter().map(|&(_, v)| v))
            .chain(
                (views.iter().flat_map(|v| v.dropped.iter().flatten()))
                    .flat_map(|d| d.relative.iter().copied()),
            )
            .collect(),
        views,
    };
    e.predicates();
    e.pred_names = e.sys.preds.iter().map(|p| p.name.clone()).collect();
    for k in 0..e.frames.len() {
        // The command's end counts here too (a large frame takes seconds to encode).
        if crate::base::tools::cancelled() {
            return Err(STOPPED.into());
        }
        e.frame_clauses(k).map_err(|x| match x {
            AraError::Internal(m) if m == STOPPED => m,
            x => x.to_string(),
        })?;
    }
    let entries = e.entry_links();
    let call_sites = e.call_sites();
    let sys = std::mem::replace(
        &mut e.sys,
        SummarySystem {
            preds: vec![],
            clauses: vec![],
            cells: Cells::default(),
            theory,
        },
    );
    // First the procedures' insides (entries and call sites kept: a call site's state is
    // not copied into the callee's entry clause), then, with the summaries defined, all.
    let mut keep: std::collections::BTreeSet<String> = entries.keys().cloned().collect();
    keep.extend(call_sites);
    let mut sys = sys;
    resolve(&mut sys, &keep);
    define_summaries(&mut sys, &entries);
    drop_unused(&mut sys);
    resolve(&mut sys, &Default::default());
    for c in &mut sys.clauses {
        merge_equal_consts(c);
    }
    if crate::base::tools::cancelled() {
        return Err(STOPPED.into());
    }
    Ok(sys)
}

/// The constants of a step's reads, and their atoms and constraints for its clauses' bodies.
type ReadBody = (Vec<(String, String)>, Vec<String>);

/// Where each cell is in the arguments of `f`'s predicates (entry copies, then the state;
/// `None` for a cell its view leaves out).
fn frame_slots(f: &Frame, cells: &Cells, view: &View) -> Vec<Option<Slots>> {
    let n = f.entry.len();
    let at = |v: VarId| f.state.iter().position(|x| *x == v).map(|i| n + i);
    let at_entry = |v: VarId| f.entry.iter().position(|x| *x == v);
    (cells.cells.iter().zip(&view.bases).zip(&view.dropped))
        .map(|((c, base), dropped)| {
            Some(Slots {
                w: at(c.w)?,
                c: at(c.c)?,
                entry: at_entry(c.w).zip(at_entry(c.c)),
                base: match base {
                    Some(b) => Some(at(*b)?),
                    None => None,
                },
                relative: dropped.is_some(),
            })
        })
        .collect()
}

impl Encoder<'_> {
    fn sort(&self, t: IntType) -> String {
        self.enc.sort(t)
    }

    fn display(&self, v: VarId) -> (String, IntType) {
        let x = self.pp.program.var(v);
        (x.display.clone(), x.ty)
    }

    /// For each procedure: its entry predicate's name, with the pairs of its argument
    /// positions equal at the entry (a parameter's entry copy and the parameter, a global's
    /// entry copy and the global), and its summary's name.
    fn entry_links(&self) -> BTreeMap<String, EntryLink> {
        let mut out = BTreeMap::new();
        for (k, f) in self.frames.iter().enumerate() {
            let Some(id) = f.id else { continue };
            let first = entry_vertex(&f.body.body, f.body.num_vertices - 1);
            let n = f.entry.len();
            let pairs = (f.entry.iter().enumerate())
                .filter_map(|(i, v)| f.state.iter().position(|w| w == v).map(|j| (i, n + j)))
                .collect();
            let sum = format!("sum_{}", self.pp.proc(id).name);
            out.insert(self.vertex_pred(k, first), (sum, pairs));
        }
        out
    }

    /// The predicates of the vertices holding a call.
    fn call_sites(&self) -> Vec<String> {
        let mut out = vec![];
        for (k, f) in self.frames.iter().enumerate() {
            for node in &f.cfg.nodes {
                if let Action::Stmt(s) = &node.action
                    && matches!(s.kind, StmtKind::Call(_))
                {
                    out.push(self.vertex_pred(k, node.id));
                }
            }
        }
        out
    }

    fn vertex_pred(&self, k: usize, v: Vertex) -> String {
        format!("{}_{v}", self.frames[k].name)
    }

    fn predicates(&mut self) {
        for k in 0..self.frames.len() {
            let f = &self.frames[k];
            let mut params: Vec<(String, IntType)> = (f.entry.iter())
                .map(|&v| {
                    let (n, t) = self.display(v);
                    (format!("{n}@entry"), t)
                })
                .collect();
            params.extend(f.state.iter().map(|&v| self.display(v)));
            for v in 1..f.body.num_vertices {
                let name = self.vertex_pred(k, v);
                self.sys.preds.push(SPred {
                    name,
                    params: params.clone(),
                    summary: None,
                });
            }
            if let Some(id) = f.id {
                let pred = self.summary_pred(id);
                self.sys.preds.push(pred);
            }
        }
    }

    /// `sum_f(P0, G0, R, G')`, printed `f(n)` with `even` / `even'` / `f()`.
    fn summary_pred(&self, id: ProcId) -> SPred {
        let f = self.pp.proc(id);
        let shown: Vec<String> = f.params.iter().map(|&v| bare(self.pp, v)).collect();
        SPred {
            name: format!("sum_{}", f.name),
            params: summary_names(self.pp, id, Naming::Plain, &self.sys.cells),
            summary: Some(format!("{}({})", f.name, shown.join(", "))),
        }
    }

    /// Fresh constants for a frame's predicate arguments: entry copies and state.
    fn state_consts(
        &mut self,
        k: usize,
        tag: &str,
    ) -> (Vec<String>, Vec<String>, Vec<(String, String)>) {
        let (entry, state) = (self.frames[k].entry.clone(), self.frames[k].state.clone());
        let mut consts = vec![];
        let mut named = |vs: &[VarId], pre: &str, this: &mut Self| -> Vec<String> {
            vs.iter()
                .enumerate()
                .map(|(i, &v)| {
                    let n = format!("{pre}{tag}{i}");
                    let s = this.sort(this.pp.program.var(v).ty);
                    consts.push((n.clone(), s));
                    n
                })
                .collect()
        };
        let e = named(&entry, "e", self);
        let s = named(&state, "s", self);
        (e, s, consts)
    }

    /// The environment of the expression encoder: each state variable's term.
    fn env(&self, k: usize, state: &[String]) -> Vec<String> {
        let mut env = vec![String::new(); self.pp.program.vars.len()];
        for (v, t) in self.frames[k].state.iter().zip(state) {
            env[v.0 as usize] = t.clone();
        }
        // A dropped offset is the frame's origin (`sumcells`, "A frame without its offset").
        for q in self.views[k].dropped_offsets() {
            env[q.0 as usize] = self.enc.lit(0, IntType::Long);
        }
        env
    }

    /// What every state of frame `k` (predicate arguments `pre`) satisfies besides its
    /// predicate: each cell index relative to a dropped offset within `[-size, size)`
    /// ([`sumcells::relative_range`]; `sumcells`, "A frame without its offset").
    fn origin_facts(&self, k: usize, pre: &[String]) -> Vec<String> {
        let cells = &self.sys.cells.cells;
        (self.views[k].dropped.iter().zip(&self.slots[k]).zip(cells))
            .filter_map(|((d, sl), cell)| {
                let sl = sl.as_ref().filter(|_| d.is_some())?;
                Some(sumcells::relative_range(&self.enc, &pre[sl.w], cell.size))
            })
            .collect()
    }

    fn atom(name: &str, args: &[String]) -> String {
        if args.is_empty() {
            name.to_string()
        } else {
            format!("({name} {})", args.join(" "))
        }
    }

    /// Adds a clause; the body's predicate applications (made by [`Self::atom`]) become its
    /// atoms, the rest its constraints.
    fn push(
        &mut self,
        title: String,
        consts: Vec<(String, String)>,
        body: Vec<String>,
        head: Option<String>,
    ) {
        let (mut atoms, mut constraints) = (vec![], vec![]);
        for b in body {
            match self.as_atom(&b) {
                Some(a) => atoms.push(a),
                None => constraints.push(b),
            }
        }
        let head = head.and_then(|h| self.as_atom(&h));
        self.sys.clauses.push(SClause {
            title,
            consts,
            atoms,
            constraints,
            head,
        });
    }

    /// `t` as a predicate application, when it is one.
    fn as_atom(&self, t: &str) -> Option<Atom> {
        // Most terms are no predicate's: their head symbol tells, without parsing them.
        let head = symbols(t).next()?;
        if !self.pred_names.contains(head) {
            return None;
        }
        let s = parse_all(t).ok()?.pop()?;
        let (name, args) = match &s {
            Sexp::Atom(a) => (a.clone(), vec![]),
            Sexp::List(l) => (
                l.first()?.atom()?.to_string(),
                l[1..].iter().map(|x| x.to_string()).collect(),
            ),
        };
        self.pred_names
            .contains(&name)
            .then_some(Atom { pred: name, args })
    }

    fn frame_clauses(&mut self, k: usize) -> Result<(), AraError> {
        let n = self.frames[k].body.num_vertices;
        let exit = n - 1;
        let first = entry_vertex(&self.frames[k].body.body, exit);
        if self.frames[k].id.is_none() {
            self.main_entry(first)?;
        }
        for u in 1..n {
            // The command's end and the race's stop, inside a frame too (20,000 calls in
            // `main` are 20,000 vertices of one frame).
            if u % 256 == 0 && crate::base::tools::cancelled() {
                return Err(AraError::Internal(STOPPED.into()));
            }
            if u == exit {
                self.exit_clause(k)?;
            } else {
                self.vertex_clauses(k, u)?;
            }
        }
        Ok(())
    }

    fn main_entry(&mut self, first: Vertex) -> Result<(), AraError> {
        let (_, s, consts) = self.state_consts(0, "");
        let mut body = vec![];
        for (&v, name) in self.frames[0].state.iter().zip(&s) {
            let x = self.pp.program.var(v);
            if let Some(cell) = self.sys.cells.of_var(v) {
                if cell.w == v {
                    let Some(Some(sl)) = self.slots[0].get(self.cell_number(cell.array)) else {
                        return Err(AraError::Internal("summary: a cell not in main".into()));
                    };
                    let (w, c) = (&s[sl.w], &s[sl.c]);
                    let p = &self.pp.program;
                    let theory = self.sys.theory;
                    body.extend(self.sys.cells.entry((p, &self.enc, theory), cell, w, c));
                }
            } else if x.storage == crate::ir::Storage::Global {
                let lit = self.enc.lit(x.init.unwrap_or(0), x.ty);
                body.push(format!("(= {name} {lit})"));
            }
        }
        let head = Self::atom(&self.vertex_pred(0, first), &s);
        self.push("main: entry".into(), consts, body, Some(head));
        Ok(())
    }

    /// `f_exit(P0, G0, G, L) → sum_f(P0, G0, ret, G)`.
    fn exit_clause(&mut self, k: usize) -> Result<(), AraError> {
        let Some(id) = self.frames[k].id else {
            return Ok(());
        };
        let exit = self.frames[k].body.num_vertices - 1;
        let (e, s, consts) = self.state_consts(k, "");
        let mut pre = e.clone();
        pre.extend(s.iter().cloned());
        let env = self.env(k, &s);
        let f = self.pp.proc(id);
        let mut post = e.clone();
        if let Some(r) = f.ret {
            post.push(env[r.0 as usize].clone());
        }
        post.extend(self.frames[k].out.iter().map(|g| env[g.0 as usize].clone()));
        let mut body = vec![Self::atom(&self.vertex_pred(k, exit), &pre)];
        body.extend(self.origin_facts(k, &pre));
        let head = Self::atom(&format!("sum_{}", f.name), &post);
        self.push(format!("{}: return", f.name), consts, body, Some(head));
        Ok(())
    }

    fn vertex_clauses(&mut self, k: usize, u: Vertex) -> Result<(), AraError> {
        let node = self.frames[k].cfg.node(u).clone();
        let Action::Stmt(st) = &node.action else {
            return Ok(());
        };
        if matches!(st.kind, StmtKind::Exit) {
            return Ok(());
        }
        let (e, s, consts) = self.state_consts(k, "");
        let mut pre = e.clone();
        pre.extend(s.iter().cloned());
        let from = Self::atom(&self.vertex_pred(k, u), &pre);
        let env = self.env(k, &s);
        let title = format!("{}: vertex {u}", self.frames[k].name);
        if let StmtKind::Call(c) = &st.kind {
            return self.call_clauses(k, u, (&e, &s, consts), c, node.succs[0].to);
        }
        // The state after the statement (assignments, a write's cell), and its guard per edge.
        let store = match &st.kind {
            StmtKind::Store(a, i, x) => Some(self.store_def(k, u, (&pre, &env), *a, (i, x))?),
            _ => None,
        };
        let mut post = s.clone();
        let mut defs = vec![];
        let mut assign = |this: &mut Self, xs: &[(VarId, Expr)]| -> Result<(), AraError> {
            let mut vals = vec![];
            for (x, ex) in xs {
                vals.push(this.value(ex, &env, this.pp.program.var(*x).ty, u)?);
            }
            for ((x, _), val) in xs.iter().zip(vals) {
                let i = (this.frames[k].state.iter().position(|y| y == x)).ok_or_else(|| {
                    AraError::Internal(format!("summary: {x:?} not in the frame"))
                })?;
                let name = format!("n{i}");
                defs.push((name.clone(), this.sort(this.pp.program.var(*x).ty), val));
                post[i] = name;
            }
            Ok(())
        };
        match &st.kind {
            StmtKind::Assign(x, ex) => assign(self, &[(*x, ex.clone())])?,
            StmtKind::ParAssign(xs) => assign(self, xs)?,
            _ => {}
        }
        if let Some((i, sort, val)) = store {
            let name = format!("n{i}");
            defs.push((name.clone(), sort, val));
            post[i] = name;
        }
        let cond = match node.cond() {
            Some(c) => Some(self.enc.truth(c, &env, u)?),
            None => None,
        };
        let mut fresh = self.enc.take_fresh();
        let (read_consts, mut reads) = self.read_parts(k, u, &pre)?;
        reads.extend(self.nondet_ranges(&fresh));
        fresh.extend(read_consts);
        for edge in &node.succs {
            let mut consts = consts.clone();
            consts.extend(fresh.iter().cloned());
            let mut body = vec![from.clone()];
            body.extend(self.origin_facts(k, &pre));
            body.extend(reads.iter().cloned());
            for (n, sort, val) in &defs {
                consts.push((n.clone(), sort.clone()));
                body.push(format!("(= {n} {val})"));
            }
            match (&edge.guard, &cond) {
                (Guard::True, Some(c)) => body.push(c.clone()),
                (Guard::False, Some(c)) => body.push(format!("(not {c})")),
                _ => {}
            }
            let head = (edge.to != VERTEX_ERROR).then(|| {
                let mut args = e.clone();
                args.extend(post.iter().cloned());
                Self::atom(&self.vertex_pred(k, edge.to), &args)
            });
            self.push(format!("{title} -> {}", edge.to), consts, body, head);
        }
        Ok(())
    }

    /// `a[i] = x` at `u` of frame `k` (predicate arguments `pre`, the state's environment
    /// `env`): the position of `a`'s cell value in the state, its sort and its value after
    /// the write.
    fn store_def(
        &mut self,
        k: usize,
        u: Vertex,
        (pre, env): (&[String], &[String]),
        a: crate::ir::ArrId,
        (i, x): (&Expr, &Expr),
    ) -> Result<(usize, String, String), AraError> {
        let n = self.cell_number(a);
        let Some(Some(at)) = self.slots[k].get(n).copied() else {
            return Err(AraError::Internal(
                "summary: a write to an array without a cell in the frame".into(),
            ));
        };
        let elem = self.pp.program.array(a).elem;
        let idx = self.enc.index(i, env, u)?;
        let val = self.value(x, env, elem, u)?;
        let w = at.absolute(&self.enc, pre);
        let new = Cells::stored(&w, &pre[at.c], &idx, &val);
        Ok((at.c - self.frames[k].entry.len(), self.sort(elem), new))
    }

    /// `e` as a value of type `to` for an assignment; in the integer clauses wrapped into
    /// the type (the search aid then knows C's wrap-around of a sum: the recursive array sum's
    /// integer summaries failed the bit-vector check without it).
    fn value(
        &mut self,
        e: &Expr,
        env: &[String],
        to: IntType,
        u: Vertex,
    ) -> Result<String, AraError> {
        let v = self.enc.value(e, env, to, u)?;
        // A variable's value is in its type's range already (wrapping it again would move a
        // value the integer clauses let out of range: a copy would differ from its source).
        let plain = matches!(e, Expr::Var(x) if self.pp.program.var(*x).ty == to);
        // A moving parameter's offset (`q_off + 1`, an offset within one array: it never
        // wraps in a run that forms only pointers into its array) is left exact: its wrap
        // kept Spacer from the summaries of `moving_safe` (none in 60 s at size 1000; 9.6 s
        // without it). The bit-vector check decides, as for every candidate.
        let offset = to == IntType::Long && {
            let mut named = false;
            e.visit(&mut |x| named |= matches!(x, Expr::Var(v) if self.offsets.contains(v)));
            named
        };
        let plain = plain || offset;
        Ok(match self.sys.theory {
            Theory::Lia if !plain => super::encode::wrap_into(self.pp.program.data_model, v, to),
            _ => v,
        })
    }

    /// In the integer clauses, each nondet among `fresh` in its type's range (C's values).
    fn nondet_ranges(&self, fresh: &[(String, String)]) -> Vec<String> {
        if self.sys.theory != Theory::Lia {
            return vec![];
        }
        let dm = self.pp.program.data_model;
        (self.enc.nondets().iter())
            .filter(|n| n.ty != IntType::Bool && fresh.iter().any(|(f, _)| *f == n.name))
            .map(|n| {
                let (lo, hi) = n.ty.range(dm);
                let (lo, hi) = (self.enc.lit(lo, n.ty), self.enc.lit(hi, n.ty));
                format!("(and (<= {lo} {}) (<= {} {hi}))", n.name, n.name)
            })
            .collect()
    }

    /// The position of array `a`'s cell in [`Cells::cells`] (past the end: none).
    fn cell_number(&self, a: crate::ir::ArrId) -> usize {
        (self.sys.cells.cells.iter())
            .position(|c| c.array == a)
            .unwrap_or(usize::MAX)
    }

    /// The reads the encoder made for the step from `u` of frame `k` (pre-state arguments
    /// `pre`): their constants, and their atoms and constraints for the body
    /// ([`Cells::reads`]).
    fn read_parts(&mut self, k: usize, u: Vertex, pre: &[String]) -> Result<ReadBody, AraError> {
        let reads = self.enc.take_reads();
        if reads.is_empty() {
            return Ok((vec![], vec![]));
        }
        let parts = (self.sys.cells)
            .reads(
                (&self.pp.program, &self.enc),
                reads,
                pre,
                &self.slots[k],
                &mut self.reads_made,
            )
            .map_err(|m| AraError::Internal(format!("summary: {m}")))?;
        let pred = self.vertex_pred(k, u);
        let mut body: Vec<String> = parts.atoms.iter().map(|a| Self::atom(&pred, a)).collect();
        body.extend(parts.constraints);
        Ok((parts.consts, body))
    }

    /// The call into the callee's entry and the return through its summary.
    fn call_clauses(
        &mut self,
        k: usize,
        u: Vertex,
        (e, s, consts): (&[String], &[String], Vec<(String, String)>),
        c: &crate::ir::procs::Call,
        next: Vertex,
    ) -> Result<(), AraError> {
        let mut pre = e.to_vec();
        pre.extend(s.iter().cloned());
        let from = Self::atom(&self.vertex_pred(k, u), &pre);
        let env = self.env(k, s);
        let callee = self.pp.proc(c.callee);
        let mut args = vec![];
        for (x, a) in callee.params.iter().zip(&c.args) {
            let ty = self.pp.program.var(*x).ty;
            args.push(match self.offsets.contains(x) {
                // An offset into the array, exact in the integer clauses ([`Self::value`]).
                true => self.enc.value(a, &env, ty, u)?,
                false => self.value(a, &env, ty, u)?,
            });
        }
        let mut fresh = self.enc.take_fresh();
        let (read_consts, mut reads) = self.read_parts(k, u, &pre)?;
        reads.extend(self.nondet_ranges(&fresh));
        fresh.extend(read_consts);
        // Call: the callee's entry state (parameters = arguments, the globals of its view,
        // other locals free).
        let ck = c.callee.0 as usize + 1;
        let gs = self.callee_globals((k, ck), (&pre, &env), (&callee.params, &args))?;
        // The callee's dropped offsets are no arguments of its predicates (their terms
        // re-based the cells above).
        let dropped: Vec<VarId> = self.views[ck].dropped_offsets().collect();
        let (params, args): (Vec<VarId>, Vec<String>) = (callee.params.iter().copied())
            .zip(args)
            .filter(|(x, _)| !dropped.contains(x))
            .unzip();
        let (_, cs, cconsts) = self.state_consts(ck, "c");
        let mut centry: Vec<String> = args.iter().chain(&gs).cloned().collect();
        let mut body = vec![from.clone()];
        body.extend(self.origin_facts(k, &pre));
        body.extend(reads.iter().cloned());
        let mut cstate = cs.clone();
        for (i, v) in self.frames[ck].state.clone().iter().enumerate() {
            if let Some(j) = self.frames[ck].globals.iter().position(|g| g == v) {
                cstate[i] = gs[j].clone();
            } else if let Some(j) = params.iter().position(|p| p == v) {
                cstate[i] = args[j].clone();
            }
        }
        centry.extend(cstate);
        // The callee's own cells: free, their indexes in range (every tuple of α).
        for (n, cell) in self.sys.cells.cells.iter().enumerate() {
            if cell.owner == Some(c.callee)
                && let Some(Some(sl)) = self.slots[ck].get(n)
            {
                body.push(super::morph::in_range(&self.enc, &centry[sl.w], cell.size));
            }
        }
        let first = entry_vertex(
            &self.frames[ck].body.body,
            self.frames[ck].body.num_vertices - 1,
        );
        let head = Self::atom(&self.vertex_pred(ck, first), &centry);
        let mut all = consts.clone();
        all.extend(fresh.iter().cloned());
        all.extend(cconsts);
        let title = format!("{}: call {} at {u}", self.frames[k].name, callee.name);
        self.push(title.clone(), all, std::mem::take(&mut body), Some(head));
        // Return: the summary gives the result and the globals after.
        let mut sum_args: Vec<String> = args.iter().chain(&gs).cloned().collect();
        let mut all = consts;
        all.extend(fresh);
        let mut post = s.to_vec();
        if let Some(r) = callee.ret {
            let sort = self.sort(self.pp.program.var(r).ty);
            all.push(("ret".into(), sort));
            sum_args.push("ret".into());
            if let Some(x) = c.result
                && let Some(i) = self.frames[k].state.iter().position(|y| *y == x)
            {
                post[i] = "ret".into();
            }
        }
        // The caller's globals the callee's view leaves out keep their values (module doc).
        for (j, g) in self.frames[ck].out.clone().iter().enumerate() {
            let n = format!("g{j}");
            all.push((n.clone(), self.sort(self.pp.program.var(*g).ty)));
            sum_args.push(n.clone());
            if let Some(i) = self.frames[k].state.iter().position(|y| y == g) {
                post[i] = n;
            }
        }
        let mut body = vec![from, Self::atom(&format!("sum_{}", callee.name), &sum_args)];
        body.extend(self.origin_facts(k, &pre));
        body.extend(reads);
        let mut args = e.to_vec();
        args.extend(post);
        let head = Self::atom(&self.vertex_pred(k, next), &args);
        self.push(format!("{title}: return"), all, body, Some(head));
        Ok(())
    }
}

impl Encoder<'_> {
    /// The terms of callee frame `ck`'s globals at a call from frame `k` (the caller's
    /// predicate arguments `pre` and environment `env`; the callee's parameters and the
    /// arguments' terms): the caller's, each cell's index re-based from the caller's view to
    /// the callee's (the absolute index, less the offset the call passes).
    fn callee_globals(
        &self,
        (k, ck): (usize, usize),
        (pre, env): (&[String], &[String]),
        (params, args): (&[VarId], &[String]),
    ) -> Result<Vec<String>, AraError> {
        let missing = || AraError::Internal("summary: a callee's global not in the caller".into());
        let mut out = vec![];
        for &g in &self.frames[ck].globals {
            if !self.frames[k].globals.contains(&g) {
                return Err(missing());
            }
            let cell = (self.sys.cells.cells.iter()).position(|c| c.w == g);
            let Some(n) = cell else {
                out.push(env[g.0 as usize].clone());
                continue;
            };
            let (Some(mine), Some(_)) = (self.slots[k][n], self.slots[ck][n]) else {
                return Err(missing());
            };
            // The index in the caller's view (absolute, or relative to its own offset).
            let abs = mine.absolute(&self.enc, pre);
            out.push(match self.views[ck].offset_of(n) {
                Some(v) => {
                    // The callee's offset parameter (kept or dropped), which the call passes
                    // in the caller's view.
                    let i = (params.iter()).position(|p| *p == v);
                    let arg = i.and_then(|i| args.get(i)).ok_or_else(missing)?;
                    sumcells::shift(&self.enc, &abs, arg, false)
                }
                None => abs,
            });
        }
        Ok(out)
    }
}

impl SummarySystem {
    fn declarations(&self, pp: &ProcProgram) -> String {
        let enc = ExprEncoder::new(&pp.program, self.theory);
        let mut s = String::new();
        for p in &self.preds {
            let sorts: Vec<String> = p.params.iter().map(|(_, t)| enc.sort(*t)).collect();
            let _ = writeln!(s, "(declare-rel {} ({}))", p.name, sorts.join(" "));
        }
        s
    }

    /// The clauses in Z3's fixedpoint format, with the query of the error.
    pub fn to_fixedpoint(&self, pp: &ProcProgram, options: &[(&str, &str)]) -> String {
        let mut s = String::new();
        for (k, v) in options {
            let _ = writeln!(s, "(set-option :{k} {v})");
        }
        s.push_str(&self.declarations(pp));
        let _ = writeln!(s, "(declare-rel {ERROR_REL} ())");
        for c in self.clauses.iter().map(SClause::plain) {
            let head = if c.head == "false" {
                ERROR_REL
            } else {
                &c.head
            };
            let imp = format!("(=> {} {head})", c.body);
            let _ = writeln!(s, "; {}", c.title);
            if c.consts.is_empty() {
                let _ = writeln!(s, "(rule {imp})");
            } else {
                let _ = writeln!(
                    s,
                    "(rule (forall ({}) {imp}))",
                    super::encode::binders(&c.consts)
                );
            }
        }
        let _ = writeln!(s, "(query {ERROR_REL} :print-certificate true)");
        s
    }
}

/// What the summary engine found.
#[derive(Clone, Debug, PartialEq)]
pub enum SummaryOutcome {
    /// Checked by ara: every clause holds with the interpretation. The summaries in C.
    Proved(Vec<ProcedureSummary>),
    /// Spacer derived the error: a run of the program reaches it (the clauses are its exact
    /// bit-vector semantics), through at most `depth` nested activations ([`derivation_depth`]).
    /// Not a verdict: the caller turns it into inputs replayed on the source, or not.
    Derivable {
        depth: u32,
    },
    Unknown(String),
}

/// Spacer's options: no inlining of predicates (the certificate then names them all) and no
/// slicing of their arguments.
const OPTIONS: &[(&str, &str)] = &[
    ("fp.engine", "spacer"),
    ("fp.xform.inline_linear", "false"),
    ("fp.xform.inline_eager", "false"),
    ("fp.xform.slice", "false"),
];

/// Encodes, solves and checks `pp` within `limits` (split: at most 3/4 for Spacer); with
/// `keep`, the clauses given to Spacer are written there (`summaries.smt2`).
pub fn prove(
    z3: &Path,
    pp: &ProcProgram,
    limits: &Limits,
    keep: Option<&Path>,
) -> Result<SummaryOutcome, AraError> {
    // A procedure's own small arrays as scalars (`sumlocal`), then with arrays: the program
    // with its cells (ghost globals) is the one encoded, solved, checked and printed.
    let scalars = super::sumlocal::scalarize(pp);
    let pp = scalars.as_ref().unwrap_or(pp);
    let with_cells = match sumcells::prepare(pp) {
        Ok(x) => x,
        Err(why) => return Ok(SummaryOutcome::Unknown(why)),
    };
    let (pp, cells) = match &with_cells {
        Some((q, cells)) => (q, cells.clone()),
        None => (pp, Cells::default()),
    };
    let deadline = limits.timeout.map(|t| std::time::Instant::now() + t);
    let sys = match encode_with(pp, cells.clone(), Theory::BitVector) {
        Ok(s) => s,
        Err(why) => return Ok(SummaryOutcome::Unknown(why)),
    };
    let script = sys.to_fixedpoint(pp, OPTIONS);
    if let Some(dir) = keep {
        let _ = std::fs::write(dir.join("summaries.smt2"), &script);
    }
    // No predicate left (every summary applied as a formula): ara's check of the clauses is
    // the whole proof, the solver has nothing to find.
    if sys.preds.is_empty() {
        let none = BTreeMap::new();
        return check_and_print(z3, pp, &sys, (&none, &none), (limits, None));
    }
    let start = std::time::Instant::now();
    let mut failed = vec![];
    // With cells, first the integer clauses (Spacer finds summaries over arrays there far
    // more often than in bit-vectors), within 3/4 of the time; their interpretation is only
    // a candidate, translated and checked in bit-vectors.
    if !cells.cells.is_empty() {
        match template_summaries(z3, pp, (&sys, &cells), (limits, deadline))? {
            Ok(proved) => return Ok(proved),
            Err(why) => failed.push(format!("templates: {why}")),
        }
        let int_limits = three_quarters(&left_of(limits, start));
        match integer_summaries(z3, pp, (&sys, cells), (&int_limits, limits, deadline), keep)? {
            Ok(proved) => return Ok(proved),
            Err(why) => failed.push(format!("integer clauses: {why}")),
        }
    }
    let rest = left_of(limits, start);
    let outcome = match spacer_interpretations(z3, &sys, &script, &rest)? {
        Ok(interps) => check_and_print(z3, pp, &sys, (&interps, &interps), (&rest, deadline))?,
        Err(other) => other,
    };
    Ok(match outcome {
        SummaryOutcome::Unknown(why) if !failed.is_empty() => {
            failed.push(why);
            SummaryOutcome::Unknown(failed.join("; "))
        }
        other => other,
    })
}

/// What is left of `limits`' time since `start`.
fn left_of(limits: &Limits, start: Instant) -> Limits {
    Limits {
        timeout: limits.timeout.map(|t| t.saturating_sub(start.elapsed())),
        ..limits.clone()
    }
}

/// The share of the engine's time for the template stage ([`template_summaries`]): a tenth
/// for the search, at most as long again for ara's check of its answer.
const TEMPLATE_SHARE: u32 = 10;

/// The template stage for a program with cells, before the Spacer portfolio: Houdini over
/// the integer clauses ([`templates`], within a [`TEMPLATE_SHARE`]th of `limits`), its
/// answer translated into bit-vectors and checked against the bit-vector clauses `bv` like
/// a Spacer candidate ([`check_and_print`], within as long again): `Ok` with the proof, or
/// why not. Only a lead, as the integer portfolio's (the module doc of [`templates`]).
fn template_summaries(
    z3: &Path,
    pp: &ProcProgram,
    (bv, cells): (&SummarySystem, &Cells),
    (limits, deadline): (&Limits, Option<Instant>),
) -> Result<Result<SummaryOutcome, String>, AraError> {
    let search = template_share(limits);
    let (bvi, ints) = match encode_with(pp, cells.clone(), Theory::Lia)
        .and_then(|lia| template_candidate(z3, pp, (&lia, bv), &search))
    {
        Ok(c) => c,
        Err(why) => return Ok(Err(why)),
    };
    match check_and_print(z3, pp, bv, (&bvi, &ints), (&search, deadline))? {
        SummaryOutcome::Unknown(why) => Ok(Err(why)),
        proved => Ok(Ok(proved)),
    }
}

/// A [`TEMPLATE_SHARE`]th of `limits`' time (10 s without a limit).
fn template_share(limits: &Limits) -> Limits {
    Limits {
        timeout: Some(
            limits
                .timeout
                .map_or(Duration::from_secs(10), |t| t / TEMPLATE_SHARE),
        ),
        ..limits.clone()
    }
}

/// Houdini's answer ([`templates`]) on the integer clauses `lia` within `search`,
/// translated into bit-vectors over the predicates of `bv` (which `lia` must have), with
/// the integer one (to print).
fn template_candidate(
    z3: &Path,
    pp: &ProcProgram,
    (lia, bv): (&SummarySystem, &SummarySystem),
    search: &Limits,
) -> Result<Candidate, String> {
    if lia.preds != bv.preds {
        return Err("their predicates differ from the bit-vector clauses'".into());
    }
    let until = Instant::now() + search.timeout.unwrap_or_default();
    let roles = template_roles(pp, lia);
    let ints = templates::solve(z3, lia, &roles, until)?;
    Ok((translated(pp, bv, &ints)?, ints))
}

/// Each predicate's argument roles for [`templates`]: a vertex predicate's arguments named
/// as a cell's index or element (or their entry copies, `…@entry`) are those; a summary's
/// arguments are all [`Role::Other`] (its names are the printed ones).
fn template_roles(pp: &ProcProgram, sys: &SummarySystem) -> BTreeMap<String, Vec<templates::Role>> {
    use templates::Role;
    let name = |v: VarId| pp.program.var(v).display.clone();
    let index: Vec<String> = sys.cells.cells.iter().map(|c| name(c.w)).collect();
    let value: Vec<String> = sys.cells.cells.iter().map(|c| name(c.c)).collect();
    (sys.preds.iter())
        .map(|p| {
            let roles = (p.params.iter())
                .map(|(n, _)| {
                    let n = n.strip_suffix("@entry").unwrap_or(n).to_string();
                    match () {
                        _ if p.summary.is_some() => Role::Other,
                        _ if index.contains(&n) => Role::Index,
                        _ if value.contains(&n) => Role::Value,
                        _ => Role::Other,
                    }
                })
                .collect();
            (p.name.clone(), roles)
        })
        .collect()
}

/// The integer interpretation `ints` over the predicates of the bit-vector clauses `bv`,
/// translated into bit-vectors ([`certify::translate_typed`]: each argument the C value of
/// its type); a predicate `ints` leaves out stays out (`true`).
fn translated(
    pp: &ProcProgram,
    bv: &SummarySystem,
    ints: &BTreeMap<String, Sexp>,
) -> Result<BTreeMap<String, Sexp>, String> {
    let dm = pp.program.data_model;
    let mut out = BTreeMap::new();
    for p in &bv.preds {
        let Some(body) = ints.get(&p.name) else {
            continue;
        };
        let types: Vec<IntType> = p.params.iter().map(|(_, t)| *t).collect();
        let t = certify::translate_typed(dm, &types, body)
            .map_err(|why| format!("{}: {why}", p.name))?;
        match parse_all(&t) {
            Ok(mut items) if items.len() == 1 => out.insert(p.name.clone(), items.remove(0)),
            _ => return Err(format!("{}: unreadable translation", p.name)),
        };
    }
    Ok(out)
}

/// One Spacer configuration for the integer clauses of a program with cells: its name (in
/// reasons), the options added to [`OPTIONS`], and its share of the integer clauses' time.
struct LiaConfig {
    name: &'static str,
    options: &'static [(&'static str, &'static str)],
    share: u32,
    /// Undetermined initial elements in their type's range ([`Cells::ranged`]).
    ranged: bool,
}

/// The configurations for the integer clauses, tried in turn (each from scratch; what one
/// leaves of its share goes to the next). Measured with z3 alone on the kept clauses (CPU
/// seconds, machine loaded): global guidance proves the recursions over a global array (the
/// rsum twin 2.8 s with IUC, 13.5 s and over 52 s in two runs without; rsearch 6.3 s with
/// IUC, 4.5 s without; rfill 0.5 s either way) but not the recursion over an array
/// parameter (`rsum_param_safe`: none in 24 s without IUC, none in 35 s with the element
/// range below); Z3's defaults prove that one (13.8 s) but not rsum (none in 23.5 s; in five
/// minutes idle). The element range at `main`'s start ([`Cells::ranged`]) lets global guidance
/// prove the sum over a parameter filled up to `n` (2.1 s; none in 14 s without; 4.3 s with
/// the elements 0 as a global's), but keeps the defaults from proving `rsum_param_safe` (none
/// in 78 s): each configuration gets the clauses it proved. Both prove the recursive maximum
/// over a parameter (`rmax_param_safe`, 5.3 s each). Global guidance goes first with half
/// of the time, the defaults get the other half (22 s each at `ara check --timeout 60`).
/// With a third (15 s) global guidance lost `rsearch_safe` (SAFE in 16.3 s idle before the
/// defaults came in; 6.7 s of CPU for z3 alone on its kept clauses, 24 s of wall at load 3 to
/// 4: its 15 s ran out in `ara check` beside ESBMC's bounded search, idle), while
/// `rsum_param_safe`'s defaults need about 14 to 18 s of CPU (helper proc32).
///
/// Spacer's order of a clause's body atoms (`fp.spacer.order_children`: 0 as written, 1
/// reversed, 2 random) decides much on these recursions, whose return clause has two atoms
/// (the caller's frame, then the callee's summary): with 1 (the summary first) global
/// guidance proves `rsearch_safe` in 0.6 to 1.0 s of CPU (9.3 to 10.0 s with 0), `rsum_safe`
/// 3.2 s (5.1), `rmax_param_safe` 1.2 s (3.2), the aliasing twin 0.7 s (1.6); but it loses
/// others that 0 proves at once (`computed_safe` none in 15 s, 0.5 s with 0; `rfill_safe`
/// 7.6 s, 0.6 s; `offset_addr_safe` none, 7.9 s; `two_arrays_safe` none in 20 s, 12.5 s).
/// Not kept: as a short first slot of its own (a ninth, 5 s at `ara check --timeout 60`,
/// before the two above at 20 s each), its interpretation of `rsearch_safe`, found in 3.2 s
/// of wall, did not pass ara's bit-vector check in the 58 s left (the check's time is the
/// engine's, so that run ended UNKNOWN, where global guidance's own candidate passes).
/// Measured with z3 alone on the clauses
/// `ara check --keep` writes (every configuration's, `summaries_int*.smt2`), CPU seconds,
/// at a load of 5 to 13 (margin26, 2026-11-27); each is one run and Spacer varies between
/// runs (`rsum_param_safe`'s defaults with 1: 8.7 s once, none in 15 s once). Tried on
/// `two_arrays_safe` (global guidance, none of them under 12 s): another random seed (13.5 s;
/// none in 20 s), `gg.conjecture`/`gg.subsume`/`gg.concretize` off (13.1 s, none, 17.3 s),
/// `q3` off (15.1 s), no array-equality generalizer (16.4 s), no IUC (12.3 s); and on
/// `rsum_param_safe`'s defaults: order 2, no IUC (none in 20 s), no grounded proof
/// obligations (18.1 s). Wrapping only the side an `x + c`/`x - c` can overflow (the other
/// test dropped, exact for arguments in range) made no steady difference (`rsearch_safe`
/// 4.1 s, `two_arrays_safe` 11.5 s, `rsum_param_safe` 16.1 s): not kept. Both side by
/// side, each with the whole 3/4 (2026-11-27, Z3 on huge pages, idle): `rsum_param_safe`
/// SAFE alone in 19.5 and 23.1 s (34 s in turn), but in the procedures benchmark (two tasks
/// at a time) it still timed out, and `rsearch_safe` took 42.3 s against 27.9 s,
/// `two_arrays_safe` 33.0 against 21.6 s: the second Spacer halves the first's CPU. Not
/// kept (it would also double the CPU time SV-COMP's limit counts). The template summaries
/// before the portfolio ([`template_summaries`], helper rsum27) now prove `rsum_param_safe`
/// in about 3 s (1.3 s of CPU), so it no longer waits for the defaults' slot. Not kept
/// either (2026-11-28, issue 28): global guidance as a 2 s probe before the template stage
/// (the templates then skipped when it proves or derives the error): bug twins and quick
/// proofs 0.7 to 1.5 s faster (`moving_safe` 3.4 → 2.4 s of wall), but each proof that
/// needs more than the probe 2 s slower (`rsum_param_safe` 2.4 → 4.3 s, `read_back_safe`
/// 5.2 → 6.9 s); the procarrays and procedures tests took 202.6 s of CPU against 200.6.
const LIA_PORTFOLIO: &[LiaConfig] = &[
    LiaConfig {
        name: "global guidance",
        options: &[("fp.spacer.global", "true")],
        share: 1,
        ranged: true,
    },
    LiaConfig {
        name: "defaults",
        options: &[],
        share: 1,
        ranged: false,
    },
];

/// `config`'s turn in [`LIA_PORTFOLIO`]: its share of what is left of `limits` since `start`
/// (`shares`: those of the configurations not run yet, its own taken off here), and its
/// Spacer options.
fn config_turn(
    config: &LiaConfig,
    limits: &Limits,
    start: Instant,
    shares: &mut u32,
) -> (Limits, Vec<(&'static str, &'static str)>) {
    let left = limits.timeout.map(|t| t.saturating_sub(start.elapsed()));
    let mine = Limits {
        timeout: left.map(|t| t * config.share / *shares),
        ..limits.clone()
    };
    *shares -= config.share;
    (mine, config_options(config))
}

/// Spacer's options for `config`: the common ones, then its own.
fn config_options(config: &LiaConfig) -> Vec<(&'static str, &'static str)> {
    OPTIONS.iter().chain(config.options).copied().collect()
}

/// 3/4 of `limits`' time.
fn three_quarters(limits: &Limits) -> Limits {
    Limits {
        timeout: limits.timeout.map(|t| t * 3 / 4),
        ..limits.clone()
    }
}

/// Spacer's interpretation of the integer clauses, translated into bit-vectors over the
/// predicates of the bit-vector clauses (each argument the C value of its type; the
/// translation of [`certify::translate_typed`]), with the integer one (to print).
type Candidate = (BTreeMap<String, Sexp>, BTreeMap<String, Sexp>);

/// The configurations of [`LIA_PORTFOLIO`] in turn on the integer clauses of `pp` (with
/// `cells`), each candidate checked against the bit-vector clauses `bv` (`check_and_print`
/// within `check_limits`): the first that passes, or why none did. The integer clauses must
/// have exactly `bv`'s predicates. A derivation of the error in integers ends the search (it
/// is no evidence either way: the bit-vector clauses decide).
fn integer_summaries(
    z3: &Path,
    pp: &ProcProgram,
    (bv, cells): (&SummarySystem, Cells),
    (limits, check_limits, deadline): (&Limits, &Limits, Option<Instant>),
    keep: Option<&Path>,
) -> Result<Result<SummaryOutcome, String>, AraError> {
    let start = std::time::Instant::now();
    // Every configuration's clauses first (cheap), all kept at once with `--keep`: each one
    // can then be timed alone on them.
    let mut scripts = vec![];
    for (k, config) in LIA_PORTFOLIO.iter().enumerate() {
        let mut cells = cells.clone();
        cells.ranged = config.ranged;
        let lia = match encode_with(pp, cells, Theory::Lia) {
            Ok(s) => s,
            Err(why) => return Ok(Err(why)),
        };
        if lia.preds != bv.preds {
            return Ok(Err(
                "their predicates differ from the bit-vector clauses'".into()
            ));
        }
        let options = config_options(config);
        let script = lia.to_fixedpoint(pp, &options);
        if let Some(dir) = keep {
            let name = match k {
                0 => "summaries_int.smt2".to_string(),
                _ => format!("summaries_int_{k}.smt2"),
            };
            let _ = std::fs::write(dir.join(name), &script);
        }
        scripts.push((config, lia, script));
    }
    let mut failed = vec![];
    let mut shares: u32 = LIA_PORTFOLIO.iter().map(|c| c.share).sum();
    for (config, lia, script) in scripts {
        let (mine, _) = config_turn(config, limits, start, &mut shares);
        let why = match integer_candidate(z3, pp, (&lia, bv), &script, &mine)? {
            Ok((bvi, ints)) => {
                match check_and_print(z3, pp, bv, (&bvi, &ints), (check_limits, deadline))? {
                    SummaryOutcome::Unknown(why) => why,
                    proved => return Ok(Ok(proved)),
                }
            }
            Err(SummaryOutcome::Derivable { .. }) => {
                failed.push(format!(
                    "{}: the error is derivable (integers: no evidence)",
                    config.name
                ));
                break;
            }
            Err(SummaryOutcome::Unknown(why)) => why,
            Err(other) => format!("{other:?}"),
        };
        failed.push(format!("{}: {why}", config.name));
    }
    Ok(Err(failed.join(", ")))
}

/// Spacer's interpretation of the integer clauses `lia` (`script`), translated into
/// bit-vectors over the predicates of `bv`, or Spacer's answer when it gives none.
fn integer_candidate(
    z3: &Path,
    pp: &ProcProgram,
    (lia, bv): (&SummarySystem, &SummarySystem),
    script: &str,
    limits: &Limits,
) -> Result<Result<Candidate, SummaryOutcome>, AraError> {
    let interps = match spacer_interpretations(z3, lia, script, limits)? {
        Ok(i) => i,
        Err(other) => return Ok(Err(other)),
    };
    match translated(pp, bv, &interps) {
        Ok(out) => Ok(Ok((out, interps))),
        Err(why) => Ok(Err(SummaryOutcome::Unknown(why))),
    }
}

/// ara's check of the bit-vector clauses of `sys` with `interps` (bit-vector formulas; a
/// predicate without one is `true`): `Proved` with the summaries in C (`shown`: the same
/// interpretation as the solver gave it, integers or bit-vectors), else `Unknown`. Before
/// `deadline` (the engine's end), the printed summaries are first made shorter
/// ([`shorten`]).
fn check_and_print(
    z3: &Path,
    pp: &ProcProgram,
    sys: &SummarySystem,
    (interps, shown): (&BTreeMap<String, Sexp>, &BTreeMap<String, Sexp>),
    (limits, deadline): (&Limits, Option<Instant>),
) -> Result<SummaryOutcome, AraError> {
    let defs = definitions(sys, pp, interps);
    let plain: Vec<PlainClause> = sys.clauses.iter().map(SClause::plain).collect();
    if let Err(why) = certify::check_clauses(z3, &defs, &plain, limits) {
        return Ok(SummaryOutcome::Unknown(format!(
            "the summaries did not pass ara's check: {why}"
        )));
    }
    let shown = match deadline {
        Some(d) => shorten(z3, pp, sys, (interps, shown), (&plain, d)),
        None => shown.clone(),
    };
    Ok(SummaryOutcome::Proved(summaries_in_c(pp, sys, &shown)))
}

/// At most this long for [`shorten`], and at most a quarter of what is left before the
/// engine's end: the verdict is found already, the shorter text is only for reading. 1 s
/// (2 s before 2026-11-27): the texts of the proved twins of tests/procarrays and
/// tests/procedures came out as short with 1 s as with 2 s but one (`rsearch_safe`, 741
/// characters against 692), and shortening was a quarter of those proofs' CPU time (17 of
/// 69 s over 28 programs, release build, load 5 to 10).
const SHORTEN_TIME: Duration = Duration::from_secs(1);

/// The summaries to print, made shorter: each conjunct of a summary (`sum_f`) the solver
/// gave is dropped in turn when the interpretation without it still passes ara's check of
/// every bit-vector clause (`plain`), within [`SHORTEN_TIME`] (solvers often state facts a
/// proof does not need, e.g. bit-level ones: McCarthy 91's summary had 12 conjuncts). An
/// integer summary is translated again without the conjunct (its translation may read other
/// conjuncts as context). Sound for printing: what is printed passed the same check as the
/// verdict's interpretation, so it is itself a certificate (and so are the witness contracts
/// written from it); anything that fails or runs out keeps the conjunct.
fn shorten(
    z3: &Path,
    pp: &ProcProgram,
    sys: &SummarySystem,
    (interps, shown): (&BTreeMap<String, Sexp>, &BTreeMap<String, Sexp>),
    (plain, deadline): (&[PlainClause], Instant),
) -> BTreeMap<String, Sexp> {
    let left = deadline.saturating_duration_since(Instant::now());
    let end = Instant::now() + SHORTEN_TIME.min(left / 4);
    let (mut bv, mut out) = (interps.clone(), shown.clone());
    for p in sys.preds.iter().filter(|p| p.name.starts_with("sum_")) {
        let (Some(b), Some(s)) = (bv.get(&p.name), out.get(&p.name)) else {
            continue;
        };
        let same = b == s;
        let parts: Vec<Sexp> = match s.list() {
            Some([Sexp::Atom(h), xs @ ..]) if h == "and" && xs.len() > 1 => xs.to_vec(),
            _ => continue,
        };
        let types: Vec<IntType> = p.params.iter().map(|(_, t)| *t).collect();
        // Dropping a conjunct weakens the summary, so only the clauses that assume it (name
        // it in their body: a clause's body atoms are its only positive uses) can fail; one
        // that names it only as its head stays valid, its head now implied by more. (A name
        // it is a prefix of adds a clause, which costs time, not soundness.) All clauses
        // when another predicate's definition names it.
        let named_elsewhere =
            (bv.iter()).any(|(n, d)| *n != p.name && d.to_string().contains(&p.name));
        let mine: Vec<PlainClause> = (plain.iter())
            .filter(|c| named_elsewhere || c.body.contains(&p.name))
            .cloned()
            .collect();
        let mut keep = vec![true; parts.len()];
        for i in 0..parts.len() {
            let now = Instant::now();
            if now >= end {
                break;
            }
            keep[i] = false;
            let trial_shown = conjunction(&parts, &keep);
            let trial_bv = if same {
                Some(trial_shown.clone())
            } else {
                certify::translate_typed(pp.program.data_model, &types, &trial_shown)
                    .ok()
                    .and_then(|t| parse_all(&t).ok())
                    .and_then(|mut v| (v.len() == 1).then(|| v.remove(0)))
            };
            let Some(trial_bv) = trial_bv else {
                keep[i] = true;
                continue;
            };
            let mut trial = bv.clone();
            trial.insert(p.name.clone(), trial_bv);
            let limits = Limits {
                timeout: Some(end - now),
                memory_mb: None,
            };
            let defs = definitions(sys, pp, &trial);
            if certify::check_clauses(z3, &defs, &mine, &limits).is_ok() {
                bv = trial;
                out.insert(p.name.clone(), trial_shown);
            } else {
                keep[i] = true;
            }
        }
    }
    out
}

/// `(and …)` of the `parts` kept (one part alone, or `true` for none).
fn conjunction(parts: &[Sexp], keep: &[bool]) -> Sexp {
    let mut kept: Vec<Sexp> = (parts.iter().zip(keep))
        .filter(|(_, k)| **k)
        .map(|(p, _)| p.clone())
        .collect();
    match kept.len() {
        0 => Sexp::Atom("true".into()),
        1 => kept.remove(0),
        _ => {
            kept.insert(0, Sexp::Atom("and".into()));
            Sexp::List(kept)
        }
    }
}

/// Checks given summaries (a contract per procedure from a correctness witness): `given`
/// maps a summary predicate (`sum_f`) to its definition, an SMT formula over `p0 … pn-1` (its
/// arguments in the order of [`SPred::params`]). Each given predicate is replaced by its
/// definition: in a clause's body its atom becomes the definition of the atom's arguments
/// (the callee's contract assumed at the call), a clause into it becomes the query that the
/// definition holds of the head's arguments (the contract holds at the procedure's return).
/// The predicates left (loop heads, call sites, entries) are found by Spacer, and ara checks
/// every clause with both in its own Z3 run ([`certify::check_clauses`]).
///
/// The clauses are those [`prove`] solves (small local arrays as scalars, the cells of
/// arrays: [`prepared`]); with cells, the rest is first sought by template summaries in the
/// integer clauses with the contracts' integer readings ([`template_candidate`], checked
/// against the bit-vector clauses like any: a witness without contracts for the sum over a
/// parameter confirmed in 1.6 s, 39.8 s before, load 10), then in the integer clauses with
/// the contracts' integer readings ([`GivenContract::lia`], each configuration of
/// [`LIA_PORTFOLIO`] in turn), each candidate translated and checked here like any, then by
/// Spacer in bit-vectors. The integer clauses and readings only propose: what decides is the
/// check of the bit-vector clauses with the bit-vector readings.
///
/// `Ok` means an interpretation in which the given predicates are exactly the contracts
/// makes every clause of the program valid: the contracts hold of every activation and the
/// error is unreachable (the module doc's argument; for a contract over a cell, its
/// "Arrays"). `Err` says why not (no certificate found within `limits`, a contract not
/// inductive, a predicate that is no summary).
pub fn check_given(
    z3: &Path,
    pp: &ProcProgram,
    given: &BTreeMap<String, GivenContract>,
    limits: &Limits,
) -> Result<(), String> {
    // The clauses the summary engine proves (its cells over arrays: `sumcells`).
    let (q, cells) = prepared(pp)?;
    let pp = &q;
    let mut sys = encode_with(pp, cells.clone(), Theory::BitVector)?;
    for name in given.keys() {
        if !sys
            .preds
            .iter()
            .any(|p| &p.name == name && p.summary.is_some())
        {
            return Err(format!(
                "{} is no procedure ara summarises (none of that name, or one applied as a \
                 formula at its calls)",
                name.trim_start_matches("sum_")
            ));
        }
    }
    let bv: BTreeMap<String, String> = (given.iter())
        .map(|(k, g)| (k.clone(), g.bv.clone()))
        .collect();
    assume_given(&mut sys, &bv)?;
    let start = Instant::now();
    let mut failed = vec![];
    // With cells, first a candidate for the rest from the integer clauses with the contracts'
    // integer readings (a search aid only, as in [`prove`]): the check below is in
    // bit-vectors with the contracts' bit-vector readings.
    let lia: Option<BTreeMap<String, String>> = (given.iter())
        .map(|(k, g)| Some((k.clone(), g.lia.clone()?)))
        .collect();
    if let Some(lia) = lia.filter(|_| !cells.cells.is_empty() && !sys.preds.is_empty()) {
        let plain: Vec<PlainClause> = sys.clauses.iter().map(SClause::plain).collect();
        let check = |candidate: &BTreeMap<String, Sexp>| {
            let defs = definitions(&sys, pp, candidate);
            certify::check_clauses(z3, &defs, &plain, limits).map_err(|w| w.to_string())
        };
        // Template summaries first, as in [`prove`] (within a tenth of the time; the check
        // of their answer too), then the portfolio in 3/4 of what is left.
        let search = template_share(limits);
        let templates = encode_with(pp, cells.clone(), Theory::Lia)
            .and_then(|mut t| assume_given(&mut t, &lia).map(|()| t))
            .and_then(|t| template_candidate(z3, pp, (&t, &sys), &search))
            .and_then(|(candidate, _)| {
                let defs = definitions(&sys, pp, &candidate);
                certify::check_clauses(z3, &defs, &plain, &search).map_err(|w| w.to_string())
            });
        match templates {
            Ok(()) => return Ok(()),
            Err(why) => failed.push(format!("templates: {why}")),
        }
        let int_limits = three_quarters(&left_of(limits, start));
        match given_integer_candidate(z3, pp, (&sys, cells), &lia, (&int_limits, &check)) {
            Ok(()) => return Ok(()),
            Err(why) => failed.push(format!("integer clauses: {why}")),
        }
    }
    let rest = Limits {
        timeout: limits.timeout.map(|t| t.saturating_sub(start.elapsed())),
        ..limits.clone()
    };
    let mut fail = |why: String| {
        failed.push(why);
        Err(failed.join("; "))
    };
    let interps = if sys.preds.is_empty() {
        BTreeMap::new()
    } else {
        let script = sys.to_fixedpoint(pp, OPTIONS);
        match spacer_interpretations(z3, &sys, &script, &rest).map_err(|e| e.to_string())? {
            Ok(i) => i,
            Err(SummaryOutcome::Unknown(w)) => {
                return fail(format!("with the contracts assumed at the calls: {w}"));
            }
            Err(SummaryOutcome::Derivable { .. }) => {
                return fail(
                    "with the contracts assumed at the calls and required at the \
                     returns, the error or a contract's violation is derivable (the contracts \
                     are not inductive, or not true)"
                        .into(),
                );
            }
            Err(other) => return fail(format!("{other:?}")),
        }
    };
    let defs = definitions(&sys, pp, &interps);
    let plain: Vec<PlainClause> = sys.clauses.iter().map(SClause::plain).collect();
    certify::check_clauses(z3, &defs, &plain, &rest)
        .or_else(|why| fail(format!("the contracts did not pass ara's check: {why}")))
}

/// A contract given to [`check_given`]: its SMT formula over the summary's arguments
/// `p0 … pn-1` in bit-vectors (what is checked), and in integers when it has one (the
/// integer clauses' search aid only).
#[derive(Clone, Debug, PartialEq)]
pub struct GivenContract {
    pub bv: String,
    pub lia: Option<String>,
}

/// `sys` with each predicate of `given` (its definition over `p0 … pn-1`) replaced by its
/// definition ([`check_given`]): assumed where it is a body's atom, required (the clause a
/// query) where it is a head.
fn assume_given(sys: &mut SummarySystem, given: &BTreeMap<String, String>) -> Result<(), String> {
    let defs: BTreeMap<&String, Sexp> = given
        .iter()
        .map(|(k, v)| match parse_all(v) {
            Ok(mut items) if items.len() == 1 => Ok((k, items.remove(0))),
            _ => Err(format!("the definition of {k} is no formula: {v}")),
        })
        .collect::<Result<_, String>>()?;
    let apply = |pred: &str, args: &[String]| -> Option<String> {
        let d = defs.get(&pred.to_string())?;
        let map = (0..args.len())
            .map(|i| format!("p{i}"))
            .zip(args.iter().cloned())
            .collect();
        Some(crate::engines::smt::sexp::rename(d, &map).to_string())
    };
    for c in &mut sys.clauses {
        let mut kept = vec![];
        for a in std::mem::take(&mut c.atoms) {
            match apply(&a.pred, &a.args) {
                Some(d) => c.constraints.push(d),
                None => kept.push(a),
            }
        }
        c.atoms = kept;
        if let Some(h) = &c.head
            && let Some(d) = apply(&h.pred, &h.args)
        {
            c.constraints.push(format!("(not {d})"));
            c.head = None;
        }
    }
    sys.preds.retain(|p| !given.contains_key(&p.name));
    drop_unused(sys);
    Ok(())
}

/// The check of a candidate interpretation against the bit-vector clauses.
type CandidateCheck<'a> = dyn Fn(&BTreeMap<String, Sexp>) -> Result<(), String> + 'a;

/// The rest of a certificate for the bit-vector clauses `bv` (the contracts assumed) from
/// the integer clauses of `pp` with `cells` and the contracts' integer readings `lia`
/// ([`LIA_PORTFOLIO`] in turn within `limits`), translated into bit-vectors: each candidate
/// only passed to `check` (the bit-vector clauses' check), `Ok` at the first that passes.
fn given_integer_candidate(
    z3: &Path,
    pp: &ProcProgram,
    (bv, cells): (&SummarySystem, Cells),
    lia: &BTreeMap<String, String>,
    (limits, check): (&Limits, &CandidateCheck<'_>),
) -> Result<(), String> {
    let start = Instant::now();
    let mut failed = vec![];
    let mut shares: u32 = LIA_PORTFOLIO.iter().map(|c| c.share).sum();
    for config in LIA_PORTFOLIO {
        let mut cells = cells.clone();
        cells.ranged = config.ranged;
        let mut sys = encode_with(pp, cells, Theory::Lia)?;
        assume_given(&mut sys, lia)?;
        if sys.preds != bv.preds {
            return Err("their predicates differ from the bit-vector clauses'".into());
        }
        let (mine, options) = config_turn(config, limits, start, &mut shares);
        let script = sys.to_fixedpoint(pp, &options);
        match integer_candidate(z3, pp, (&sys, bv), &script, &mine).map_err(|e| e.to_string())? {
            Ok((candidate, _)) => match check(&candidate) {
                Ok(()) => return Ok(()),
                Err(why) => failed.push(format!("{}: the candidate failed: {why}", config.name)),
            },
            Err(SummaryOutcome::Unknown(why)) => failed.push(format!("{}: {why}", config.name)),
            Err(SummaryOutcome::Derivable { .. }) => {
                failed.push(format!("{}: a violation is derivable", config.name));
                break;
            }
            Err(other) => failed.push(format!("{}: {other:?}", config.name)),
        }
    }
    Err(failed.join(", "))
}

/// Spacer's interpretations of the predicates of `sys` (its fixedpoint `script`), or the
/// outcome when it gives none.
fn spacer_interpretations(
    z3: &Path,
    sys: &SummarySystem,
    script: &str,
    limits: &Limits,
) -> Result<Result<BTreeMap<String, Sexp>, SummaryOutcome>, AraError> {
    let unknown = |w: String| Ok(Err(SummaryOutcome::Unknown(w)));
    let (answer, _raw) = run_spacer(z3, script, limits)?;
    let items = match answer {
        SpacerAnswer::Safe(items) => items,
        SpacerAnswer::Unsafe(proof) => {
            return Ok(Err(SummaryOutcome::Derivable {
                depth: derivation_depth(&proof),
            }));
        }
        SpacerAnswer::Unknown(w) => return unknown(format!("spacer: {w}")),
        SpacerAnswer::Timeout => return unknown("spacer timed out".into()),
        SpacerAnswer::Crashed(w) => return unknown(format!("spacer: {w}")),
    };
    let arity: BTreeMap<String, usize> = (sys.preds.iter())
        .map(|p| (p.name.clone(), p.params.len()))
        .collect();
    match certify::named_interpretations(&items, &arity) {
        Ok(i) => Ok(Ok(i)),
        Err(why) => unknown(format!("certificate: {why}")),
    }
}

/// The most summary facts (`sum_f(…)`) on one path of Spacer's derivation `proof` (its
/// hyper-resolution steps, through its `let`s): at least the number of nested activations of
/// the run it derives (each activation's summary is derived from its callee's), at most
/// its number of calls.
pub fn derivation_depth(proof: &[Sexp]) -> u32 {
    fn go(e: &Sexp, env: &std::collections::HashMap<String, u32>) -> u32 {
        match e {
            Sexp::Atom(a) => env.get(a).copied().unwrap_or(0),
            Sexp::List(l) => match l.as_slice() {
                [Sexp::Atom(k), Sexp::List(binds), body] if k == "let" => {
                    let mut inner = env.clone();
                    for b in binds {
                        if let Some([Sexp::Atom(n), v]) = b.list() {
                            inner.insert(n.clone(), go(v, env));
                        }
                    }
                    go(body, &inner)
                }
                [Sexp::List(rule), premises @ .., last]
                    if rule.get(1).and_then(Sexp::atom) == Some("hyper-res") =>
                {
                    let here =
                        matches!(last.list(), Some([Sexp::Atom(p), ..]) if p.starts_with("sum_"));
                    let below = premises.iter().map(|x| go(x, env)).max().unwrap_or(0);
                    below + u32::from(here)
                }
                items => items.iter().map(|x| go(x, env)).max().unwrap_or(0),
            },
        }
    }
    let env = Default::default();
    proof.iter().map(|e| go(e, &env)).max().unwrap_or(0)
}

/// `define-fun` of every predicate (`true` for one the certificate does not name).
fn definitions(sys: &SummarySystem, pp: &ProcProgram, interps: &BTreeMap<String, Sexp>) -> String {
    let enc = ExprEncoder::new(&pp.program, Theory::BitVector);
    let mut s = String::new();
    for p in &sys.preds {
        let params: Vec<(String, String)> = (p.params.iter().enumerate())
            .map(|(i, (_, t))| (format!("p{i}"), enc.sort(*t)))
            .collect();
        let body = interps
            .get(&p.name)
            .map_or("true".into(), |b| b.to_string());
        let _ = writeln!(
            s,
            "(define-fun {} ({}) Bool {body})",
            p.name,
            super::encode::binders(&params)
        );
    }
    s
}

/// The summaries of the procedures the solver gave one for (a procedure applied as a
/// formula at its calls has none: its clauses are its exact relation), in C.
fn summaries_in_c(
    pp: &ProcProgram,
    sys: &SummarySystem,
    interps: &BTreeMap<String, Sexp>,
) -> Vec<ProcedureSummary> {
    let mut out = vec![];
    for (k, f) in pp.procs.iter().enumerate() {
        let id = ProcId(k as u32);
        let name = format!("sum_{}", f.name);
        let Some(p) = sys.preds.iter().find(|p| p.name == name) else {
            continue;
        };
        let body = interps
            .get(&name)
            .cloned()
            .unwrap_or(Sexp::Atom("true".into()));
        out.push(ProcedureSummary {
            procedure: f.name.clone(),
            heading: p.summary.clone().unwrap_or_default(),
            line: f.span.line,
            c_expr: format!(
                "{}{}",
                quantifier(pp, &sys.cells, id),
                cprint::formula(&body, &summary_names(pp, id, Naming::Plain, &sys.cells))
            ),
            ensures: acsl_ensures(pp, &sys.cells, id, &body),
        });
    }
    out
}

/// The summary `body` of procedure `id` as an ACSL postcondition: over a frame with cells,
/// `\forall integer w1; 0 <= w1 < 1000 ==> …` for each, the cell's index the quantified
/// variable and its element `a[w1]` (`\old(a[w1])` at the entry); empty when the frame has
/// a cell a contract cannot name ([`frame_contract_args`]).
fn acsl_ensures(pp: &ProcProgram, cells: &Cells, id: ProcId, body: &Sexp) -> String {
    let Ok(args) = frame_contract_args(pp, cells, id) else {
        return String::new();
    };
    let mut out = String::new();
    let names = summary_names(pp, id, Naming::Acsl, cells);
    for ((arg, _), (name, _)) in args.iter().zip(&names) {
        if let ContractArg::Index { size, .. } = arg {
            let _ = write!(out, "\\forall integer {name}; 0 <= {name} < {size} ==> ");
        }
    }
    let _ = write!(out, "{}", cprint::formula(body, &names));
    out
}

/// `forall w1 in [0, 1000): ` for each cell in the view of procedure `id`
/// (`forall w1 with 0 <= q_off + w1 < 1000: ` for one viewed from an offset).
fn quantifier(pp: &ProcProgram, cells: &Cells, id: ProcId) -> String {
    let view = &views(pp, cells)[id.0 as usize + 1];
    let mut out = String::new();
    for (n, cell) in cells.cells.iter().enumerate() {
        if !view.globals.contains(&cell.w) {
            continue;
        }
        let w = bare(pp, cell.w);
        let _ = match view.offset_of(n) {
            Some(b) => write!(
                out,
                "forall {w} with 0 <= {} + {w} < {}: ",
                bare(pp, b),
                cell.size
            ),
            None => write!(out, "forall {w} in [0, {}): ", cell.size),
        };
    }
    out
}

/// At most this many body atoms in a clause the resolution makes (a straight line of calls
/// would otherwise gather one summary atom per call in one clause).
const MAX_ATOMS: usize = 2;

/// Resolves vertex predicates away (before solving): a predicate `P` with no clause from
/// itself to itself, applied once in each clause using it to distinct constants, is replaced
/// by joining each clause into `P` with each clause out of it, when that does not multiply
/// the clauses (`ins · outs ≤ ins + outs`) nor gather more than [`MAX_ATOMS`] atoms. What is
/// left are loop heads, the entries of recursive procedures, call sites and summaries: the
/// large blocks between them, as the flat engine's encoding has.
///
/// Why it changes no verdict: a derivation of the error in the original clauses uses each
/// application of `P` between a clause into `P` and one out of it, which the joined clause
/// does in one step, so the error is derivable in the result iff it is in the original;
/// and an interpretation making every resulting clause valid extends to `P` (the states
/// the clauses into `P` produce from it: `certify::eliminate`'s argument), so the check of
/// the result is a check of the program.
pub fn resolve(sys: &mut SummarySystem, keep: &std::collections::BTreeSet<String>) {
    let mut slots: Vec<Option<SClause>> = std::mem::take(&mut sys.clauses)
        .into_iter()
        .map(Some)
        .collect();
    let mut ins: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut outs: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, c) in slots.iter().enumerate() {
        index(c.as_ref(), i, &mut ins, &mut outs);
    }
    let mut gone = std::collections::BTreeSet::new();
    let mut fresh = 0usize;
    loop {
        let mut changed = false;
        for p in sys.preds.iter().filter(|p| p.summary.is_none()) {
            // Stopped: the clauses so far are a correct resolution (each step is whole).
            if crate::base::tools::cancelled() {
                break;
            }
            if gone.contains(&p.name) || keep.contains(&p.name) {
                continue;
            }
            let live = |v: Option<&Vec<usize>>| -> Vec<usize> {
                let mut v: Vec<usize> = v.cloned().unwrap_or_default();
                v.sort_unstable();
                v.dedup();
                v.retain(|&i| slots[i].is_some());
                v
            };
            let (i_ids, o_ids) = (live(ins.get(&p.name)), live(outs.get(&p.name)));
            if !resolvable(&slots, &p.name, &i_ids, &o_ids) {
                continue;
            }
            let mut joined = vec![];
            for &a in &i_ids {
                for (n, &b) in o_ids.iter().enumerate() {
                    fresh += 1;
                    // The last use of a clause into `p` takes it (a long chain copies nothing).
                    let c1 = if n + 1 == o_ids.len() {
                        slots[a].take()
                    } else {
                        slots[a].clone()
                    };
                    let (Some(c1), Some(c2)) = (c1, &slots[b]) else {
                        continue;
                    };
                    joined.push(join(c1, c2, &p.name, fresh));
                }
            }
            for &i in i_ids.iter().chain(&o_ids) {
                slots[i] = None;
            }
            for c in joined {
                slots.push(Some(c));
                let i = slots.len() - 1;
                index(slots[i].as_ref(), i, &mut ins, &mut outs);
            }
            gone.insert(p.name.clone());
            changed = true;
        }
        if !changed || crate::base::tools::cancelled() {
            break;
        }
    }
    sys.clauses = slots.into_iter().flatten().collect();
    sys.preds.retain(|p| !gone.contains(&p.name));
}

fn index(
    c: Option<&SClause>,
    i: usize,
    ins: &mut BTreeMap<String, Vec<usize>>,
    outs: &mut BTreeMap<String, Vec<usize>>,
) {
    let Some(c) = c else { return };
    if let Some(h) = &c.head {
        ins.entry(h.pred.clone()).or_default().push(i);
    }
    for a in &c.atoms {
        outs.entry(a.pred.clone()).or_default().push(i);
    }
}

fn resolvable(slots: &[Option<SClause>], p: &str, ins: &[usize], outs: &[usize]) -> bool {
    let clause = |i: usize| slots[i].as_ref();
    if ins.iter().any(|i| outs.contains(i)) || ins.len() * outs.len() > ins.len() + outs.len() {
        return false;
    }
    let max_in = ins
        .iter()
        .filter_map(|&i| clause(i))
        .map(|c| c.atoms.len())
        .max();
    outs.iter().filter_map(|&i| clause(i)).all(|c| {
        let uses: Vec<&Atom> = c.atoms.iter().filter(|a| a.pred == p).collect();
        let distinct = uses.len() == 1 && {
            let args = &uses[0].args;
            let consts: Vec<&String> = c.consts.iter().map(|(n, _)| n).collect();
            args.iter().all(|a| consts.contains(&a))
                && args.iter().collect::<std::collections::BTreeSet<_>>().len() == args.len()
        };
        distinct && c.atoms.len() - 1 + max_in.unwrap_or(0) <= MAX_ATOMS
    })
}

/// `c1` (head `p(a)`) then `c2` (body atom `p(x)`): `c2`'s constants renamed apart, `x := a`.
fn join(c1: SClause, c2: &SClause, p: &str, k: usize) -> SClause {
    let Some(use_at) = c2.atoms.iter().position(|a| a.pred == p) else {
        return c2.clone();
    };
    let head_args = c1.head.map(|h| h.args).unwrap_or_default();
    let mut map: std::collections::HashMap<String, String> = c2
        .consts
        .iter()
        .map(|(n, _)| (n.clone(), format!("{n}!{k}")))
        .collect();
    for (x, a) in c2.atoms[use_at].args.iter().zip(&head_args) {
        map.insert(x.clone(), a.clone());
    }
    let re = |t: &String| -> String { rename_text(t, &map) };
    let re_atom = |a: &Atom| Atom {
        pred: a.pred.clone(),
        args: a.args.iter().map(re).collect(),
    };
    let bound: Vec<&String> = c2.atoms[use_at].args.iter().collect();
    let mut consts = c1.consts;
    consts.extend(
        (c2.consts.iter())
            .filter(|(n, _)| !bound.contains(&n))
            .map(|(n, s)| (map[n].clone(), s.clone())),
    );
    let mut atoms = c1.atoms;
    atoms.extend(
        (c2.atoms.iter().enumerate())
            .filter(|(i, _)| *i != use_at)
            .map(|(_, a)| re_atom(a)),
    );
    let mut constraints = c1.constraints;
    constraints.extend(c2.constraints.iter().map(re));
    SClause {
        title: format!(
            "{} .. {}",
            c1.title.split(" .. ").next().unwrap_or_default(),
            c2.title.rsplit(" .. ").next().unwrap_or_default()
        ),
        consts,
        atoms,
        constraints,
        head: c2.head.as_ref().map(re_atom),
    }
}

/// Context-free summaries: a summary `sum_f` whose every clause comes straight from `f`'s
/// entry (`f_entry(E, S) ∧ C → sum_f(h)`: a procedure without loops and calls, once its
/// inner vertices are resolved) is replaced, in every clause using it, by its definition:
/// the disjunction of those clauses' constraints with the entry atom replaced by the entry's
/// equalities (each parameter and global equal to its entry copy) and `h` equal to the
/// use's arguments (constants renamed apart per use). The summary is then computed once (its
/// clauses) and applied at each call as a formula: 20,000 calls of one procedure are 20,000
/// instances of a small formula, not 20,000 predicates.
///
/// Why it changes no verdict: the definition is the exact relation of `f`'s runs from any
/// entry (its clauses are `f`'s paths from the entry to the return; the entry atom only
/// restricted them to entries some call makes). At a use, the arguments are the entry the
/// call makes, so the clause with the definition holds exactly the returns of that call:
/// the same transitions as the clause with the summary atom under its least interpretation.
fn define_summaries(sys: &mut SummarySystem, entries: &BTreeMap<String, EntryLink>) {
    for (entry, (sum, pairs)) in entries {
        let (defs, rest): (Vec<SClause>, Vec<SClause>) = std::mem::take(&mut sys.clauses)
            .into_iter()
            .partition(|c| c.head.as_ref().is_some_and(|h| &h.pred == sum));
        sys.clauses = rest;
        // Each definition with its own equal constants merged first (an equivalent clause):
        // its instances are then as small as they can be.
        let mut defs = defs;
        defs.iter_mut().for_each(merge_equal_consts);
        let plain = |c: &SClause| c.atoms.len() == 1 && &c.atoms[0].pred == entry;
        let used_inside = defs.iter().any(|c| c.atoms.iter().any(|a| &a.pred == sum));
        if defs.is_empty() || used_inside || !defs.iter().all(plain) {
            sys.clauses.extend(defs);
            continue;
        }
        let mut k = 0usize;
        for c in &mut sys.clauses {
            while let Some(i) = c.atoms.iter().position(|a| &a.pred == sum) {
                let use_args = c.atoms.remove(i).args;
                k += 1;
                let mut disjuncts = vec![];
                for (d, def) in defs.iter().enumerate() {
                    let (consts, conj) = instance(def, pairs, &use_args, &format!("!d{k}_{d}"));
                    c.consts.extend(consts);
                    disjuncts.push(conj);
                }
                c.constraints.push(if disjuncts.len() == 1 {
                    disjuncts.remove(0)
                } else {
                    format!("(or {})", disjuncts.join(" "))
                });
            }
        }
        sys.preds.retain(|p| &p.name != sum);
    }
}

/// One use of a definition clause: its constants renamed with `suffix`, its entry atom's
/// `pairs` equal, its head equal to `args`. A constant of the head (or of an entry pair) is
/// replaced by the term it is equal to instead of being stated equal: each constant of the
/// instance is its own (renamed apart per use and per disjunct), so `∃x. x = a ∧ C(x)` is
/// `C(a)`; 20,000 uses then leave no equalities of copies for [`merge_equal_consts`] to undo.
fn instance(
    def: &SClause,
    pairs: &[(usize, usize)],
    args: &[String],
    suffix: &str,
) -> (Vec<(String, String)>, String) {
    let is_const: std::collections::HashSet<&str> =
        def.consts.iter().map(|(n, _)| n.as_str()).collect();
    let mut map: std::collections::HashMap<String, String> = Default::default();
    // Equalities that stay: (a constant or term of the definition, the term it equals).
    let mut equal: Vec<(String, Option<String>)> = vec![];
    if let Some(h) = &def.head {
        for (x, a) in h.args.iter().zip(args) {
            if is_const.contains(x.as_str()) && !map.contains_key(x) {
                map.insert(x.clone(), a.clone());
            } else {
                equal.push((x.clone(), Some(a.clone())));
            }
        }
    }
    let entry = &def.atoms[0].args;
    for &(i, j) in pairs {
        let (Some(u), Some(v)) = (entry.get(i), entry.get(j)) else {
            continue;
        };
        let free = |x: &String, map: &std::collections::HashMap<String, String>| {
            is_const.contains(x.as_str()) && !map.contains_key(x)
        };
        if u == v {
            continue;
        }
        let (bound, to) = if free(v, &map) {
            (v, u)
        } else if free(u, &map) {
            (u, v)
        } else {
            equal.push((u.clone(), None));
            equal.push((v.clone(), None));
            continue;
        };
        // The term `to` stands for in this instance (a free constant gets its fresh name now).
        let value = match map.get(to) {
            Some(t) => t.clone(),
            None if is_const.contains(to.as_str()) => {
                let fresh = format!("{to}{suffix}");
                map.insert(to.clone(), fresh.clone());
                fresh
            }
            None => rename_text(to, &map),
        };
        map.insert(bound.clone(), value);
    }
    let mut consts = vec![];
    for (n, sort) in &def.consts {
        if !map.contains_key(n) {
            let fresh = format!("{n}{suffix}");
            map.insert(n.clone(), fresh.clone());
            consts.push((fresh, sort.clone()));
        } else if map[n] == format!("{n}{suffix}") {
            consts.push((map[n].clone(), sort.clone()));
        }
    }
    let re = |t: &String| -> String { rename_text(t, &map) };
    let mut parts: Vec<String> = vec![];
    let mut pending = None;
    for (x, a) in &equal {
        match (a, pending.take()) {
            (Some(a), _) => parts.push(format!("(= {} {a})", re(x))),
            (None, None) => pending = Some(re(x)),
            (None, Some(first)) => parts.push(format!("(= {first} {})", re(x))),
        }
    }
    parts.extend(def.constraints.iter().map(re));
    (consts, super::encode::and(&parts))
}

/// Merges the constants of `c` that a top-level conjunct `(= x y)` of its constraints makes
/// equal (both constants of the clause): each is replaced by one of its class everywhere (atoms
/// and head included), and the equalities made trivial are dropped. A summary applied at
/// 20,000 calls leaves mostly such equalities (arguments, entry copies, results), which would
/// otherwise be 20,000 copies of a frame for the solver to read.
///
/// Why it changes no verdict: the clause is `∀ C. body → head` with `x = y` a conjunct of the
/// body; its instances with `x ≠ y` hold trivially, and those with `x = y` are exactly the
/// instances of the clause with `x` replaced by `y`. The two clauses are equivalent, so an
/// interpretation satisfies one iff it satisfies the other, and the error is derivable from
/// one iff from the other.
fn merge_equal_consts(c: &mut SClause) {
    let mut conj = vec![];
    for t in &c.constraints {
        match parse_all(t) {
            Ok(mut items) if items.len() == 1 => flatten_and(items.remove(0), &mut conj),
            _ => return,
        }
    }
    let index: std::collections::HashMap<&str, usize> = (c.consts.iter().enumerate())
        .map(|(i, (n, _))| (n.as_str(), i))
        .collect();
    let mut parent: Vec<usize> = (0..c.consts.len()).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for e in &conj {
        if let Some([op, a, b]) = e.list()
            && op.atom() == Some("=")
            && let (Some(&a), Some(&b)) = (
                a.atom().and_then(|a| index.get(a)),
                b.atom().and_then(|b| index.get(b)),
            )
        {
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb);
        }
    }
    let map: std::collections::HashMap<String, String> = (0..c.consts.len())
        .filter_map(|i| {
            let r = root(&mut parent, i);
            (r != i).then(|| (c.consts[i].0.clone(), c.consts[r].0.clone()))
        })
        .collect();
    if map.is_empty() {
        return;
    }
    let re = |t: &String| -> String { rename_text(t, &map) };
    let trivial =
        |e: &Sexp| matches!(e.list(), Some([op, a, b]) if op.atom() == Some("=") && a == b);
    let renamed: Vec<Sexp> = (conj.iter())
        .map(|e| crate::engines::smt::sexp::rename(e, &map))
        .filter(|e| !trivial(e))
        .collect();
    for a in c.atoms.iter_mut().chain(c.head.as_mut()) {
        a.args = a.args.iter().map(re).collect();
    }
    // Constants no longer named anywhere (a callee's local the merge left alone) are dropped:
    // a universally quantified constant the clause does not mention changes nothing. (The
    // constraints' names are read from their terms, not by parsing their text again: 20,000
    // applied summaries are most of the encoding's time otherwise.)
    let mut named = std::collections::HashSet::new();
    renamed.iter().for_each(|e| atoms_of(e, &mut named));
    c.constraints = renamed.iter().map(Sexp::to_string).collect();
    for t in c.atoms.iter().chain(&c.head).flat_map(|a| &a.args) {
        named.extend(symbols(t).map(str::to_string));
    }
    c.consts
        .retain(|(n, _)| !map.contains_key(n) && named.contains(n.as_str()));
}

/// The atoms of `e`, added to `out`.
fn atoms_of(e: &Sexp, out: &mut std::collections::HashSet<String>) {
    match e {
        Sexp::Atom(a) => {
            out.insert(a.clone());
        }
        Sexp::List(l) => l.iter().for_each(|x| atoms_of(x, out)),
    }
}

/// The conjuncts of `e` (nested `and`s opened), appended to `out`.
fn flatten_and(e: Sexp, out: &mut Vec<Sexp>) {
    match e {
        Sexp::List(l) if l.first().and_then(Sexp::atom) == Some("and") => {
            for x in l.into_iter().skip(1) {
                flatten_and(x, out);
            }
        }
        e => out.push(e),
    }
}

/// Drops the predicates no clause body uses, with the clauses into them (`true` satisfies
/// those clauses, and nothing else depends on them).
fn drop_unused(sys: &mut SummarySystem) {
    loop {
        let used: std::collections::BTreeSet<&String> = (sys.clauses.iter())
            .flat_map(|c| c.atoms.iter().map(|a| &a.pred))
            .collect();
        let dead: Vec<String> = (sys.preds.iter())
            .filter(|p| !used.contains(&p.name))
            .map(|p| p.name.clone())
            .collect();
        if dead.is_empty() {
            return;
        }
        sys.clauses
            .retain(|c| c.head.as_ref().is_none_or(|h| !dead.contains(&h.pred)));
        sys.preds.retain(|p| !dead.contains(&p.name));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::{FrontendOptions, parse_procedures};

    const PARITY: &str = "int even = 1;
void flip(unsigned n) { if (n == 0) return; even = !even; flip(n - 1); }
int main(void) { unsigned n = __VERIFIER_nondet_uint(); flip(n);
  if (even != (n % 2 == 0)) reach_error(); return 0; }";

    /// The clauses of a recursive procedure after resolution: a summary and the recursive
    /// call site kept; `main` in one clause into the error.
    #[test]
    fn parity_clauses_with_a_summary() {
        let pp = parse_procedures(PARITY, "t.c", &FrontendOptions::default()).unwrap();
        let sys = encode(&pp).unwrap();
        let preds: Vec<String> = sys
            .preds
            .iter()
            .map(|p| {
                let ps: Vec<&str> = p.params.iter().map(|(n, _)| n.as_str()).collect();
                format!("{}({})", p.name, ps.join(", "))
            })
            .collect();
        assert_eq!(
            preds,
            [
                "flip_4(flip::n@entry, even@entry, even, flip::n)",
                "sum_flip(n, even, even')"
            ]
        );
        let ret = sys
            .clauses
            .iter()
            .find(|c| c.atoms.iter().any(|a| a.pred == "sum_flip") && c.head.is_some())
            .unwrap()
            .plain();
        assert_eq!(
            format!("{} => {}", ret.body, ret.head),
            "(and (flip_4 e0 e1 s0 s1) (sum_flip (bvsub s1 #x00000001) s0 g0)) => (sum_flip e0 e1 g0)"
        );
        let errors = sys.clauses.iter().filter(|c| c.head.is_none()).count();
        assert_eq!(errors, 1);
    }

    /// A summary printed per procedure: for a person (`even` at the entry, `even'` at the
    /// return) and as an ACSL postcondition (`\old(even)`, `even`), the parameter by its name.
    #[test]
    fn conjunction_of_the_parts_kept() {
        let parts = parse_all("(< p0 1) (= p1 p2) (> p2 3)").unwrap();
        let text = |keep: &[bool]| conjunction(&parts, keep).to_string();
        assert_eq!(text(&[true, false, true]), "(and (< p0 1) (> p2 3))");
        assert_eq!(text(&[false, true, false]), "(= p1 p2)");
        assert_eq!(text(&[false, false, false]), "true");
    }

    #[test]
    fn summaries_in_c_golden() {
        let pp = parse_procedures(PARITY, "t.c", &FrontendOptions::default()).unwrap();
        let sys = encode(&pp).unwrap();
        let body = "(= p2 (ite (= ((_ extract 0 0) p0) #b0) p1 (ite (= p1 #x00000000) #x00000001 #x00000000)))";
        let interps = [("sum_flip".to_string(), parse_all(body).unwrap().remove(0))].into();
        let s = summaries_in_c(&pp, &sys, &interps);
        assert_eq!(s.len(), 1);
        assert_eq!(
            (s[0].procedure.as_str(), s[0].heading.as_str()),
            ("flip", "flip(n)")
        );
        assert_eq!(
            s[0].c_expr,
            "even' == (((n & 0x1) == 0) ? even : ((even == 0) ? 1 : 0))"
        );
        assert_eq!(
            s[0].ensures,
            "even == (((n & 0x1) == 0) ? \\old(even) : ((\\old(even) == 0) ? 1 : 0))"
        );
    }

    /// Constants a top-level equality makes equal become one (atoms and head too).
    #[test]
    fn equal_constants_are_merged() {
        let bv = |n: &str| (n.to_string(), "(_ BitVec 8)".to_string());
        let mut c = SClause {
            title: "t".into(),
            consts: vec![bv("x"), bv("y"), bv("z")],
            atoms: vec![Atom {
                pred: "P".into(),
                args: vec!["y".into()],
            }],
            constraints: vec![
                "(and (= x y) (= z (bvadd y #x01)))".into(),
                "(or (= x z) false)".into(),
            ],
            head: Some(Atom {
                pred: "Q".into(),
                args: vec!["z".into(), "(bvneg y)".into()],
            }),
        };
        merge_equal_consts(&mut c);
        assert_eq!(c.consts, vec![bv("x"), bv("z")]);
        assert_eq!(
            c.constraints,
            ["(= z (bvadd x #x01))", "(or (= x z) false)"]
        );
        assert_eq!(c.atoms[0].args, ["x"]);
        assert_eq!(c.head.unwrap().args, ["z", "(bvneg x)"]);
    }

    /// A loop-free procedure's summary is applied as a formula: no predicate is left for
    /// three calls of `swap`, one clause into the error.
    #[test]
    fn loop_free_summaries_are_applied_at_each_call() {
        let src = "int a = 1, b = 2; void swap(void) { int t = a; a = b; b = t; }
int main(void) { swap(); swap(); swap(); if (a != 2) reach_error(); return 0; }";
        let pp = parse_procedures(src, "t.c", &FrontendOptions::default()).unwrap();
        let sys = encode(&pp).unwrap();
        assert!(sys.preds.is_empty(), "{:?}", sys.preds);
        assert_eq!(sys.clauses.len(), 1);
        assert!(sys.clauses[0].head.is_none());
    }

    const FILL: &str = "int a[4];
void fill(int n) { if (n <= 0) return; a[n - 1] = 7; fill(n - 1); }
int main(void) { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 4) return 0; fill(n);
  if (n > 0 && a[0] != 7) reach_error(); return 0; }";

    /// With an array: the cell as ghost globals (`w1`, `a[w1]`), its value returned by the
    /// summary (not its index), the write an update of the cell, the read in `main` a second
    /// atom of its step's predicate at the read's index.
    /// The arguments of `sum_fill` for `src`'s moving `fill` (sumcells, "A frame without its
    /// offset"): without `q_off` when the frame drops it.
    fn fill_summary_args(src: &str) -> Vec<String> {
        let pp = parse_procedures(src, "t.c", &FrontendOptions::default()).unwrap();
        let (q, cells) = sumcells::prepare(&pp).unwrap().expect("cells");
        let sys = encode_with(&q, cells, Theory::BitVector).unwrap();
        let sum = sys.preds.iter().find(|p| p.name == "sum_fill").unwrap();
        sum.params.iter().map(|(n, _)| n.clone()).collect()
    }

    #[test]
    fn an_offset_used_only_as_a_base_is_dropped() {
        let head = "int a[10];\nvoid fill(int *q, int n) {\n  if (n <= 0) {";
        let main = "int main(void) { int n = __VERIFIER_nondet_int();\n\
                    if (n < 0 || n > 5) return 0; fill(a, n); return a[0]; }";
        let prog = |last: &str, body: &str| format!("{head} {last} return; }}\n{body}\n}}\n{main}");
        let cell = ["w1", "a[q_off + w1]", "a[q_off + w1]'"];
        // Moved by 1 or 2, a write at q[0] or q[1], a read every run of the step evaluates,
        // reads C may skip (the cell taken only where C evaluates them): dropped.
        for body in [
            "q[0] = 7; fill(q + 1, n - 1);",
            "q[0] = 7; q[1] = 7; fill(q + 2, n - 1);",
            "q[1] = 7; fill(q + 1, n - 1);",
            "q[0] = 7; fill(q + 1, n - 1); n = q[0] + q[1];",
            "q[0] = 7; fill(q + 1, n - 1); n = n > 1 && q[1];",
            "q[0] = 7; fill(q + 1, n - 1); n = n > 1 ? q[1] : 0;",
        ] {
            let args = fill_summary_args(&prog("", body));
            assert_eq!(args[0], "n", "{body}: {args:?}");
            assert_eq!(args[1..], cell, "{body}: {args:?}");
        }
        // A write by the array's own name: kept.
        for (last, body) in [
            ("", "q[0] = 7; fill(q + 1, n - 1); a[5] = q[0];"),
            ("a[0] = 5;", "q[0] = 7; fill(q + 1, n - 1);"),
        ] {
            let args = fill_summary_args(&prog(last, body));
            assert_eq!(args[..2], ["q_off", "n"], "{body}: {args:?}");
        }
    }

    #[test]
    fn a_cell_is_carried_through_the_summary() {
        let pp = parse_procedures(FILL, "t.c", &FrontendOptions::default()).unwrap();
        assert!(encode(&pp).is_err(), "contracts: no arrays");
        let (q, cells) = sumcells::prepare(&pp).unwrap().expect("cells");
        let sys = encode_with(&q, cells, Theory::BitVector).unwrap();
        let sum = sys.preds.iter().find(|p| p.name == "sum_fill").unwrap();
        let names: Vec<&str> = sum.params.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["n", "w1", "a[w1]", "a[w1]'"]);
        let plain: Vec<PlainClause> = sys.clauses.iter().map(SClause::plain).collect();
        let write = plain
            .iter()
            .find(|c| c.body.contains("#x00000007 s1)"))
            .expect("the write's clause");
        assert!(
            write
                .body
                .contains("(ite (= s0 ((_ sign_extend 32) (bvsub "),
            "{}",
            write.body
        );
        let error = sys.clauses.iter().find(|c| c.head.is_none()).unwrap();
        let main_atoms: Vec<&Atom> = error
            .atoms
            .iter()
            .filter(|a| a.pred.starts_with("main_"))
            .collect();
        assert_eq!(main_atoms.len(), 2, "{error:?}");
        let text = error.plain().body;
        assert!(text.contains("(=> (= mj1 s0) (= rd0 s1))"), "{text}");
        let s = summaries_in_c(&q, &sys, &Default::default());
        assert!(s[0].c_expr.starts_with("forall w1 in [0, 4): "), "{s:?}");
    }

    /// An instance replaces the definition's head and entry constants by the use's
    /// arguments (no equalities of copies); constants of the definition's own stay, renamed
    /// apart.
    #[test]
    fn instance_substitutes_the_use() {
        let bv = |n: &str| (n.to_string(), "(_ BitVec 8)".to_string());
        let def = SClause {
            title: "f".into(),
            consts: vec![bv("e0"), bv("s0"), bv("n0"), bv("k")],
            atoms: vec![Atom {
                pred: "f_1".into(),
                args: vec!["e0".into(), "s0".into()],
            }],
            constraints: vec!["(= n0 (bvadd s0 k))".into()],
            head: Some(Atom {
                pred: "sum_f".into(),
                args: vec!["e0".into(), "n0".into(), "e0".into()],
            }),
        };
        let args = ["x".to_string(), "(bvadd y #x01)".into(), "z".into()];
        let (consts, text) = instance(&def, &[(0, 1)], &args, "!d1");
        assert_eq!(consts, [bv("k!d1")]);
        assert_eq!(text, "(and (= x z) (= (bvadd y #x01) (bvadd x k!d1)))");
    }
}
