//! The control-flow graph of a [`Program`]: one vertex per statement id, edges with guards.
//!
//! Takes the structured IR, gives the graph that traces are paths of (`ara cfg` prints it, the
//! SMT encoder walks it). Vertex 0 is the error vertex, the last vertex the exit of `main`.

use super::print::{expr_to_c, stmt_head};
use super::{Expr, LabelId, Program, Span, Stmt, StmtKind, VERTEX_ERROR, Vertex};
use std::collections::HashMap;
use std::fmt::Write as _;

/// When an edge may be taken.
#[derive(Clone, Debug, PartialEq)]
pub enum Guard {
    Always,
    /// The vertex's condition is non-zero.
    True,
    /// The vertex's condition is zero.
    False,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Edge {
    pub to: Vertex,
    pub guard: Guard,
}

/// What happens at a vertex.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The error vertex.
    ErrorVertex,
    /// The exit vertex of `main`.
    ExitVertex,
    /// The statement (for branching statements, only the test matters: see [`Action::cond`]).
    Stmt(Stmt),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub id: Vertex,
    pub action: Action,
    pub span: Span,
    pub succs: Vec<Edge>,
}

impl Node {
    /// The condition tested at a branching vertex (`if`, loops, `assert`, `assume`).
    pub fn cond(&self) -> Option<&Expr> {
        match &self.action {
            Action::Stmt(s) => match &s.kind {
                StmtKind::If(c, ..)
                | StmtKind::While { cond: c, .. }
                | StmtKind::DoWhile { cond: c, .. }
                | StmtKind::Assert(c)
                | StmtKind::Assume(c) => Some(c),
                _ => None,
            },
            _ => None,
        }
    }

    /// The successor reached by a guard, if there is such an edge.
    pub fn succ(&self, g: &Guard) -> Option<Vertex> {
        self.succs.iter().find(|e| &e.guard == g).map(|e| e.to)
    }
}

#[derive(Clone, Debug)]
pub struct Cfg {
    /// Indexed by vertex number.
    pub nodes: Vec<Node>,
}

impl Cfg {
    pub fn build(p: &Program) -> Cfg {
        let n = p.num_vertices as usize;
        let mut nodes: Vec<Node> = (0..n as u32)
            .map(|id| Node {
                id,
                action: Action::Stmt(Stmt {
                    kind: StmtKind::Skip,
                    span: Span::default(),
                    id,
                }),
                span: Span::default(),
                succs: vec![],
            })
            .collect();
        nodes[0].action = Action::ErrorVertex;
        nodes[n - 1].action = Action::ExitVertex;
        let mut b = Builder {
            labels: HashMap::new(),
            nodes: &mut nodes,
        };
        let exit = p.exit_vertex();
        b.collect_labels(&p.body, exit);
        b.stmts(&p.body, exit, None, None);
        Cfg { nodes }
    }

    /// The first vertex of `main` (the exit vertex for an empty body).
    pub fn entry(p: &Program) -> Vertex {
        Builder::entry(&p.body, p.exit_vertex())
    }

    pub fn node(&self, v: Vertex) -> &Node {
        &self.nodes[v as usize]
    }

    /// Is `path` a path of this graph (consecutive vertices joined by an edge)?
    pub fn is_path(&self, path: &[Vertex]) -> bool {
        path.iter().all(|&v| (v as usize) < self.nodes.len())
            && path
                .windows(2)
                .all(|w| self.node(w[0]).succs.iter().any(|e| e.to == w[1]))
    }

    /// The guard of the edge `from → to`, if any (the first one when both branches meet).
    pub fn edge(&self, from: Vertex, to: Vertex) -> Option<&Guard> {
        self.node(from)
            .succs
            .iter()
            .find(|e| e.to == to)
            .map(|e| &e.guard)
    }

    /// One line per vertex: `number: statement -> successors` (`T`/`F` mark branch edges).
    pub fn to_text(&self, p: &Program) -> String {
        let mut out = String::new();
        for node in &self.nodes {
            let what = match &node.action {
                Action::ErrorVertex => "ERROR".to_string(),
                Action::ExitVertex => "EXIT".to_string(),
                Action::Stmt(s) => stmt_head(p, s),
            };
            let succs: Vec<String> = node
                .succs
                .iter()
                .map(|e| match e.guard {
                    Guard::Always => e.to.to_string(),
                    Guard::True => format!("T:{}", e.to),
                    Guard::False => format!("F:{}", e.to),
                })
                .collect();
            let line = if node.span.line > 0 {
                format!("  [line {}]", node.span.line)
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "{:>4}: {} -> [{}]{}",
                node.id,
                what,
                succs.join(", "),
                line
            );
        }
        out
    }

    /// Graphviz text.
    pub fn to_dot(&self, p: &Program) -> String {
        let mut out = String::from("digraph cfg {\n  node [shape=box, fontname=\"monospace\"];\n");
        for node in &self.nodes {
            let what = match &node.action {
                Action::ErrorVertex => "ERROR".to_string(),
                Action::ExitVertex => "EXIT".to_string(),
                Action::Stmt(s) => stmt_head(p, s),
            };
            let label = format!("{}: {}", node.id, what)
                .replace('\\', "\\\\")
                .replace('"', "\\\"");
            let _ = writeln!(out, "  v{} [label=\"{}\"];", node.id, label);
            for e in &node.succs {
                let l = match e.guard {
                    Guard::Always => String::new(),
                    Guard::True => " [label=\"T\"]".into(),
                    Guard::False => " [label=\"F\"]".into(),
                };
                let _ = writeln!(out, "  v{} -> v{}{};", node.id, e.to, l);
            }
        }
        out.push_str("}\n");
        out
    }

    /// Human-readable condition of a branch edge, for traces.
    pub fn describe_edge(&self, p: &Program, from: Vertex, to: Vertex) -> String {
        let node = self.node(from);
        match (node.cond(), self.edge(from, to)) {
            (Some(c), Some(Guard::True)) => expr_to_c(p, c),
            (Some(c), Some(Guard::False)) => format!("!({})", expr_to_c(p, c)),
            _ => String::new(),
        }
    }
}

struct Builder<'a> {
    labels: HashMap<LabelId, Vertex>,
    nodes: &'a mut Vec<Node>,
}

impl Builder<'_> {
    /// The first vertex executed by `ss[i..]`, `follow` if there is none.
    fn entry(ss: &[Stmt], follow: Vertex) -> Vertex {
        for s in ss {
            match &s.kind {
                StmtKind::Label(_) => continue,
                StmtKind::Block(b) => {
                    let v = Self::entry(b, u32::MAX);
                    if v != u32::MAX {
                        return v;
                    }
                }
                StmtKind::DoWhile { body, .. } => return Self::entry(body, s.id),
                _ => return s.id,
            }
        }
        follow
    }

    fn collect_labels(&mut self, ss: &[Stmt], follow: Vertex) {
        for (i, s) in ss.iter().enumerate() {
            let next = Self::entry(&ss[i + 1..], follow);
            match &s.kind {
                StmtKind::Label(l) => {
                    self.labels.insert(*l, next);
                }
                StmtKind::If(_, t, e) => {
                    self.collect_labels(t, next);
                    self.collect_labels(e, next);
                }
                StmtKind::While { body, step, .. } => {
                    let step_entry = Self::entry(step, s.id);
                    self.collect_labels(body, step_entry);
                    self.collect_labels(step, s.id);
                }
                StmtKind::DoWhile { body, .. } => self.collect_labels(body, s.id),
                StmtKind::Block(b) => self.collect_labels(b, next),
                _ => {}
            }
        }
    }

    fn set(&mut self, s: &Stmt, succs: Vec<Edge>) {
        let n = &mut self.nodes[s.id as usize];
        n.span = s.span;
        n.succs = succs;
        // Nested statements live in their own vertices; keep only the head here (never a
        // clone of the branches: an `else if` chain would be copied once per link).
        let kind = match &s.kind {
            StmtKind::If(c, ..) => StmtKind::If(c.clone(), vec![], vec![]),
            StmtKind::While { cond, .. } => StmtKind::While {
                cond: cond.clone(),
                body: vec![],
                step: vec![],
            },
            StmtKind::DoWhile { cond, .. } => StmtKind::DoWhile {
                body: vec![],
                cond: cond.clone(),
            },
            k => k.clone(),
        };
        n.action = Action::Stmt(Stmt {
            kind,
            span: s.span,
            id: s.id,
        });
    }

    fn always(to: Vertex) -> Vec<Edge> {
        vec![Edge {
            to,
            guard: Guard::Always,
        }]
    }

    fn branch(t: Vertex, f: Vertex) -> Vec<Edge> {
        vec![
            Edge {
                to: t,
                guard: Guard::True,
            },
            Edge {
                to: f,
                guard: Guard::False,
            },
        ]
    }

    /// Wires `ss`, whose control continues at `follow`; `brk`/`cont` are the targets of
    /// `break`/`continue` in the innermost loop.
    fn stmts(&mut self, ss: &[Stmt], follow: Vertex, brk: Option<Vertex>, cont: Option<Vertex>) {
        for (i, s) in ss.iter().enumerate() {
            let next = Self::entry(&ss[i + 1..], follow);
            match &s.kind {
                StmtKind::Assign(..)
                | StmtKind::Store(..)
                | StmtKind::ParAssign(_)
                | StmtKind::Call(_)
                | StmtKind::Skip => self.set(s, Self::always(next)),
                StmtKind::Assume(_) => self.set(
                    s,
                    vec![Edge {
                        to: next,
                        guard: Guard::True,
                    }],
                ),
                StmtKind::Assert(_) => self.set(s, Self::branch(next, VERTEX_ERROR)),
                StmtKind::Error => self.set(s, Self::always(VERTEX_ERROR)),
                StmtKind::Exit => {
                    let exit = self.nodes.len() as u32 - 1;
                    self.set(s, Self::always(exit))
                }
                StmtKind::If(_, t, e) => {
                    let te = Self::entry(t, next);
                    let ee = Self::entry(e, next);
                    self.set(s, Self::branch(te, ee));
                    self.stmts(t, next, brk, cont);
                    self.stmts(e, next, brk, cont);
                }
                StmtKind::While { body, step, .. } => {
                    let step_entry = Self::entry(step, s.id);
                    let be = Self::entry(body, step_entry);
                    self.set(s, Self::branch(be, next));
                    self.stmts(body, step_entry, Some(next), Some(step_entry));
                    self.stmts(step, s.id, Some(next), Some(s.id));
                }
                StmtKind::DoWhile { body, .. } => {
                    let be = Self::entry(body, s.id);
                    self.set(s, Self::branch(be, next));
                    self.stmts(body, s.id, Some(next), Some(s.id));
                }
                StmtKind::Break => self.set(s, Self::always(brk.unwrap_or(next))),
                StmtKind::Continue => self.set(s, Self::always(cont.unwrap_or(next))),
                StmtKind::Goto(l) => {
                    let to = self.labels.get(l).copied().unwrap_or(next);
                    self.set(s, Self::always(to))
                }
                StmtKind::Label(_) => {}
                StmtKind::Block(b) => self.stmts(b, next, brk, cont),
            }
        }
    }
}
