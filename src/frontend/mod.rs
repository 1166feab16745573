//! Front end: C source (`.c` through `gcc -E`, or preprocessed `.i`) → [`crate::ir::Program`].
//!
//! The text is parsed with lang-c (GNU C11); positions are mapped back to the original file
//! through gcc's line markers. Then the translation unit is lowered: globals and `main`'s body,
//! with every user function inlined, side effects hoisted out of expressions, SV-COMP's
//! environment functions turned into IR statements, structs split per field (a struct copy
//! evaluates its operands' indices once) and multi-dimensional arrays flattened, initialiser
//! lists read with C11 6.7.9's cursor (`init`). Anything outside the subset is an
//! [`AraError::Unsupported`] at the construct's position; only what the program declares as
//! variables or executes counts (header declarations it does not use are fine).

mod ctype;
mod depth;
mod expr;
mod guard;
mod init;
mod literal;
mod lower;
mod pointer;
mod procs;
mod repeat;
pub mod source;
mod stmt;

use crate::base::error::AraError;
use crate::base::tools::{self, Limits, Tool};
use crate::ir::procs::ProcProgram;
use crate::ir::{DataModel, Program};
use lang_c::ast::{ExternalDeclaration, FunctionDefinition};
use lang_c::span::Node;
use lower::{Binding, LVal, Lowerer, decl_specs};
use source::SourceMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(Clone, Debug)]
pub struct FrontendOptions {
    pub data_model: DataModel,
    /// Calls of these functions are the error location. With SV-COMP's (`reach_error`,
    /// `__VERIFIER_error`; the default) so are `__assert_fail` and failing assertions; with
    /// any other name only its calls are (see `default_error_functions`).
    pub error_functions: Vec<String>,
    /// The C preprocessor to use (default: `gcc` found by [`tools::find_tool`]).
    pub gcc: Option<PathBuf>,
    /// A conversion of a constant expression stays a conversion instead of becoming its value
    /// in C (`(long)(2147483647 + 1)` is not folded to `-2147483648`): for text read other
    /// than as C reads it (a witness's ACSL contract, `svwitness::cexpr::parse_acsl`).
    pub keep_conversions: bool,
}

impl Default for FrontendOptions {
    fn default() -> Self {
        FrontendOptions {
            data_model: DataModel::default(),
            error_functions: vec!["reach_error".into(), "__VERIFIER_error".into()],
            gcc: None,
            keep_conversions: false,
        }
    }
}

fn input_error(path: &Path, msg: &str) -> AraError {
    AraError::Input {
        file: path.display().to_string(),
        msg: msg.to_string(),
    }
}

/// Reads, preprocesses (unless it is a `.i` file), parses and lowers a C file.
pub fn load_file(path: &Path, opts: &FrontendOptions) -> Result<Program, AraError> {
    Preprocessed::read(path, opts)?.program(opts)
}

/// [`load_file`] keeping the calls of functions with integer parameters as calls: the
/// procedural form (`ir::procs`), recursion allowed.
pub fn load_procedures(path: &Path, opts: &FrontendOptions) -> Result<ProcProgram, AraError> {
    Preprocessed::read(path, opts)?.procedures(opts)
}

/// A C file read and preprocessed once, to be lowered either way: inlined
/// ([`Preprocessed::program`]) and, where that refuses recursion or finds many calls, as
/// procedures ([`Preprocessed::procedures`]) without a second `gcc -E`.
#[derive(Clone, Debug)]
pub struct Preprocessed {
    text: String,
    file: String,
    /// `text` is the file itself (a `.i` file), not `gcc -E`'s output of it.
    as_is: bool,
}

impl Preprocessed {
    /// Reads `path` (refusing empty and binary files) and preprocesses it unless it is a `.i`
    /// file (`opts.gcc`: the preprocessor).
    pub fn read(path: &Path, opts: &FrontendOptions) -> Result<Preprocessed, AraError> {
        let bytes = source::read_source(path)?;
        if bytes.iter().all(|b| b.is_ascii_whitespace()) {
            return Err(input_error(path, "empty file"));
        }
        if bytes.contains(&0) {
            return Err(input_error(
                path,
                "binary file (contains NUL bytes), not C source",
            ));
        }
        let text = String::from_utf8(bytes)
            .map_err(|_| input_error(path, "binary file (not UTF-8 text), not C source"))?;
        let file = path.display().to_string();
        if path.extension().is_some_and(|e| e == "i") {
            return Ok(Preprocessed {
                text,
                file,
                as_is: true,
            });
        }
        let text = preprocess(path, opts)?;
        if text.len() as u64 > source::MAX_INPUT_BYTES {
            return Err(source::too_large(path));
        }
        Ok(Preprocessed {
            text,
            file,
            as_is: false,
        })
    }

    /// Parsed and lowered with every call inlined ([`load_file`]).
    pub fn program(&self, opts: &FrontendOptions) -> Result<Program, AraError> {
        parse_text(&self.text, &self.file, opts, self.as_is, false).map(|pp| pp.program)
    }

    /// Parsed and lowered keeping calls ([`load_procedures`]).
    pub fn procedures(&self, opts: &FrontendOptions) -> Result<ProcProgram, AraError> {
        parse_text(&self.text, &self.file, opts, self.as_is, true)
    }
}

/// Runs `gcc -E` on the file.
fn preprocess(path: &Path, opts: &FrontendOptions) -> Result<String, AraError> {
    let gcc = tools::find_tool(Tool::Gcc, opts.gcc.as_deref())?;
    let args = vec![
        "-E".to_string(),
        "-D__ARA__".to_string(),
        path.display().to_string(),
    ];
    let limits = Limits {
        timeout: Some(Duration::from_secs(120)),
        memory_mb: None,
    };
    let out = tools::run(&gcc, &args, None, None, &limits)?;
    if out.ending == tools::Ending::Exited(0) {
        return Ok(out.stdout);
    }
    Err(gcc_error(&out.stderr, &path.display().to_string()))
}

/// The first `file:line:col: error: msg` line of gcc's output as a syntax error.
fn gcc_error(stderr: &str, file: &str) -> AraError {
    let re = regex::Regex::new(r"^(.*?):(\d+):(?:(\d+):)?\s*(?:fatal )?error:\s*(.*)$");
    if let Ok(re) = re {
        for line in stderr.lines() {
            if let Some(c) = re.captures(line) {
                return AraError::Syntax {
                    file: c[1].to_string(),
                    line: c[2].parse().unwrap_or(0),
                    col: c.get(3).and_then(|m| m.as_str().parse().ok()).unwrap_or(0),
                    msg: c[4].to_string(),
                };
            }
        }
    }
    AraError::Syntax {
        file: file.to_string(),
        line: 0,
        col: 0,
        msg: format!(
            "preprocessing failed: {}",
            stderr.lines().next().unwrap_or("gcc -E failed")
        ),
    }
}

/// Parses and lowers already preprocessed text; `file` names it in messages (line markers in
/// the text take precedence).
pub fn parse_source(text: &str, file: &str, opts: &FrontendOptions) -> Result<Program, AraError> {
    parse_text(text, file, opts, true, false).map(|pp| pp.program)
}

/// [`parse_source`] keeping calls ([`load_procedures`]).
pub fn parse_procedures(
    text: &str,
    file: &str,
    opts: &FrontendOptions,
) -> Result<ProcProgram, AraError> {
    parse_text(text, file, opts, true, true)
}

/// [`parse_source`]; `as_is`: `text` is the file itself (else `gcc -E` output of it).
fn parse_text(
    text: &str,
    file: &str,
    opts: &FrontendOptions,
    as_is: bool,
    procedural: bool,
) -> Result<ProcProgram, AraError> {
    let (text, file, opts) = (text.to_string(), file.to_string(), opts.clone());
    // A big stack for deeply nested input, and a panic in the parser becomes an error.
    let h = crate::base::tools::spawn_deep("parser", move || {
        parse_and_lower(&text, &file, &opts, as_is, procedural)
    })
    .map_err(|e| AraError::Internal(format!("cannot start the parser thread: {e}")))?;
    h.join()
        .unwrap_or_else(|_| Err(AraError::Internal("the front end panicked".into())))
}

/// `as_is`: `text` is the user's file itself (not `gcc -E` output of it).
fn parse_and_lower(
    text: &str,
    file: &str,
    opts: &FrontendOptions,
    as_is: bool,
    procedural: bool,
) -> Result<ProcProgram, AraError> {
    source::scan_nesting(text, file)?;
    let config = lang_c::driver::Config::with_gcc();
    let parsed = match lang_c::driver::parse_preprocessed(&config, text.to_string()) {
        Ok(p) => p,
        Err(first) => {
            // Old implicit-int definitions (`main() {`) are not C11: repair and retry.
            let retry = source::fix_implicit_int(text)
                .and_then(|t| lang_c::driver::parse_preprocessed(&config, t).ok());
            match retry {
                Some(p) => p,
                None => {
                    let map = SourceMap::new(text, file);
                    let (f, line, col) = map.locate(first.offset);
                    let near: String = text[first.offset.min(text.len())..]
                        .chars()
                        .take_while(|c| !c.is_whitespace())
                        .take(20)
                        .collect();
                    let mut expected: Vec<_> = first.expected.iter().copied().collect();
                    expected.sort();
                    expected.truncate(8);
                    return Err(AraError::Syntax {
                        file: f.to_string(),
                        line,
                        col,
                        msg: format!(
                            "syntax error at '{near}' (expected {})",
                            expected.join(", ")
                        ),
                    });
                }
            }
        }
    };
    let map = SourceMap::new(&parsed.source, file);
    if let Err(e) = depth::check_syntax_tree(&parsed.unit, &map) {
        // Dropping a tree too deep recurses too deep: leave it to the process's end.
        std::mem::forget(parsed);
        return Err(e);
    }
    // The procedural form is lowered again, with moving offsets for a function whose call
    // asked for them (`procs`), until no call asks for more: at most once per function.
    let mut moving = std::collections::HashSet::new();
    loop {
        let (r, wants) = lower_unit(&parsed, &map, opts, file, as_is, procedural, &moving);
        match wants {
            Some(f) if procedural => {
                moving.insert(f);
            }
            _ => return r,
        }
    }
}

/// Lowers the parsed unit; also gives the function that asked for moving offsets
/// (`Lowerer::wants_moving`) when `moving` lacked it.
fn lower_unit(
    parsed: &lang_c::driver::Parse,
    map: &SourceMap,
    opts: &FrontendOptions,
    file: &str,
    as_is: bool,
    procedural: bool,
    moving: &std::collections::HashSet<String>,
) -> (Result<ProcProgram, AraError>, Option<String>) {
    let mut l = Lowerer::new(map, &parsed.source, opts, file);
    l.procedural = procedural;
    l.moving = moving.clone();
    let body = lower_main_of(&mut l, parsed, file);
    let wants = l.wants_moving.take().filter(|f| !moving.contains(f));
    (
        body.and_then(|body| finish(l, body, parsed, map, file, as_is)),
        wants,
    )
}

/// The file-scope declarations, then `main`'s body lowered.
fn lower_main_of<'a>(
    l: &mut Lowerer<'a>,
    parsed: &'a lang_c::driver::Parse,
    file: &str,
) -> Result<Vec<crate::ir::Stmt>, AraError> {
    let mut main: Option<&Node<FunctionDefinition>> = None;
    for ext in &parsed.unit.0 {
        match &ext.node {
            ExternalDeclaration::Declaration(d) => global_decl(l, d)?,
            ExternalDeclaration::StaticAssert(_) => {}
            ExternalDeclaration::FunctionDefinition(f) => {
                let specs = decl_specs(&f.node.specifiers);
                let base = l.specs_type(&specs);
                let (name, _) = l.declarator(base, &f.node.declarator, false);
                if let Some((name, _)) = name {
                    if name == "main" {
                        main = Some(f);
                    }
                    l.funcs.insert(name, f);
                }
            }
        }
    }
    let Some(main) = main else {
        return Err(AraError::Unsupported {
            file: file.to_string(),
            line: 1,
            col: 1,
            what: "no function main".into(),
        });
    };
    l.lower_main(main)
}

/// The procedural program of a lowering that ended with `main`'s body.
fn finish(
    l: Lowerer<'_>,
    body: Vec<crate::ir::Stmt>,
    parsed: &lang_c::driver::Parse,
    map: &SourceMap,
    file: &str,
    as_is: bool,
) -> Result<ProcProgram, AraError> {
    let sites = source::loop_sites(&parsed.source, map, file, as_is, &l.loop_offsets);
    let mut p = l.p;
    p.body = body;
    p.loop_sites = sites;
    let mut next = 1;
    number(&mut p.body, &mut next);
    p.num_vertices = next + 1;
    depth::check_program(&p)?;
    let mut pp = ProcProgram {
        program: p,
        procs: l.procs,
    };
    for f in 0..pp.procs.len() {
        let mut next = 1;
        number(&mut pp.procs[f].body, &mut next);
        pp.procs[f].num_vertices = next + 1;
        depth::check_body(&pp.program, &pp.procs[f].body)?;
    }
    Ok(pp)
}

/// A file-scope declaration: typedefs, tags, prototypes (ignored), objects.
fn global_decl<'a>(
    l: &mut Lowerer<'a>,
    d: &'a Node<lang_c::ast::Declaration>,
) -> Result<(), AraError> {
    let specs = decl_specs(&d.node.specifiers);
    let base = l.specs_type(&specs);
    for id in &d.node.declarators {
        let (name, ty) = l.declarator(base.clone(), &id.node.declarator, false);
        let Some((name, off)) = name else { continue };
        if specs.typedef {
            l.bind_typedef(&name, ty, &specs, &id.node.declarator);
            continue;
        }
        if let ctype::CType::Func(_) = ty {
            l.record_proto(&name, &ty, &id.node.declarator);
            continue;
        }
        let ty = l.complete_type(ty, id.node.initializer.as_ref());
        if let ctype::CType::Pointer(pointee) = &ty
            && !matches!(l.scopes[0].get(&name), Some(Binding::Ptr(_)))
        {
            if let Some(init) = &id.node.initializer {
                return Err(l.unsup(init.span.start, "initialised global pointer"));
            }
            l.declare_pointer(&name, (**pointee).clone(), name.clone(), name.clone());
            continue;
        }
        let existing = match l.scopes[0].get(&name) {
            Some(Binding::Obj(lv)) => Some(lv.clone()),
            _ => None,
        };
        let lv: LVal = match existing {
            Some(lv) => lv,
            None if specs.is_extern && id.node.initializer.is_none() => {
                l.bind(&name, Binding::Extern(ty, off));
                continue;
            }
            None => l.declare(&name, &ty, crate::ir::Storage::Global, off, &name, &name)?,
        };
        if let Some(init) = &id.node.initializer {
            l.global_init(&lv, init)?;
        }
        l.remember_const(&lv, specs.is_const, id.node.initializer.as_ref());
    }
    Ok(())
}

use crate::ir::procs::number;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::cfg::Cfg;

    /// The CFG text (without `[line N]`) of `src` lowered with `opts`.
    fn cfg_with(src: &str, opts: &FrontendOptions) -> String {
        let p = parse_source(src, "t.c", opts).unwrap_or_else(|e| panic!("{e}"));
        Cfg::build(&p)
            .to_text(&p)
            .lines()
            .map(|l| l.split("  [line").next().unwrap_or(l).trim().to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn cfg(src: &str) -> String {
        cfg_with(src, &FrontendOptions::default())
    }

    #[test]
    fn modelled_calls_convert_their_arguments() {
        let t = cfg("int main() { long x = 1; x <<= 32; __VERIFIER_assert(x); return 0; }");
        assert!(t.contains("assert((int) x);"), "{t}");
        // glibc's assert is `e != 0`; conditions wider than int are compared, not narrowed.
        let t = cfg("int main() { long x = 1; x <<= 32; assert(x); return 0; }");
        assert!(t.contains("assert(x != 0);"), "{t}");
        // A declared prototype decides.
        let t = cfg(
            "void assume_abort_if_not(_Bool); int main() { long x = 2; assume_abort_if_not(x); return 0; }",
        );
        assert!(t.contains("assume((_Bool) (x != 0));"), "{t}");
        let t = cfg("int main() { int x = -1; long y = __builtin_expect(x, 0); return 0; }");
        assert!(t.contains("y = (long) x;"), "{t}");
    }

    #[test]
    fn the_programs_definitions_win() {
        let t = cfg(
            "void reach_error(void); void __VERIFIER_assert(char c) { if (!c) reach_error(); }\nint main() { int x = 256; __VERIFIER_assert(x); return 0; }",
        );
        assert!(t.contains("assert((char) x);"), "{t}");
        let t = cfg(
            "int __VERIFIER_nondet_int(void) { return 3; }\nint main() { int x = __VERIFIER_nondet_int(); return x; }",
        );
        assert!(t.contains("__VERIFIER_nondet_int__ret = 3;"), "{t}");
        let t = cfg(
            "extern unsigned char __VERIFIER_nondet_int(void);\nint main() { int x = __VERIFIER_nondet_int(); return x; }",
        );
        assert!(t.contains("x = (int) __VERIFIER_nondet_uchar();"), "{t}");
    }

    #[test]
    fn other_error_functions_make_assertions_aborts() {
        let src = "#include <assert.h>\nvoid reach_error(void) { __assert_fail(\"0\", \"t.c\", 1, \"r\"); }\nvoid __VERIFIER_assert(int c);\nint main() { int x = 1; __VERIFIER_assert(x); reach_error(); return 0; }";
        let src = src.replace(
            "#include <assert.h>\n",
            "extern void __assert_fail(const char *, const char *, unsigned int, const char *);\n",
        );
        let t = cfg(&src);
        assert!(
            t.contains("assert(x);") && t.contains("reach_error(); -> [0]"),
            "{t}"
        );
        let opts = FrontendOptions {
            error_functions: vec!["my_err".into()],
            ..Default::default()
        };
        let err = parse_source(&src, "t.c", &opts).unwrap_err();
        assert!(
            err.to_string().contains(
                "call to undefined function __VERIFIER_assert (the error function is my_err)"
            ),
            "{err}"
        );
        let with_assert = src
            .replace("__VERIFIER_assert(x)", "assert(x)")
            .replace("void __VERIFIER_assert(int c);\n", "");
        let t = cfg_with(&with_assert, &opts);
        assert!(t.contains("assume(x);") && !t.contains("-> [0]"), "{t}");
    }

    #[test]
    fn repeated_declarations_get_fresh_contents() {
        let t = cfg("int main() { for (int i = 0; i < 2; i++) { int t[2]; t[i] = i; } return 0; }");
        assert!(t.contains("t[1] = __VERIFIER_nondet_int();"), "{t}");
        // Runs once: the array's initial state is already nondeterministic.
        let t = cfg("int main() { { int t[2]; t[0] = 1; } return 0; }");
        assert!(!t.contains("nondet"), "{t}");
        let t = cfg(
            "int main() { int i = 0; L: ; int s; int t[2] = {1}; i++; if (i < 2) goto L; return 0; }",
        );
        assert!(t.contains("s = __VERIFIER_nondet_int();"), "{t}");
        assert!(t.contains("t[0] = 0;") && t.contains("t[0] = 1;"), "{t}");
    }

    #[test]
    fn alignof_and_sizeof_follow_gcc_per_data_model() {
        let src = "struct S { char c; long long x; };\nint main() { unsigned a = _Alignof(long long), b = __alignof__(long long), c = sizeof(struct S); return 0; }";
        let ilp32 = FrontendOptions {
            data_model: DataModel::Ilp32,
            ..Default::default()
        };
        let t = cfg_with(src, &ilp32);
        assert!(
            t.contains("a = 4u;") && t.contains("b = 8u;") && t.contains("c = 12u;"),
            "{t}"
        );
        let t = cfg(src);
        assert!(
            t.contains("a = 8u;") && t.contains("b = 8u;") && t.contains("c = 16u;"),
            "{t}"
        );
        let t = parse_source(
            "struct __P { char c; int x; } __attribute__((packed));\nint main() { int x = sizeof(struct __P); return x; }",
            "t.c",
            &FrontendOptions::default(),
        );
        assert!(matches!(t, Err(AraError::Unsupported { .. })));
        let t = parse_source(
            "typedef int T __attribute__((aligned(8)));\nstruct S { char c; T x; };\nint main() { int x = sizeof(struct S); return x; }",
            "t.c",
            &FrontendOptions::default(),
        );
        assert!(matches!(t, Err(AraError::Unsupported { .. })));
    }

    /// `sizeof` of a pointer expression is a pointer's size (8 / 4), not its array's; an array
    /// parameter is a pointer; `*p` is the pointee; a real array keeps its size.
    #[test]
    fn sizeof_of_pointers_is_the_pointer_size() {
        let src = "void *malloc(__SIZE_TYPE__);
            int len(int b[]) { return sizeof(b) / sizeof(b[0]); }
            int main() { int a[4]; int x; int *p = a; int *q = &x; int *m = malloc(3 * sizeof *m);
              unsigned s1 = sizeof(p), s2 = sizeof q, s3 = sizeof(&x), s4 = sizeof(p + 1),
                s5 = sizeof(a + 1), s6 = sizeof(*p), s7 = sizeof(a), s8 = sizeof(int *),
                s9 = sizeof(m), s10 = sizeof(p - p), s11 = sizeof(0, a);
              int n = len(a); return 0; }";
        let want = |t: &str, ptr: u32| {
            for (var, v) in [
                ("s1", ptr),
                ("s2", ptr),
                ("s3", ptr),
                ("s4", ptr),
                ("s5", ptr),
                ("s6", 4),
                ("s7", 16),
                ("s8", ptr),
                ("s9", ptr),
                ("s10", ptr),
                ("s11", ptr),
            ] {
                assert!(t.contains(&format!("{var} = {v}u;")), "{var} {t}");
            }
            assert!(t.contains(&format!("len__ret = {}", ptr / 4)), "{t}");
        };
        want(&cfg(src), 8);
        let ilp32 = FrontendOptions {
            data_model: DataModel::Ilp32,
            ..Default::default()
        };
        want(&cfg_with(src, &ilp32), 4);
    }

    const SYMSIZE: &str = "extern int __VERIFIER_nondet_int(void);
        void *malloc(unsigned long); void *calloc(unsigned long, unsigned long);
        void set(int *q, int k) { q[k] = 9; }
        int main() { int n = __VERIFIER_nondet_int(); int m = __VERIFIER_nondet_int();
          int v[n + 1]; v[n] = 1;
          int w[n][m]; w[1][2] = 3;
          int *p = (int *) malloc(sizeof(int) * n); p[0] = 1;
          short *s = malloc(2 * n * sizeof *s); s[1] = 2;
          long *c = calloc(n, sizeof(long)); c[2] = 3;
          int a[4]; int *q = a; *(q + 2) = 1; q[1] = 2; *q = 3; set(q, 3); set(p, 1);
          return 0; }";

    /// VLA sizes and allocation counts are evaluated once into frozen size variables (the
    /// byte count divided by the element size, in any order of the factors); 2-D VLAs are
    /// flattened with a product size.
    #[test]
    fn symbolic_sizes_are_frozen_variables() {
        let t = cfg(SYMSIZE);
        for line in [
            "v__size = n + 1;",
            "v[n] = 1;",
            "w__size_2 = (unsigned long) w__size_1 * (unsigned long) w__size;",
            "w[1 * w__size + 2] = 3;",
            "p__size = (unsigned long) n;",
            "s__size = 2ul * (unsigned long) n;",
            "c__size = (unsigned long) n;",
        ] {
            assert!(t.contains(&format!(": {line} ->")), "{line} in\n{t}");
        }
        let p = parse_source(SYMSIZE, "t.c", &FrontendOptions::default()).unwrap();
        let arr = |n: &str| p.array(p.array_by_name(n).unwrap());
        let var = |n: &str| crate::ir::Size::Var(p.var_by_name(n).unwrap());
        assert_eq!(arr("v").size, var("v__size"));
        assert_eq!(arr("w").size, var("w__size_2"));
        assert_eq!(arr("w").dims, vec![var("w__size_1"), var("w__size")]);
        assert_eq!(arr("p").init, crate::ir::ArrayInit::Nondet);
        assert_eq!(arr("c").init, crate::ir::ArrayInit::Zero);
        assert_eq!(arr("c").elem, crate::ir::IntType::Long);
        assert_eq!(
            p.arrays_sized_by(p.var_by_name("p__size").unwrap()).len(),
            1
        );
    }

    /// A pointer assigned one array is that array: `*(q + 2)`, `q[1]`, `*q`, and as an
    /// argument (also a heap array passed to `int *`).
    #[test]
    fn pointers_alias_their_array() {
        let t = cfg(SYMSIZE);
        for line in [
            "a[2] = 1;",
            "a[1] = 2;",
            "a[0] = 3;",
            "a[set__k] = 9;",
            "p[set__k_1] = 9;",
        ] {
            assert!(t.contains(&format!(": {line} ->")), "{line} in\n{t}");
        }
        // A struct array of nondet size: one array per field, one size variable.
        let t = parse_source(
            "void *calloc(unsigned long, unsigned long); extern int __VERIFIER_nondet_int(void);
             struct P { int x; char y; };
             int main() { int n = __VERIFIER_nondet_int(); struct P *ps = calloc(n, sizeof(struct P));
               ps[1].y = 2; return ps[0].x; }",
            "t.c",
            &FrontendOptions::default(),
        )
        .unwrap();
        assert_eq!(t.arrays.len(), 2);
        assert_eq!(t.arrays[0].size, t.arrays[1].size);
        assert!(t.arrays[0].size.as_const().is_none());
    }
}
