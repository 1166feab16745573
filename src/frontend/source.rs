//! Source text: reading it, bounding it, and mapping preprocessed text to the original files.
//!
//! Reads an input file (a regular file of at most [`MAX_INPUT_BYTES`]); scans preprocessed
//! text for nesting deeper than the limits ([`scan_nesting`], before the parser recurses over
//! it); takes the text `gcc -E` produced (with its `# 12 "prog.c"` line markers, which lang-c
//! skips as whitespace) and gives, for a byte offset, the original file, line and column. Also
//! repairs old implicit-`int` function definitions (`main() {`) without moving any line.
//!
//! The limits. ara recurses over syntax trees (lang-c's parser, lowering, every pass over the
//! IR, `Drop`), so deep input needs stack: the command runs on a thread of [`STACK_BYTES`]
//! (1 GiB, reserved, touched only as used), and input nested deeper than [`MAX_DEPTH`] (or
//! calls chained deeper than [`MAX_CALL_DEPTH`]) is `unsupported`. Measured with 1 GiB in a
//! debug build, where frames are largest: `cfg` and `witness` handle `else if` chains of
//! 80 000 and flat sums of 40 000 (80 000 overflow), call chains of 14 000 (20 000 overflow);
//! so the limits (10 000 and 5000) leave a margin of three to four. A release build stays
//! under 90 MB of memory at the limits. Brackets nest at most [`MAX_NESTING`] deep, in the
//! input and in the C ara writes for the checkers (ESBMC 8.4 rejects more than 1024; lang-c
//! takes time quadratic in the depth of parentheses: 4000 took 13 s).

use crate::base::error::AraError;
use std::path::Path;

/// Largest input file, and largest preprocessed text, ara reads.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;
/// Deepest syntax tree (statements, expressions, calls inlined into one another) ara accepts.
pub const MAX_DEPTH: usize = 10_000;
/// Deepest chain of calls (inlined into one another) ara accepts: lowering one costs most
/// stack (about 70 KiB in a debug build).
pub const MAX_CALL_DEPTH: usize = 5_000;
/// Deepest bracket nesting (`(`, `[` and `{` together, as compilers count) ara accepts in the
/// input and writes into C for the checkers: ESBMC 8.4 stops at 1024; the rest is a margin for
/// what abstractions add.
pub const MAX_NESTING: usize = 900;
/// Stack of the threads that recurse over syntax trees (owned by `tools`, which spawns them).
use crate::base::tools::STACK_BYTES;

/// [`MAX_DEPTH`] on this thread: scaled down with its stack when [`crate::base::tools::spawn_deep`]
/// gave it less than a quarter of [`STACK_BYTES`] (the limit has a margin of 8 for `else if`
/// chains and 4 for sums at the full stack, measured in a debug build).
pub fn max_depth() -> usize {
    scaled(MAX_DEPTH, STACK_BYTES / 4)
}

/// [`MAX_CALL_DEPTH`] on this thread, scaled with its stack below [`STACK_BYTES`]: under
/// `ulimit -v 16000000` the stack is a quarter (`tools::deep_stacks`), and a release build
/// overflowed on a chain of 6000 calls before its refusal at 5000.
pub fn max_call_depth() -> usize {
    scaled(MAX_CALL_DEPTH, STACK_BYTES)
}

/// `limit` for a stack of at least `full` bytes, proportionally less below.
fn scaled(limit: usize, full: usize) -> usize {
    let stack = crate::base::tools::deep_stack().min(full);
    (limit as u128 * stack as u128 / full as u128).max(1) as usize
}

/// Reads an input file: a regular file of at most [`MAX_INPUT_BYTES`] (`/dev/zero` or a FIFO
/// would be read forever, or once by ara and then empty for `gcc -E`).
pub fn read_source(path: &Path) -> Result<Vec<u8>, AraError> {
    let input = |msg: String| AraError::Input {
        file: path.display().to_string(),
        msg,
    };
    let meta = std::fs::metadata(path).map_err(|e| {
        input(if e.kind() == std::io::ErrorKind::NotFound {
            "no such file".into()
        } else {
            format!("cannot read the file: {e}")
        })
    })?;
    if meta.is_dir() {
        return Err(input("is a directory, not a C file".into()));
    }
    if !meta.is_file() {
        return Err(input(format!(
            "not a regular file ({}), not a C file",
            file_kind(&meta)
        )));
    }
    if meta.len() > MAX_INPUT_BYTES {
        return Err(too_large(path));
    }
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| input(format!("cannot read: {e}")))?;
    // The file may have grown since its metadata was read.
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_large(path));
    }
    Ok(bytes)
}

/// The error for an input (or its preprocessed text) above [`MAX_INPUT_BYTES`].
pub fn too_large(path: &Path) -> AraError {
    AraError::Input {
        file: path.display().to_string(),
        msg: format!("larger than {} MiB", MAX_INPUT_BYTES >> 20),
    }
}

fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_fifo() {
        "a pipe"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a plain file"
    }
}

/// What [`scan_nesting`] follows: an open bracket, or a statement head (`if (...)`, `else`,
/// `while (...)`, `for (...)`, `switch (...)`, `do`) waiting for the statement it governs.
#[derive(Clone, Copy, PartialEq)]
enum Open {
    Bracket,
    Head {
        is_if: bool,
    },
    /// The branch of an `else`: nested in its `if`, but not one level more (an `else if`
    /// chain nests one level per link in the parser).
    Else,
}

impl Open {
    fn weight(self) -> usize {
        usize::from(self != Open::Else)
    }
}

/// The nesting [`scan_nesting`] is in.
#[derive(Default)]
struct Nest {
    open: Vec<Open>,
    /// Where in `open` the open brackets are, and which they are.
    brackets: Vec<(usize, u8)>,
    /// The weight of `open`.
    depth: usize,
    /// A statement just ended: the heads from here up are done, unless an `else` follows
    /// (then its `if` and the heads around it are open again).
    done_from: Option<usize>,
}

impl Nest {
    fn push(&mut self, o: Open) {
        self.settle();
        self.depth += o.weight();
        self.open.push(o);
    }

    fn open_bracket(&mut self, c: u8) {
        self.push(Open::Bracket);
        self.brackets.push((self.open.len() - 1, c));
    }

    /// Where the statements inside the innermost bracket start in `open`.
    fn inner_start(&self) -> usize {
        self.brackets.last().map_or(0, |&(k, _)| k + 1)
    }

    /// Closes what the last statement completed.
    fn settle(&mut self) {
        if let Some(k) = self.done_from.take() {
            self.truncate(k);
        }
    }

    fn truncate(&mut self, k: usize) {
        for o in self.open.drain(k..) {
            self.depth -= o.weight();
        }
        while self.brackets.last().is_some_and(|&(j, _)| j >= k) {
            self.brackets.pop();
        }
    }

    /// A statement ended: the heads waiting for it (on top of the innermost bracket) are done.
    fn statement_end(&mut self) {
        self.settle();
        self.done_from = Some(self.inner_start());
    }

    /// A closing bracket: what it holds is done, and the statement it ended too.
    fn close_bracket(&mut self) {
        self.settle();
        if let Some(&(k, _)) = self.brackets.last() {
            self.truncate(k);
        }
    }

    /// `else`: its `if` (the innermost one the last statement completed) is open again.
    fn reopen_if(&mut self) {
        if let Some(k) = self.done_from.take()
            && let Some(j) = self.open[k..]
                .iter()
                .rposition(|&o| o == Open::Head { is_if: true })
        {
            self.truncate(k + j + 1);
            return;
        }
        self.settle();
    }
}

/// Scans preprocessed text, without recursion, for nesting the parser would recurse into:
/// brackets deeper than [`MAX_NESTING`], or brackets, statement heads and prefix operators
/// together deeper than [`MAX_DEPTH`] (an `else if` chain nests one level per link, as the
/// parser's recursion does). An estimate from tokens, close enough to keep the parser's
/// recursion bounded; the syntax tree is measured exactly after parsing. `file` names the text
/// when it has no line markers. Linear in the text.
pub fn scan_nesting(text: &str, file: &str) -> Result<(), AraError> {
    let b = text.as_bytes();
    let mut nest = Nest::default();
    // Consecutive prefix operators (`!!!!x`, `- - -x`) nest in the parser too.
    let mut prefix = 0usize;
    let mut k = 0;
    let mut line_start = true;
    let fail = |at: usize, limit: usize, what: &str| {
        let map = SourceMap::new(text, file);
        let (f, line, col) = map.locate(at);
        Err(AraError::Unsupported {
            file: f.to_string(),
            line,
            col,
            what: format!("nesting deeper than {limit} ({what})"),
        })
    };
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80;
    while k < b.len() {
        let c = b[k];
        let at = k;
        k += 1;
        match c {
            b'\n' => {
                line_start = true;
                continue;
            }
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => continue,
            // Line markers and other directives.
            b'#' if line_start => {
                while k < b.len() && b[k] != b'\n' {
                    k += 1;
                }
                continue;
            }
            _ => line_start = false,
        }
        if !matches!(c, b'!' | b'~' | b'-' | b'+' | b'*' | b'&' | b'/') {
            prefix = 0;
        }
        match c {
            b'"' | b'\'' => {
                while k < b.len() && b[k] != c && b[k] != b'\n' {
                    k += if b[k] == b'\\' { 2 } else { 1 };
                }
                k += 1;
            }
            b'/' if b.get(k) == Some(&b'*') => {
                k = text[k + 1..].find("*/").map_or(b.len(), |e| k + 1 + e + 2);
            }
            b'/' if b.get(k) == Some(&b'/') => {
                while k < b.len() && b[k] != b'\n' {
                    k += 1;
                }
            }
            b'(' | b'[' | b'{' => {
                nest.open_bracket(c);
                if nest.brackets.len() > MAX_NESTING {
                    return fail(at, MAX_NESTING, "brackets");
                }
                if nest.depth > max_depth() {
                    return fail(at, max_depth(), "statements and expressions");
                }
            }
            b')' | b']' => nest.close_bracket(),
            b'}' => {
                nest.close_bracket();
                nest.statement_end();
            }
            b';' => {
                // Not the `;`s of a `for (;;)` head.
                if nest.brackets.last().is_none_or(|&(_, c)| c != b'(') {
                    nest.statement_end();
                }
            }
            b'!' | b'~' | b'-' | b'+' | b'*' | b'&' => {
                prefix += 1;
                if nest.depth + prefix > max_depth() {
                    return fail(at, max_depth(), "operators");
                }
            }
            c if word(c) => {
                while k < b.len() && word(b[k]) {
                    k += 1;
                }
                match &text[at..k] {
                    "if" => nest.push(Open::Head { is_if: true }),
                    "while" | "for" | "switch" | "do" => nest.push(Open::Head { is_if: false }),
                    "else" => {
                        nest.reopen_if();
                        nest.push(Open::Else);
                    }
                    _ => nest.settle(),
                }
                if nest.depth > max_depth() {
                    return fail(at, max_depth(), "statements");
                }
            }
            _ => nest.settle(),
        }
    }
    Ok(())
}

/// Maps byte offsets of the preprocessed text to original positions.
pub struct SourceMap {
    /// Byte offset where each preprocessed line starts.
    starts: Vec<usize>,
    /// For each preprocessed line: index into `files` and the original line number.
    origin: Vec<(usize, u32)>,
    files: Vec<String>,
}

/// `# 12 "file" flags` or `#line 12 "file"`: the line number and file name.
fn line_marker(line: &str) -> Option<(u32, &str)> {
    let rest = line.trim_start().strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("line").unwrap_or(rest).trim_start();
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    if digits == 0 {
        return None;
    }
    let n: u32 = rest[..digits].parse().ok()?;
    let rest = rest[digits..].trim_start();
    let file = rest
        .strip_prefix('"')
        .and_then(|r| r.find('"').map(|e| &r[..e]));
    Some((n, file.unwrap_or("")))
}

impl SourceMap {
    /// `file` names the text when it has no line markers.
    pub fn new(text: &str, file: &str) -> SourceMap {
        let mut starts = vec![0];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                starts.push(i + 1);
            }
        }
        let mut files = vec![file.to_string()];
        let mut origin = Vec::with_capacity(starts.len());
        let (mut cur_file, mut cur_line) = (0usize, 1u32);
        for (k, &s) in starts.iter().enumerate() {
            let end = starts.get(k + 1).map_or(text.len(), |e| e - 1);
            let line = &text[s..end];
            origin.push((cur_file, cur_line));
            if let Some((n, f)) = line_marker(line) {
                if !f.is_empty() {
                    cur_file = match files.iter().position(|x| x == f) {
                        Some(i) => i,
                        None => {
                            files.push(f.to_string());
                            files.len() - 1
                        }
                    };
                }
                cur_line = n;
            } else {
                cur_line = cur_line.saturating_add(1);
            }
        }
        SourceMap {
            starts,
            origin,
            files,
        }
    }

    /// Original (file, line, column) of a byte offset (1-based line and column).
    pub fn locate(&self, offset: usize) -> (&str, u32, u32) {
        let k = match self.starts.binary_search(&offset) {
            Ok(k) => k,
            Err(k) => k.saturating_sub(1),
        };
        let (f, l) = self.origin.get(k).copied().unwrap_or((0, 1));
        let col = offset.saturating_sub(self.starts.get(k).copied().unwrap_or(0)) + 1;
        (&self.files[f], l, col as u32)
    }
}

/// The offset after the string or character literal starting at `i`.
pub fn skip_literal(bytes: &[u8], i: usize) -> usize {
    let quote = bytes[i];
    let mut k = i + 1;
    while k < bytes.len() && bytes[k] != quote && bytes[k] != b'\n' {
        k += if bytes[k] == b'\\' { 2 } else { 1 };
    }
    k + 1
}

/// The first byte at or after `i` that is not white space.
pub fn next_non_space(bytes: &[u8], mut i: usize) -> Option<usize> {
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    (i < bytes.len()).then_some(i)
}

/// The offset of the `)` matching the `(` at `open`.
pub fn matching_paren(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'"' | b'\'' => {
                i = skip_literal(bytes, i);
                continue;
            }
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The function definitions of C `text`: top-level brace blocks preceded by `name(...)`, as
/// (name, body start, body end), outside comments, literals and directive lines.
pub fn function_bodies(text: &str) -> Vec<(String, usize, usize)> {
    let bytes = text.as_bytes();
    let mut out = vec![];
    let mut depth = 0usize;
    let mut open_at = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' | b'\'' => {
                i = skip_literal(bytes, i);
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(bytes.len(), |e| i + e);
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |e| i + 2 + e + 2);
                continue;
            }
            b'#' if depth == 0 => {
                // A directive (or a line marker) to the end of its line.
                i = text[i..].find('\n').map_or(bytes.len(), |e| i + e);
                continue;
            }
            b'{' => {
                if depth == 0 {
                    open_at = i;
                }
                depth += 1;
            }
            b'}' if depth > 0 => {
                depth -= 1;
                if depth == 0
                    && let Some(name) = definition_name(&text[..open_at])
                {
                    out.push((name, open_at, i));
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The name in `name(...)` right before a top-level `{` (the text before it ends the header).
fn definition_name(before: &str) -> Option<String> {
    let t = before.trim_end();
    let t = t.strip_suffix(')')?;
    // Back to the matching `(`.
    let mut depth = 1;
    let mut open = None;
    for (k, c) in t.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' => {
                depth -= 1;
                if depth == 0 {
                    open = Some(k);
                    break;
                }
            }
            _ => {}
        }
    }
    let head = t[..open?].trim_end();
    let name: String = head
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    (!name.is_empty() && !name.as_bytes()[0].is_ascii_digit()).then_some(name)
}

/// The words (identifiers and keywords) of a C text outside comments, string and character
/// literals, numbers and directive lines (`#define`, line markers): (first byte, end byte) of
/// each, in order. A comment is skipped whole, whichever lines it spans.
pub fn words(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let to_eol = |i: usize| text[i..].find('\n').map_or(b.len(), |e| i + e);
    let mut out = vec![];
    let mut i = 0;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' => {
                line_start = true;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                i += 1;
                continue;
            }
            b'#' if line_start => {
                // A directive to the end of its line (and its continuation lines).
                let mut e = to_eol(i);
                while e > i && e < b.len() && text[..e].ends_with('\\') {
                    e = to_eol(e + 1);
                }
                i = e;
                continue;
            }
            _ => line_start = false,
        }
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            i = to_eol(i);
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i = text[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c && b[i] != b'\n' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else if word(c) {
            let j = i + b[i..].iter().take_while(|&&x| word(x)).count();
            if !c.is_ascii_digit() {
                out.push((i, j));
            }
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// The sites of the loop statements that start at `offsets` of the parsed text `text`
/// ([`LoopSite`]): their keyword's place among the same words of its line. `as_is`: `text`
/// is the user's file itself (a `.i` file), so the line is the text's own line; otherwise
/// (`gcc -E` output of `file`) the line its line markers give, when they name `file`.
pub fn loop_sites(
    text: &str,
    map: &SourceMap,
    file: &str,
    as_is: bool,
    offsets: &[usize],
) -> Vec<crate::ir::LoopSite> {
    use crate::ir::{LoopKeyword, LoopSite, Span};
    let words = words(text);
    let line_of = |off: usize| match map.starts.binary_search(&off) {
        Ok(k) => k,
        Err(k) => k.saturating_sub(1),
    };
    let mut offsets = offsets.to_vec();
    offsets.sort_unstable();
    offsets.dedup();
    let mut out = vec![];
    for off in offsets {
        let Ok(at) = words.binary_search_by_key(&off, |w| w.0) else {
            continue;
        };
        let Some(keyword) = LoopKeyword::from_word(&text[off..words[at].1]) else {
            continue;
        };
        let k = line_of(off);
        let (start, end) = (
            map.starts[k],
            map.starts.get(k + 1).copied().unwrap_or(text.len()),
        );
        let (first, last) = (
            words.partition_point(|w| w.0 < start),
            words.partition_point(|w| w.0 < end),
        );
        let peers: Vec<usize> = words[first..last]
            .iter()
            .filter(|w| &text[w.0..w.1] == keyword.word())
            .map(|w| w.0)
            .collect();
        let index = peers.iter().position(|&o| o == off).unwrap_or(0);
        let (f, origin, col) = map.locate(off);
        let line = if as_is {
            Some(k as u32 + 1)
        } else {
            (f == file).then_some(origin)
        };
        out.push(LoopSite {
            span: Span { line: origin, col },
            keyword,
            line,
            index: index as u32,
            count: peers.len() as u32,
        });
    }
    out
}

/// Inserts `int ` before old-style definitions without a return type (`main() {`,
/// `foo(int x)` followed by `{`) at the start of a line; line numbers do not change. Only lines
/// after a complete declaration (`;`, `}`, a directive or nothing) qualify, so GNU-style
/// `int\nfoo(void)` definitions are left alone. Returns `None` when nothing changed.
pub fn fix_implicit_int(text: &str) -> Option<String> {
    const KEYWORDS: &[&str] = &[
        "if",
        "while",
        "for",
        "switch",
        "return",
        "sizeof",
        "do",
        "else",
        "case",
        "goto",
        "__attribute__",
        "__asm__",
        "asm",
        "_Static_assert",
        "typedef",
    ];
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out = String::with_capacity(text.len() + 64);
    let mut changed = false;
    let mut prev_ok = true; // is the previous significant line the end of a declaration?
    for (k, line) in lines.iter().enumerate() {
        if k > 0 {
            out.push('\n');
        }
        let t = line.trim();
        let is_directive = t.starts_with('#');
        let mut fix = false;
        if prev_ok && !is_directive && !t.is_empty() {
            let ident_len = line
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(line.len());
            let ident = &line[..ident_len];
            let after = line[ident_len..].trim_start();
            if ident_len > 0
                && !ident.as_bytes()[0].is_ascii_digit()
                && !KEYWORDS.contains(&ident)
                && after.starts_with('(')
                && !t.ends_with(';')
            {
                // The body must follow: `{` on this line or on the next significant line.
                let next_sig = lines[k + 1..]
                    .iter()
                    .map(|l| l.trim())
                    .find(|l| !l.is_empty() && !l.starts_with('#'));
                fix = t.ends_with('{')
                    || t.contains(") {")
                    || t.contains("){")
                    || next_sig.is_some_and(|n| n.starts_with('{'));
            }
        }
        if fix {
            out.push_str("int ");
            changed = true;
        }
        out.push_str(line);
        if !is_directive && !t.is_empty() {
            prev_ok = t.ends_with(';') || t.ends_with('}');
        }
    }
    changed.then_some(out)
}

/// How a function's body starts (the text between its braces, [`body_start`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BodyStart {
    /// Nothing but white space and comments.
    Empty,
    /// Its first statement is the call `name(args);` whose arguments call nothing (no `(` in
    /// `args`): the call is made, unconditionally, before anything else.
    Calls { name: String, args: String },
    /// Anything else (a declaration, a condition, a label, a macro we cannot see through).
    Other,
}

/// How the body text `body` (between a function's braces, braces excluded) starts: for
/// deciding whether a call of an error function surely fails at once (`strategy::source_check`).
/// Conservative: whatever is not plainly one of the shapes is [`BodyStart::Other`].
pub fn body_start(body: &str) -> BodyStart {
    let code = blank_comments(body);
    let t = code.trim_start();
    if t.trim().is_empty() {
        return BodyStart::Empty;
    }
    let name_len = t
        .bytes()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_')
        .count();
    let (name, rest) = t.split_at(name_len);
    if name.is_empty() || name.as_bytes()[0].is_ascii_digit() {
        return BodyStart::Other;
    }
    let Some(rest) = rest.trim_start().strip_prefix('(') else {
        return BodyStart::Other;
    };
    // The arguments up to the first `)`: a `(` before it (a nested call, a cast, grouping)
    // is not the plain shape; a `)` inside a literal is not the end.
    let bytes = rest.as_bytes();
    let mut k = 0;
    while k < bytes.len() && bytes[k] != b')' {
        match bytes[k] {
            b'(' => return BodyStart::Other,
            b'"' | b'\'' => k = skip_literal(bytes, k),
            _ => k += 1,
        }
    }
    if k >= bytes.len() || !rest[k + 1..].trim_start().starts_with(';') {
        return BodyStart::Other;
    }
    BodyStart::Calls {
        name: name.to_string(),
        args: rest[..k].trim().to_string(),
    }
}

/// `text` with each comment replaced by a space (literals kept as they are).
fn blank_comments(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'"' || b[i] == b'\'' {
            let e = skip_literal(b, i).min(b.len());
            out.push_str(&text[i..e]);
            i = e;
        } else if text[i..].starts_with("//") {
            i = text[i..].find('\n').map_or(b.len(), |e| i + e);
            out.push(' ');
        } else if text[i..].starts_with("/*") {
            i = text[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
            out.push(' ');
        } else {
            let c = text[i..].chars().next().expect("in range");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_body_starts_empty_with_a_plain_call_or_otherwise() {
        let call = |n: &str, a: &str| BodyStart::Calls {
            name: n.into(),
            args: a.into(),
        };
        assert_eq!(body_start(" /* nothing */ \n // here\n"), BodyStart::Empty);
        assert_eq!(
            body_start(" __assert_fail(\"0\", \"f.c\", 3, \"reach_error\"); "),
            call("__assert_fail", "\"0\", \"f.c\", 3, \"reach_error\"")
        );
        assert_eq!(body_start("assert(0);"), call("assert", "0"));
        assert_eq!(
            body_start(" reach_error ( ) ; abort();"),
            call("reach_error", "")
        );
        assert_eq!(body_start("abort();"), call("abort", ""));
        for other in [
            "int x = 1;",
            "if (x) __assert_fail(\"0\", \"f\", 1, \"r\");",
            "ERROR: reach_error();",
            "__assert_fail(g(), \"f\", 1, \"r\");",
            "assert(0)",
            "f(\")\"",
            "{ reach_error(); }",
        ] {
            assert_eq!(body_start(other), BodyStart::Other, "{other}");
        }
        assert_eq!(body_start("f(\")\");"), call("f", "\")\""));
    }

    use super::*;

    #[test]
    fn markers_map_lines() {
        let text = "# 1 \"a.c\"\nint x;\n# 7 \"b.h\" 1\nint y;\nint z;\n# 3 \"a.c\" 2\nint w;\n";
        let m = SourceMap::new(text, "t.i");
        let off = |s: &str| text.find(s).unwrap();
        assert_eq!(m.locate(off("int x")), ("a.c", 1, 1));
        assert_eq!(m.locate(off("int z")), ("b.h", 8, 1));
        assert_eq!(m.locate(off("w;")), ("a.c", 3, 5));
        let plain = SourceMap::new("a\nbb\n", "p.i");
        assert_eq!(plain.locate(3), ("p.i", 2, 2));
    }

    fn nesting(text: &str) -> Result<(), String> {
        scan_nesting(text, "t.c").map_err(|e| e.to_string())
    }

    fn else_if_chain(n: usize) -> String {
        let links: String = (1..n)
            .map(|i| format!("else if (x == {i}) y = {i};\n"))
            .collect();
        format!("int main() {{ int x, y;\nif (x == 0) y = 0;\n{links}for (;;) {{ }} return 0; }}")
    }

    #[test]
    fn an_else_if_chain_nests_one_level_per_link() {
        assert_eq!(nesting(&else_if_chain(MAX_DEPTH - 10)), Ok(()));
        let e = nesting(&else_if_chain(MAX_DEPTH + 10)).unwrap_err();
        assert!(e.starts_with(&format!("t.c:{}:", MAX_DEPTH)), "{e}");
        assert!(e.contains("unsupported: nesting deeper than 10000"), "{e}");
    }

    #[test]
    fn statements_in_sequence_do_not_nest() {
        let body = "if (x) y = 1; else y = 2; while (x) x--; do { x++; } while (x < 3);\n";
        let text = format!(
            "int main() {{ int x, y; {} return 0; }}",
            body.repeat(20_000)
        );
        assert_eq!(nesting(&text), Ok(()));
    }

    #[test]
    fn brackets_and_operators_are_bounded() {
        let parens = |n: usize| format!("int y = {}1{};", "(".repeat(n), ")".repeat(n));
        assert_eq!(nesting(&parens(MAX_NESTING)), Ok(()));
        let e = nesting(&format!("# 7 \"a.c\"\n{}", parens(MAX_NESTING + 1))).unwrap_err();
        assert_eq!(
            e,
            format!(
                "a.c:7:{}: unsupported: nesting deeper than 900 (brackets)",
                MAX_NESTING + 9
            )
        );
        let nots = format!("int y = {}1;", "!".repeat(MAX_DEPTH + 1));
        assert!(nesting(&nots).unwrap_err().contains("(operators)"));
        // Brackets in strings and comments are text.
        let quoted = format!(
            "char *s = \"{}\"; /* {} */",
            "(".repeat(2000),
            "{".repeat(2000)
        );
        assert_eq!(nesting(&quoted), Ok(()));
    }

    #[test]
    fn implicit_int_fixed_but_gnu_style_kept() {
        let src = "int g;\nmain() {\n  foo(1);\n}\nbar(int x)\n{ return x; }\n";
        let fixed = fix_implicit_int(src).unwrap();
        assert!(fixed.contains("int main() {"));
        assert!(fixed.contains("int bar(int x)"));
        assert!(fixed.contains("\n  foo(1);"));
        assert_eq!(fixed.lines().count(), src.lines().count());
        assert!(fix_implicit_int("static int\nmain(void)\n{ return 0; }\n").is_none());
    }
}
