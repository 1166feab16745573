//! Building IR programs by hand for the SMT tests (the front end is not used here).
#![allow(dead_code)]

use ara::ir::cfg::Cfg;
use ara::ir::{
    ArrId, Array, ArrayInit, BinOp, DataModel, Expr, IntType, Program, Span, Stmt, StmtKind,
    Storage, UnOp, Var, VarId, Vertex,
};

pub struct B {
    pub p: Program,
}

impl B {
    pub fn new() -> B {
        B {
            p: Program {
                file: "test.c".into(),
                data_model: DataModel::Lp64,
                vars: vec![],
                arrays: vec![],
                labels: vec![],
                body: vec![],
                num_vertices: 2,
                loop_sites: vec![],
            },
        }
    }

    pub fn var_with(
        &mut self,
        name: &str,
        ty: IntType,
        storage: Storage,
        init: Option<i128>,
    ) -> VarId {
        self.p.vars.push(Var {
            name: name.into(),
            display: name.into(),
            ty,
            storage,
            init,
            span: Span::default(),
            synthetic: false,
        });
        VarId(self.p.vars.len() as u32 - 1)
    }

    /// An uninitialised local.
    pub fn local(&mut self, name: &str, ty: IntType) -> VarId {
        self.var_with(name, ty, Storage::Local, None)
    }

    pub fn global(&mut self, name: &str, ty: IntType) -> VarId {
        self.var_with(name, ty, Storage::Global, None)
    }

    pub fn array(
        &mut self,
        name: &str,
        elem: IntType,
        size: u64,
        storage: Storage,
        init: ArrayInit,
    ) -> ArrId {
        self.p.arrays.push(Array {
            name: name.into(),
            display: name.into(),
            elem,
            size: ara::ir::Size::Const(size),
            storage,
            init,
            span: Span::default(),
            dims: vec![ara::ir::Size::Const(size)],
        });
        ArrId(self.p.arrays.len() as u32 - 1)
    }

    /// The program with `body`; vertex ids must be 1..=n, the exit vertex is n + 1.
    pub fn finish(mut self, body: Vec<Stmt>) -> Program {
        let mut max = 0;
        self.p.body = body;
        self.p.visit_stmts(&mut |s| {
            if !matches!(s.kind, StmtKind::Label(_) | StmtKind::Block(_)) {
                max = max.max(s.id);
            }
        });
        self.p.num_vertices = max + 2;
        self.p
    }
}

/// A statement at vertex `id`, written on line `id`.
pub fn st(id: Vertex, kind: StmtKind) -> Stmt {
    Stmt {
        kind,
        span: Span { line: id, col: 1 },
        id,
    }
}
pub fn assign(id: Vertex, x: VarId, e: Expr) -> Stmt {
    st(id, StmtKind::Assign(x, e))
}
pub fn store(id: Vertex, a: ArrId, i: Expr, e: Expr) -> Stmt {
    st(id, StmtKind::Store(a, i, e))
}
pub fn assert_(id: Vertex, c: Expr) -> Stmt {
    st(id, StmtKind::Assert(c))
}
pub fn assume(id: Vertex, c: Expr) -> Stmt {
    st(id, StmtKind::Assume(c))
}
pub fn while_(id: Vertex, cond: Expr, body: Vec<Stmt>) -> Stmt {
    st(
        id,
        StmtKind::While {
            cond,
            body,
            step: vec![],
        },
    )
}
pub fn if_(id: Vertex, c: Expr, t: Vec<Stmt>, e: Vec<Stmt>) -> Stmt {
    st(id, StmtKind::If(c, t, e))
}

pub fn v(x: VarId) -> Expr {
    Expr::Var(x)
}
pub fn int(n: i128) -> Expr {
    Expr::int(n)
}
pub fn k(n: i128, t: IntType) -> Expr {
    Expr::Const(n, t)
}
pub fn rd(a: ArrId, i: Expr) -> Expr {
    Expr::Read(a, Box::new(i))
}
pub fn nondet(t: IntType) -> Expr {
    Expr::Nondet(t)
}
pub fn cast(t: IntType, e: Expr) -> Expr {
    Expr::Cast(t, Box::new(e))
}
pub fn neg(e: Expr) -> Expr {
    Expr::Unary(UnOp::Neg, Box::new(e))
}
pub fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::bin(op, a, b)
}
pub fn and(a: Expr, b: Expr) -> Expr {
    Expr::bin(BinOp::LogAnd, a, b)
}
pub fn eq(a: Expr, b: Expr) -> Expr {
    Expr::bin(BinOp::Eq, a, b)
}

/// The paper's example, `a` a local (free) array:
/// 1: a[1]=9; 2: i=0; 3: while(a[i]!=9){ 4: a[i]=2*i; 5: i=i+1; } 6: assert(i<=1); 7: exit.
/// Without `with_store`, vertex 1 is `i=0` and everything moves up by one.
pub fn paper(with_store: bool) -> (Program, ArrId, VarId) {
    let mut b = B::new();
    let a = b.array("a", IntType::Int, 30, Storage::Local, ArrayInit::Nondet);
    let i = b.local("i", IntType::Int);
    let o = if with_store { 1 } else { 0 };
    let mut body = vec![];
    if with_store {
        body.push(store(1, a, int(1), int(9)));
    }
    body.push(assign(1 + o, i, int(0)));
    body.push(while_(
        2 + o,
        bin(BinOp::Ne, rd(a, v(i)), int(9)),
        vec![
            store(3 + o, a, v(i), bin(BinOp::Mul, int(2), v(i))),
            assign(4 + o, i, bin(BinOp::Add, v(i), int(1))),
        ],
    ));
    body.push(assert_(5 + o, bin(BinOp::Le, v(i), int(1))));
    (b.finish(body), a, i)
}

/// A straight-line program `assigns…; assert(cond);` and its path to the error vertex.
pub fn straight(b: B, assigns: Vec<(VarId, Expr)>, cond: Expr) -> (Program, Vec<Vertex>) {
    let mut body = vec![];
    let mut path = vec![];
    for (n, (x, e)) in assigns.into_iter().enumerate() {
        body.push(assign(n as Vertex + 1, x, e));
        path.push(n as Vertex + 1);
    }
    let id = body.len() as Vertex + 1;
    body.push(assert_(id, cond));
    path.push(id);
    path.push(0);
    let p = b.finish(body);
    assert!(Cfg::build(&p).is_path(&path));
    (p, path)
}
