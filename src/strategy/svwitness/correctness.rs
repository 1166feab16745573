//! Writing correctness witnesses: a SAFE verdict's proof as a format 2.0 `invariant_set`.
//!
//! Takes the original program, its source file, the specification and the [`Proof`]; gives
//! the [`Witness`] and notes on what was left out. Pure (the uuid and time come in
//! [`Provenance`]).
//!
//! - An inductive-invariant proof (the Horn engine's, checked by ara) gives one
//!   `loop_invariant` per loop head, at the loop's keyword (`for`, `while`) in the original
//!   file, `format: c_expression`. The engine's invariants are over the program it proved:
//!   the original, or an index-set abstraction whose scalar for element `k` of array `a` is
//!   shown `a[k]` (its display name), which is that element of the original. So the text
//!   already names the program's own variables and array elements, except for names ara made
//!   up (front-end temporaries, parameters of inlined functions such as
//!   `__VERIFIER_assert::cond`, unreadable solver terms): each top-level conjunct that names
//!   anything outside [`Scope`], or that ara's front end cannot read back, is dropped.
//!   Why the rest is still an invariant of the original: the abstraction over-approximates the
//!   program step by step (every state of the original at a loop head, with its tracked
//!   elements as the scalars, is a state of the abstraction there), so a formula true at every
//!   reachable abstract loop head is true at every reachable loop head of the original.
//!   Dropping conjuncts weakens it: still true, but perhaps no longer *inductive* (a validator
//!   may then fail to confirm it; `ara validate` answers REJECTED or UNKNOWN). A loop head
//!   whose every conjunct is dropped, or that is no `for`/`while` of the file (`do` loops,
//!   `goto` loops, loops ara made, loops written through a macro), gets no entry.
//! - The location of a loop is its keyword in the file ([`loops_in_file`]: the front end's
//!   span of the loop statement, [`crate::ir::LoopSite`]), which `ara validate` reads the
//!   same way ([`super::inductive`]).
//! - Complete unwinding, k-induction and proofs of the witness-index transformation state no
//!   invariant ara could write: the witness is the minimal honest one, an `invariant_set`
//!   with no invariants (the format's way of saying "correct, no certificate").

use super::cexpr::{self, Scope};
use super::format::{Entry, Invariant, InvariantItem, Location, SetItem, Witness};
use super::source::{Pos, SourceText};
use super::write::{Provenance, metadata};
use crate::engines::{LoopInvariant, Proof};
use crate::ir::{LoopKeyword, Program, StmtKind, Vertex};

/// The correctness witness with `content` (the invariants; none for the minimal witness).
pub fn correctness_witness(
    p: &Program,
    src: &SourceText,
    specification: &str,
    content: Vec<InvariantItem>,
    prov: &Provenance,
) -> Witness {
    let content = content.into_iter().map(SetItem::Invariant).collect();
    invariant_set(src, specification, p.data_model, content, prov)
}

/// An `invariant_set` witness with `content`: format 2.0, or 2.1 when it holds a contract.
pub fn invariant_set(
    src: &SourceText,
    specification: &str,
    dm: crate::ir::DataModel,
    content: Vec<SetItem>,
    prov: &Provenance,
) -> Witness {
    let mut metadata = metadata(src, specification, dm, prov);
    if content.iter().any(|i| matches!(i, SetItem::Contract(_))) {
        metadata.format_version = "2.1".into();
    }
    Witness {
        entries: vec![Entry::InvariantSet { metadata, content }],
    }
}

/// A way of writing the proof's invariants in C, with notes on what it left out.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub items: Vec<InvariantItem>,
    pub notes: Vec<String>,
    /// How the invariants were written (`as printed`, `in long long`).
    pub how: &'static str,
}

/// The ways of writing `proof`'s invariants as C over the program's own names, best first;
/// none for proofs without invariants.
///
/// The engine prints an invariant from the solver's formula ([`crate::engines::horn::cprint`]),
/// which is over unbounded integers when an integer configuration found it (its name starts
/// with `lia`): there, `s + -2 * i > -1` means integers, while C would compute it in
/// `unsigned`. So for those the first candidate writes every variable as `(long long)x` and
/// every literal as `kLL`, which is the integer meaning as long as nothing exceeds 64 bits;
/// the second is the text as printed. The caller keeps a candidate only when ara's own check
/// confirms it ([`super::inductive`]).
pub fn candidates(p: &Program, src: &SourceText, proof: &Proof) -> Vec<Candidate> {
    let Proof::InductiveInvariant {
        invariants,
        found_by,
    } = proof
    else {
        return vec![];
    };
    // Invariants over cells are quantified (`forall w1 in [0, n): …`): not C expressions.
    if found_by.starts_with("spacer-cells") {
        return vec![];
    }
    let integer = found_by.split_whitespace().any(|w| w.starts_with("lia"));
    let mut out = vec![];
    if integer {
        let wide: Vec<LoopInvariant> = invariants
            .iter()
            .map(|i| LoopInvariant {
                c_expr: in_long_long(&i.c_expr),
                ..i.clone()
            })
            .collect();
        out.push(candidate(p, src, &wide, "in long long"));
    }
    out.push(candidate(p, src, invariants, "as printed"));
    out
}

fn candidate(
    p: &Program,
    src: &SourceText,
    invariants: &[LoopInvariant],
    how: &'static str,
) -> Candidate {
    let mut notes = vec![];
    let items = invariants
        .iter()
        .filter_map(|inv| match loop_invariant(p, src, inv) {
            Ok((item, dropped)) => {
                notes.extend(dropped);
                Some(item)
            }
            Err(why) => {
                notes.push(format!("loop head at line {}: {why}", inv.line));
                None
            }
        })
        .collect();
    Candidate { items, notes, how }
}

/// `c_expr` with its names read as `(long long)` and its literals as `long long`.
pub fn in_long_long(c_expr: &str) -> String {
    let re = regex::Regex::new(
        r"[A-Za-z_][A-Za-z0-9_]*(\[[0-9]+\])*(\.[A-Za-z_][A-Za-z0-9_]*(\[[0-9]+\])*)*|[0-9]+",
    )
    .expect("a valid regex");
    re.replace_all(c_expr, |c: &regex::Captures| {
        let t = &c[0];
        if t.as_bytes()[0].is_ascii_digit() {
            format!("{t}LL")
        } else {
            format!("((long long){t})")
        }
    })
    .into_owned()
}

/// The entry of one loop head, and the conjuncts dropped from it.
fn loop_invariant(
    p: &Program,
    src: &SourceText,
    inv: &LoopInvariant,
) -> Result<(InvariantItem, Vec<String>), String> {
    let location = loop_location(p, src, inv.vertex)?;
    let scope = &Scope::at(p, location.function.as_deref() == Some("main"));
    let mut kept = vec![];
    let mut dropped = vec![];
    for c in cexpr::conjuncts(&inv.c_expr) {
        if scope.names_only_own(&c) && cexpr::parse(p, scope, &c).is_ok() {
            kept.push(c);
        } else {
            dropped.push(format!(
                "line {}: dropped `{c}` (names what the program does not)",
                location.line
            ));
        }
    }
    if kept.is_empty() {
        return Err("every conjunct names what the program does not".into());
    }
    let value = kept.join(" && ");
    Ok((
        InvariantItem {
            invariant: Invariant {
                kind: "loop_invariant".into(),
                location,
                value,
                format: "c_expression".into(),
            },
        },
        dropped,
    ))
}

/// A loop statement of the program and where it starts in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopAt {
    /// Its head (the `While` or `DoWhile` statement).
    pub vertex: Vertex,
    /// Its keyword; `None` for a loop ara made (the loop filling a large array).
    pub keyword: Option<LoopKeyword>,
    /// Where its keyword is in the file, when ara can say ([`SourceText::loop_position`]).
    pub pos: Option<Pos>,
}

/// The loop statements of `p` in program order, located by the front end's sites of the
/// loop statements ([`crate::ir::LoopSite`], matched by the statement's span): the writer and
/// the validator of correctness witnesses both use this, so a location one writes is the loop
/// the other reads it as. A span two sites share gives no position.
pub fn loops_in_file(p: &Program, src: &SourceText) -> Vec<LoopAt> {
    let mut out = vec![];
    p.visit_stmts(&mut |s| {
        if !matches!(s.kind, StmtKind::While { .. } | StmtKind::DoWhile { .. }) {
            return;
        }
        let mut sites = p.loop_sites.iter().filter(|x| x.span == s.span);
        let (keyword, pos) = match (sites.next(), sites.next()) {
            (Some(site), None) => (Some(site.keyword), src.loop_position(site)),
            (Some(site), Some(_)) => (Some(site.keyword), None),
            (None, _) => (None, None),
        };
        out.push(LoopAt {
            vertex: s.id,
            keyword,
            pos,
        });
    });
    out
}

/// The location of the loop whose head is `vertex`: the keyword starting it in the file
/// (format 2.0: a `loop_invariant`'s location is the first character of its loop statement).
pub fn loop_location(p: &Program, src: &SourceText, vertex: Vertex) -> Result<Location, String> {
    let l = loops_in_file(p, src)
        .into_iter()
        .find(|l| l.vertex == vertex)
        .ok_or_else(|| {
            format!(
                "vertex {vertex} is no for/while loop statement of the file (a do or goto loop)"
            )
        })?;
    let at = match (l.keyword, l.pos) {
        (None, _) => {
            return Err(format!(
                "vertex {vertex} is a loop ara made, not the file's"
            ));
        }
        (Some(LoopKeyword::Do), _) => {
            return Err(format!(
                "vertex {vertex} is no for/while loop of the file (a do loop)"
            ));
        }
        (Some(_), None) => {
            return Err(format!(
                "the loop of vertex {vertex} is not found in {} (a macro?)",
                src.path
            ));
        }
        (Some(_), Some(at)) => at,
    };
    Ok(Location {
        file_name: src.path.clone(),
        line: at.line,
        column: Some(at.column),
        function: src.function_at(at.line),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::{FrontendOptions, parse_source};

    const PROG: &str = "void __VERIFIER_assert(int cond) { if (!cond) reach_error(); }\n\
int main(void) {\n  int a[4]; unsigned int i = 0;\n  a[1] = 9;\n  do { i++; } while (i < 2);\n  for (i = 0; i < 3; i++) { while (a[1] != 9) { } }\n  __VERIFIER_assert(i == 3);\n}\n";

    /// The heads of the `for`/`while` loops of the file.
    fn for_while(p: &Program) -> Vec<Vertex> {
        let src = SourceText::new("t.c", PROG.to_string());
        loops_in_file(p, &src)
            .into_iter()
            .filter(|l| matches!(l.keyword, Some(LoopKeyword::For | LoopKeyword::While)))
            .map(|l| l.vertex)
            .collect()
    }

    fn program() -> (Program, SourceText) {
        let p = parse_source(PROG, "t.c", &FrontendOptions::default()).unwrap();
        (p, SourceText::new("t.c", PROG.to_string()))
    }

    fn proof(p: &Program, found_by: &str, c_expr: &str) -> Proof {
        let for_loop = for_while(p)[0];
        Proof::InductiveInvariant {
            found_by: found_by.into(),
            invariants: vec![
                LoopInvariant {
                    vertex: for_loop,
                    line: 6,
                    c_expr: c_expr.into(),
                },
                // The head of the do loop: not a for/while of the file.
                LoopInvariant {
                    vertex: 3,
                    line: 5,
                    c_expr: "i < 3".into(),
                },
            ],
        }
    }

    #[test]
    fn loops_are_located_at_their_keywords() {
        let (p, src) = program();
        let loops = for_while(&p);
        assert_eq!(loops.len(), 2);
        let outer = loop_location(&p, &src, loops[0]).unwrap();
        assert_eq!((outer.line, outer.column), (6, Some(3)));
        assert_eq!(outer.function.as_deref(), Some("main"));
        let inner = loop_location(&p, &src, loops[1]).unwrap();
        assert_eq!((inner.line, inner.column), (6, Some(29)));
    }

    #[test]
    fn loops_ara_makes_have_no_location() {
        // The loop that gives the large array fresh contents each iteration is ara's.
        let text = "int main(void) {\n  int s = 0;\n  for (int i = 0; i < 3; i++) {\n    int a[100];\n    a[i] = i; s += a[i];\n  }\n  while (s < 0) { }\n}\n";
        let p = parse_source(text, "g.c", &FrontendOptions::default()).unwrap();
        let src = SourceText::new("g.c", text.to_string());
        let loops = loops_in_file(&p, &src);
        let at: Vec<_> = loops
            .iter()
            .map(|l| (l.keyword, l.pos.map(|p| (p.line, p.column))))
            .collect();
        assert_eq!(
            at,
            vec![
                (Some(LoopKeyword::For), Some((3, 3))),
                (None, None),
                (Some(LoopKeyword::While), Some((7, 3))),
            ]
        );
        assert!(loop_location(&p, &src, loops[1].vertex).is_err());
    }

    #[test]
    fn made_up_names_are_dropped_and_integer_certificates_widened() {
        let (p, src) = program();
        let pr = proof(
            &p,
            "spacer lia-wrap-global",
            "(i < 4) && (__VERIFIER_assert::cond == 1) && (a[1] == 9) && (ara_t > 0)",
        );
        let cs = candidates(&p, &src, &pr);
        assert_eq!(cs.len(), 2);
        assert_eq!(cs[0].how, "in long long");
        assert_eq!(cs[0].items.len(), 1);
        let inv = &cs[0].items[0].invariant;
        assert_eq!(inv.kind, "loop_invariant");
        assert_eq!(inv.format, "c_expression");
        assert_eq!(
            inv.value,
            "(((long long)i) < 4LL) && (((long long)a[1]) == 9LL)"
        );
        assert_eq!(cs[1].items[0].invariant.value, "(i < 4) && (a[1] == 9)");
        let notes = cs[1].notes.join("\n");
        assert!(
            notes.contains("dropped `(__VERIFIER_assert::cond == 1)`"),
            "{notes}"
        );
        assert!(notes.contains("dropped `(ara_t > 0)`"), "{notes}");
        assert!(
            notes.contains("line 5: vertex 3 is no for/while loop"),
            "{notes}"
        );
    }

    #[test]
    fn other_proofs_state_no_invariant() {
        let (p, src) = program();
        assert!(candidates(&p, &src, &Proof::CompleteUnwinding { bound: 3 }).is_empty());
        let bv = candidates(&p, &src, &proof(&p, "spacer bv-global", "i <= 3"));
        assert_eq!(bv.len(), 1);
        assert_eq!(bv[0].items[0].invariant.value, "i <= 3");
        let w = correctness_witness(&p, &src, "spec", vec![], &Provenance::now()).to_yaml();
        assert!(
            w.contains("entry_type: invariant_set") && w.contains("content: []"),
            "{w}"
        );
    }
}
