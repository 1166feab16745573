//! Shared helpers for the emitter and abstraction tests (included with `#[path]`): a builder for
//! hand-made IR programs, a gcc compile check, a runtime harness that logs the marker values,
//! and an ESBMC runner.
#![allow(dead_code)]

use ara::base::tools::{self, Limits, Tool};
use ara::ir::cfg::Cfg;
use ara::ir::emit::{EmitOptions, emit_c};
use ara::ir::*;
use std::path::Path;
use std::time::Duration;

/// Builds a [`Program`]; statements are made with id 0 and numbered in pre-order by `finish`.
pub struct B {
    pub p: Program,
}

impl B {
    pub fn new(file: &str) -> B {
        B {
            p: Program {
                file: file.into(),
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

    pub fn var_full(
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
    /// A global `int`.
    pub fn global(&mut self, name: &str) -> VarId {
        self.var_full(name, IntType::Int, Storage::Global, None)
    }
    /// An uninitialised local `int`.
    pub fn local(&mut self, name: &str) -> VarId {
        self.var_full(name, IntType::Int, Storage::Local, None)
    }

    pub fn array_full(
        &mut self,
        name: &str,
        display: &str,
        elem: IntType,
        size: u64,
        storage: Storage,
        init: ArrayInit,
    ) -> ArrId {
        self.p.arrays.push(Array {
            name: name.into(),
            display: display.into(),
            elem,
            size: ara::ir::Size::Const(size),
            storage,
            init,
            span: Span::default(),
            dims: vec![ara::ir::Size::Const(size)],
        });
        ArrId(self.p.arrays.len() as u32 - 1)
    }
    /// A global `int name[size]` (zero-initialised).
    pub fn array(&mut self, name: &str, size: u64) -> ArrId {
        self.array_full(
            name,
            name,
            IntType::Int,
            size,
            Storage::Global,
            ArrayInit::Zero,
        )
    }

    pub fn label(&mut self, name: &str) -> LabelId {
        self.p.labels.push(name.into());
        LabelId(self.p.labels.len() as u32 - 1)
    }

    /// Numbers the vertices 1.. in pre-order, the exit vertex last.
    pub fn finish(mut self, body: Vec<Stmt>) -> Program {
        fn number(ss: &mut [Stmt], next: &mut u32) {
            for s in ss {
                if !matches!(s.kind, StmtKind::Label(_) | StmtKind::Block(_)) {
                    s.id = *next;
                    *next += 1;
                }
                match &mut s.kind {
                    StmtKind::If(_, t, e) => {
                        number(t, next);
                        number(e, next);
                    }
                    StmtKind::While { body, step, .. } => {
                        number(body, next);
                        number(step, next);
                    }
                    StmtKind::DoWhile { body, .. } | StmtKind::Block(body) => number(body, next),
                    _ => {}
                }
            }
        }
        let mut body = body;
        let mut next = 1;
        number(&mut body, &mut next);
        self.p.body = body;
        self.p.num_vertices = next + 1;
        self.p
    }
}

/// A statement at source line `line`.
pub fn st(line: u32, kind: StmtKind) -> Stmt {
    Stmt {
        kind,
        span: Span { line, col: 1 },
        id: 0,
    }
}
pub fn assign(line: u32, x: VarId, e: Expr) -> Stmt {
    st(line, StmtKind::Assign(x, e))
}
pub fn store(line: u32, a: ArrId, i: Expr, e: Expr) -> Stmt {
    st(line, StmtKind::Store(a, i, e))
}
pub fn assert_(line: u32, c: Expr) -> Stmt {
    st(line, StmtKind::Assert(c))
}
pub fn assume(line: u32, c: Expr) -> Stmt {
    st(line, StmtKind::Assume(c))
}
pub fn if_(line: u32, c: Expr, t: Vec<Stmt>, e: Vec<Stmt>) -> Stmt {
    st(line, StmtKind::If(c, t, e))
}
pub fn while_(line: u32, cond: Expr, body: Vec<Stmt>, step: Vec<Stmt>) -> Stmt {
    st(line, StmtKind::While { cond, body, step })
}
pub fn do_while(line: u32, body: Vec<Stmt>, cond: Expr) -> Stmt {
    st(line, StmtKind::DoWhile { body, cond })
}
pub fn exit_(line: u32) -> Stmt {
    st(line, StmtKind::Exit)
}

pub fn v(x: VarId) -> Expr {
    Expr::Var(x)
}
pub fn c(n: i128) -> Expr {
    Expr::int(n)
}
pub fn rd(a: ArrId, i: Expr) -> Expr {
    Expr::Read(a, Box::new(i))
}
pub fn nd() -> Expr {
    Expr::Nondet(IntType::Int)
}
pub fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::bin(op, a, b)
}
pub fn add(a: Expr, b: Expr) -> Expr {
    Expr::bin(BinOp::Add, a, b)
}
pub fn mul(a: Expr, b: Expr) -> Expr {
    Expr::bin(BinOp::Mul, a, b)
}
pub fn lt(a: Expr, b: Expr) -> Expr {
    Expr::bin(BinOp::Lt, a, b)
}
pub fn le(a: Expr, b: Expr) -> Expr {
    Expr::bin(BinOp::Le, a, b)
}
pub fn eq(a: Expr, b: Expr) -> Expr {
    Expr::bin(BinOp::Eq, a, b)
}
pub fn ne(a: Expr, b: Expr) -> Expr {
    Expr::bin(BinOp::Ne, a, b)
}

/// Whitespace-insensitive form of C text (for golden comparisons).
pub fn norm(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Asserts that `src` compiles with `gcc -std=gnu11 -c`.
pub fn assert_compiles(src: &str) {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.c");
    std::fs::write(&f, src).unwrap();
    let gcc = tools::find_tool(Tool::Gcc, None).expect("gcc");
    let args: Vec<String> = vec![
        "-std=gnu11".into(),
        "-c".into(),
        "-Wall".into(),
        f.display().to_string(),
        "-o".into(),
        dir.path().join("t.o").display().to_string(),
    ];
    let out = tools::run(&gcc, &args, None, None, &Limits::default()).unwrap();
    assert_eq!(
        out.ending,
        tools::Ending::Exited(0),
        "gcc rejected the program:\n{}\n--- source ---\n{}",
        out.stderr,
        numbered(src)
    );
}

pub fn numbered(src: &str) -> String {
    src.lines()
        .enumerate()
        .map(|(i, l)| format!("{:4} {l}\n", i + 1))
        .collect()
}

/// Definitions that make an emitted program runnable: seeded pseudo-random nondet values in
/// -2..=12, `__VERIFIER_assume` ends the run, and every marker assignment is printed.
const HARNESS: &str = r#"#include <stdio.h>
#include <stdlib.h>
static unsigned long ara_seed;
static long ara_steps;
static int ara_small(void) {
    ara_seed = ara_seed * 6364136223846793005ul + 1442695040888963407ul;
    return (int)((ara_seed >> 33) % 15) - 2;
}
_Bool __VERIFIER_nondet_bool(void) { return ara_small() & 1; }
char __VERIFIER_nondet_char(void) { return ara_small(); }
unsigned char __VERIFIER_nondet_uchar(void) { return ara_small(); }
short __VERIFIER_nondet_short(void) { return ara_small(); }
unsigned short __VERIFIER_nondet_ushort(void) { return ara_small(); }
int __VERIFIER_nondet_int(void) { return ara_small(); }
unsigned int __VERIFIER_nondet_uint(void) { return ara_small(); }
long __VERIFIER_nondet_long(void) { return ara_small(); }
unsigned long __VERIFIER_nondet_ulong(void) { return ara_small(); }
long long __VERIFIER_nondet_longlong(void) { return ara_small(); }
unsigned long long __VERIFIER_nondet_ulonglong(void) { return ara_small(); }
void __VERIFIER_assume(int c) { if (!c) { printf("assume\n"); exit(0); } }
void __assert_fail(const char *a, const char *f, unsigned int l, const char *fn) {
    printf("error\n"); exit(0);
}
static void ara_log(unsigned int v) {
    printf("%u\n", v);
    if (++ara_steps > 20000) { printf("limit\n"); exit(0); }
}
__attribute__((constructor)) static void ara_init(void) {
    const char *s = getenv("ARA_SEED");
    ara_seed = s ? strtoul(s, 0, 10) : 1;
}
"#;

/// How a harness run ended.
#[derive(Debug, PartialEq)]
pub enum RunEnd {
    Normal,
    Error,
    AssumeFailed,
    StepLimit,
}

/// Compiles `src` (emitted with markers) with the logging harness into an executable.
pub fn build_harness(src: &str, dir: &Path) -> std::path::PathBuf {
    let re = regex::Regex::new(r"\bara_loc = (\d+);").unwrap();
    let logged = re.replace_all(src, "ara_log($1);");
    let full = format!("{HARNESS}{logged}");
    let f = dir.join("h.c");
    std::fs::write(&f, &full).unwrap();
    let exe = dir.join("h");
    let gcc = tools::find_tool(Tool::Gcc, None).expect("gcc");
    let args: Vec<String> = vec![
        "-std=gnu11".into(),
        "-w".into(),
        f.display().to_string(),
        "-o".into(),
        exe.display().to_string(),
    ];
    let out = tools::run(&gcc, &args, None, None, &Limits::default()).unwrap();
    assert_eq!(
        out.ending,
        tools::Ending::Exited(0),
        "{}\n{}",
        out.stderr,
        numbered(&full)
    );
    exe
}

/// Runs the harness with a seed: the logged marker values and how the run ended.
pub fn run_harness(exe: &Path, seed: u64) -> (Vec<u32>, RunEnd) {
    let out = std::process::Command::new(exe)
        .env("ARA_SEED", seed.to_string())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let mut locs = vec![];
    let mut end = RunEnd::Normal;
    for l in text.lines() {
        match l {
            "error" => end = RunEnd::Error,
            "assume" => end = RunEnd::AssumeFailed,
            "limit" => end = RunEnd::StepLimit,
            n => locs.push(n.parse().unwrap()),
        }
    }
    (locs, end)
}

/// The first vertex executed by the program.
pub fn entry_vertex(p: &Program) -> u32 {
    fn entry(ss: &[Stmt]) -> Option<u32> {
        for s in ss {
            match &s.kind {
                StmtKind::Label(_) => continue,
                StmtKind::Block(b) => {
                    if let Some(v) = entry(b) {
                        return Some(v);
                    }
                }
                StmtKind::DoWhile { body, .. } => return Some(entry(body).unwrap_or(s.id)),
                _ => return Some(s.id),
            }
        }
        None
    }
    entry(&p.body).unwrap_or(p.exit_vertex())
}

/// Emits `p` with markers, runs it with many seeds and checks that every logged sequence of
/// marker values is a path of the CFG from the entry, ending where the run ended. Returns how
/// many runs reached the error.
pub fn check_marker_paths(p: &Program, seeds: u64) -> usize {
    let src = emit_c(
        p,
        &EmitOptions {
            markers: true,
            ..Default::default()
        },
    );
    assert_compiles(&src);
    let dir = tempfile::tempdir().unwrap();
    let exe = build_harness(&src, dir.path());
    let cfg = Cfg::build(p);
    let mut errors = 0;
    for seed in 0..seeds {
        let (locs, end) = run_harness(&exe, seed);
        assert!(!locs.is_empty(), "seed {seed}: nothing logged");
        assert_eq!(locs[0], entry_vertex(p), "seed {seed}: {locs:?}");
        assert!(
            cfg.is_path(&locs),
            "seed {seed}: {locs:?} is not a CFG path\n{}\n{}",
            cfg.to_text(p),
            numbered(&src)
        );
        let last = *locs.last().unwrap();
        match end {
            RunEnd::Error => {
                errors += 1;
                assert_eq!(last, 0, "seed {seed}: {locs:?}")
            }
            RunEnd::Normal => {
                let exits = matches!(cfg.node(last).action, ara::ir::cfg::Action::ExitVertex)
                    || cfg.node(last).succs.iter().any(|e| e.to == p.exit_vertex());
                assert!(exits, "seed {seed}: ended at {last}: {locs:?}");
            }
            RunEnd::AssumeFailed => assert!(
                matches!(
                    cfg.node(last).action,
                    ara::ir::cfg::Action::Stmt(Stmt {
                        kind: StmtKind::Assume(_),
                        ..
                    })
                ),
                "seed {seed}: {locs:?}"
            ),
            RunEnd::StepLimit => {}
        }
    }
    errors
}

/// ESBMC's reachability flags (see BRIEF) plus `extra`; returns the combined output.
pub fn run_esbmc(src: &str, extra: &[&str], timeout_s: u64) -> String {
    let esbmc = tools::find_tool(Tool::Esbmc, None).expect("esbmc (set ARA_TOOLS_DIR)");
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("prog.c");
    std::fs::write(&f, src).unwrap();
    let mut args: Vec<String> = vec![
        f.display().to_string(),
        "--no-bounds-check".into(),
        "--no-pointer-check".into(),
        "--no-div-by-zero-check".into(),
        "--no-align-check".into(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let out = tools::run(
        &esbmc,
        &args,
        Some(dir.path()),
        None,
        &Limits {
            timeout: Some(Duration::from_secs(timeout_s)),
            memory_mb: None,
        },
    )
    .unwrap();
    assert!(
        out.ending != tools::Ending::TimedOut,
        "esbmc timed out on\n{}",
        numbered(src)
    );
    out.combined()
}

/// `Some(true)` safe, `Some(false)` unsafe, `None` neither verdict printed.
pub fn esbmc_verdict(output: &str) -> Option<bool> {
    if output.contains("VERIFICATION SUCCESSFUL") {
        Some(true)
    } else if output.contains("VERIFICATION FAILED") {
        Some(false)
    } else {
        None
    }
}

/// The `ara_loc` values assigned in `main` in an ESBMC `--compact-trace` counterexample, in
/// order (the static initialisation of `ara_loc` to 0 is a state outside any function).
pub fn esbmc_trace_locs(output: &str) -> Vec<u32> {
    let re =
        regex::Regex::new(r"(?m)^State \d+ .*function main.*\n-+\n\s*ara_loc = (\d+)").unwrap();
    re.captures_iter(output)
        .map(|c| c[1].parse().unwrap())
        .collect()
}

/// The paper's Table 1 program: `int a[30]; int i; a[1]=9; i=0;
/// while(a[i]!=9){a[i]=2*i; i=i+1;} assert(i<=1);`
pub fn table1() -> Program {
    let mut b = B::new("table1.c");
    let a = b.array("a", 30);
    let i = b.global("i");
    b.finish(vec![
        store(3, a, c(1), c(9)),
        assign(4, i, c(0)),
        while_(
            5,
            ne(rd(a, v(i)), c(9)),
            vec![
                store(6, a, v(i), mul(c(2), v(i))),
                assign(7, i, add(v(i), c(1))),
            ],
            vec![],
        ),
        assert_(9, le(v(i), c(1))),
    ])
}

/// Every statement form, nondet inputs of several types, labels and gotos, `continue` in a
/// `for` loop with a step and in a do-while, a swap that needs temporaries.
pub fn kitchen_sink() -> Program {
    let mut b = B::new("sink.c");
    let n = b.global("n");
    let s = b.global("s");
    let ch = b.var_full("ch", IntType::Char, Storage::Global, None);
    let uc = b.var_full("uc", IntType::UChar, Storage::Local, None);
    let flag = b.var_full("flag", IntType::Bool, Storage::Local, None);
    let big = b.var_full("big", IntType::ULong, Storage::Global, Some(5));
    let i = b.local("i");
    let j = b.var_full("j", IntType::Int, Storage::Local, Some(3));
    let a = b.array("a", 10);
    let t = b.array_full(
        "t",
        "t",
        IntType::Short,
        5,
        Storage::Local,
        ArrayInit::List(vec![1, -2, 3]),
    );
    let sp = b.array_full(
        "s__p",
        "s[].p",
        IntType::Int,
        4,
        Storage::Local,
        ArrayInit::Nondet,
    );
    let l1 = b.label("L1");
    let out = b.label("out");
    let nd_of = |t: IntType| Expr::Nondet(t);
    b.finish(vec![
        assign(2, n, nd()),
        assume(3, lt(v(n), c(8))),
        assign(4, ch, nd_of(IntType::Char)),
        assign(5, uc, nd_of(IntType::UChar)),
        assign(6, flag, nd_of(IntType::Bool)),
        assign(7, i, c(0)),
        while_(
            8,
            lt(v(i), v(n)),
            vec![
                if_(
                    9,
                    eq(v(i), c(3)),
                    vec![assign(9, i, add(v(i), c(2))), st(9, StmtKind::Continue)],
                    vec![],
                ),
                store(10, a, bin(BinOp::Rem, v(i), c(10)), add(v(i), v(uc))),
                store(10, sp, bin(BinOp::Rem, v(i), c(4)), rd(t, c(1))),
                if_(
                    11,
                    lt(c(5), rd(a, bin(BinOp::Rem, v(i), c(10)))),
                    vec![st(11, StmtKind::Break)],
                    vec![],
                ),
            ],
            vec![assign(8, i, add(v(i), c(1)))],
        ),
        do_while(
            12,
            vec![
                assign(13, j, bin(BinOp::Sub, v(j), c(1))),
                if_(14, eq(v(j), c(1)), vec![st(14, StmtKind::Continue)], vec![]),
                assign(15, s, add(v(s), v(j))),
                while_(16, c(1), vec![st(16, StmtKind::Break)], vec![]),
            ],
            lt(c(0), v(j)),
        ),
        st(17, StmtKind::Label(l1)),
        if_(
            18,
            lt(c(100), v(s)),
            vec![st(18, StmtKind::Goto(out))],
            vec![
                assign(19, s, add(add(v(s), c(50)), v(ch))),
                st(19, StmtKind::Goto(l1)),
            ],
        ),
        st(20, StmtKind::Label(out)),
        st(21, StmtKind::ParAssign(vec![(i, v(j)), (j, v(i))])),
        st(22, StmtKind::Block(vec![st(22, StmtKind::Skip)])),
        if_(23, eq(nd(), c(3)), vec![st(23, StmtKind::Error)], vec![]),
        if_(24, v(flag), vec![exit_(24)], vec![]),
        assign(
            25,
            big,
            add(v(big), Expr::Cast(IntType::ULong, Box::new(v(n)))),
        ),
        assert_(26, ne(v(n), c(5))),
    ])
}

/// The tools folder for a child `ara`: `ARA_TOOLS_DIR`, else the one `scripts/setup` fills.
pub fn tools_dir() -> String {
    std::env::var("ARA_TOOLS_DIR")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/.tools").to_string())
}
