//! Printing a generated [`Program`] as C, free of undefined behaviour by construction.
//!
//! Each expression is printed with its C type and a sound static range of its value (loop
//! counters get the range their loop gives them, every other variable its type's range). The
//! range decides the guards: signed `+ - * << -` whose result may leave the type are done in
//! the unsigned type and converted back (implementation-defined, not undefined); a division or
//! remainder whose divisor may be 0 (or -1 with the minimum as dividend) is guarded by a
//! conditional; a shift count that may leave `0..width` is masked; an index that may leave the
//! array is reduced modulo its size. So any tree prints as a program without UB, which lets the
//! reducer edit trees freely. Takes a program; gives its text.

use super::ast::*;
use crate::ir::types::{DataModel, IntType};
use std::collections::HashMap;
use std::fmt::Write;

/// A value range (inclusive).
pub type Range = (i128, i128);

/// The unsigned type of the same width (C11 6.3.1.8's "corresponding unsigned type").
pub fn unsigned_of(t: IntType) -> IntType {
    use IntType::*;
    match t {
        Char | SChar => UChar,
        Short => UShort,
        Int => UInt,
        Long => ULong,
        LongLong => ULongLong,
        t => t,
    }
}

/// The bytes of a type.
pub fn size_of(t: IntType, dm: DataModel) -> i128 {
    t.bits(dm) as i128 / 8
}

/// The return type spelled by an SV-COMP nondet function's declaration.
fn nondet_ret(t: IntType) -> IntType {
    match t {
        IntType::SChar => IntType::Char,
        t => t,
    }
}

/// The standard SV-COMP prelude of every generated program.
pub fn prelude() -> String {
    let mut s = String::from(
        "extern void abort(void);\n\
         extern void __assert_fail(const char *, const char *, unsigned int, const char *) \
         __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));\n\
         void reach_error() { __assert_fail(\"0\", \"gen.c\", 3, \"reach_error\"); }\n",
    );
    use IntType::*;
    for t in [
        Bool, Char, UChar, Short, UShort, Int, UInt, Long, ULong, LongLong, ULongLong,
    ] {
        let _ = writeln!(s, "extern {} {}(void);", t.c_name(), t.nondet_fn());
    }
    s.push_str(
        "extern void __VERIFIER_assume(int cond);\n\
         void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }\n\
         void assume_abort_if_not(int cond) { if(!cond) {abort();} }\n",
    );
    s
}

/// A printed expression: text, C type, range, and whether it is the operator applied to the
/// operands' texts as they are (so `x op= e` may be printed for it).
#[derive(Clone, Debug)]
pub struct Printed {
    pub text: String,
    pub ty: IntType,
    pub range: Range,
    pub direct: bool,
}

fn within(r: Range, t: Range) -> bool {
    t.0 <= r.0 && r.1 <= t.1
}

/// `r` converted to `t`: kept when it fits, else the whole type.
fn conv(r: Range, t: IntType, dm: DataModel) -> Range {
    let tr = t.range(dm);
    if t == IntType::Bool {
        return if within(r, (0, 1)) { r } else { (0, 1) };
    }
    if within(r, tr) { r } else { tr }
}

/// A constant of type `t` (already in range), as C text of that type.
pub fn lit(v: i128, t: IntType) -> String {
    let int = IntType::Int.range(DataModel::Lp64);
    let digits = if within((v, v), int) {
        if v == int.0 {
            "(-2147483647 - 1)".to_string()
        } else if v < 0 {
            format!("({v})")
        } else {
            format!("{v}")
        }
    } else if v >= 0 {
        format!("{v}ULL")
    } else {
        format!("(-{}LL - 1)", -(v + 1))
    };
    if t == IntType::Int {
        digits
    } else {
        format!("(({}){digits})", t.c_name())
    }
}

/// The scopes the printer resolves names in.
#[derive(Default)]
struct Env {
    scalars: HashMap<String, IntType>,
    arrays: HashMap<String, (IntType, Vec<u32>)>,
    /// struct variables and struct arrays: (struct type's key, Some(size) for arrays)
    structs: HashMap<String, (String, Option<u32>)>,
    /// The members' types by (struct type's key, member).
    fields: HashMap<(String, String), IntType>,
    /// Struct tags declared in a block (`Stmt::TagDef`) with their keys, which shadow the
    /// file-scope tag (key: its name) up to the block's end.
    tags: HashMap<String, String>,
    funcs: HashMap<String, IntType>,
    /// Loop counters in scope with their ranges, innermost last.
    counters: Vec<(String, Range)>,
    /// The innermost loops' steps (`Some` for while/do-while, which `continue` must run).
    steps: Vec<Option<String>>,
    /// Pointer variables with their pointee type.
    pointers: HashMap<String, IntType>,
}

impl Env {
    fn declare(&mut self, d: &Decl) {
        match &d.ty {
            ObjTy::Scalar(t) | ObjTy::Enum(t) => {
                self.scalars.insert(d.name.clone(), *t);
            }
            ObjTy::Array(t, dims) => {
                self.arrays.insert(d.name.clone(), (*t, dims.clone()));
            }
            ObjTy::Struct(s) => {
                self.structs.insert(d.name.clone(), (self.tag_key(s), None));
            }
            ObjTy::StructArray(s, n) => {
                self.structs
                    .insert(d.name.clone(), (self.tag_key(s), Some(*n)));
            }
        }
    }

    /// The key of the struct type that tag `s` names here.
    fn tag_key(&self, s: &str) -> String {
        self.tags.get(s).cloned().unwrap_or_else(|| s.to_string())
    }

    /// A block-local definition of tag `s.name`: a key of its own, up to the block's end.
    fn define_tag(&mut self, s: &StructDef) {
        let key = format!("{}@{}", s.name, self.fields.len());
        for (f, ty) in &s.fields {
            self.fields.insert((key.clone(), f.clone()), *ty);
        }
        self.tags.insert(s.name.clone(), key);
    }
}

/// The printer of one program.
pub struct Printer {
    dm: DataModel,
    env: Env,
    out: String,
    indent: usize,
    /// Block-local struct tags get names of their own ([`print_for_truth`]).
    rename_tags: bool,
}

/// Prints the program as C.
pub fn print_program(p: &Program) -> String {
    print_with(p, false)
}

/// The program as C for plain ESBMC (the ground truth): each block-local struct tag
/// (`Stmt::TagDef`) renamed apart (`Q7` in a block becomes `Q7_b5`, with its objects and
/// `sizeof`s), which changes no behaviour (C11 6.2.1: the inner tag names its own type, up to
/// the block's end) but keeps ESBMC from mixing the two types (it fails with a sort mismatch
/// on a shadowed tag: `tests/soundness/scope_tag_*`). The same text as [`print_program`] for a
/// program without block-local tags.
pub fn print_for_truth(p: &Program) -> String {
    print_with(p, true)
}

fn print_with(p: &Program, rename_tags: bool) -> String {
    let mut pr = Printer {
        dm: p.dm,
        env: Env::default(),
        out: prelude(),
        indent: 0,
        rename_tags,
    };
    pr.program(p);
    pr.out
}

impl Printer {
    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn program(&mut self, p: &Program) {
        for s in &p.structs {
            self.line(&struct_def_text(s));
            for (f, ty) in &s.fields {
                self.env.fields.insert((s.name.clone(), f.clone()), *ty);
            }
        }
        for d in &p.globals {
            self.decl(d, p);
        }
        for f in &p.struct_funcs {
            self.struct_func(f);
        }
        self.prototypes(p);
        for f in &p.funcs {
            self.func(f);
        }
        self.sizers(p);
        self.line("int main() {");
        self.indent += 1;
        for d in &p.locals {
            self.decl(d, p);
        }
        self.pointers(p);
        self.block(&p.body);
        self.line("return 0;");
        self.indent -= 1;
        self.line("}");
    }

    /// The sizer functions: `sizeof` of an array parameter (a pointer) over its element's.
    fn sizers(&mut self, p: &Program) {
        for (f, t, star) in &p.sizers {
            let t = t.c_name();
            self.line(&if *star {
                format!("int {f}({t} *b) {{ return sizeof b / sizeof *b; }}")
            } else {
                format!("int {f}({t} b[]) {{ return sizeof(b) / sizeof(b[0]); }}")
            });
        }
    }

    /// main's pointer variables, each aliasing a one-dimensional array.
    fn pointers(&mut self, p: &Program) {
        for (name, a) in &p.pointers {
            let t = self.env.arrays.get(a).map_or(IntType::Int, |x| x.0);
            self.env.pointers.insert(name.clone(), t);
            self.line(&format!("{} *{name} = {a};", t.c_name()));
        }
    }

    fn decl(&mut self, d: &Decl, p: &Program) {
        self.env.declare(d);
        let text = decl_text(d, p);
        self.line(&text);
    }

    /// `T f(T1 p1, ...)`; an array parameter is `T *q` or `T q[]`.
    fn signature(f: &Func) -> String {
        let params: Vec<String> = f
            .params
            .iter()
            .map(|p| match p {
                Param::Int(n, t) => format!("{} {n}", t.c_name()),
                Param::Array {
                    name,
                    ty,
                    star: true,
                    ..
                } => format!("{} *{name}", ty.c_name()),
                Param::Array { name, ty, .. } => format!("{} {name}[]", ty.c_name()),
            })
            .collect();
        let params = match params.is_empty() {
            true => "void".to_string(),
            false => params.join(", "),
        };
        format!("{} {}({params})", f.ret.c_name(), f.name)
    }

    /// The prototypes of the recursive functions (mutual recursion calls one defined later).
    fn prototypes(&mut self, p: &Program) {
        for f in p.funcs.iter().filter(|f| f.depth > 0) {
            self.line(&format!("{};", Self::signature(f)));
            self.env.funcs.insert(f.name.clone(), f.ret);
        }
    }

    fn func(&mut self, f: &Func) {
        let (saved_scalars, saved_arrays) = (self.env.scalars.clone(), self.env.arrays.clone());
        for p in &f.params {
            match p {
                Param::Int(n, t) => {
                    self.env.scalars.insert(n.clone(), *t);
                    self.env.arrays.remove(n);
                }
                Param::Array { name, ty, len, .. } => {
                    self.env.arrays.insert(name.clone(), (*ty, vec![*len]));
                    self.env.scalars.remove(name);
                }
            }
        }
        self.line(&format!("{} {{", Self::signature(f)));
        // Known before its body: a recursive function calls itself.
        self.env.funcs.insert(f.name.clone(), f.ret);
        self.indent += 1;
        self.block(&f.body);
        let r = self.expr(&f.result).text;
        self.line(&format!("return {r};"));
        self.indent -= 1;
        self.line("}");
        (self.env.scalars, self.env.arrays) = (saved_scalars, saved_arrays);
        self.env.funcs.insert(f.name.clone(), f.ret);
    }

    fn block(&mut self, ss: &[Stmt]) {
        for s in ss {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match s {
            Stmt::Assign(lv, e) => {
                let (l, r) = (self.lval(lv), self.expr(e).text);
                self.line(&format!("{l} = {r};"));
            }
            Stmt::Compound(lv, op, e) => {
                let l = self.lval(lv);
                let (a, b) = (self.expr(&lv.as_expr()), self.expr(e));
                let btext = b.text.clone();
                let p = self.bin(*op, a, b);
                if p.direct && !op.is_boolean() {
                    self.line(&format!("{l} {}= {btext};", op.c_symbol()));
                } else {
                    self.line(&format!("{l} = {};", p.text));
                }
            }
            Stmt::Havoc(lv, t) => {
                let l = self.lval(lv);
                self.line(&format!("{l} = {}();", t.nondet_fn()));
            }
            Stmt::HavocAccum(lv, t) => {
                let l = self.lval(lv);
                let a = self.expr(&lv.as_expr());
                let t = nondet_ret(*t);
                let b = Printed {
                    text: format!("{}()", t.nondet_fn()),
                    ty: t,
                    range: t.range(self.dm),
                    direct: true,
                };
                let p = self.bin(BinOp::Add, a, b);
                self.line(&format!("{l} = {};", p.text));
            }
            Stmt::Assume(f, e) => {
                let c = self.expr(e).text;
                self.line(&format!("{}({c});", assume_name(*f)));
            }
            Stmt::Ranged {
                var,
                ty,
                lo,
                hi,
                assume,
            } => {
                self.line(&format!("{var} = {}();", ty.nondet_fn()));
                let (l, h) = (lit(*lo, IntType::Int), lit(*hi, IntType::Int));
                let c = format!("{l} <= {var} && {var} <= {h}");
                self.line(&format!("{}({c});", assume_name(*assume)));
                // Assigned nowhere else: its range holds to the end of the block.
                self.env.counters.push((var.clone(), (*lo, *hi)));
            }
            Stmt::Assert(e) => {
                let c = self.expr(e).text;
                self.line(&format!("__VERIFIER_assert({c});"));
            }
            Stmt::ReachIf(e, abort) => {
                let c = self.expr(e).text;
                let tail = if *abort { " abort();" } else { "" };
                self.line(&format!("if ({c}) {{ reach_error();{tail} }}"));
            }
            Stmt::If(c, a, b) => {
                let c = self.expr(c).text;
                self.line(&format!("if ({c}) {{"));
                self.nested(a);
                if !b.is_empty() {
                    self.line("} else {");
                    self.nested(b);
                }
                self.line("}");
            }
            Stmt::Loop(l) => self.loop_(l),
            Stmt::Break(c) => {
                let c = self.expr(c).text;
                self.line(&format!("if ({c}) break;"));
            }
            Stmt::Continue(c) => {
                let c = self.expr(c).text;
                match self.env.steps.last().cloned().flatten() {
                    Some(step) => self.line(&format!("if ({c}) {{ {step}; continue; }}")),
                    None => self.line(&format!("if ({c}) continue;")),
                }
            }
            Stmt::Decl(d) => {
                self.env.declare(d);
                self.line(&decl_text_plain(&self.shown(d)));
            }
            Stmt::StructCopy(dst, src) => {
                let (d, s) = (self.sref(dst), self.sref(src));
                self.line(&format!("{d} = {s};"));
            }
            Stmt::StructDecl(d, src) => {
                let s = self.sref(src);
                self.env.declare(d);
                let head = decl_text_plain(&self.shown(d));
                self.line(&format!("{} = {s};", head.trim_end_matches(';')));
            }
            Stmt::DesigDecl(d, items) => {
                self.env.declare(d);
                self.line(&self.desig_decl(d, items));
            }
            Stmt::StructArgAssert(f, arg) => {
                let a = self.sref(arg);
                self.line(&format!("__VERIFIER_assert({f}({a}));"));
            }
            Stmt::TagDef(s) => {
                self.env.define_tag(s);
                let name = self.tag_text(&s.name);
                self.line(&struct_def_text(&StructDef { name, ..s.clone() }));
            }
        }
    }

    fn struct_func(&mut self, f: &StructFunc) {
        let s = &f.sname;
        self.line(&format!("int {}(struct {s} p) {{", f.name));
        self.line(&format!("  struct {s} q = p;"));
        let eq: Vec<String> = f.fields[1..]
            .iter()
            .map(|m| format!("q.{} == q.{m}", f.fields[0]))
            .collect();
        let e = if eq.is_empty() {
            "1".to_string()
        } else {
            eq.join(" && ")
        };
        self.line(&format!("  return {e};"));
        self.line("}");
    }

    /// How tag `s` is written here: its own name, or renamed apart ([`print_for_truth`]).
    fn tag_text(&self, s: &str) -> String {
        match (self.rename_tags, self.env.tags.get(s)) {
            (true, Some(key)) => key.replace('@', "_b"),
            _ => s.to_string(),
        }
    }

    /// `d` with its struct tag as [`Printer::tag_text`] writes it.
    fn shown(&self, d: &Decl) -> Decl {
        let ty = match &d.ty {
            ObjTy::Struct(s) => ObjTy::Struct(self.tag_text(s)),
            ObjTy::StructArray(s, n) => ObjTy::StructArray(self.tag_text(s), *n),
            t => t.clone(),
        };
        Decl { ty, ..d.clone() }
    }

    /// A whole struct in a struct copy; a nondet index is drawn in place.
    fn sref(&self, r: &SRef) -> String {
        let n = self.env.structs.get(&r.name).and_then(|s| s.1).unwrap_or(1);
        match &r.index {
            None => r.name.clone(),
            Some(SIndex::Expr(e)) => format!("{}[{}]", r.name, self.index(e, n)),
            Some(SIndex::Nondet) => format!("{}[__VERIFIER_nondet_uint() % {n}u]", r.name),
        }
    }

    /// `T name[..] = { [i][j] = v, w, .. };` with values of the leaves' types.
    fn desig_decl(&self, d: &Decl, items: &[DItem]) -> String {
        let leaf_ty = match &d.ty {
            ObjTy::Scalar(t) | ObjTy::Enum(t) | ObjTy::Array(t, _) => *t,
            ObjTy::Struct(s) | ObjTy::StructArray(s, _) => self
                .env
                .fields
                .iter()
                .find(|((sn, _), _)| *sn == self.env.tag_key(s))
                .map(|(_, t)| *t)
                .unwrap_or(IntType::Int),
        };
        let v = |x: i128| lit(leaf_ty.wrap(x, self.dm), leaf_ty);
        let texts: Vec<String> = items
            .iter()
            .map(|it| {
                let ds: String = it
                    .desig
                    .iter()
                    .map(|s| match s {
                        DStep::Index(k) => format!("[{k}]"),
                        DStep::Field(f) => format!(".{f}"),
                    })
                    .collect();
                let vals: Vec<String> = it.vals.iter().map(|x| v(*x)).collect();
                let body = if it.braced {
                    format!("{{ {} }}", vals.join(", "))
                } else {
                    vals.join(", ")
                };
                if ds.is_empty() {
                    body
                } else {
                    format!("{ds} = {body}")
                }
            })
            .collect();
        let head = decl_text_plain(&self.shown(d));
        format!(
            "{} = {{ {} }};",
            head.trim_end_matches(';'),
            texts.join(", ")
        )
    }

    /// A nested block; declarations inside it go out of scope after it.
    fn nested(&mut self, ss: &[Stmt]) {
        self.indent += 1;
        let saved_scalars = self.env.scalars.clone();
        let saved_arrays = self.env.arrays.clone();
        let saved_structs = self.env.structs.clone();
        let saved_tags = self.env.tags.clone();
        let counters = self.env.counters.len();
        self.block(ss);
        self.env.structs = saved_structs;
        self.env.tags = saved_tags;
        // A ranged input drawn inside the block is out of scope after it.
        self.env.counters.truncate(counters);
        self.env.scalars = saved_scalars;
        self.env.arrays = saved_arrays;
        self.indent -= 1;
    }

    fn loop_(&mut self, l: &Loop) {
        let i = &l.counter;
        let (bound, extra) = match &l.bound {
            Bound::Const(n) => (n.to_string(), String::new()),
            Bound::Row { var, .. } => (var.clone(), String::new()),
            Bound::Input {
                var,
                ty,
                max,
                assume,
            } => {
                self.line(&format!("{var} = {}();", ty.nondet_fn()));
                match assume {
                    Some(f) => {
                        let c = if ty.is_signed() {
                            format!("0 <= {var} && {var} <= {max}")
                        } else {
                            format!("{var} <= {max}")
                        };
                        self.line(&format!("{}({c});", assume_name(*f)));
                        (var.clone(), String::new())
                    }
                    None if l.down => (var.clone(), String::new()),
                    None => (var.clone(), format!(" && {i} < {max}")),
                }
            }
        };
        // A down loop with an unassumed input bound starts at min(var, max).
        let bound = match (&l.bound, l.down) {
            (
                Bound::Input {
                    assume: None, max, ..
                },
                true,
            ) => {
                format!("({bound} >= 0 && {bound} <= {max} ? {bound} : 0)")
            }
            _ => bound,
        };
        let max = l.bound.max() as i128;
        // A do-while loop counting down from 0 would wrap an unsigned counter: it counts up.
        let (init, cond, step, range) = if l.down && l.kind != LoopKind::DoWhile {
            (
                format!("{i} = {bound}"),
                format!("{i} > 0"),
                format!("{i}--"),
                (1, max),
            )
        } else {
            let hi = if l.kind == LoopKind::DoWhile {
                max.max(1) - 1
            } else {
                max - 1
            };
            (
                format!("{i} = 0"),
                format!("{i} {} {bound}{extra}", row_cmp(&l.bound)),
                format!("{i}++"),
                (0, hi),
            )
        };
        self.env.counters.push((i.clone(), range));
        match l.kind {
            LoopKind::For => {
                self.env.steps.push(None);
                self.line(&format!("for ({init}; {cond}; {step}) {{"));
                self.nested(&l.body);
                self.line("}");
            }
            LoopKind::While => {
                self.env.steps.push(Some(step.clone()));
                self.line(&format!("{init};"));
                self.line(&format!("while ({cond}) {{"));
                self.nested(&l.body);
                self.line(&format!("  {step};"));
                self.line("}");
            }
            LoopKind::DoWhile => {
                self.env.steps.push(Some(step.clone()));
                self.line(&format!("{init};"));
                self.line("do {");
                self.nested(&l.body);
                self.line(&format!("  {step};"));
                self.line(&format!("}} while ({cond});"));
            }
        }
        self.env.steps.pop();
        self.env.counters.pop();
    }

    fn lval(&self, lv: &LVal) -> String {
        self.expr(&lv.as_expr()).text
    }

    fn var_range(&self, v: &str, t: IntType) -> Range {
        self.env
            .counters
            .iter()
            .rev()
            .find(|(c, _)| c == v)
            .map(|(_, r)| *r)
            .unwrap_or_else(|| t.range(self.dm))
    }

    /// An index into a dimension of size `n`: as it is when its range is inside `0..n`.
    fn index(&self, e: &Expr, n: u32) -> String {
        let p = self.expr(e);
        if within(p.range, (0, n as i128 - 1)) {
            p.text
        } else {
            format!("(unsigned int)({}) % {n}u", p.text)
        }
    }

    fn leaf(&self, text: String, ty: IntType, range: Range) -> Printed {
        Printed {
            text,
            ty,
            range,
            direct: false,
        }
    }

    /// Prints an expression with its type and range.
    pub fn expr(&self, e: &Expr) -> Printed {
        let dm = self.dm;
        match e {
            Expr::Lit(v, t) => {
                let v = t.wrap(*v, dm);
                self.leaf(lit(v, *t), *t, (v, v))
            }
            Expr::Var(v) => {
                let t = self.env.scalars.get(v).copied().unwrap_or(IntType::Int);
                self.leaf(v.clone(), t, self.var_range(v, t))
            }
            Expr::Elem(a, ix) => {
                let (t, dims) = self
                    .env
                    .arrays
                    .get(a)
                    .cloned()
                    .unwrap_or((IntType::Int, vec![1]));
                let mut s = a.clone();
                for (k, n) in dims.iter().enumerate() {
                    let i = ix
                        .get(k)
                        .map(|e| self.index(e, *n))
                        .unwrap_or_else(|| "0".into());
                    let _ = write!(s, "[{i}]");
                }
                self.leaf(s, t, t.range(dm))
            }
            Expr::Field(s, ix, f) => {
                let (sname, n) = self
                    .env
                    .structs
                    .get(s)
                    .cloned()
                    .unwrap_or((String::new(), None));
                let t = self
                    .env
                    .fields
                    .get(&(sname, f.clone()))
                    .copied()
                    .unwrap_or(IntType::Int);
                let text = match (n, ix) {
                    (Some(n), Some(i)) => format!("{s}[{}].{f}", self.index(i, n)),
                    (Some(_), None) => format!("{s}[0].{f}"),
                    (None, _) => format!("{s}.{f}"),
                };
                self.leaf(text, t, t.range(dm))
            }
            Expr::Cast(t, e) => {
                let p = self.expr(e);
                self.leaf(
                    format!("(({}){})", t.c_name(), p.text),
                    *t,
                    conv(p.range, *t, dm),
                )
            }
            Expr::Un(op, e) => self.unary(*op, self.expr(e)),
            Expr::Bin(op, a, b) => self.bin(*op, self.expr(a), self.expr(b)),
            Expr::Cond(c, a, b) => {
                let (c, a, b) = (self.expr(c), self.expr(a), self.expr(b));
                let t = IntType::usual_arith(a.ty, b.ty, dm);
                let (ra, rb) = (conv(a.range, t, dm), conv(b.range, t, dm));
                self.leaf(
                    format!("({} ? {} : {})", c.text, a.text, b.text),
                    t,
                    (ra.0.min(rb.0), ra.1.max(rb.1)),
                )
            }
            Expr::Call(f, args) => {
                let t = self.env.funcs.get(f).copied().unwrap_or(IntType::Int);
                let args: Vec<String> = args.iter().map(|a| self.expr(a).text).collect();
                self.leaf(format!("{f}({})", args.join(", ")), t, t.range(dm))
            }
            Expr::SizeofTy(t) => {
                let v = size_of(*t, dm);
                let st = size_t(dm);
                self.leaf(format!("sizeof({})", t.c_name()), st, (v, v))
            }
            Expr::SizeofStruct(s) => {
                let st = size_t(dm);
                let s = self.tag_text(s);
                self.leaf(format!("sizeof(struct {s})"), st, st.range(dm))
            }
            Expr::Spelled(v, t, sp) => {
                let v = t.wrap(*v, dm);
                self.leaf(super::lits::spelled(v, *t, *sp), *t, (v, v))
            }
            Expr::Char(c) => {
                let (v, t) = c.value(dm);
                self.leaf(c.text(), t, (v, v))
            }
            Expr::SizeofObj(o) => self.sizeof_obj(o),
            Expr::ArrArg(a, off) => {
                let text = match off {
                    ArgOff::Whole => a.clone(),
                    ArgOff::Plus(k) => format!("{a} + {k}"),
                    ArgOff::Addr(k) => format!("&{a}[{k}]"),
                };
                let st = size_t(dm);
                self.leaf(text, st, st.range(dm))
            }
        }
    }

    /// `sizeof` of an array, a row or a pointer expression, with its value: an array's
    /// elements times their size, a pointer's size (8 or 4) whatever it points to.
    fn sizeof_obj(&self, o: &SizeofObj) -> Printed {
        let dm = self.dm;
        let ptr = size_of(size_t(dm), dm);
        let arr = |a: &str| {
            self.env
                .arrays
                .get(a)
                .cloned()
                .unwrap_or((IntType::Int, vec![1]))
        };
        let elems = |dims: &[u32]| dims.iter().map(|&n| n as i128).product::<i128>();
        let (text, v) = match o {
            SizeofObj::Array(a, paren) => {
                let (t, dims) = arr(a);
                let text = if *paren {
                    format!("sizeof({a})")
                } else {
                    format!("sizeof {a}")
                };
                (text, elems(&dims) * size_of(t, dm))
            }
            SizeofObj::Row(a) => {
                let (t, dims) = arr(a);
                (
                    format!("sizeof({a}[0])"),
                    elems(&dims[1..]) * size_of(t, dm),
                )
            }
            SizeofObj::Decayed(a, form) => {
                let e = match form % 4 {
                    0 => format!("{a} + 1"),
                    1 => format!("&{a}[0]"),
                    2 => format!("&{a}"),
                    _ => format!("(0, {a})"),
                };
                (format!("sizeof({e})"), ptr)
            }
            SizeofObj::Addr(x) => (format!("sizeof(&{x})"), ptr),
            SizeofObj::Pointer(p, form) => {
                let t = self.env.pointers.get(p).copied().unwrap_or(IntType::Int);
                match form % 4 {
                    0 => (format!("sizeof({p})"), ptr),
                    1 => (format!("sizeof(*{p})"), size_of(t, dm)),
                    2 => (format!("sizeof({p} + 1)"), ptr),
                    _ => (format!("sizeof {p}[0]"), size_of(t, dm)),
                }
            }
            SizeofObj::Param(f, a) => {
                let (t, _) = arr(a);
                let v = ptr / size_of(t, dm);
                return self.leaf(format!("{f}({a})"), IntType::Int, (v, v));
            }
        };
        self.leaf(text, size_t(dm), (v, v))
    }

    fn unary(&self, op: UnOp, a: Printed) -> Printed {
        let dm = self.dm;
        let t = a.ty.promote();
        let r = conv(a.range, t, dm);
        let tr = t.range(dm);
        match op {
            UnOp::Not => self.leaf(format!("(!{})", a.text), IntType::Int, (0, 1)),
            UnOp::BitNot => {
                let range = if t.is_signed() {
                    (-r.1 - 1, -r.0 - 1)
                } else {
                    (tr.1 - r.1, tr.1 - r.0)
                };
                self.leaf(format!("(~{})", a.text), t, range)
            }
            UnOp::Neg => {
                let n = (-r.1, -r.0);
                if within(n, tr) {
                    self.leaf(format!("(-{})", a.text), t, n)
                } else if !t.is_signed() {
                    self.leaf(format!("(-{})", a.text), t, tr)
                } else {
                    let u = unsigned_of(t);
                    self.leaf(
                        format!("(({})(-({}){}))", t.c_name(), u.c_name(), a.text),
                        t,
                        tr,
                    )
                }
            }
        }
    }

    /// A binary operation on printed operands, guarded where its operands' ranges need it.
    pub fn bin(&self, op: BinOp, a: Printed, b: Printed) -> Printed {
        use BinOp::*;
        let dm = self.dm;
        let plain = format!("({} {} {})", a.text, op.c_symbol(), b.text);
        let direct = |text: String, ty: IntType, range: Range| Printed {
            direct: text == plain,
            text,
            ty,
            range,
        };
        if op.is_boolean() {
            return direct(plain.clone(), IntType::Int, (0, 1));
        }
        if matches!(op, Shl | Shr) {
            return self.shift(op, a, b, &plain);
        }
        let t = IntType::usual_arith(a.ty, b.ty, dm);
        let tr = t.range(dm);
        let (ra, rb) = (conv(a.range, t, dm), conv(b.range, t, dm));
        match op {
            Add | Sub | Mul => {
                let exact = interval(op, ra, rb);
                match exact {
                    Some(r) if within(r, tr) => direct(plain.clone(), t, r),
                    _ if !t.is_signed() => direct(plain.clone(), t, tr),
                    _ => {
                        let u = unsigned_of(t).c_name();
                        let text = format!(
                            "(({})(({u}){} {} ({u}){}))",
                            t.c_name(),
                            a.text,
                            op.c_symbol(),
                            b.text
                        );
                        direct(text, t, tr)
                    }
                }
            }
            Div | Rem => {
                let m = rb.0.abs().max(rb.1.abs());
                let la = ra.0.abs().max(ra.1.abs());
                let res = if op == Div {
                    let lo = if ra.0 < 0 || rb.0 < 0 { -la } else { 0 };
                    (lo.max(tr.0), la.min(tr.1))
                } else {
                    let k = (m - 1).min(la);
                    (if ra.0 < 0 { -k } else { 0 }, if ra.1 > 0 { k } else { 0 })
                };
                let zero_free = rb.0 > 0 || rb.1 < 0;
                let min_neg1 = t.is_signed() && ra.0 == tr.0 && rb.0 <= -1 && -1 <= rb.1;
                if zero_free && !min_neg1 {
                    return direct(plain.clone(), t, res);
                }
                let guard = if t.is_signed() {
                    format!("{} > 0", b.text)
                } else {
                    format!("{} != 0", b.text)
                };
                let range = (res.0.min(ra.0), res.1.max(ra.1));
                direct(format!("({guard} ? {plain} : {})", a.text), t, range)
            }
            BitAnd | BitOr | BitXor => {
                let range = if ra.0 >= 0 && rb.0 >= 0 {
                    if op == BitAnd {
                        (0, ra.1.min(rb.1))
                    } else {
                        (0, mask_above(ra.1.max(rb.1)))
                    }
                } else if op == BitAnd && (ra.0 >= 0 || rb.0 >= 0) {
                    (0, if ra.0 >= 0 { ra.1 } else { rb.1 })
                } else {
                    tr
                };
                direct(plain.clone(), t, range)
            }
            _ => unreachable!("boolean and shift operators are handled above"),
        }
    }

    fn shift(&self, op: BinOp, a: Printed, b: Printed, plain: &str) -> Printed {
        let dm = self.dm;
        let t = a.ty.promote();
        let w = t.bits(dm) as i128;
        let tr = t.range(dm);
        let ra = conv(a.range, t, dm);
        let (count, rc) = if within(b.range, (0, w - 1)) {
            (b.text.clone(), b.range)
        } else {
            (format!("({} & {})", b.text, w - 1), (0, w - 1))
        };
        let text = format!("({} {} {count})", a.text, op.c_symbol());
        let mk = |text: String, range: Range| Printed {
            direct: text == plain,
            text,
            ty: t,
            range,
        };
        if op == BinOp::Shr {
            let range = if ra.0 >= 0 {
                (ra.0 >> rc.1, ra.1 >> rc.0)
            } else {
                (ra.0.min(0), ra.1.max(0))
            };
            return mk(text, range);
        }
        // `checked_shl` only rejects counts of 128 and more, not lost bits: multiply instead.
        let hi = 1i128
            .checked_shl(rc.1 as u32)
            .and_then(|p| ra.1.checked_mul(p))
            .filter(|h| *h <= tr.1);
        match hi {
            Some(h) if ra.0 >= 0 => mk(text, (ra.0 << rc.0, h)),
            _ if !t.is_signed() => mk(text, tr),
            _ => {
                let u = unsigned_of(t).c_name();
                mk(
                    format!("(({})(({u}){} << {count}))", t.c_name(), a.text),
                    tr,
                )
            }
        }
    }
}

/// `2^k - 1` for the smallest k with `2^k - 1 >= v` (the range of `|` and `^` of values ≤ v).
fn mask_above(v: i128) -> i128 {
    let mut m: i128 = 0;
    while m < v {
        m = m * 2 + 1;
    }
    m
}

/// The exact range of `a op b` (no wrapping), None when it does not fit i128.
fn interval(op: BinOp, a: Range, b: Range) -> Option<Range> {
    let f = |x: i128, y: i128| match op {
        BinOp::Add => x.checked_add(y),
        BinOp::Sub => x.checked_sub(y),
        _ => x.checked_mul(y),
    };
    let ys = if op == BinOp::Sub {
        [b.1, b.0]
    } else {
        [b.0, b.1]
    };
    let mut vals = Vec::new();
    for x in [a.0, a.1] {
        for y in ys {
            vals.push(f(x, y)?);
        }
    }
    Some((*vals.iter().min()?, *vals.iter().max()?))
}

fn size_t(dm: DataModel) -> IntType {
    match dm {
        DataModel::Lp64 => IntType::ULong,
        DataModel::Ilp32 => IntType::UInt,
    }
}

/// The comparison of a counting-up loop's test: `<=` for an inclusive row bound.
fn row_cmp(b: &Bound) -> &'static str {
    match b {
        Bound::Row { incl: true, .. } => "<=",
        _ => "<",
    }
}

fn assume_name(f: AssumeFn) -> &'static str {
    match f {
        AssumeFn::Verifier => "__VERIFIER_assume",
        AssumeFn::AbortIfNot => "assume_abort_if_not",
    }
}

/// A declaration without initialiser.
/// `struct Q { T m0; T m1; };`
fn struct_def_text(s: &StructDef) -> String {
    let mut t = format!("struct {} {{", s.name);
    for (f, ty) in &s.fields {
        let _ = write!(t, " {} {f};", ty.c_name());
    }
    t.push_str(" };");
    t
}

fn decl_text_plain(d: &Decl) -> String {
    match &d.ty {
        ObjTy::Scalar(t) => format!("{} {};", t.c_name(), d.name),
        ObjTy::Enum(t) => {
            let (x, first) = (&d.name, if *t == IntType::Int { -1 } else { 1 });
            format!("enum {x}_e {{ {x}_a = {first}, {x}_b, {x}_c }}; enum {x}_e {x};")
        }
        ObjTy::Array(t, dims) => {
            let dims: String = dims.iter().map(|n| format!("[{n}]")).collect();
            format!("{} {}{dims};", t.c_name(), d.name)
        }
        ObjTy::Struct(s) => format!("struct {s} {};", d.name),
        ObjTy::StructArray(s, n) => format!("struct {s} {}[{n}];", d.name),
    }
}

/// A declaration with its initialiser (nested braces, trailing elements left to be zero).
fn decl_text(d: &Decl, p: &Program) -> String {
    let plain = decl_text_plain(d);
    let Some(vals) = &d.init else {
        return plain;
    };
    let head = plain.trim_end_matches(';');
    let v = |t: IntType, x: i128| lit(t.wrap(x, p.dm), t);
    let fields = |s: &str| -> Vec<IntType> {
        p.structs
            .iter()
            .find(|d| d.name == s)
            .map(|d| d.fields.iter().map(|f| f.1).collect())
            .unwrap_or_default()
    };
    let group = |xs: &[i128], tys: &[IntType]| -> String {
        let items: Vec<String> = xs.iter().zip(tys).map(|(x, t)| v(*t, *x)).collect();
        format!("{{{}}}", items.join(", "))
    };
    let init = match &d.ty {
        ObjTy::Scalar(t) | ObjTy::Enum(t) => v(*t, vals.first().copied().unwrap_or(0)),
        ObjTy::Array(t, dims) if dims.len() == 1 => group(vals, &vec![*t; vals.len()]),
        ObjTy::Array(t, dims) => {
            let row = dims[1] as usize;
            let rows: Vec<String> = vals
                .chunks(row)
                .map(|c| group(c, &vec![*t; c.len()]))
                .collect();
            format!("{{{}}}", rows.join(", "))
        }
        ObjTy::Struct(s) => group(vals, &fields(s)),
        ObjTy::StructArray(s, _) => {
            let f = fields(s);
            let rows: Vec<String> = vals.chunks(f.len().max(1)).map(|c| group(c, &f)).collect();
            format!("{{{}}}", rows.join(", "))
        }
    };
    format!("{head} = {init};")
}

#[cfg(test)]
mod tests {
    use super::*;
    use IntType::*;

    fn var(v: &str) -> Expr {
        Expr::Var(v.into())
    }
    fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::Bin(op, Box::new(a), Box::new(b))
    }
    fn scalar(name: &str, t: IntType) -> Decl {
        Decl {
            name: name.into(),
            ty: ObjTy::Scalar(t),
            init: None,
        }
    }

    /// The program's text after the prelude.
    fn body(p: &Program) -> String {
        print_program(p)[prelude().len()..].to_string()
    }

    #[test]
    fn guards_follow_the_ranges() {
        let a = Decl {
            name: "a".into(),
            ty: ObjTy::Array(Int, vec![4]),
            init: Some(vec![1, -2]),
        };
        let lp = Loop {
            kind: LoopKind::For,
            counter: "i".into(),
            down: false,
            bound: Bound::Const(4),
            body: vec![
                // In range: i; out of range: i + 1.
                Stmt::Assign(
                    LVal::Elem("a".into(), vec![var("i")]),
                    Expr::Elem(
                        "a".into(),
                        vec![bin(BinOp::Add, var("i"), Expr::Lit(1, Int))],
                    ),
                ),
                Stmt::Continue(bin(BinOp::Eq, var("i"), Expr::Lit(2, Int))),
            ],
        };
        let p = Program {
            dm: DataModel::Lp64,
            structs: vec![],
            globals: vec![a],
            funcs: vec![],
            struct_funcs: vec![],
            locals: vec![scalar("x", Int), scalar("c", Char), scalar("i", Int)],
            pointers: vec![],
            sizers: vec![],
            body: vec![
                // int + int may overflow: done in unsigned int.
                Stmt::Assign(LVal::Var("x".into()), bin(BinOp::Add, var("x"), var("x"))),
                // char * char fits int: as it is, and as a compound assignment.
                Stmt::Compound(LVal::Var("c".into()), BinOp::Mul, var("c")),
                // Division by a variable: guarded; shift by a variable: masked.
                Stmt::Assign(LVal::Var("x".into()), bin(BinOp::Div, var("x"), var("c"))),
                Stmt::Assign(LVal::Var("x".into()), bin(BinOp::Shl, var("c"), var("x"))),
                Stmt::Loop(Loop {
                    kind: LoopKind::While,
                    ..lp
                }),
                Stmt::Assert(bin(BinOp::Ne, var("x"), Expr::Lit(-1, Long))),
            ],
        };
        let golden = "\
int a[4] = {1, (-2)};
int main() {
  int x;
  char c;
  int i;
  x = ((int)((unsigned int)x + (unsigned int)x));
  c *= c;
  x = (c > 0 ? (x / c) : x);
  x = ((int)((unsigned int)c << (x & 31)));
  i = 0;
  while (i < 4) {
    a[i] = a[(unsigned int)((i + 1)) % 4u];
    if ((i == 2)) { i++; continue; }
    i++;
  }
  __VERIFIER_assert((x != ((long)(-1))));
  return 0;
}
";
        assert_eq!(body(&p), golden);
        assert_eq!(p.unwind_bound(), 6);
    }

    /// A struct tag shadowed in a block: its members have the inner type inside the block
    /// (an `unsigned char` sum fits `int`: no guard) and the outer type again after it (an
    /// `int` sum may overflow: done in `unsigned int`); the object declared before the block
    /// keeps the outer type inside it.
    #[test]
    fn a_block_tag_shadows_the_outer_one_up_to_the_blocks_end() {
        let q = |t: IntType| StructDef {
            name: "Q".into(),
            fields: vec![("m0".into(), t), ("m1".into(), t)],
        };
        let obj = |n: &str| Decl {
            name: n.into(),
            ty: ObjTy::Struct("Q".into()),
            init: None,
        };
        let sum = |n: &str| {
            let f = |m: &str| Expr::Field(n.into(), None, m.into());
            Stmt::Assign(LVal::Var("r".into()), bin(BinOp::Add, f("m0"), f("m1")))
        };
        let items = vec![DItem {
            desig: vec![],
            braced: false,
            vals: vec![300, -1],
        }];
        let p = Program {
            dm: DataModel::Lp64,
            structs: vec![q(Int)],
            globals: vec![],
            funcs: vec![],
            struct_funcs: vec![],
            locals: vec![
                Decl {
                    init: Some(vec![300, -1]),
                    ..obj("b")
                },
                scalar("r", Int),
            ],
            pointers: vec![],
            sizers: vec![],
            body: vec![
                Stmt::If(
                    Expr::Lit(1, Int),
                    vec![
                        Stmt::TagDef(q(UChar)),
                        Stmt::DesigDecl(obj("i"), items.clone()),
                        sum("i"),
                        sum("b"),
                        Stmt::Assert(bin(
                            BinOp::Eq,
                            Expr::SizeofStruct("Q".into()),
                            Expr::Lit(2, Int),
                        )),
                    ],
                    vec![],
                ),
                Stmt::DesigDecl(obj("o"), items),
                sum("o"),
            ],
        };
        let golden = "\
struct Q { int m0; int m1; };
int main() {
  struct Q b = {300, (-1)};
  int r;
  if (1) {
    struct Q { unsigned char m0; unsigned char m1; };
    struct Q i = { ((unsigned char)44), ((unsigned char)255) };
    r = (i.m0 + i.m1);
    r = ((int)((unsigned int)b.m0 + (unsigned int)b.m1));
    __VERIFIER_assert((sizeof(struct Q) == 2));
  }
  struct Q o = { 300, (-1) };
  r = ((int)((unsigned int)o.m0 + (unsigned int)o.m1));
  return 0;
}
";
        assert_eq!(body(&p), golden);
        // For plain ESBMC: the block's tag renamed apart, its object and `sizeof` with it.
        let truth = print_for_truth(&p)[prelude().len()..].to_string();
        let renamed = golden
            .replace("struct Q { unsigned char", "struct Q_b2 { unsigned char")
            .replace("struct Q i", "struct Q_b2 i")
            .replace("sizeof(struct Q)", "sizeof(struct Q_b2)");
        assert_eq!(truth, renamed);
    }

    #[test]
    fn a_left_shift_that_loses_bits_gets_the_whole_range() {
        // 2^64 - 1 << 63 does not fit i128; the range must not wrap to a small one.
        let pr = Printer {
            dm: DataModel::Lp64,
            env: Env::default(),
            out: String::new(),
            indent: 0,
            rename_tags: false,
        };
        let p = |text: &str, ty: IntType, range: Range| Printed {
            text: text.into(),
            ty,
            range,
            direct: true,
        };
        let full = ULongLong.range(DataModel::Lp64);
        let r = pr.bin(BinOp::Shl, p("u", ULongLong, full), p("s", Int, (0, 63)));
        assert_eq!(r.range, full);
        let small = pr.bin(BinOp::Shl, p("c", Int, (0, 3)), p("s", Int, (0, 2)));
        assert_eq!((small.text.as_str(), small.range), ("(c << s)", (0, 12)));
    }

    #[test]
    fn literals_keep_their_type() {
        assert_eq!(lit(-2147483648, Int), "(-2147483647 - 1)");
        assert_eq!(lit(5, ULong), "((unsigned long)5)");
        assert_eq!(lit(1 << 40, Long), "((long)1099511627776ULL)");
        assert_eq!(
            lit(-(1 << 40), LongLong),
            "((long long)(-1099511627775LL - 1))"
        );
    }
}
