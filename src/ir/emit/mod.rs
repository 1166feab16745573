//! Emitter: [`Program`] → plain C (gnu11) text that gcc compiles and ESBMC/CBMC accept.
//!
//! Takes a program (original or abstracted) and [`EmitOptions`], gives one C file: the prelude
//! (`templates/prelude.c`: checker intrinsics and `reach_error`), the globals with their initial
//! values, and `main` with the locals declared at its top and the statements in the structure of
//! the IR. With `markers`, a global `ara_loc` is assigned the CFG vertex number (`Stmt::id`) each
//! time control reaches that vertex, before the vertex's effect, so that the `ara_loc` values in
//! a checker's trace form a path of `Cfg::build(p)` (ending in 0 at an error).

use crate::ir::print::{expr_to_c, expr_to_c_checked, index_to_c};
use crate::ir::{ArrayInit, Expr, IntType, Program, Stmt, StmtKind, VarId};
use std::collections::{BTreeSet, HashSet};
use std::fmt::Write as _;

const PRELUDE: &str = include_str!("../../../templates/prelude.c");

/// The allocation and index macros of programs with symbolic-size arrays (see
/// `Emitter::allocate`). For checkers an allocation cannot fail (the arrays of the IR exist)
/// and an index is itself; a replay (`-DARA_REPLAY`, `engines::concrete::replay`) defines `ara_alloc`,
/// `ara_alloc_zero` and `ara_idx` in its harness: a size above its cap abandons the run, an
/// index out of bounds traps; `ARA_FILL` gives a `malloc`'d array random contents in random
/// testing (logged as inputs `ara_fill_<array id>`) and nothing in a replay.
const HEAP_PRELUDE: &str = r#"#ifdef ARA_REPLAY
void *ara_alloc(long long n, unsigned long size);
void *ara_alloc_zero(long long n, unsigned long size);
long long ara_idx(long long i, long long n);
#define ARA_IDX(i, n) ara_idx((i), (long long) (n))
extern int ara_heap_fill;
long long ara_heap_value(int id);
#define ARA_FILL(a, n, id) { long long ara_k; for (ara_k = 0; ara_heap_fill && ara_k < (long long) (n); ara_k++) (a)[ara_k] = ara_heap_value(id); }
#else
extern void *malloc(__SIZE_TYPE__);
extern void *calloc(__SIZE_TYPE__, __SIZE_TYPE__);
static void *ara_nonnull(void *p) { __VERIFIER_assume(p != 0); return p; }
#define ara_alloc(n, size) ara_nonnull(malloc((__SIZE_TYPE__) (n) * (size)))
#define ara_alloc_zero(n, size) ara_nonnull(calloc((__SIZE_TYPE__) (n), (size)))
#define ARA_IDX(i, n) (i)
#define ARA_FILL(a, n, id)
#endif
"#;

/// How to emit a program.
#[derive(Clone, Debug)]
pub struct EmitOptions {
    /// Emit `ara_loc = N;` before every vertex (for mapping traces back to the CFG).
    pub markers: bool,
    /// Append `/* line N */` (the user's source line) to every emitted statement.
    pub line_comments: bool,
    /// A comment put at the very top of the file.
    pub header_comment: Option<String>,
}

impl Default for EmitOptions {
    fn default() -> Self {
        EmitOptions {
            markers: false,
            line_comments: true,
            header_comment: None,
        }
    }
}

/// The name of the marker variable in emitted programs.
pub const MARKER_VAR: &str = "ara_loc";

/// Emits `p` as a C translation unit.
pub fn emit_c(p: &Program, opts: &EmitOptions) -> String {
    let mut e = Emitter {
        p,
        opts,
        out: String::new(),
        indent: 1,
        taken: HashSet::new(),
        loops: Vec::new(),
        init_names: Default::default(),
    };
    e.prelude();
    e.globals();
    e.main();
    e.out
}

/// What `continue` becomes inside the loop being emitted.
enum ContTarget {
    /// C's own `continue` already goes to the right place.
    Native,
    /// Jump to this label (the loop's step, or the marker before a do-while test).
    Goto(String),
}

struct Emitter<'a> {
    p: &'a Program,
    opts: &'a EmitOptions,
    out: String,
    indent: usize,
    /// Names made up during emission (temporaries, labels), so they never clash.
    taken: HashSet<String>,
    loops: Vec<ContTarget>,
    /// The constant array holding the initial values of each symbolic-size array.
    init_names: std::collections::BTreeMap<crate::ir::ArrId, String>,
}

/// Text safe inside a C comment.
fn comment_safe(s: &str) -> String {
    s.replace("*/", "* /").replace('\n', " ")
}

/// Text as the contents of a C string literal.
fn c_string(s: &str) -> String {
    let mut out = String::new();
    for ch in s.chars() {
        match ch {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            c if c.is_ascii_graphic() || c == ' ' => out.push(c),
            c => {
                // Octal escapes of the UTF-8 bytes: always valid and never swallow what follows.
                let mut b = [0u8; 4];
                for byte in c.encode_utf8(&mut b).bytes() {
                    let _ = write!(out, "\\{byte:03o}");
                }
            }
        }
    }
    out
}

/// The C return type of the nondet function for `t` (`char` for both char kinds).
fn nondet_ret(t: IntType) -> &'static str {
    match t {
        IntType::Char | IntType::SChar => "char",
        t => t.c_name(),
    }
}

/// Does `ss` contain a `continue` bound to the loop enclosing `ss` (not to a nested loop)?
fn has_own_continue(ss: &[Stmt]) -> bool {
    ss.iter().any(|s| match &s.kind {
        StmtKind::Continue => true,
        StmtKind::If(_, t, e) => has_own_continue(t) || has_own_continue(e),
        StmtKind::Block(b) => has_own_continue(b),
        _ => false,
    })
}

impl Emitter<'_> {
    fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// A statement line with its `/* line N */` comment.
    fn stmt_line(&mut self, text: &str, s: &Stmt) {
        if self.opts.line_comments && s.span.line > 0 {
            self.line(&format!("{text} /* line {} */", s.span.line));
        } else {
            self.line(text);
        }
    }

    fn marker(&self, s: &Stmt) -> String {
        if self.opts.markers {
            format!("{MARKER_VAR} = {}; ", s.id)
        } else {
            String::new()
        }
    }

    fn fresh(&mut self, base: &str) -> String {
        let mut name = self.p.fresh_name(base);
        let mut i = 1;
        while self.taken.contains(&name) {
            name = self.p.fresh_name(&format!("{base}_{i}"));
            i += 1;
        }
        self.taken.insert(name.clone());
        name
    }

    fn c(&self, e: &Expr) -> String {
        expr_to_c_checked(self.p, e)
    }

    fn prelude(&mut self) {
        let header = match &self.opts.header_comment {
            Some(h) => h
                .lines()
                .map(|l| format!("/* {} */\n", comment_safe(l)))
                .collect(),
            None => String::new(),
        };
        let mut nondets: BTreeSet<(&str, &str)> = BTreeSet::new();
        let mut note = |e: &Expr| {
            e.visit(&mut |x| {
                if let Expr::Nondet(t) = x {
                    nondets.insert((t.nondet_fn(), nondet_ret(*t)));
                }
            })
        };
        self.p.visit_stmts(&mut |s| match &s.kind {
            StmtKind::Assign(_, e)
            | StmtKind::Assume(e)
            | StmtKind::Assert(e)
            | StmtKind::If(e, ..)
            | StmtKind::While { cond: e, .. }
            | StmtKind::DoWhile { cond: e, .. } => note(e),
            StmtKind::Store(_, i, e) => {
                note(i);
                note(e)
            }
            StmtKind::ParAssign(xs) => xs.iter().for_each(|(_, e)| note(e)),
            _ => {}
        });
        let decls: String = nondets
            .iter()
            .map(|(f, ret)| format!("extern {ret} {f}(void);\n"))
            .collect();
        let decls = if self.p.has_symbolic_sizes() {
            format!("{decls}{HEAP_PRELUDE}")
        } else {
            decls
        };
        let text = PRELUDE
            .replace("{{HEADER}}", &header)
            .replace("{{NONDET_DECLS}}\n", &decls)
            .replace("{{FILE}}", &c_string(&self.p.file));
        self.out.push_str(&text);
    }

    /// `int x = 3; /* s.f */`: a declaration with its initial value and the user's name.
    fn var_decl(&self, v: VarId) -> String {
        let var = self.p.var(v);
        let mut d = format!("{} {}", var.ty.c_name(), var.name);
        if let Some(init) = var.init {
            let _ = write!(d, " = {}", self.c(&Expr::Const(init, var.ty)));
        }
        d.push(';');
        if var.display != var.name {
            let _ = write!(d, " /* {} */", comment_safe(&var.display));
        }
        d
    }

    /// After the one assignment of a frozen size variable `n`: the allocation of the arrays
    /// of that size, with their contents (`ara_alloc` is `malloc`, `ara_alloc_zero` `calloc`;
    /// in a replay both check the size against the replay's cap, see the prelude).
    fn allocate(&mut self, n: VarId, s: &Stmt) {
        let size = self.p.var(n).name.clone();
        for a in self.p.arrays_sized_by(n) {
            let arr = self.p.array(a);
            let (name, elem) = (arr.name.clone(), arr.elem.c_name());
            let f = match arr.init {
                ArrayInit::Nondet => "ara_alloc",
                ArrayInit::Zero | ArrayInit::List(_) => "ara_alloc_zero",
            };
            let t = format!("{name} = ({elem} *) {f}({size}, sizeof({elem}));");
            self.stmt_line(&t, s);
            if arr.init == ArrayInit::Nondet {
                self.stmt_line(&format!("ARA_FILL({name}, {size}, {});", a.0), s);
            }
            if let ArrayInit::List(vs) = &arr.init
                && !vs.is_empty()
            {
                let init = self.init_names[&a].clone();
                let t = format!(
                    "{{ long long ara_k; for (ara_k = 0; ara_k < {} && ara_k < (long long) {size}; ara_k++) {name}[ara_k] = {init}[ara_k]; }}",
                    vs.len()
                );
                self.stmt_line(&t, s);
            }
        }
    }

    /// A symbolic-size array: a pointer, allocated where its size is assigned; initial values
    /// in a constant array next to it.
    fn pointer_decl(&mut self, id: crate::ir::ArrId) -> String {
        let a = self.p.array(id);
        let mut d = format!("{} *{}", a.elem.c_name(), a.name);
        if a.storage == crate::ir::Storage::Local {
            d.push_str(" = 0");
        }
        d.push(';');
        if a.display != a.name {
            let _ = write!(d, " /* {} */", comment_safe(&a.display));
        }
        if let ArrayInit::List(vs) = &a.init
            && !vs.is_empty()
        {
            let items: Vec<String> = vs
                .iter()
                .map(|&v| self.c(&Expr::Const(v, a.elem)))
                .collect();
            let (elem, base) = (a.elem.c_name(), format!("{}__init", a.name));
            let name = self.fresh(&base);
            self.taken.insert(name.clone());
            let _ = write!(
                d,
                " static const {elem} {name}[] = {{{}}};",
                items.join(", ")
            );
            self.init_names.insert(id, name);
        }
        d
    }

    fn array_decl(&self, a: &crate::ir::Array) -> String {
        let mut d = format!(
            "{} {}[{}]",
            a.elem.c_name(),
            a.name,
            a.size.as_const().unwrap_or(0)
        );
        match &a.init {
            // Globals are zero anyway; locals need the initialiser.
            ArrayInit::Zero if a.storage == crate::ir::Storage::Local => d.push_str(" = {0}"),
            ArrayInit::Zero | ArrayInit::Nondet => {}
            ArrayInit::List(vs) => {
                let items: Vec<String> = vs
                    .iter()
                    .map(|&v| self.c(&Expr::Const(v, a.elem)))
                    .collect();
                let _ = write!(d, " = {{{}}}", items.join(", "));
            }
        }
        d.push(';');
        if a.display != a.name {
            let _ = write!(d, " /* {} */", comment_safe(&a.display));
        }
        d
    }

    fn globals(&mut self) {
        use crate::ir::Storage::Global;
        let mut any = false;
        if self.opts.markers {
            self.out.push_str(&format!(
                "\n/* The CFG vertex reached last (0: the error vertex). */\nunsigned int {MARKER_VAR};\n"
            ));
        }
        for v in self.p.var_ids() {
            if self.p.var(v).storage == Global {
                if !any {
                    self.out.push('\n');
                    any = true;
                }
                let d = self.var_decl(v);
                self.out.push_str(&d);
                self.out.push('\n');
            }
        }
        for id in self.p.array_ids() {
            let a = self.p.array(id);
            if a.storage == Global {
                if !any {
                    self.out.push('\n');
                    any = true;
                }
                let d = match a.size {
                    crate::ir::Size::Var(_) => self.pointer_decl(id),
                    crate::ir::Size::Const(_) => self.array_decl(a),
                };
                self.out.push_str(&d);
                self.out.push('\n');
            }
        }
    }

    fn main(&mut self) {
        use crate::ir::Storage::Local;
        self.out.push_str("\nint main(void)\n{\n");
        let mut any = false;
        for v in self.p.var_ids() {
            if self.p.var(v).storage == Local {
                let d = self.var_decl(v);
                self.line(&d);
                any = true;
            }
        }
        for id in self.p.array_ids() {
            let a = self.p.array(id);
            if a.storage == Local {
                let d = match a.size {
                    crate::ir::Size::Var(_) => self.pointer_decl(id),
                    crate::ir::Size::Const(_) => self.array_decl(a),
                };
                self.line(&d);
                any = true;
            }
        }
        if any {
            self.out.push('\n');
        }
        let p = self.p;
        self.stmts(&p.body);
        if self.opts.markers {
            self.line(&format!("{MARKER_VAR} = {};", self.p.exit_vertex()));
        }
        self.line("return 0;");
        self.out.push_str("}\n");
    }

    fn stmts(&mut self, ss: &[Stmt]) {
        for s in ss {
            self.stmt(s);
        }
    }

    fn nested(&mut self, ss: &[Stmt]) {
        self.indent += 1;
        self.stmts(ss);
        self.indent -= 1;
    }

    fn stmt(&mut self, s: &Stmt) {
        let m = self.marker(s);
        let err = if self.opts.markers {
            format!("{MARKER_VAR} = 0; reach_error();")
        } else {
            "reach_error();".to_string()
        };
        match &s.kind {
            StmtKind::Assign(v, e) => {
                let t = format!("{m}{} = {};", self.p.var(*v).name, self.c(e));
                self.stmt_line(&t, s);
                self.allocate(*v, s);
            }
            StmtKind::Store(a, i, e) => {
                let t = format!("{m}{} = {};", index_to_c(self.p, *a, i), self.c(e));
                self.stmt_line(&t, s)
            }
            StmtKind::ParAssign(xs) => {
                let t = self.par_assign(xs);
                self.stmt_line(&format!("{m}{t}"), s)
            }
            StmtKind::Assume(c) => {
                // `__VERIFIER_assume` takes an `int`: a wider condition is tested against 0,
                // not narrowed (a `long long` 2^32 holds). Issue 11: the witness program
                // assumes loop conditions as they are.
                let c = if c.ty(self.p).bits(self.p.data_model) > 32 {
                    Expr::bin(crate::ir::BinOp::Ne, c.clone(), Expr::int(0))
                } else {
                    c.clone()
                };
                let t = format!("{m}__VERIFIER_assume({});", self.c(&c));
                self.stmt_line(&t, s)
            }
            StmtKind::Assert(c) => {
                let neg = self.c(&Expr::not(c.clone()));
                let t = if self.opts.markers {
                    format!("{m}if ({neg}) {{ {err} }}")
                } else {
                    format!("if ({neg}) {err}")
                };
                self.stmt_line(&t, s)
            }
            StmtKind::Error => self.stmt_line(&format!("{m}{err}"), s),
            StmtKind::Exit => self.stmt_line(&format!("{m}exit(0);"), s),
            StmtKind::Skip => self.stmt_line(&format!("{m};"), s),
            StmtKind::Break => self.stmt_line(&format!("{m}break;"), s),
            StmtKind::Continue => {
                let jump = match self.loops.last() {
                    Some(ContTarget::Goto(l)) => format!("goto {l};"),
                    Some(ContTarget::Native) => "continue;".into(),
                    None => ";".into(),
                };
                self.stmt_line(&format!("{m}{jump}"), s)
            }
            StmtKind::Goto(l) => {
                let t = format!("{m}goto {};", self.p.labels[l.0 as usize]);
                self.stmt_line(&t, s)
            }
            // `L: ;` so that a label may end a block.
            StmtKind::Label(l) => {
                self.indent -= 1;
                let t = format!("  {}: ;", self.p.labels[l.0 as usize]);
                self.line(&t);
                self.indent += 1;
            }
            // Locals are declared at the top of `main`: a block needs no braces (and a chain
            // of inlined calls must not nest them past the checkers' limit).
            StmtKind::Block(b) => self.stmts(b),
            StmtKind::If(..) => self.if_chain(s),
            StmtKind::While { cond, body, step } => self.while_loop(s, cond, body, step),
            StmtKind::DoWhile { body, cond } => self.do_while(s, body, cond),
            StmtKind::Call(_) => unreachable!("{}", crate::ir::procs::NO_CALLS),
        }
    }

    /// An `if` and the `else if`s of its chain, flat (an `else` holding only an `if`
    /// continues the chain, so a chain of 2000 branches nests one level, not 2000). With
    /// markers the `ara_loc` assignment must come before each test, so each branch ends with a
    /// jump past the chain instead of an `else`.
    fn if_chain(&mut self, s: &Stmt) {
        let end = (self.opts.markers && else_if(s).is_some())
            .then(|| self.fresh(&format!("ara_endif_{}", s.id)));
        let mut cur = s;
        let mut first = true;
        loop {
            let StmtKind::If(c, t, e) = &cur.kind else {
                unreachable!("a chain holds only ifs")
            };
            let head = match (&end, first) {
                (None, false) => format!("}} else if ({}) {{", self.c(c)),
                _ => format!("{}if ({}) {{", self.marker(cur), self.c(c)),
            };
            self.stmt_line(&head, cur);
            first = false;
            self.nested(t);
            if let Some(l) = &end {
                self.line(&format!("    goto {l};"));
            }
            match else_if(cur) {
                Some(next) => {
                    if end.is_some() {
                        self.line("}");
                    }
                    cur = next;
                }
                None if e.is_empty() => {
                    self.line("}");
                    break;
                }
                None if end.is_some() => {
                    self.line("}");
                    self.stmts(e);
                    break;
                }
                None => {
                    self.line("} else {");
                    self.nested(e);
                    self.line("}");
                    break;
                }
            }
        }
        if let Some(l) = &end {
            self.indent -= 1;
            self.line(&format!("  {l}: ;"));
            self.indent += 1;
        }
    }

    /// `x0, x1 = e0, e1`: plain assignments when no right-hand side reads a variable written
    /// before it; otherwise all right-hand sides go to temporaries first.
    fn par_assign(&mut self, xs: &[(VarId, Expr)]) -> String {
        // An abstract array write `x_k = (i==k ? e : x_k)` for each tracked k: `e` once, in a
        // temporary (the text stays linear in |R| when `e` itself reads the array).
        if let Some((ty, shared)) = shared_written_value(self.p, xs) {
            let t = self.fresh("ara_v");
            let parts: Vec<String> = xs
                .iter()
                .map(|(x, e)| {
                    let Expr::Cond(c, _, _) = e else {
                        unreachable!("checked by shared_written_value")
                    };
                    let x = &self.p.var(*x).name;
                    format!("{x} = {} ? {t} : {x};", self.c(c))
                })
                .collect();
            return format!(
                "{{ {} {t} = {}; {} }}",
                ty.c_name(),
                self.c(shared),
                parts.join(" ")
            );
        }
        let sequential_ok = xs.iter().enumerate().all(|(i, (_, e))| {
            let read = e.vars();
            xs[..i].iter().all(|(x, _)| !read.contains(x))
        });
        if sequential_ok {
            let parts: Vec<String> = xs
                .iter()
                .map(|(x, e)| format!("{} = {};", self.p.var(*x).name, self.c(e)))
                .collect();
            return if parts.len() == 1 {
                parts[0].clone()
            } else {
                format!("{{ {} }}", parts.join(" "))
            };
        }
        let mut decls = Vec::new();
        let mut writes = Vec::new();
        for (i, (x, e)) in xs.iter().enumerate() {
            let t = self.fresh(&format!("ara_t{i}"));
            let var = self.p.var(*x);
            decls.push(format!("{} {t} = {};", var.ty.c_name(), self.c(e)));
            writes.push(format!("{} = {t};", var.name));
        }
        format!("{{ {} {} }}", decls.join(" "), writes.join(" "))
    }

    fn while_loop(&mut self, s: &Stmt, cond: &Expr, body: &[Stmt], step: &[Stmt]) {
        // `continue` must run the step: jump to a label before it.
        let label = (!step.is_empty() && has_own_continue(body))
            .then(|| self.fresh(&format!("ara_cont_{}", s.id)));
        if self.opts.markers {
            self.stmt_line("while (1) {", s);
            self.indent += 1;
            let neg = self.c(&Expr::not(cond.clone()));
            self.line(&format!("{MARKER_VAR} = {}; if ({neg}) break;", s.id));
            self.indent -= 1;
        } else {
            let head = format!("while ({}) {{", self.c(cond));
            self.stmt_line(&head, s);
        }
        self.loops.push(match &label {
            Some(l) => ContTarget::Goto(l.clone()),
            None => ContTarget::Native,
        });
        self.nested(body);
        self.loops.pop();
        if let Some(l) = &label {
            self.line(&format!("  {l}: ;"));
        }
        // A `continue` inside the step itself goes to the test, as C's does.
        self.loops.push(ContTarget::Native);
        self.nested(step);
        self.loops.pop();
        self.line("}");
    }

    fn do_while(&mut self, s: &Stmt, body: &[Stmt], cond: &Expr) {
        // With markers, `continue` must pass the marker before the test.
        let label = (self.opts.markers && has_own_continue(body))
            .then(|| self.fresh(&format!("ara_cont_{}", s.id)));
        self.line("do {");
        self.loops.push(match &label {
            Some(l) => ContTarget::Goto(l.clone()),
            None => ContTarget::Native,
        });
        self.nested(body);
        self.loops.pop();
        if self.opts.markers {
            self.indent += 1;
            match &label {
                Some(l) => self.line(&format!("{l}: {MARKER_VAR} = {};", s.id)),
                None => self.line(&format!("{MARKER_VAR} = {};", s.id)),
            }
            self.indent -= 1;
        }
        let tail = format!("}} while ({});", self.c(cond));
        self.stmt_line(&tail, s);
    }
}

/// The `if` that is the whole `else` branch of the `if` statement `s`: the next link of an
/// `else if` chain.
fn else_if(s: &Stmt) -> Option<&Stmt> {
    match &s.kind {
        StmtKind::If(_, _, e) if e.len() == 1 && matches!(e[0].kind, StmtKind::If(..)) => {
            Some(&e[0])
        }
        _ => None,
    }
}

/// The deepest bracket nesting (`(`, `[`, `{` together, as compilers count it) of the C that
/// [`emit_c`] writes for `p` (an upper bound: 2 brackets of statement syntax are assumed around
/// each expression), and a statement where it is reached. Checkers reject files nested
/// deeper than their limit (ESBMC 8.4: 1024). Recurses as deep as `p`'s statements nest.
pub fn bracket_depth(p: &Program) -> (usize, crate::ir::Span) {
    bracket_depth_of(p, &p.body)
}

/// [`bracket_depth`] of the statements `ss` with the tables of `p` (a procedure's body).
pub fn bracket_depth_of(p: &Program, ss: &[Stmt]) -> (usize, crate::ir::Span) {
    let mut deepest = (0, crate::ir::Span::default());
    stmts_bracket_depth(p, ss, 1, &mut deepest);
    deepest
}

fn stmts_bracket_depth(
    p: &Program,
    ss: &[Stmt],
    braces: usize,
    deepest: &mut (usize, crate::ir::Span),
) {
    for s in ss {
        let mut note = |es: &[&Expr]| {
            let inner = es
                .iter()
                .map(|e| text_bracket_depth(&expr_to_c(p, e)))
                .max();
            let d = braces + 2 + inner.unwrap_or(0);
            if d > deepest.0 {
                *deepest = (d, s.span);
            }
        };
        match &s.kind {
            StmtKind::Assign(_, e) | StmtKind::Assume(e) | StmtKind::Assert(e) => note(&[e]),
            StmtKind::Store(_, i, e) => note(&[i, e]),
            StmtKind::ParAssign(xs) => note(&xs.iter().map(|(_, e)| e).collect::<Vec<_>>()),
            StmtKind::If(c, t, _) => {
                note(&[c]);
                stmts_bracket_depth(p, t, braces + 1, deepest);
                // An `else if` continues the chain at the same depth.
                match else_if(s) {
                    Some(next) => {
                        stmts_bracket_depth(p, std::slice::from_ref(next), braces, deepest)
                    }
                    None => {
                        let StmtKind::If(_, _, e) = &s.kind else {
                            unreachable!()
                        };
                        stmts_bracket_depth(p, e, braces + 1, deepest)
                    }
                }
            }
            StmtKind::While { cond, body, step } => {
                note(&[cond]);
                // With markers, the test is inside the loop's braces.
                stmts_bracket_depth(p, body, braces + 1, deepest);
                stmts_bracket_depth(p, step, braces + 1, deepest);
                let c = text_bracket_depth(&expr_to_c(p, cond));
                if braces + 3 + c > deepest.0 {
                    *deepest = (braces + 3 + c, s.span);
                }
            }
            StmtKind::DoWhile { body, cond } => {
                note(&[cond]);
                stmts_bracket_depth(p, body, braces + 1, deepest);
            }
            StmtKind::Block(b) => stmts_bracket_depth(p, b, braces, deepest),
            StmtKind::Error
            | StmtKind::Exit
            | StmtKind::Skip
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Goto(_)
            | StmtKind::Label(_) => note(&[]),
            StmtKind::Call(c) => note(&c.args.iter().collect::<Vec<_>>()),
        }
    }
}

/// The deepest bracket nesting of C text without string literals.
fn text_bracket_depth(text: &str) -> usize {
    let (mut d, mut max) = (0usize, 0usize);
    for b in text.bytes() {
        match b {
            b'(' | b'[' | b'{' => {
                d += 1;
                max = max.max(d);
            }
            b')' | b']' | b'}' => d = d.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// For parallel assignments of the form `x_k = (c_k ? e : x_k)` (two or more, the same `e`,
/// all `x_k` of one type, `e` not a variable or constant): the type and `e`.
fn shared_written_value<'a>(p: &Program, xs: &'a [(VarId, Expr)]) -> Option<(IntType, &'a Expr)> {
    let mut shared: Option<&Expr> = None;
    if xs.len() < 2 {
        return None;
    }
    let ty = p.var(xs[0].0).ty;
    for (x, e) in xs {
        let Expr::Cond(c, t, f) = e else {
            return None;
        };
        if **f != Expr::Var(*x) || p.var(*x).ty != ty {
            return None;
        }
        // The tests read only the index, never the written elements.
        if xs.iter().any(|(y, _)| c.vars().contains(y)) {
            return None;
        }
        match shared {
            None => shared = Some(t),
            Some(s) if s == &**t => {}
            Some(_) => return None,
        }
    }
    shared
        .filter(|e| !matches!(e, Expr::Var(_) | Expr::Const(..)))
        .map(|e| (ty, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::{FrontendOptions, parse_source};

    const CHAIN: &str = "extern int __VERIFIER_nondet_int(void);
        int main() { int x = __VERIFIER_nondet_int(), y = 0;
          if (x == 0) y = 1; else if (x == 1) y = 2; else y = 3;
          return y; }";

    fn main_of(text: &str, markers: bool) -> String {
        let p = parse_source(text, "t.c", &FrontendOptions::default()).unwrap();
        let opts = EmitOptions {
            markers,
            line_comments: false,
            header_comment: None,
        };
        let c = emit_c(&p, &opts);
        c[c.find("int main").unwrap()..].to_string()
    }

    #[test]
    fn an_else_if_chain_is_flat() {
        let c = main_of(CHAIN, false);
        assert!(
            c.contains("    if (x == 0) {\n        y = 1;\n    } else if (x == 1) {\n        y = 2;\n    } else {\n        y = 3;\n    }\n"),
            "{c}"
        );
    }

    #[test]
    fn with_markers_each_link_jumps_past_the_chain() {
        let c = main_of(CHAIN, true);
        assert!(
            c.contains(
                "    ara_loc = 3; if (x == 0) {\n        ara_loc = 4; y = 1;\n        goto ara_endif_3;\n    }\n    ara_loc = 5; if (x == 1) {\n        ara_loc = 6; y = 2;\n        goto ara_endif_3;\n    }\n    ara_loc = 7; y = 3;\n  ara_endif_3: ;\n"
            ),
            "{c}"
        );
    }

    #[test]
    fn bracket_depth_bounds_the_emitted_text() {
        let p = parse_source(CHAIN, "t.c", &FrontendOptions::default()).unwrap();
        let text = emit_c(&p, &EmitOptions::default());
        let body = &text[text.find("int main").unwrap()..];
        let (d, _) = bracket_depth(&p);
        assert!(text_bracket_depth(body) <= d, "{d}");
        assert_eq!(
            d, 4,
            "main's braces, an if's braces, 2 for statement syntax"
        );
    }
}
