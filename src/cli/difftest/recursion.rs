//! The recursion class of the generator (`ara-difftest run --recursion`): programs whose
//! properties sit behind recursive procedures whose values depend on the data model, for
//! ara's procedural path (ESBMC on the source, the summaries, the bug search on bounded
//! inlinings replayed by gcc or, for an ILP32 task without a 32-bit gcc, by ara itself).
//!
//! Takes a seed's [`Rng`] and the data model; gives a [`Program`] of one or two patterns,
//! each a recursion called on an input `x` in a small range and checked:
//! - a geometric recursion `r(n) = n <= 0 ? B : r(n - 1) * M + K` in `long`, `unsigned long`,
//!   `int`, ... (a `long` overflows past 32 bits on ILP32 only, some at depths 20 to 40:
//!   deeper than the bug search's fixed inlinings);
//! - a sum of `sizeof(long)`, `sizeof(long long)` or `sizeof(&p)` (a pointer) per activation;
//! - a mutual recursion `ping`/`pong` with a value parameter of that type;
//! - a recursion that writes a global of that type at each activation;
//! - a recursion over a global array (`s(i) = i >= N ? 0 : a[i] + s(i + 1)`) with elements
//!   near 2^30, whose sum leaves 32 bits;
//! - a recursion over an array of its own (one per activation) of 17 to 200 elements,
//!   filled at each activation with `p0 + K` (or `c + p0 + K` at `b[c]`), whose element `J`
//!   it reads after its recursive call (`l(n) = (n <= 0 ? 0 : l(n - 1)) + b[J]`): one array
//!   shared by the activations would read the callee's fill (issue 26's arrays past the
//!   summaries' scalars, `engines::horn::sumcells`, "A procedure's own arrays");
//! - (three times in eight) a pattern of [`super::arrparams`]: a recursion over an array
//!   parameter, called on one array, on two, aliased, or on `a + k`.
//!
//! The check compares the result at one input `X` with the generator's own reading of the
//! recursion in the *other* data model, its negation, its reading in the program's model (a
//! holding check, or one off by one), or a sign: so a check's truth often differs between
//! ILP32 and LP64. The generator's readings only balance safe and unsafe programs: the truth is
//! the tester's oracle's (plain ESBMC with complete unwinding, `--32` for ILP32; gcc runs on
//! LP64), never this module's. The printer ([`super::print`]) makes the arithmetic free of
//! UB (a signed overflow is done in the unsigned type and converted back), which this
//! module's readings follow ([`IntType::wrap`] after each operation).

use super::ast::*;
use super::print::size_of;
use super::rng::Rng;
use crate::ir::types::{DataModel, IntType};

use IntType::*;

/// The types of the recursions' values (`long` and `unsigned long` most often: their width
/// is the data model's).
const VALUE_TYPES: [IntType; 7] = [Long, Long, ULong, ULong, Int, UInt, LongLong];

/// The builder of one program.
struct Rec {
    rng: Rng,
    dm: DataModel,
    fresh: u32,
    globals: Vec<Decl>,
    funcs: Vec<Func>,
    locals: Vec<Decl>,
    body: Vec<Stmt>,
}

/// The program of the recursion class for `rng` in data model `dm` (module doc).
pub fn program(rng: Rng, dm: DataModel) -> Program {
    let mut g = Rec {
        rng,
        dm,
        fresh: 0,
        globals: vec![],
        funcs: vec![],
        locals: vec![],
        body: vec![],
    };
    let n = if g.rng.chance(30) { 2 } else { 1 };
    for _ in 0..n {
        match g.rng.below(8) {
            0 => g.geometric(),
            1 => g.sizes(),
            2 => g.mutual(),
            3 => g.global(),
            4 if g.rng.chance(50) => g.local_array(),
            4 => g.array(),
            _ => g.arrparam(),
        }
    }
    Program {
        dm,
        structs: vec![],
        globals: g.globals,
        funcs: g.funcs,
        struct_funcs: vec![],
        locals: g.locals,
        pointers: vec![],
        sizers: vec![],
        body: g.body,
    }
}

fn var(v: &str) -> Expr {
    Expr::Var(v.to_string())
}

fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::Bin(op, Box::new(a), Box::new(b))
}

fn cond(c: Expr, a: Expr, b: Expr) -> Expr {
    Expr::Cond(Box::new(c), Box::new(a), Box::new(b))
}

fn int(v: i128) -> Expr {
    Expr::Lit(v, Int)
}

/// `p0 - 1`.
fn down() -> Expr {
    bin(BinOp::Sub, var("p0"), int(1))
}

fn other(dm: DataModel) -> DataModel {
    match dm {
        DataModel::Ilp32 => DataModel::Lp64,
        DataModel::Lp64 => DataModel::Ilp32,
    }
}

/// A reading of a pattern's checked value at an input, in a data model.
type Reading<'a> = &'a dyn Fn(i128, DataModel) -> i128;

impl Rec {
    fn name(&mut self, prefix: &str) -> String {
        self.fresh += 1;
        format!("{prefix}{}", self.fresh)
    }

    fn ty(&mut self) -> IntType {
        *self.rng.pick(&VALUE_TYPES)
    }

    /// A scalar local of `main`.
    fn local(&mut self, prefix: &str, t: IntType) -> String {
        let name = self.name(prefix);
        self.locals.push(Decl {
            name: name.clone(),
            ty: ObjTy::Scalar(t),
            init: None,
        });
        name
    }

    /// The largest input: small, or (`deep`) as deep as 20 to 40 activations.
    fn top(&mut self, deep: bool) -> i128 {
        match deep && self.rng.chance(50) {
            true => self.rng.range(20, 40) as i128,
            false => self.rng.range(1, 10) as i128,
        }
    }

    /// `x = nondet(); assume(0 <= x && x <= hi);` for a fresh local `x`: its name.
    fn input(&mut self, hi: i128) -> String {
        let x = self.local("x", Int);
        let f = match self.rng.chance(50) {
            true => AssumeFn::Verifier,
            false => AssumeFn::AbortIfNot,
        };
        let range = bin(
            BinOp::LogAnd,
            bin(BinOp::Ge, var(&x), int(0)),
            bin(BinOp::Le, var(&x), int(hi)),
        );
        self.body.push(Stmt::Havoc(LVal::Var(x.clone()), Int));
        self.body.push(Stmt::Assume(f, range));
        x
    }

    /// A recursive function of the pattern: parameters `p0` (the depth) and more.
    fn func(&mut self, name: &str, ret: IntType, params: Vec<IntType>, result: Expr, d: i128) {
        self.func_with(name, ret, params, vec![], result, d);
    }

    fn func_with(
        &mut self,
        name: &str,
        ret: IntType,
        params: Vec<IntType>,
        body: Vec<Stmt>,
        result: Expr,
        d: i128,
    ) {
        let params = params
            .into_iter()
            .enumerate()
            .map(|(k, t)| Param::Int(format!("p{k}"), t))
            .collect();
        self.funcs.push(Func {
            name: name.to_string(),
            ret,
            params,
            body,
            result,
            depth: d as u32 + 2,
        });
    }

    /// The check of `y` (of type `t`) at an input `X` in `0..=hi` of `x`, with `read` the
    /// generator's reading of `y` at an input (module doc).
    fn check(&mut self, x: &str, y: Expr, t: IntType, hi: i128, read: Reading) {
        let at = if self.rng.chance(50) {
            hi
        } else {
            self.rng.range(0, hi as i64) as i128
        };
        let (this, that) = (read(at, self.dm), read(at, other(self.dm)));
        let at_x = |e: Expr| bin(BinOp::LogOr, bin(BinOp::Ne, var(x), int(at)), e);
        let lit = |v: i128| Expr::Lit(v, t);
        let e = match self.rng.below(20) {
            0..=6 => at_x(bin(BinOp::Eq, y, lit(that))),
            7..=9 => bin(BinOp::Ne, y, lit(that)),
            10..=12 => at_x(bin(BinOp::Eq, y, lit(this))),
            13..=14 => at_x(bin(BinOp::Eq, y, lit(this + 1))),
            _ if t.is_signed() => bin(BinOp::Gt, y, int(0)),
            _ => bin(BinOp::Ne, y, int(0)),
        };
        self.body.push(Stmt::Assert(e));
    }

    /// `r(n) = n <= 0 ? B : r(n - 1) * M + K`.
    fn geometric(&mut self) {
        let (t, f) = (self.ty(), self.name("r"));
        let b = self.rng.range(1, 5) as i128;
        let m = *self.rng.pick(&[1, 2, 2, 3, 3, 5, 10, 256, 65536]);
        let k = self.rng.range(-3, 9) as i128;
        let rec = Expr::Call(f.clone(), vec![down()]);
        let step = bin(
            BinOp::Add,
            bin(BinOp::Mul, rec, Expr::Lit(m, t)),
            Expr::Lit(k, t),
        );
        let result = cond(bin(BinOp::Le, var("p0"), int(0)), Expr::Lit(b, t), step);
        let hi = self.top(m > 1);
        self.func(&f, t, vec![Int], result, hi);
        let x = self.input(hi);
        let y = self.local("y", t);
        let call = Expr::Call(f, vec![var(&x)]);
        self.body.push(Stmt::Assign(LVal::Var(y.clone()), call));
        let read = move |n: i128, dm: DataModel| {
            (0..n).fold(t.wrap(b, dm), |v, _| {
                t.wrap(t.wrap(v * t.wrap(m, dm), dm) + t.wrap(k, dm), dm)
            })
        };
        self.check(&x, var(&y), t, hi, &read);
    }

    /// `r(n) = n <= 0 ? 0 : r(n - 1) + sizeof(U)` (or `sizeof(&p0)`, a pointer's size).
    fn sizes(&mut self) {
        let t = *self.rng.pick(&[Long, ULong, Int, UInt]);
        let f = self.name("r");
        let (unit, size): (Expr, Box<dyn Fn(DataModel) -> i128>) = match self.rng.below(4) {
            0 => (
                Expr::SizeofObj(SizeofObj::Addr("p0".into())),
                Box::new(|dm| size_of(ULong, dm)),
            ),
            k => {
                let u = [Long, LongLong, ULong][k as usize - 1];
                (Expr::SizeofTy(u), Box::new(move |dm| size_of(u, dm)))
            }
        };
        let rec = Expr::Call(f.clone(), vec![down()]);
        let step = Expr::Cast(t, Box::new(bin(BinOp::Add, rec, unit)));
        let result = cond(bin(BinOp::Le, var("p0"), int(0)), Expr::Lit(0, t), step);
        let hi = self.top(false);
        self.func(&f, t, vec![Int], result, hi);
        let x = self.input(hi);
        let y = self.local("y", t);
        self.body.push(Stmt::Assign(
            LVal::Var(y.clone()),
            Expr::Call(f, vec![var(&x)]),
        ));
        let read = move |n: i128, dm: DataModel| t.wrap(n * size(dm), dm);
        self.check(&x, var(&y), t, hi, &read);
    }

    /// `ping(n, a) = n <= 0 ? a : pong(n - 1, a * M + 1)`,
    /// `pong(n, a) = n <= 0 ? a + K : ping(n - 1, a + K)`.
    fn mutual(&mut self) {
        let t = self.ty();
        let (ping, pong) = (self.name("ping"), self.name("pong"));
        let m = *self.rng.pick(&[2, 3, 16, 256]);
        let (k, b) = (self.rng.range(-2, 7) as i128, self.rng.range(0, 4) as i128);
        let stop = || bin(BinOp::Le, var("p0"), int(0));
        let a = || var("p1");
        let plus_k = || bin(BinOp::Add, a(), Expr::Lit(k, t));
        let times = bin(
            BinOp::Add,
            bin(BinOp::Mul, a(), Expr::Lit(m, t)),
            Expr::Lit(1, t),
        );
        let hi = self.top(true);
        let to_pong = Expr::Call(pong.clone(), vec![down(), times]);
        let to_ping = Expr::Call(ping.clone(), vec![down(), plus_k()]);
        self.func(&ping, t, vec![Int, t], cond(stop(), a(), to_pong), hi);
        self.func(&pong, t, vec![Int, t], cond(stop(), plus_k(), to_ping), hi);
        let x = self.input(hi);
        let y = self.local("y", t);
        let call = Expr::Call(ping, vec![var(&x), Expr::Lit(b, t)]);
        self.body.push(Stmt::Assign(LVal::Var(y.clone()), call));
        let read = move |n: i128, dm: DataModel| {
            let (w, mut a, mut in_ping) = (|v: i128| t.wrap(v, dm), t.wrap(b, dm), true);
            for _ in 0..n {
                a = match in_ping {
                    true => w(w(a * w(m)) + w(1)),
                    false => w(a + w(k)),
                };
                in_ping = !in_ping;
            }
            if in_ping { a } else { w(a + w(k)) }
        };
        self.check(&x, var(&y), t, hi, &read);
    }

    /// `int f(int n) { g = g * M + K; return n <= 0 ? 0 : f(n - 1) + 1; }` with a global `g`
    /// of the value type, set to B before the call; the check is on `g`.
    fn global(&mut self) {
        let t = self.ty();
        let (f, g) = (self.name("f"), self.name("g"));
        let m = *self.rng.pick(&[1, 2, 3, 7, 100]);
        let (k, b) = (self.rng.range(-3, 9) as i128, self.rng.range(0, 5) as i128);
        self.globals.push(Decl {
            name: g.clone(),
            ty: ObjTy::Scalar(t),
            init: None,
        });
        let upd = bin(
            BinOp::Add,
            bin(BinOp::Mul, var(&g), Expr::Lit(m, t)),
            Expr::Lit(k, t),
        );
        let rec = bin(BinOp::Add, Expr::Call(f.clone(), vec![down()]), int(1));
        let result = cond(bin(BinOp::Le, var("p0"), int(0)), int(0), rec);
        let hi = self.top(m > 1);
        let body = vec![Stmt::Assign(LVal::Var(g.clone()), upd)];
        self.func_with(&f, Int, vec![Int], body, result, hi);
        let x = self.input(hi);
        let y = self.local("y", Int);
        self.body
            .push(Stmt::Assign(LVal::Var(g.clone()), Expr::Lit(b, t)));
        let call = Expr::Call(f, vec![var(&x)]);
        self.body.push(Stmt::Assign(LVal::Var(y), call));
        let read = move |n: i128, dm: DataModel| {
            let w = |v: i128| t.wrap(v, dm);
            (0..=n).fold(w(b), |v, _| w(w(v * w(m)) + w(k)))
        };
        self.check(&x, var(&g), t, hi, &read);
    }

    /// A pattern of [`super::arrparams`].
    fn arrparam(&mut self) {
        let p = super::arrparams::pattern(&mut self.rng, &mut self.fresh);
        self.globals.extend(p.globals);
        self.funcs.extend(p.funcs);
        self.locals.extend(p.locals);
        self.body.extend(p.body);
    }

    /// `T l(int p0) { T b[N]; int c; for (c = 0; c < N; c++) b[c] = p0 + K; return (p0 <= 0 ?
    /// 0 : l(p0 - 1)) + b[J]; }` (or `b[c] = c + p0 + K`), called on an input `x` (module doc).
    fn local_array(&mut self) {
        let t = self.ty();
        let (f, b, c) = (self.name("l"), self.name("b"), self.name("c"));
        let n = *self.rng.pick(&[17, 65, 100, 200]);
        let k = self.rng.range(-3, 9) as i128;
        let j = match self.rng.chance(50) {
            true => n as i128 - 1,
            false => self.rng.range(0, n as i64 - 1) as i128,
        };
        let by_index = self.rng.chance(30);
        let mut fill = bin(
            BinOp::Add,
            Expr::Cast(t, Box::new(var("p0"))),
            Expr::Lit(k, t),
        );
        if by_index {
            fill = bin(BinOp::Add, fill, Expr::Cast(t, Box::new(var(&c))));
        }
        let decl = |name: &str, ty| {
            Stmt::Decl(Decl {
                name: name.to_string(),
                ty,
                init: None,
            })
        };
        let body = vec![
            decl(&b, ObjTy::Array(t, vec![n])),
            decl(&c, ObjTy::Scalar(Int)),
            Stmt::Loop(Loop {
                kind: LoopKind::For,
                counter: c.clone(),
                down: false,
                bound: Bound::Const(n),
                body: vec![Stmt::Assign(LVal::Elem(b.clone(), vec![var(&c)]), fill)],
            }),
        ];
        let rec = cond(
            bin(BinOp::Le, var("p0"), int(0)),
            Expr::Lit(0, t),
            Expr::Call(f.clone(), vec![down()]),
        );
        let result = bin(BinOp::Add, rec, Expr::Elem(b, vec![int(j)]));
        let hi = self.top(false);
        self.func_with(&f, t, vec![Int], body, result, hi);
        let x = self.input(hi);
        let y = self.local("y", t);
        let call = Expr::Call(f, vec![var(&x)]);
        self.body.push(Stmt::Assign(LVal::Var(y.clone()), call));
        let at = if by_index { j } else { 0 };
        let read = move |top: i128, dm: DataModel| {
            let w = |v: i128| t.wrap(v, dm);
            (0..=top).fold(w(0), |s, p| w(s + w(w(w(p) + w(k)) + w(at))))
        };
        self.check(&x, var(&y), t, hi, &read);
    }

    /// `s(i) = i >= N ? 0 : a[i] + s(i + 1)` over a global array `a` with elements near
    /// 2^30 (their sum leaves 32 bits) or small ones, called on an input `x` in `0..=N`.
    fn array(&mut self) {
        let t = self.ty();
        let (f, a) = (self.name("s"), self.name("a"));
        let n = self.rng.range(3, 8) as i128;
        let vals: Vec<i128> = (0..n)
            .map(|_| match self.rng.below(3) {
                0 => self.rng.range(-4, 9) as i128,
                _ => (1 << 30) + self.rng.range(-5, 5) as i128,
            })
            .collect();
        self.globals.push(Decl {
            name: a.clone(),
            ty: ObjTy::Array(t, vec![n as u32]),
            init: Some(vals.clone()),
        });
        let up = bin(BinOp::Add, var("p0"), int(1));
        let rec = bin(
            BinOp::Add,
            Expr::Elem(a, vec![var("p0")]),
            Expr::Call(f.clone(), vec![up]),
        );
        let result = cond(bin(BinOp::Ge, var("p0"), int(n)), Expr::Lit(0, t), rec);
        self.func(&f, t, vec![Int], result, n);
        let x = self.input(n);
        let y = self.local("y", t);
        let call = Expr::Call(f, vec![var(&x)]);
        self.body.push(Stmt::Assign(LVal::Var(y.clone()), call));
        let read = move |from: i128, dm: DataModel| {
            let w = |v: i128| t.wrap(v, dm);
            vals[from.max(0) as usize..]
                .iter()
                .rev()
                .fold(w(0), |s, &v| w(w(v) + s))
        };
        // Checked at a start below N (at N the sum is 0 in every data model).
        self.check(&x, var(&y), t, n - 1, &read);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::difftest::print::print_program;
    use crate::frontend::{FrontendOptions, parse_procedures};

    /// Every program parses as a recursive procedural program in its data model (or, with
    /// an array parameter, is refused for its offset argument or for the recursion that a call
    /// on another array inlines), its unwinding bound covers its recursion, and the class has
    /// deep ones (past 24 activations) and ones whose checks read the other data model.
    #[test]
    fn programs_are_recursive_and_parse() {
        let (mut deep, mut arrays, mut refused) = (0, 0, 0);
        for seed in 0..60 {
            let dm = match seed % 2 {
                0 => DataModel::Ilp32,
                _ => DataModel::Lp64,
            };
            let p = program(Rng::new(seed), dm);
            let text = print_program(&p);
            let opts = FrontendOptions {
                data_model: dm,
                ..FrontendOptions::default()
            };
            let d = p.funcs.iter().map(|f| f.depth).max().unwrap_or(0);
            assert!(p.unwind_bound() >= d + 2, "seed {seed}");
            deep += (d > 26) as u32;
            let with_arrays = p.funcs.iter().any(Func::has_array_param);
            arrays += with_arrays as u32;
            let pp = match parse_procedures(&text, "gen.c", &opts) {
                Ok(pp) => pp,
                Err(e) if with_arrays => {
                    let e = e.to_string();
                    assert!(e.contains("pointer") || e.contains("recursion"), "{e}");
                    refused += 1;
                    continue;
                }
                Err(e) => panic!("seed {seed}: {e}\n{text}"),
            };
            assert!(pp.is_recursive(), "seed {seed}\n{text}");
        }
        assert!(deep >= 5, "{deep} deep programs of 60");
        assert!(
            arrays >= 10 && refused < arrays / 2,
            "{refused} of {arrays} refused"
        );
    }

    /// Golden text of one program (seed 3, ILP32: `sizeof(unsigned long)` per activation,
    /// checked against 6 * 8 = 48, LP64's reading): a change to the class shows here.
    #[test]
    fn golden_seed_3() {
        let text = print_program(&program(Rng::new(3), DataModel::Ilp32));
        let body = &text[crate::cli::difftest::print::prelude().len()..];
        let golden = "\
unsigned long r1(int p0);
unsigned long r1(int p0) {
  return ((p0 <= 0) ? ((unsigned long)0) : ((unsigned long)(r1(((int)((unsigned int)p0 - (unsigned int)1))) + sizeof(unsigned long))));
}
int main() {
  int x2;
  unsigned long y3;
  x2 = __VERIFIER_nondet_int();
  __VERIFIER_assume(((x2 >= 0) && (x2 <= 7)));
  y3 = r1(x2);
  __VERIFIER_assert(((x2 != 6) || (y3 == ((unsigned long)48))));
  return 0;
}
";
        assert_eq!(body, golden);
    }
}
