//! Preprocessed text → positions in the original files.
//!
//! Takes the text `gcc -E` produced (with its `# 12 "prog.c"` line markers, which lang-c skips
//! as whitespace) and gives, for a byte offset, the original file, line and column. Also
//! repairs old implicit-`int` function definitions (`main() {`) without moving any line.

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

#[cfg(test)]
mod tests {
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
