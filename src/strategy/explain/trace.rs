//! The error trace in source terms: a [`Run`] folded into [`SourceTrace`] steps.
//!
//! Takes the program, its run (`super::run`) and the user's source text; gives the typed
//! trace that `--json` prints as it is and `super::text` writes for people: statements with
//! their line, their text as written and the values they assign or read; each loop's
//! iterations folded into one step (its lines, how many times it ran, its counters' values at
//! the start of each iteration, the elements it wrote and read); calls and returns where the
//! lines of the user's functions show them (the front end inlines calls, so the function is
//! the one whose body holds the line), or, for a program inlined from its procedures
//! (`ir::inline::Frames`), where the run enters and leaves an activation (recursive calls
//! included); the inputs named by what they initialise; the failing assertion with its
//! operands' values. A pure function of its arguments.

use super::run::{Access, Effect, Event, Operand, Run, Target};
use crate::ir::inline::Frames;
use crate::ir::print::expr_to_c;
use crate::ir::{ArrId, Expr, Program, Size, Stmt, StmtKind, VarId, Vertex};
use serde::Serialize;
use std::collections::HashMap;

/// Elements listed per folded loop at most (the rest counted).
const MAX_LISTED: usize = 6;
/// Values of a counter kept (the first ones).
const MAX_VALUES: usize = 5;

/// A name and its value: `i = 2`, `a[0] = 5`, `m[1][2] = 0`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Value {
    pub name: String,
    pub value: i128,
}

/// A scalar's values at the start of each iteration of a folded loop.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Counter {
    pub name: String,
    pub first: i128,
    pub last: i128,
    /// The difference between consecutive values, when it is always the same.
    pub step: Option<i128>,
    /// The first values (at most 5).
    pub values: Vec<i128>,
}

/// Elements read or written by a folded loop: the first ones listed, all counted.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Elements {
    pub listed: Vec<Value>,
    pub count: usize,
}

/// One step of the trace.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Step {
    /// A statement: its line, its text as written, the values it assigned, the elements it
    /// read, and for a test (`if`, a loop's condition, `assume`) whether it held.
    Statement {
        line: u32,
        text: String,
        assigns: Vec<Value>,
        reads: Vec<Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        holds: Option<bool>,
    },
    /// A loop's iterations, folded. `failing`: the steps of the iteration in which the error
    /// happens (not counted in `iterations`).
    Loop {
        first_line: u32,
        last_line: u32,
        iterations: u64,
        counters: Vec<Counter>,
        writes: Elements,
        reads: Elements,
        #[serde(skip_serializing_if = "Option::is_none")]
        failing: Option<Vec<Step>>,
    },
    /// Control enters the body of the user's function `function` (inlined by ara).
    Call { function: String, line: u32 },
    /// Control leaves it; `value`: what it returned, when ara knows (a procedure's
    /// activation with a result).
    Return {
        function: String,
        line: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        value: Option<i128>,
    },
}

/// An input the run read, named by what it initialises.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Input {
    /// `N`, `a[0]`, or `__VERIFIER_nondet_int() at line 7` for one inside an expression.
    pub name: String,
    pub value: i128,
    pub line: u32,
    /// The initial value of an uninitialised local, not a `__VERIFIER_nondet_*` call.
    pub uninitialised: bool,
}

/// Where and how the run fails.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Failure {
    /// `assertion` or `error-call`.
    pub kind: FailureKind,
    pub line: u32,
    pub text: String,
    /// For an assertion, the values of its operands.
    pub operands: Vec<Value>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FailureKind {
    Assertion,
    ErrorCall,
}

/// The error trace in source terms.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SourceTrace {
    pub file: String,
    pub steps: Vec<Step>,
    pub inputs: Vec<Input>,
    pub failure: Failure,
    /// Iterations of the outermost loops before the failure.
    pub iterations: u64,
}

/// A loop of the IR: its head, the vertices of its body and step, its lines.
struct LoopInfo {
    head: Vertex,
    /// The scalars whose values the iterations carry: those its condition reads and those
    /// its own body (not an inner loop) assigns from themselves (`s = s + a[i]`).
    carried: Vec<VarId>,
    do_while: bool,
    first_line: u32,
    last_line: u32,
}

/// The trace of `run`; `source` is the text of `p.file`, when it could be read; `frames`, the
/// activations of a program inlined from its procedures (calls and returns are then theirs,
/// not guessed from the lines).
pub fn source_trace(
    p: &Program,
    run: &Run,
    source: Option<&str>,
    frames: Option<&Frames>,
) -> SourceTrace {
    let (loops, chains) = loop_chains(p);
    let lines: Vec<&str> = source.map(|s| s.lines().collect()).unwrap_or_default();
    let mut f = Folder {
        p,
        loops: &loops,
        chains: &chains,
        lines: &lines,
        spans: spans(p),
        funcs: source.map(functions).unwrap_or_default(),
        cur: run.initial_vars.clone(),
        calls: vec![],
        frames,
        active: vec![],
    };
    let (mut steps, iterations) = f.fold(&run.events, 0);
    let last_line = run
        .events
        .iter()
        .rev()
        .map(|e| f.line(e.vertex))
        .find(|&l| l > 0)
        .unwrap_or(0);
    // With activations, the run ends at the error inside those it entered: none returns.
    while let Some(function) = f.calls.pop().filter(|_| frames.is_none()) {
        steps.push(Step::Return {
            function,
            line: last_line,
            value: None,
        });
    }
    SourceTrace {
        file: p.file.clone(),
        failure: f.failure(&run.events),
        inputs: run.inputs.iter().map(|i| f.input(i)).collect(),
        steps,
        iterations,
    }
}

/// The loops of `p` and, per vertex, the loops holding it from the outermost in.
fn loop_chains(p: &Program) -> (Vec<LoopInfo>, HashMap<Vertex, Vec<usize>>) {
    fn go(
        ss: &[Stmt],
        stack: &mut Vec<usize>,
        loops: &mut Vec<LoopInfo>,
        chains: &mut HashMap<Vertex, Vec<usize>>,
    ) {
        for s in ss {
            let inner: Vec<&[Stmt]> = match &s.kind {
                StmtKind::While { body, step, .. } => vec![body, step],
                StmtKind::DoWhile { body, .. } => vec![body],
                StmtKind::If(_, t, e) => vec![t, e],
                StmtKind::Block(b) => vec![b],
                _ => vec![],
            };
            let is_loop = matches!(s.kind, StmtKind::While { .. } | StmtKind::DoWhile { .. });
            if is_loop {
                let mut lo = s.span.line;
                let mut hi = s.span.line;
                for b in &inner {
                    each_line(b, &mut |l| {
                        if l > 0 {
                            lo = if lo == 0 { l } else { lo.min(l) };
                            hi = hi.max(l);
                        }
                    });
                }
                let mut carried = match &s.kind {
                    StmtKind::While { cond, .. } | StmtKind::DoWhile { cond, .. } => cond.vars(),
                    _ => vec![],
                };
                for b in &inner {
                    self_assigned(b, &mut carried);
                }
                loops.push(LoopInfo {
                    head: s.id,
                    carried,
                    do_while: matches!(s.kind, StmtKind::DoWhile { .. }),
                    first_line: lo,
                    last_line: hi,
                });
                stack.push(loops.len() - 1);
            }
            if !matches!(s.kind, StmtKind::Label(_) | StmtKind::Block(_)) {
                chains.insert(s.id, stack.clone());
            }
            for b in inner {
                go(b, stack, loops, chains);
            }
            if is_loop {
                stack.pop();
            }
        }
    }
    let (mut loops, mut chains) = (vec![], HashMap::new());
    go(&p.body, &mut vec![], &mut loops, &mut chains);
    (loops, chains)
}

/// Adds the scalars `ss` assigns from themselves, outside inner loops.
fn self_assigned(ss: &[Stmt], out: &mut Vec<VarId>) {
    for s in ss {
        match &s.kind {
            StmtKind::Assign(x, e) if e.vars().contains(x) && !out.contains(x) => out.push(*x),
            StmtKind::If(_, t, e) => {
                self_assigned(t, out);
                self_assigned(e, out);
            }
            StmtKind::Block(b) => self_assigned(b, out),
            _ => {}
        }
    }
}

fn each_line(ss: &[Stmt], f: &mut dyn FnMut(u32)) {
    for s in ss {
        f(s.span.line);
        match &s.kind {
            StmtKind::While { body, step, .. } => {
                each_line(body, f);
                each_line(step, f);
            }
            StmtKind::DoWhile { body, .. } | StmtKind::Block(body) => each_line(body, f),
            StmtKind::If(_, t, e) => {
                each_line(t, f);
                each_line(e, f);
            }
            _ => {}
        }
    }
}

/// The statement of each vertex.
fn spans(p: &Program) -> HashMap<Vertex, &Stmt> {
    let mut out = HashMap::new();
    p.visit_stmts(&mut |s| {
        if !matches!(s.kind, StmtKind::Label(_) | StmtKind::Block(_)) {
            out.insert(s.id, s);
        }
    });
    out
}

/// A function of the user's file: its name and the lines of its definition.
struct Function {
    name: String,
    first: u32,
    last: u32,
}

/// The function definitions of a C file, read from its lines: a line at column 0 that
/// names `f(` and does not end in `;`, up to where its braces close. Only for naming calls
/// in the trace (a line no definition holds is in none; comments and strings holding braces
/// can mislead it, and cost only a call step).
fn functions(src: &str) -> Vec<Function> {
    let lines: Vec<&str> = src.lines().collect();
    let mut out = vec![];
    let mut k = 0;
    while k < lines.len() {
        let l = lines[k];
        let head = l.split('(').next().unwrap_or("");
        let starts = l.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
        let name = head.split_whitespace().last().unwrap_or("");
        let name = name.trim_start_matches('*');
        let ident = !name.is_empty()
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !matches!(name, "if" | "while" | "for" | "switch" | "return");
        if starts
            && l.contains('(')
            && !l.trim_end().ends_with(';')
            && ident
            && let Some(end) = body_end(&lines, k)
        {
            out.push(Function {
                name: name.to_string(),
                first: k as u32 + 1,
                last: end as u32 + 1,
            });
            k = end;
        }
        k += 1;
    }
    out
}

/// The line where the braces opened from line `k` on close (`None`: a declaration).
fn body_end(lines: &[&str], k: usize) -> Option<usize> {
    let mut depth = 0i32;
    let mut opened = false;
    for (j, l) in lines.iter().enumerate().skip(k) {
        if !opened && j > k && l.trim_end().ends_with(';') && !l.contains('{') {
            return None;
        }
        for c in l.chars() {
            match c {
                '{' => {
                    depth += 1;
                    opened = true;
                }
                '}' => depth -= 1,
                _ => {}
            }
        }
        if opened && depth <= 0 {
            return Some(j);
        }
    }
    None
}

struct Folder<'a> {
    p: &'a Program,
    loops: &'a [LoopInfo],
    chains: &'a HashMap<Vertex, Vec<usize>>,
    lines: &'a [&'a str],
    spans: HashMap<Vertex, &'a Stmt>,
    funcs: Vec<Function>,
    /// The scalars' values, as the events so far left them.
    cur: Vec<i128>,
    /// The user's functions entered and not left (innermost last).
    calls: Vec<String>,
    /// The activations of an inlined procedural program, and those entered and not left
    /// (innermost last).
    frames: Option<&'a Frames>,
    active: Vec<usize>,
}

impl Folder<'_> {
    fn line(&self, v: Vertex) -> u32 {
        self.spans.get(&v).map_or(0, |s| s.span.line)
    }

    fn loop_at(&self, v: Vertex, depth: usize) -> Option<usize> {
        self.chains.get(&v).and_then(|c| c.get(depth)).copied()
    }

    /// `events` as steps, loops at `depth` folded; and the iterations of those loops.
    fn fold(&mut self, events: &[Event], depth: usize) -> (Vec<Step>, u64) {
        let mut steps = vec![];
        let mut iterations = 0;
        let mut i = 0;
        while i < events.len() {
            if let Some(l) = self.loop_at(events[i].vertex, depth) {
                let j = (i..events.len())
                    .find(|&j| self.loop_at(events[j].vertex, depth) != Some(l))
                    .unwrap_or(events.len());
                let failing = j == events.len() || events[j].effect == Effect::Error;
                self.enter(&mut steps, events[i].vertex);
                let (step, n) = self.fold_loop(l, &events[i..j], depth, failing);
                iterations += n;
                steps.push(step);
                i = j;
            } else {
                let e = &events[i];
                let step = self.statement(e);
                // Activations are left where the run leaves them, before the values of the
                // caller's next statement (the returned value is still the callee's).
                if step.is_some() || self.frames.is_some() {
                    self.enter(&mut steps, e.vertex);
                }
                self.apply(e);
                if let Some(s) = step {
                    push_merged(&mut steps, s);
                }
                i += 1;
            }
        }
        (steps, iterations)
    }

    /// Call and return steps when control moves between the user's functions.
    fn enter(&mut self, steps: &mut Vec<Step>, v: Vertex) {
        let line = self.line(v);
        if line == 0 {
            return;
        }
        if let Some(frames) = self.frames {
            return self.enter_frame(frames, steps, v, line);
        }
        let here = self
            .funcs
            .iter()
            .find(|f| f.first <= line && line <= f.last)
            .map(|f| f.name.clone());
        let Some(here) = here else { return };
        if here == "main" && self.calls.is_empty() {
            return;
        }
        if self.calls.last() == Some(&here) {
            return;
        }
        if let Some(k) = self.calls.iter().position(|f| *f == here) {
            while self.calls.len() > k + 1 {
                let function = self.calls.pop().unwrap_or_default();
                steps.push(Step::Return {
                    function,
                    line,
                    value: None,
                });
            }
            return;
        }
        if here == "main" {
            while let Some(function) = self.calls.pop() {
                steps.push(Step::Return {
                    function,
                    line,
                    value: None,
                });
            }
            return;
        }
        self.calls.push(here.clone());
        steps.push(Step::Call {
            function: here,
            line,
        });
    }

    /// Call and return steps when control moves between activations: returns from those
    /// `v`'s activation is not inside, calls of those it is inside and were not entered.
    fn enter_frame(&mut self, frames: &Frames, steps: &mut Vec<Step>, v: Vertex, line: u32) {
        let chain = frames.chain(frames.of(v));
        let kept = (self.active.iter().zip(&chain))
            .take_while(|(a, b)| a == b)
            .count();
        while self.active.len() > kept {
            let k = self.active.pop().unwrap_or_default();
            let f = &frames.frames[k];
            let value = f.result.map(|x| self.cur[x.0 as usize]);
            let function = f.name.clone();
            self.calls.pop();
            steps.push(Step::Return {
                function,
                line,
                value,
            });
        }
        for &k in &chain[kept..] {
            let function = frames.frames[k].name.clone();
            self.active.push(k);
            self.calls.push(function.clone());
            steps.push(Step::Call { function, line });
        }
    }

    fn apply(&mut self, e: &Event) {
        if let Effect::Assign(xs) = &e.effect {
            for (x, v) in xs {
                self.cur[x.0 as usize] = *v;
            }
        }
    }

    /// The iterations of loop `l` in `events` (which all lie in it) as one step; with
    /// `failing`, the last iteration (where the error happens) as its own steps.
    fn fold_loop(
        &mut self,
        l: usize,
        events: &[Event],
        depth: usize,
        failing: bool,
    ) -> (Step, u64) {
        let info = &self.loops[l];
        let (head, do_while) = (info.head, info.do_while);
        let (first_line, last_line) = (info.first_line, info.last_line);
        // Where each iteration starts.
        let mut starts = vec![];
        if do_while {
            starts.push(0);
        }
        for (k, e) in events.iter().enumerate() {
            if e.vertex == head && e.effect == Effect::Test(true) {
                starts.push(k + 1);
            }
        }
        let (whole, last) = match (failing, starts.last()) {
            (true, Some(&s)) => (&events[..s], Some(&events[s..])),
            _ => (events, None),
        };
        let iterations = (starts.len() - usize::from(last.is_some())) as u64;
        let carried = &self.loops[l].carried;
        let assigned: Vec<VarId> = self
            .assigned(whole)
            .into_iter()
            .filter(|x| carried.contains(x))
            .collect();
        let mut series: Vec<Vec<i128>> = vec![vec![]; assigned.len()];
        let mut writes: Vec<((ArrId, i128), i128)> = vec![];
        let mut reads: Vec<((ArrId, i128), i128)> = vec![];
        // Where each element is in `writes`, and the elements in `reads`.
        let mut written: HashMap<(ArrId, i128), usize> = HashMap::new();
        let mut read: std::collections::HashSet<(ArrId, i128)> = Default::default();
        let mut starts_at = starts.iter().peekable();
        for (k, e) in whole.iter().enumerate() {
            while starts_at.peek() == Some(&&k) {
                starts_at.next();
                for (s, x) in series.iter_mut().zip(&assigned) {
                    s.push(self.cur[x.0 as usize]);
                }
            }
            self.apply(e);
            for r in &e.reads {
                let key = (r.array, r.index);
                if !written.contains_key(&key) && read.insert(key) {
                    reads.push((key, r.value));
                }
            }
            if let Effect::Store(Access {
                array,
                index,
                value,
            }) = &e.effect
            {
                let key = (*array, *index);
                match written.get(&key) {
                    Some(&k) => writes[k].1 = *value,
                    None => {
                        written.insert(key, writes.len());
                        writes.push((key, *value));
                    }
                }
            }
        }
        let counters = assigned
            .iter()
            .zip(series)
            .filter(|(_, s)| !s.is_empty())
            .map(|(x, s)| counter(self.p.var(*x).display.clone(), &s))
            .collect();
        let failing = last.map(|evs| self.fold(evs, depth + 1).0);
        let step = Step::Loop {
            first_line,
            last_line,
            iterations,
            counters,
            writes: self.elements(&writes),
            reads: self.elements(&reads),
            failing,
        };
        (step, iterations)
    }

    /// The user's scalars `events` assign, in order of first assignment.
    fn assigned(&self, events: &[Event]) -> Vec<VarId> {
        let mut out: Vec<VarId> = vec![];
        for e in events {
            if let Effect::Assign(xs) = &e.effect {
                for (x, _) in xs {
                    if !self.p.var(*x).synthetic && !out.contains(x) {
                        out.push(*x);
                    }
                }
            }
        }
        out
    }

    fn elements(&self, xs: &[((ArrId, i128), i128)]) -> Elements {
        Elements {
            listed: xs
                .iter()
                .take(MAX_LISTED)
                .map(|((a, i), v)| Value {
                    name: elem_name(self.p, *a, *i),
                    value: *v,
                })
                .collect(),
            count: xs.len(),
        }
    }

    /// The step of one event outside folded loops (`None` for what has nothing to show: a
    /// `goto`, an empty statement, a temporary of ara's, the error vertex).
    fn statement(&self, e: &Event) -> Option<Step> {
        let stmt = self.spans.get(&e.vertex)?;
        let mut holds = None;
        let assigns = match &e.effect {
            Effect::Assign(xs) => xs
                .iter()
                .filter(|(x, _)| !self.p.var(*x).synthetic)
                .map(|(x, v)| Value {
                    name: self.p.var(*x).display.clone(),
                    value: *v,
                })
                .collect(),
            Effect::Store(a) => vec![Value {
                name: elem_name(self.p, a.array, a.index),
                value: a.value,
            }],
            Effect::Test(b) => {
                holds = Some(*b);
                vec![]
            }
            Effect::Assert { holds: h, .. } => {
                holds = Some(*h);
                vec![]
            }
            Effect::Error | Effect::Other => {
                if !matches!(stmt.kind, StmtKind::Error) {
                    return None;
                }
                vec![]
            }
        };
        if matches!(e.effect, Effect::Assign(_)) && assigns.is_empty() {
            return None;
        }
        let mut reads: Vec<Value> = vec![];
        for r in &e.reads {
            let v = Value {
                name: elem_name(self.p, r.array, r.index),
                value: r.value,
            };
            if !reads.contains(&v) {
                reads.push(v);
            }
        }
        Some(Step::Statement {
            line: stmt.span.line,
            text: self.text(stmt),
            assigns,
            reads,
            holds,
        })
    }

    /// The statement as written: its line of the user's file (ara's own words when there is
    /// none).
    fn text(&self, s: &Stmt) -> String {
        let line = s.span.line as usize;
        match self.lines.get(line.wrapping_sub(1)) {
            Some(l) if line > 0 && !l.trim().is_empty() => {
                let words: Vec<&str> = l.split_whitespace().collect();
                let t = words.join(" ");
                if t.chars().count() > 72 {
                    format!("{} ...", t.chars().take(68).collect::<String>())
                } else {
                    t
                }
            }
            _ => crate::ir::print::stmt_head(self.p, s),
        }
    }

    fn failure(&self, events: &[Event]) -> Failure {
        let last = events
            .iter()
            .rev()
            .find(|e| e.effect != Effect::Error && self.spans.contains_key(&e.vertex));
        let (kind, operands) = match last.map(|e| &e.effect) {
            Some(Effect::Assert { operands, .. }) => (
                FailureKind::Assertion,
                operands
                    .iter()
                    .map(|(x, v)| Value {
                        name: match x {
                            Operand::Elem(a, i) => elem_name(self.p, *a, *i),
                            Operand::Expr(e) => in_user_names(self.p, e),
                        },
                        value: *v,
                    })
                    .collect(),
            ),
            _ => (FailureKind::ErrorCall, vec![]),
        };
        let stmt = last.and_then(|e| self.spans.get(&e.vertex));
        Failure {
            kind,
            line: stmt.map_or(0, |s| s.span.line),
            text: stmt.map(|s| self.text(s)).unwrap_or_default(),
            operands,
        }
    }

    fn input(&self, i: &super::run::Input) -> Input {
        let line = self.line(i.vertex);
        let name = match &i.target {
            Target::Var(x) => self.p.var(*x).display.clone(),
            Target::Elem(a, k) => elem_name(self.p, *a, *k),
            Target::At(_, t) => format!("{}() at line {line}", t.nondet_fn()),
        };
        Input {
            name,
            value: i.value,
            line,
            uninitialised: i.uninitialised,
        }
    }
}

/// Adds `s` to `steps`, joined to the last step when both are statements of the same line
/// and text that assign (a call's parameters: `int r = f(n, 0);  f::n = 8, f::acc = 0`).
fn push_merged(steps: &mut Vec<Step>, s: Step) {
    if let (
        Some(Step::Statement {
            line,
            text,
            assigns,
            reads,
            holds: None,
        }),
        Step::Statement {
            line: l2,
            text: t2,
            assigns: a2,
            reads: r2,
            holds: None,
        },
    ) = (steps.last_mut(), &s)
        && line == l2
        && text == t2
        && !assigns.is_empty()
        && !a2.is_empty()
    {
        assigns.extend(a2.iter().cloned());
        for r in r2 {
            if !reads.contains(r) {
                reads.push(r.clone());
            }
        }
        return;
    }
    steps.push(s);
}

/// `e` as C with the variables' names as the user reads them (`f::acc` for a copy of a
/// procedure's local, not ara's `f__acc_3`).
fn in_user_names(p: &Program, e: &Expr) -> String {
    if let Expr::Var(x) = e {
        return p.var(*x).display.clone();
    }
    let named = Program {
        vars: (p.vars.iter())
            .map(|v| crate::ir::Var {
                name: v.display.clone(),
                ..v.clone()
            })
            .collect(),
        arrays: p.arrays.clone(),
        file: String::new(),
        data_model: p.data_model,
        labels: vec![],
        body: vec![],
        num_vertices: 0,
        loop_sites: vec![],
    };
    expr_to_c(&named, e)
}

/// `name = first .. last` and what else a counter's values show.
fn counter(name: String, s: &[i128]) -> Counter {
    let step = (s.len() >= 2)
        .then(|| s[1] - s[0])
        .filter(|d| s.windows(2).all(|w| w[1] - w[0] == *d));
    Counter {
        name,
        first: s[0],
        last: s[s.len() - 1],
        step,
        values: s.iter().take(MAX_VALUES).copied().collect(),
    }
}

/// `a[i]` as the user indexes it: `m[1][2]` for a flattened `int m[3][4]`.
pub fn elem_name(p: &Program, a: ArrId, index: i128) -> String {
    let arr = p.array(a);
    let dims: Option<Vec<i128>> = arr
        .dims
        .iter()
        .map(|d| match d {
            Size::Const(n) => Some(*n as i128),
            Size::Var(_) => None,
        })
        .collect();
    let name = &arr.display;
    let place = |ix: String| match name.contains("[]") {
        true => name.replacen("[]", &ix, 1),
        false => format!("{name}{ix}"),
    };
    match dims {
        Some(d) if d.len() > 1 && d.iter().all(|&n| n > 0) => {
            let mut rest = index;
            let mut parts = vec![];
            for n in d.iter().rev() {
                parts.push(rest.rem_euclid(*n));
                rest = rest.div_euclid(*n);
            }
            parts.reverse();
            place(parts.iter().map(|k| format!("[{k}]")).collect())
        }
        _ => place(format!("[{index}]")),
    }
}
