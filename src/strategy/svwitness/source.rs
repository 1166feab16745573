//! The original source file as a witness sees it: its bytes (for the SHA-256), its physical
//! lines, and the calls written on them.
//!
//! Takes the file's text; gives positions of the *original* file, which a witness must name.
//! ara's IR spans carry the line that gcc's line markers give and a column in the
//! preprocessed text (`gcc -E` collapses whitespace and comments, so that column is not the
//! file's); so this module finds calls by reading the file itself: the physical lines whose
//! origin is a span's line (the same line for a `.c` file, the lines its markers map there
//! for a `.i` file), and on them the tokens of a call.

use crate::frontend::source::{SourceMap, matching_paren, next_non_space};
use crate::ir::LoopSite;
use sha2::{Digest, Sha256};
use std::path::Path;

/// A position in the original file (1-based line and column; the column counts characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    pub line: u32,
    pub column: u32,
}

/// A call written in the source: the callee's name, where the call starts and where its
/// closing parenthesis is (where format 2.0 puts `function_enter`/`function_return`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    pub name: String,
    pub start: Pos,
    pub rparen: Pos,
}

/// The text of a source file with its line table.
pub struct SourceText {
    /// The path as given (the task's input file, named so in the witness).
    pub path: String,
    pub text: String,
    /// Byte offset where each physical line starts.
    starts: Vec<usize>,
    /// For each physical line, the line its line markers say it comes from (itself when the
    /// file has none).
    origin: Vec<u32>,
    /// The words of the text outside comments and literals ([`crate::frontend::source::words`]).
    words: Vec<(usize, usize)>,
    /// [`SourceText::function_bodies`], found once (a witness asks for each statement's
    /// function: 20,000 scans of a 20,000-line file took seconds).
    bodies: std::sync::OnceLock<Vec<(String, usize, usize)>>,
}

impl SourceText {
    pub fn read(path: &Path) -> Result<SourceText, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        Ok(SourceText::new(&path.display().to_string(), text))
    }

    pub fn new(path: &str, text: String) -> SourceText {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        let map = SourceMap::new(&text, path);
        let origin = starts.iter().map(|&s| map.locate(s).1).collect();
        let words = crate::frontend::source::words(&text);
        SourceText {
            path: path.to_string(),
            text,
            starts,
            origin,
            words,
            bodies: std::sync::OnceLock::new(),
        }
    }

    /// SHA-256 of the file's bytes, in lowercase hex.
    pub fn sha256(&self) -> String {
        Sha256::digest(self.text.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// The text of physical line `line` (1-based), without its newline.
    pub fn line_text(&self, line: u32) -> &str {
        let k = line.saturating_sub(1) as usize;
        let Some(&s) = self.starts.get(k) else {
            return "";
        };
        let e = self.starts.get(k + 1).map_or(self.text.len(), |e| e - 1);
        &self.text[s..e]
    }

    pub fn num_lines(&self) -> u32 {
        self.starts.len() as u32
    }

    /// The physical lines whose origin is `line` (an IR span's line).
    pub fn physical_lines(&self, line: u32) -> Vec<u32> {
        (0..self.origin.len())
            .filter(|&k| self.origin[k] == line)
            .map(|k| k as u32 + 1)
            // A line marker has the origin of the line before it.
            .filter(|&l| !self.line_text(l).trim_start().starts_with('#'))
            .collect()
    }

    fn pos(&self, offset: usize) -> Pos {
        let k = match self.starts.binary_search(&offset) {
            Ok(k) => k,
            Err(k) => k - 1,
        };
        let col = self.text[self.starts[k]..offset].chars().count() + 1;
        Pos {
            line: k as u32 + 1,
            column: col as u32,
        }
    }

    /// The identifiers (and keywords) written on physical line `line` outside comments
    /// (whichever lines they span), literals and directives: (first byte, end byte) of each, in
    /// order.
    fn words_on(&self, line: u32) -> &[(usize, usize)] {
        let k = line.saturating_sub(1) as usize;
        let Some(&start) = self.starts.get(k) else {
            return &[];
        };
        let end = self.starts.get(k + 1).copied().unwrap_or(self.text.len());
        let first = self.words.partition_point(|w| w.0 < start);
        let last = self.words.partition_point(|w| w.0 < end);
        &self.words[first..last]
    }

    /// The calls of functions `wanted` accepts that start on physical line `line`, in order.
    pub fn calls_on(&self, line: u32, wanted: &dyn Fn(&str) -> bool) -> Vec<Call> {
        let bytes = self.text.as_bytes();
        let mut out = vec![];
        for &(i, j) in self.words_on(line) {
            let name = &self.text[i..j];
            if wanted(name)
                && let Some(open) = next_non_space(bytes, j).filter(|&o| bytes[o] == b'(')
                && let Some(close) = matching_paren(bytes, open)
            {
                out.push(Call {
                    name: name.to_string(),
                    start: self.pos(i),
                    rparen: self.pos(close),
                });
            }
        }
        out
    }

    /// Where the loop statement of `site` starts in this file: its keyword, the
    /// `site.index`-th of the same words on `site.line`, when that line holds as many of them
    /// as the front end read there (`None` otherwise: a macro, or another file).
    pub fn loop_position(&self, site: &LoopSite) -> Option<Pos> {
        let line = site.line?;
        let same: Vec<usize> = self
            .words_on(line)
            .iter()
            .filter(|&&(i, j)| &self.text[i..j] == site.keyword.word())
            .map(|w| w.0)
            .collect();
        if same.len() != site.count as usize {
            return None;
        }
        same.get(site.index as usize).map(|&i| self.pos(i))
    }

    /// The line the line markers say physical line `line` comes from (itself without them).
    pub fn origin(&self, line: u32) -> u32 {
        let k = line.saturating_sub(1) as usize;
        self.origin.get(k).copied().unwrap_or(line)
    }

    /// The name of the function whose body holds physical line `line`, if the file defines
    /// one there (a top-level `name(...) {` block).
    pub fn function_at(&self, line: u32) -> Option<String> {
        let k = line.checked_sub(1)? as usize;
        let start = *self.starts.get(k)?;
        let end = self.starts.get(k + 1).map_or(self.text.len(), |e| e - 1);
        self.function_bodies()
            .iter()
            .find(|(_, s, e)| *s <= end && start <= *e)
            .map(|(n, _, _)| n.clone())
    }

    /// The functions the file defines, each with the physical lines of its body (from its
    /// `{` to its `}`).
    pub fn function_lines(&self) -> Vec<(String, std::ops::RangeInclusive<u32>)> {
        self.function_bodies()
            .iter()
            .map(|(n, s, e)| (n.clone(), self.pos(*s).line..=self.pos(*e).line))
            .collect()
    }

    /// The functions the file defines, each with the text between its body's braces.
    pub fn function_texts(&self) -> Vec<(String, &str)> {
        (self.function_bodies().iter())
            .map(|(n, s, e)| (n.clone(), &self.text[(*s + 1).min(*e)..*e]))
            .collect()
    }

    /// Top-level brace blocks preceded by `name(...)`: (name, body start, body end).
    fn function_bodies(&self) -> &[(String, usize, usize)] {
        self.bodies
            .get_or_init(|| crate::frontend::source::function_bodies(&self.text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROG: &str = "extern int __VERIFIER_nondet_int(void);\n\
void reach_error() {}\n\
int get(void) { return __VERIFIER_nondet_int(); }\n\
int main() {\n\
\tint x = __VERIFIER_nondet_int( ), y =  __VERIFIER_nondet_int();\n\
  /* __VERIFIER_nondet_int() */ x = x + __VERIFIER_nondet_int(); // __VERIFIER_nondet_int()\n\
  if (x == \"(\"[0]) { reach_error(); }\n\
}\n";

    fn nondet(n: &str) -> bool {
        n.starts_with("__VERIFIER_nondet_")
    }

    #[test]
    fn calls_are_found_at_their_columns_outside_comments() {
        let s = SourceText::new("p.c", PROG.to_string());
        let c = s.calls_on(5, &nondet);
        assert_eq!(c.len(), 2);
        assert_eq!(
            c[0].start,
            Pos {
                line: 5,
                column: 10
            }
        );
        assert_eq!(
            c[0].rparen,
            Pos {
                line: 5,
                column: 33
            }
        );
        assert_eq!(c[1].start.column, 41);
        let c = s.calls_on(6, &nondet);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].start.column, 39);
        let e = s.calls_on(7, &|n| n == "reach_error");
        assert_eq!(
            e[0].start,
            Pos {
                line: 7,
                column: 20
            }
        );
        assert!(s.calls_on(99, &nondet).is_empty());
    }

    #[test]
    fn functions_are_found_by_their_bodies() {
        let s = SourceText::new("p.c", PROG.to_string());
        assert_eq!(s.function_at(3).as_deref(), Some("get"));
        assert_eq!(s.function_at(6).as_deref(), Some("main"));
        assert_eq!(s.function_at(1), None);
    }

    #[test]
    fn line_markers_map_physical_lines_to_origin_lines() {
        let text = "# 1 \"p.c\"\nint main() {\n# 7 \"p.c\"\n  reach_error();\n}\n";
        let s = SourceText::new("p.i", text.to_string());
        assert_eq!(s.physical_lines(7), vec![4]);
        assert_eq!(s.physical_lines(1), vec![2]);
        assert_eq!(
            SourceText::new("q.c", "a\nb\n".into()).physical_lines(2),
            vec![2]
        );
    }

    #[test]
    fn words_skip_comments_over_lines_and_directives() {
        let text = "int x; /* a\n while */ y = 1; // for\n#define W while\nz\n";
        let s = SourceText::new("w.c", text.to_string());
        let on = |l| -> Vec<&str> { s.words_on(l).iter().map(|&(i, j)| &s.text[i..j]).collect() };
        assert_eq!(on(1), vec!["int", "x"]);
        assert_eq!(on(2), vec!["y"]);
        assert_eq!(on(3), Vec::<&str>::new());
        assert_eq!(on(4), vec!["z"]);
    }

    #[test]
    fn loop_positions_are_the_same_word_of_the_line() {
        use crate::ir::{LoopKeyword, Span};
        let text = "int main() {\n  do x++; while (x < 3); /* while */ while (x) x--;\n}\n";
        let s = SourceText::new("l.c", text.to_string());
        let site = |keyword, index, count| LoopSite {
            span: Span::default(),
            keyword,
            line: Some(2),
            index,
            count,
        };
        let at = |st: LoopSite| s.loop_position(&st).map(|p| (p.line, p.column));
        assert_eq!(at(site(LoopKeyword::Do, 0, 1)), Some((2, 3)));
        assert_eq!(at(site(LoopKeyword::While, 1, 2)), Some((2, 38)));
        // The front end read three `while`s there (a macro): no position.
        assert_eq!(at(site(LoopKeyword::While, 1, 3)), None);
        assert_eq!(
            at(LoopSite {
                line: None,
                ..site(LoopKeyword::Do, 0, 1)
            }),
            None
        );
    }

    #[test]
    fn sha256_is_of_the_bytes() {
        let s = SourceText::new("e.c", String::new());
        assert_eq!(
            s.sha256(),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}
