//! The layers of ara's library (issue 28) and the check that no lower layer imports a higher
//! one. Pure Rust, no tool: it reads `src/**/*.rs`, collects each module's paths into the
//! crate (`crate::…`, `super::…`, and paths through a child module the file declares), maps
//! every module to its entry in [`LAYERS`] (the longest entry that is a prefix of its path)
//! and fails listing each import of an entry that stands later in the table.
//!
//! The table is one order, lowest first: a module may use its own entry and any earlier one.
//! Entries are grouped into the layers ARCHITECTURE.md draws (base → ir → frontend →
//! abstraction → engines → strategy → CLI); the order of entries within a layer is part of
//! the rule (e.g. `checkers` may use `engines::proof` but not `engines`).
//!
//! Test code is no dependency of the library: items under `#[cfg(test)]` (the `tests`
//! modules, test-only `use`s) are skipped, so a unit test may build its input with the front
//! end. The binaries (`src/main.rs`, `src/bin/`) are the CLI layer and use the library by
//! its name; they are not read. Re-exports that keep old paths alive while other branches
//! move to the new ones are allowed only through [`REEXPORTS`] (none is left), and a `pub
//! use` of another entry's item only through [`FACADES`].

use std::collections::BTreeSet;
use std::path::Path;

/// The layers, lowest first; within a layer, the entries lowest first.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "base",
        &[
            "base",
            "base::error",
            "base::out",
            "base::progress",
            "base::tools",
        ],
    ),
    // `ir::trace` is data only (a checker's trace as typed steps, no import), which the
    // witness transformation reads; `ir::emit` prints the IR as C.
    ("ir", &["ir", "ir::trace", "ir::emit"]),
    ("frontend", &["frontend"]),
    (
        "abstraction",
        &[
            "abstraction::generalize",
            "abstraction",
            "abstraction::witness",
        ],
    ),
    (
        "engines",
        &[
            "engines::smt",
            "engines::proof",
            "engines::checkers",
            "engines::concrete::trace",
            "engines::verdict",
            "engines",
            "engines::concrete",
        ],
    ),
    (
        "strategy",
        &[
            "strategy::explain",
            "strategy::cegar",
            "strategy::svwitness",
            "strategy::schedule",
            "strategy",
            "strategy::source_check",
            "strategy::procedures",
        ],
    ),
    (
        "cli",
        &["cli", "cli::batch", "cli::difftest", "cli::commands"],
    ),
];

/// Imports a lower entry may make of a higher one: re-exports at an old path for branches
/// in flight (remove after merge). Each is (importing module, imported module). None is
/// left: every user imports from the real path (issue 28).
const REEXPORTS: &[(&str, &str)] = &[];

/// Re-exports from another entry that are part of a module's interface, not an old path:
/// (module, re-exported module). Any other `pub use` of another entry's item fails
/// [`no_reexports_across_entries`]: import it from where it lives.
const FACADES: &[(&str, &str)] = &[
    // The checkers' trace types with the checkers that build them.
    ("engines::checkers", "ir::trace"),
    // The engines' proof types with the engines.
    ("engines", "engines::proof"),
    // The trace types of concrete execution with it.
    ("engines::concrete", "engines::concrete::trace"),
    // The differential tester's syntax tree uses the IR's operators as its own.
    ("cli::difftest::ast", "ir"),
];

/// The entries in order, with their layer.
fn entries() -> Vec<(&'static str, &'static str)> {
    LAYERS
        .iter()
        .flat_map(|(layer, es)| es.iter().map(move |e| (*e, *layer)))
        .collect()
}

/// The position in the order of the entry a module belongs to.
fn rank(module: &str) -> Option<(usize, &'static str, &'static str)> {
    entries()
        .into_iter()
        .enumerate()
        .filter(|(_, (e, _))| module == *e || module.starts_with(&format!("{e}::")))
        .max_by_key(|(_, (e, _))| e.len())
        .map(|(i, (e, l))| (i, e, l))
}

/// Comments, string and character literals blanked out (so a path in a doc is no import).
fn strip(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    let mut i = 0;
    while i < c.len() {
        let next = c.get(i + 1).copied();
        if c[i] == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if c[i] == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if (c[i] == 'r' || (c[i] == 'b' && next == Some('r')))
            && (i == 0 || !ident(c[i - 1]))
            && {
                let mut j = i + if c[i] == 'b' { 2 } else { 1 };
                while c.get(j) == Some(&'#') {
                    j += 1;
                }
                c.get(j) == Some(&'"')
            }
        {
            let mut j = i + if c[i] == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while c[j] == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1;
            loop {
                if c[j] == '"' && (0..hashes).all(|k| c.get(j + 1 + k) == Some(&'#')) {
                    i = j + 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
        } else if c[i] == '"' {
            i += 1;
            while c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c[i] == '\'' && next == Some('\\') {
            i += 2;
            while c[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else if c[i] == '\'' && c.get(i + 2) == Some(&'\'') {
            i += 3;
            out.push_str("' '");
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// The end (exclusive) of the item starting at `from`: its first `;` at depth 0, or its
/// braces closed.
fn item_end(c: &[char], from: usize) -> usize {
    let mut depth = 0i32;
    let mut i = from;
    while i < c.len() {
        match c[i] {
            '{' | '(' | '[' => depth += 1,
            '}' | ')' | ']' => {
                depth -= 1;
                if depth == 0 && c[i] == '}' {
                    return i + 1;
                }
            }
            ';' if depth == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    c.len()
}

/// The text without its `#[cfg(test)]` items, and the names of file modules so dropped.
fn without_tests(text: &str) -> (String, Vec<String>) {
    let c: Vec<char> = text.chars().collect();
    let attr: Vec<char> = "#[cfg(test)]".chars().collect();
    let mut out = String::new();
    let mut dropped = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if c[i..].starts_with(&attr) {
            let end = item_end(&c, i + attr.len());
            let item: String = c[i + attr.len()..end].iter().collect();
            let words: Vec<&str> = item.split_whitespace().collect();
            if let Some(pos) = words.iter().position(|w| *w == "mod")
                && let Some(name) = words.get(pos + 1)
                && name.ends_with(';')
            {
                dropped.push(name.trim_end_matches(';').to_string());
            }
            i = end;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    (out, dropped)
}

/// Every path in `text` (after `at`) parsed as segments, use-groups expanded.
fn paths_at(c: &[char], mut i: usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let mut segs = prefix;
    loop {
        while c.get(i).is_some_and(|ch| ch.is_whitespace()) {
            i += 1;
        }
        if c.get(i) == Some(&'{') {
            i += 1;
            loop {
                while c.get(i).is_some_and(|ch| ch.is_whitespace() || *ch == ',') {
                    i += 1;
                }
                if c.get(i) == Some(&'}') || i >= c.len() {
                    return i + 1;
                }
                i = paths_at(c, i, segs.clone(), out);
                // Skip `as name` and anything up to the next separator.
                while i < c.len() && c[i] != ',' && c[i] != '}' {
                    i += 1;
                }
            }
        }
        let start = i;
        while c
            .get(i)
            .is_some_and(|ch| ch.is_alphanumeric() || *ch == '_')
        {
            i += 1;
        }
        let word: String = c[start..i].iter().collect();
        if word.is_empty() || word == "self" {
            out.push(segs);
            return i;
        }
        segs.push(word);
        if c.get(i) == Some(&':') && c.get(i + 1) == Some(&':') {
            i += 2;
        } else {
            out.push(segs);
            return i;
        }
    }
}

/// One source file of the library: its module path and its text.
struct Module {
    path: String,
    text: String,
}

fn module_path(rel: &Path) -> String {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|l| l == "mod") {
        parts.pop();
    }
    parts.join("::")
}

fn read_modules(dir: &Path, root: &Path, out: &mut Vec<Module>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        let rel = p.strip_prefix(root).unwrap();
        if rel == Path::new("bin") || rel == Path::new("main.rs") || rel == Path::new("lib.rs") {
            continue;
        }
        if p.is_dir() {
            read_modules(&p, root, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&p).unwrap();
            out.push(Module {
                path: module_path(rel),
                text,
            });
        }
    }
}

/// The module a path names: its longest prefix that is a known module.
fn target(segs: &[String], modules: &BTreeSet<String>) -> Option<String> {
    (1..=segs.len())
        .rev()
        .map(|n| segs[..n].join("::"))
        .find(|m| modules.contains(m))
}

/// Every (importing module, imported module) of the library, test code left out.
fn imports(mods: &[Module]) -> Vec<(String, String)> {
    let names: BTreeSet<String> = mods.iter().map(|m| m.path.clone()).collect();
    let mut dropped = BTreeSet::new();
    let mut found = Vec::new();
    for m in mods {
        let (text, tests) = without_tests(&strip(&m.text));
        dropped.extend(tests.iter().map(|t| format!("{}::{t}", m.path)));
        found.extend(
            paths_in(&m.path, &text, &names)
                .into_iter()
                .map(|t| (m.path.clone(), t)),
        );
    }
    found.retain(|(from, to)| !dropped.contains(from) && !dropped.contains(to));
    found.sort();
    found.dedup();
    found
}

/// The modules (of `names`) the paths into the crate in `text` of module `path` name.
fn paths_in(path: &str, text: &str, names: &BTreeSet<String>) -> Vec<String> {
    let children: BTreeSet<String> = names
        .iter()
        .filter_map(|n| n.strip_prefix(&format!("{path}::")))
        .filter(|rest| !rest.contains("::"))
        .map(str::to_string)
        .collect();
    let parent: Vec<String> = path.split("::").map(str::to_string).collect();
    let c: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let boundary =
            i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_' || c[i - 1] == ':');
        let start = i;
        while c
            .get(i)
            .is_some_and(|ch| ch.is_alphanumeric() || *ch == '_')
        {
            i += 1;
        }
        if i == start {
            i += 1;
            continue;
        }
        if !boundary || c.get(i) != Some(&':') || c.get(i + 1) != Some(&':') {
            continue;
        }
        let word: String = c[start..i].iter().collect();
        let mut base = match word.as_str() {
            "crate" => Vec::new(),
            "self" => parent.clone(),
            "super" => parent[..parent.len().saturating_sub(1)].to_vec(),
            w if children.contains(w) => {
                let mut b = parent.clone();
                b.push(w.to_string());
                b
            }
            _ => continue,
        };
        let mut j = i + 2;
        // `super::super::…`
        while c[j..].starts_with(&['s', 'u', 'p', 'e', 'r', ':', ':']) {
            base.pop();
            j += 7;
        }
        let mut paths = Vec::new();
        i = paths_at(&c, j, base, &mut paths);
        for p in paths {
            if let Some(t) = target(&p, names)
                && t != path
            {
                found.push(t);
            }
        }
    }
    found
}

/// Every re-export of the library (`pub use`, `pub(crate) use`, ...): (module, re-exported
/// module), test code left out.
fn reexports(mods: &[Module]) -> Vec<(String, String)> {
    let names: BTreeSet<String> = mods.iter().map(|m| m.path.clone()).collect();
    let mut found = Vec::new();
    for m in mods {
        let (text, _) = without_tests(&strip(&m.text));
        let c: Vec<char> = text.chars().collect();
        let mut at = 0;
        while let Some(k) = text[at..].find("pub") {
            let start = at + k;
            at = start + 3;
            let before = text[..start].chars().next_back();
            if before.is_some_and(|ch| ch.is_alphanumeric() || ch == '_') {
                continue;
            }
            // `pub use`, `pub(crate) use`, `pub(super) use`, `pub(in …) use`.
            let rest = text[at..].trim_start();
            let rest = match rest.strip_prefix('(') {
                Some(r) => r.split_once(')').map_or("", |(_, r)| r).trim_start(),
                None => rest,
            };
            let Some(after) = rest.strip_prefix("use ") else {
                continue;
            };
            let from = text.len() - after.len();
            let chars_from = text[..from].chars().count();
            let end = item_end(&c, chars_from);
            let stmt: String = c[chars_from..end].iter().collect();
            // The path as a `use` reads it: relative to the crate unless it starts with
            // `super`, `self` or a child.
            let stmt = match stmt.trim_start() {
                s if ["crate::", "super::", "self::"]
                    .iter()
                    .any(|p| s.starts_with(p)) =>
                {
                    s.to_string()
                }
                s if paths_in(&m.path, s, &names).is_empty() => format!("crate::{s}"),
                s => s.to_string(),
            };
            found.extend(
                paths_in(&m.path, &stmt, &names)
                    .into_iter()
                    .map(|t| (m.path.clone(), t)),
            );
        }
    }
    found.sort();
    found.dedup();
    found
}

fn library() -> Vec<Module> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut mods = Vec::new();
    read_modules(&root, &root, &mut mods);
    mods
}

#[test]
fn every_module_is_in_a_layer() {
    let missing: Vec<String> = library()
        .into_iter()
        .map(|m| m.path)
        .filter(|p| rank(p).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "modules in no layer (add them to LAYERS): {missing:?}"
    );
}

#[test]
fn no_layer_imports_a_higher_one() {
    let mut bad = Vec::new();
    for (from, to) in imports(&library()) {
        let (Some(f), Some(t)) = (rank(&from), rank(&to)) else {
            continue;
        };
        if t.0 > f.0 && !REEXPORTS.contains(&(from.as_str(), to.as_str())) {
            bad.push(format!(
                "{from} ({}: {}) imports {to} ({}: {})",
                f.2, f.1, t.2, t.1
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "imports of a higher layer:\n{}",
        bad.join("\n")
    );
}

/// A `pub use` of an item of another entry keeps a second path to it alive: only the
/// [`FACADES`] may.
#[test]
fn no_reexports_across_entries() {
    let found = reexports(&library());
    let entry = |m: &str| rank(m).map(|r| r.1);
    let bad: Vec<String> = found
        .iter()
        .filter(|(f, t)| entry(f) != entry(t))
        .filter(|(f, t)| !FACADES.contains(&(f.as_str(), t.as_str())))
        .map(|(f, t)| format!("{f} re-exports {t}: import it from {t} instead"))
        .collect();
    assert!(
        bad.is_empty(),
        "re-exports across entries:\n{}",
        bad.join("\n")
    );
    let stale: Vec<_> = FACADES
        .iter()
        .filter(|(f, t)| !found.iter().any(|(a, b)| a == f && b == t))
        .collect();
    assert!(
        stale.is_empty(),
        "FACADES entries no longer used: {stale:?}"
    );
}

/// The check above finds the re-exports that issue 28 removed, were they back.
#[test]
fn an_old_reexport_would_be_found() {
    let m = |path: &str, text: &str| Module {
        path: path.into(),
        text: text.into(),
    };
    let mods = vec![
        m(
            "engines",
            "pub mod concrete;\npub use concrete::{confirm, playback};\n",
        ),
        m("engines::concrete", "pub mod confirm;\npub mod playback;\n"),
        m("engines::concrete::confirm", ""),
        m("engines::concrete::playback", ""),
        m(
            "cegar",
            "pub(crate) use crate::engines::concrete::confirm::x;\n",
        ),
        m("ir", "pub use types::{DataModel, IntType};\n"),
        m("ir::types", ""),
    ];
    assert_eq!(
        reexports(&mods),
        [
            (
                "cegar".to_string(),
                "engines::concrete::confirm".to_string()
            ),
            ("engines".into(), "engines::concrete::confirm".into()),
            ("engines".into(), "engines::concrete::playback".into()),
            ("ir".into(), "ir::types".into()),
        ]
    );
}

/// Each layer is a folder of `src/` named after it (issue 28: "each a folder that says what
/// it is"): every entry's path starts with its layer's name.
#[test]
fn every_entry_lives_in_its_layers_folder() {
    let astray: Vec<_> = entries()
        .into_iter()
        .filter(|(e, layer)| e.split("::").next() != Some(*layer))
        .collect();
    assert!(
        astray.is_empty(),
        "entries outside their layer's folder (move them): {astray:?}"
    );
}

#[test]
fn the_allowed_reexports_are_still_needed() {
    let all = imports(&library());
    let stale: Vec<_> = REEXPORTS
        .iter()
        .filter(|(f, t)| !all.iter().any(|(a, b)| a == f && b == t))
        .collect();
    assert!(
        stale.is_empty(),
        "REEXPORTS entries no longer used: {stale:?}"
    );
}

/// Circles between the files of one entry that the table allows (an entry may use itself)
/// but that are known and to be cut when those files are next changed: each is the sorted
/// set of modules that reach each other (a folder's `mod.rs` using its own files does not
/// count: that is its facade). A new circle fails the test below.
const KNOWN_CIRCLES: &[&[&str]] = &[
    &[
        "engines::horn::certify",
        "engines::horn::encode",
        "engines::horn::grid",
        "engines::horn::guess",
        "engines::horn::houdini",
        "engines::horn::morph",
        "engines::horn::residue",
        "engines::horn::sift",
    ],
    &["frontend::expr", "frontend::lower"],
];

/// The sets of modules (more than one) that reach each other through imports, sorted.
fn circles(edges: &[(String, String)]) -> Vec<Vec<String>> {
    let mut next: std::collections::BTreeMap<&str, Vec<&str>> = Default::default();
    for (a, b) in edges {
        next.entry(a).or_default().push(b);
    }
    let reach = |from: &str| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from];
        while let Some(m) = todo.pop() {
            for &n in next.get(m).into_iter().flatten() {
                if seen.insert(n) {
                    todo.push(n);
                }
            }
        }
        seen
    };
    let reached: std::collections::BTreeMap<&str, BTreeSet<&str>> =
        next.keys().map(|&m| (m, reach(m))).collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    for (&m, r) in &reached {
        if !r.contains(m) {
            continue;
        }
        let mut set: Vec<String> = r
            .iter()
            .filter(|&&n| reached.get(n).is_some_and(|rn| rn.contains(m)))
            .map(|n| n.to_string())
            .collect();
        set.sort();
        if !out.contains(&set) {
            out.push(set);
        }
    }
    out.sort();
    out
}

#[test]
fn no_new_circles_between_files() {
    let edges: Vec<_> = imports(&library())
        .into_iter()
        .filter(|(f, t)| !REEXPORTS.contains(&(f.as_str(), t.as_str())))
        // A folder's `mod.rs` dispatching to its own files is its facade, not a circle.
        .filter(|(f, t)| !t.starts_with(&format!("{f}::")))
        .collect();
    let found = circles(&edges);
    let known: Vec<Vec<String>> = KNOWN_CIRCLES
        .iter()
        .map(|c| c.iter().map(|s| s.to_string()).collect())
        .collect();
    let new: Vec<_> = found.iter().filter(|c| !known.contains(c)).collect();
    let gone: Vec<_> = known.iter().filter(|c| !found.contains(c)).collect();
    assert!(
        new.is_empty(),
        "new circles between modules (cut them): {new:?}"
    );
    assert!(
        gone.is_empty(),
        "KNOWN_CIRCLES entries that are gone (remove them): {gone:?}"
    );
}

#[test]
fn the_scanner_reads_paths_as_rust_does() {
    let text = strip(
        "use crate::{a::b, c::{d, e as f}}; // crate::x::y\nlet s = \"crate::z\"; \
         let q = r#\"crate::w\"#; let ch = '{'; super::g::h();",
    );
    let c: Vec<char> = text.chars().collect();
    let at = text.find("crate::").unwrap() + "crate::".len();
    let mut paths = Vec::new();
    paths_at(&c, at, vec![], &mut paths);
    let want: Vec<Vec<String>> = [vec!["a", "b"], vec!["c", "d"], vec!["c", "e"]]
        .iter()
        .map(|p| p.iter().map(|s| s.to_string()).collect())
        .collect();
    assert_eq!(paths, want);
    assert!(!text.contains("crate::x") && !text.contains("crate::z") && !text.contains("crate::w"));
    let (kept, dropped) = without_tests(
        "fn a() {}\n#[cfg(test)]\nmod tests { use crate::x; }\n#[cfg(test)]\nmod more;\nfn b() {}",
    );
    assert_eq!(
        kept.split_whitespace().collect::<Vec<_>>(),
        ["fn", "a()", "{}", "fn", "b()", "{}"]
    );
    assert_eq!(dropped, ["more"]);
}
