//! Which declarations of a function body can run more than once without a loop: those that a
//! backward `goto` can jump back over.
//!
//! Takes a function definition and the preprocessed text it was parsed from; gives the source
//! ranges `[label, goto)` of its backward jumps. Without loops, control only moves to larger
//! offsets except at a backward `goto` (`switch` jumps forward into its own body), so a
//! statement at offset `d` can run again only if some backward `goto` at `g > d` targets a
//! label at `l <= d`. Loops are the caller's business (`Lowerer::loop_depth`).
//!
//! Soundness: when the text has more `goto` keywords than the statement walk found (a `goto`
//! inside a statement expression, say), the whole function counts as repeatable.

use lang_c::ast::*;
use lang_c::span::Node;
use std::collections::HashMap;

/// A range of offsets whose statements may run again: `(label, goto)`.
pub(super) type BackJump = (usize, usize);

/// The backward jumps of `f` (`text` is what its spans index).
pub(super) fn back_jumps(f: &Node<FunctionDefinition>, text: &str) -> Vec<BackJump> {
    let mut labels = HashMap::new();
    let mut gotos = vec![];
    walk(&f.node.statement, &mut labels, &mut gotos);
    let body = text.get(f.span.start..f.span.end).unwrap_or("");
    if goto_keywords(body) > gotos.len() {
        return vec![(0, usize::MAX)];
    }
    gotos
        .into_iter()
        .filter_map(|(name, g)| match labels.get(&name) {
            Some(&l) if l < g => Some((l, g)),
            Some(_) => None,
            // A label the walk missed: assume the worst.
            None => Some((0, usize::MAX)),
        })
        .collect()
}

/// Does a statement at `pos` lie in one of the ranges?
pub(super) fn repeats(jumps: &[BackJump], pos: usize) -> bool {
    jumps.iter().any(|&(l, g)| l <= pos && pos < g)
}

fn walk(
    s: &Node<Statement>,
    labels: &mut HashMap<String, usize>,
    gotos: &mut Vec<(String, usize)>,
) {
    match &s.node {
        Statement::Labeled(l) => {
            if let Label::Identifier(id) = &l.node.label.node {
                labels.insert(id.node.name.clone(), s.span.start);
            }
            walk(&l.node.statement, labels, gotos);
        }
        Statement::Compound(items) => {
            for i in items {
                if let BlockItem::Statement(st) = &i.node {
                    walk(st, labels, gotos);
                }
            }
        }
        Statement::If(i) => {
            walk(&i.node.then_statement, labels, gotos);
            if let Some(e) = &i.node.else_statement {
                walk(e, labels, gotos);
            }
        }
        Statement::Switch(sw) => walk(&sw.node.statement, labels, gotos),
        Statement::While(w) => walk(&w.node.statement, labels, gotos),
        Statement::DoWhile(d) => walk(&d.node.statement, labels, gotos),
        Statement::For(f) => walk(&f.node.statement, labels, gotos),
        Statement::Goto(id) => gotos.push((id.node.name.clone(), s.span.start)),
        _ => {}
    }
}

/// How many times the keyword `goto` occurs (as a word) in the text.
fn goto_keywords(text: &str) -> usize {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices("goto")
        .filter(|(i, _)| {
            !text[..*i].chars().next_back().is_some_and(word)
                && !text[i + 4..].chars().next().is_some_and(word)
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jumps(src: &str) -> (String, Vec<BackJump>) {
        let config = lang_c::driver::Config::with_gcc();
        let p = lang_c::driver::parse_preprocessed(&config, src.to_string()).unwrap();
        let ExternalDeclaration::FunctionDefinition(f) = &p.unit.0[0].node else {
            panic!("not a function")
        };
        let j = back_jumps(f, &p.source);
        (p.source, j)
    }

    #[test]
    fn forward_gotos_repeat_nothing() {
        let (_, j) = jumps("int main() { int x; if (x) goto out; x = 1; out: return 0; }");
        assert!(j.is_empty());
    }

    #[test]
    fn backward_gotos_cover_label_to_goto() {
        let src = "int main() { int a; L: ; int t[2]; if (a) goto L; int u; return 0; }";
        let (text, j) = jumps(src);
        let at = |s: &str| text.find(s).unwrap();
        assert!(repeats(&j, at("int t[2]")));
        assert!(!repeats(&j, at("int a;")));
        assert!(!repeats(&j, at("int u;")));
    }

    #[test]
    fn hidden_gotos_make_everything_repeatable() {
        let src = "int main() { int x = ({ goto L; 0; }); L: return x; }";
        let (_, j) = jumps(src);
        assert!(repeats(&j, 0));
        assert_eq!(goto_keywords("goto gotox x_goto goto_ (goto)"), 2);
    }
}
