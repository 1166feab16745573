//! Counterexample traces of a checker, as typed steps: assignments (with the value parsed when
//! it is an integer), calls and returns, and the failed property.
//!
//! Takes what the checker-specific parsers extract (CBMC JSON/XML, the `State N …` text blocks
//! that ESBMC and CBMC print); gives the marker path (the `ara_loc` values in order, i.e. the CFG
//! vertices visited) and the values returned by `__VERIFIER_nondet_*` calls.

use regex::Regex;
use serde::Serialize;
use std::collections::HashMap;
use std::fmt;
use std::sync::LazyLock;

/// A place in a C file. CBMC gives no columns, hence `col` is optional.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SourceLoc {
    pub file: String,
    pub line: u32,
    pub col: Option<u32>,
}

impl fmt::Display for SourceLoc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.col {
            Some(c) => write!(f, "{}:{}:{}", self.file, self.line, c),
            None => write!(f, "{}:{}", self.file, self.line),
        }
    }
}

/// What happened in one step of a trace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum StepKind {
    /// `lhs = value`. `lhs` as the checker printed it (`a[2l].q`, `ara_loc`); `value` when the
    /// raw text is an integer (suffixes such as `u`, `ul` dropped, booleans as 0/1).
    Assignment {
        lhs: String,
        value: Option<i128>,
        raw: String,
    },
    /// A call of `function` (CBMC JSON/XML only).
    Call { function: String },
    /// A return from `function` (CBMC JSON/XML only).
    Return { function: String },
    /// The property that failed at the end of the trace (its location is the step's `loc`).
    Failure {
        property: Option<String>,
        description: String,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceStep {
    pub loc: Option<SourceLoc>,
    /// The function the step is in; `None` for the static initialisation of globals.
    pub function: Option<String>,
    /// The checker marked the step as internal (CBMC's `hidden`).
    pub hidden: bool,
    #[serde(flatten)]
    pub kind: StepKind,
}

/// A counterexample: the steps in execution order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Trace {
    pub steps: Vec<TraceStep>,
}

/// A value returned by a `__VERIFIER_nondet_*` call, as far as the trace shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NondetValue {
    /// The nondet function, e.g. `__VERIFIER_nondet_int`.
    pub function: String,
    /// The variable that received the value as the checker printed it.
    pub lhs: String,
    pub value: Option<i128>,
    pub loc: Option<SourceLoc>,
}

static NONDET_RET: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^return_value_(__VERIFIER_nondet_[0-9A-Za-z_]+?)(?:\$[0-9]+)?$").unwrap()
});

impl Trace {
    /// The values assigned to the global `marker` (e.g. `ara_loc`) in program order: the CFG
    /// vertices visited. The static initialisation of the global (outside any function, or a
    /// hidden step) is not a visit and is skipped.
    pub fn marker_path(&self, marker: &str) -> Vec<u32> {
        self.steps
            .iter()
            .filter(|s| !s.hidden && s.function.is_some())
            .filter_map(|s| match &s.kind {
                StepKind::Assignment { lhs, value, .. } if lhs == marker => {
                    value.and_then(|v| u32::try_from(v).ok())
                }
                _ => None,
            })
            .collect()
    }

    /// The failed property at the end of the trace: its description and location.
    pub fn failure(&self) -> Option<(&str, Option<&SourceLoc>)> {
        self.steps.iter().rev().find_map(|s| match &s.kind {
            StepKind::Failure { description, .. } => Some((description.as_str(), s.loc.as_ref())),
            _ => None,
        })
    }

    /// The steps a person reads: the assignments in the program's own functions (not the
    /// static initialisation, hidden steps or the checker's temporaries, whose names hold `$`
    /// or `__ESBMC`), as `line N (function): lhs = value`, then the failure; at most `max`
    /// lines, the *last* ones (the end of a run is where the error is), after a line that
    /// counts those left out.
    pub fn readable_steps(&self, max: usize) -> Vec<String> {
        let all: Vec<String> = self
            .steps
            .iter()
            .filter(|s| !s.hidden && s.function.is_some())
            .filter_map(|s| {
                let at = match (&s.loc, &s.function) {
                    (Some(l), Some(f)) => format!("line {} ({f})", l.line),
                    (None, Some(f)) => format!("({f})"),
                    _ => String::new(),
                };
                match &s.kind {
                    StepKind::Assignment { lhs, raw, .. }
                        if !lhs.contains('$') && !lhs.contains("__ESBMC") =>
                    {
                        let lhs = lhs.rsplit("::").next().unwrap_or(lhs);
                        Some(format!("{at}: {lhs} = {raw}"))
                    }
                    StepKind::Failure { description, .. } => {
                        Some(format!("{at}: fails: {description}"))
                    }
                    _ => None,
                }
            })
            .collect();
        let skip = all.len().saturating_sub(max);
        let mut out = vec![];
        if skip > 0 {
            out.push(format!("... {skip} earlier steps"));
        }
        out.extend(all.into_iter().skip(skip));
        out
    }

    /// All integer assignments, in order (`lhs`, value).
    pub fn assignments(&self) -> impl Iterator<Item = (&str, Option<i128>)> {
        self.steps.iter().filter_map(|s| match &s.kind {
            StepKind::Assignment { lhs, value, .. } => Some((lhs.as_str(), *value)),
            _ => None,
        })
    }

    /// The values returned by `__VERIFIER_nondet_*` calls, in order.
    ///
    /// CBMC shows them as assignments to `return_value___VERIFIER_nondet_T` (a declaration
    /// step, then the value); ESBMC shows no call results, only the assignment `x = v` of a
    /// statement `x = __VERIFIER_nondet_T();`. Given the C `source`, such assignments are found
    /// by reading the statement at the step's location. Nondet calls inside larger expressions
    /// (e.g. a loop condition) are invisible in ESBMC's traces.
    pub fn nondet_values(&self, source: Option<&str>) -> Vec<NondetValue> {
        let lines: Vec<&str> = source.map(|s| s.lines().collect()).unwrap_or_default();
        let mut out: Vec<NondetValue> = Vec::new();
        // A run of steps assigning the same lhs at the same place is one call (CBMC prints the
        // declaration of the temporary first): the last value counts.
        let mut prev_key: Option<(String, Option<SourceLoc>)> = None;
        // One compiled pattern per (lhs, anchored): a trace of thousands of steps compiled
        // one per step and took minutes (issue 24: answers lost past the limit).
        let mut patterns: HashMap<(String, bool), Option<Regex>> = HashMap::new();
        for s in &self.steps {
            let StepKind::Assignment { lhs, value, .. } = &s.kind else {
                prev_key = None;
                continue;
            };
            let func = if let Some(c) = NONDET_RET.captures(lhs) {
                Some(c[1].to_string())
            } else if !s.hidden && s.function.is_some() {
                s.loc
                    .as_ref()
                    .and_then(|l| nondet_call_at(&lines, l, lhs, &mut patterns))
            } else {
                None
            };
            let key = (lhs.clone(), s.loc.clone());
            match func {
                Some(function) => {
                    let v = NondetValue {
                        function,
                        lhs: lhs.clone(),
                        value: *value,
                        loc: s.loc.clone(),
                    };
                    if prev_key.as_ref() == Some(&key) {
                        *out.last_mut().expect("a run has a first element") = v;
                    } else {
                        out.push(v);
                    }
                    prev_key = Some(key);
                }
                None => prev_key = None,
            }
        }
        out
    }
}

/// If the source at `loc` is a statement `lhs = __VERIFIER_nondet_T()` (a cast allowed), the
/// nondet function's name. Without a column, any such statement on the line counts.
fn nondet_call_at(
    lines: &[&str],
    loc: &SourceLoc,
    lhs: &str,
    patterns: &mut HashMap<(String, bool), Option<Regex>>,
) -> Option<String> {
    let line = lines.get((loc.line as usize).checked_sub(1)?)?;
    // The checkers print array elements with their index values (`a[3]`, `a[0l]`, `m[1][2]`)
    // where the source has index expressions (`a[i] = __VERIFIER_nondet_int()`): an element
    // matches any index of its array. Leaving them out misaligned every replay of a program
    // that reads inputs into an array (the trace formula, minutes at N = 1000, had to
    // confirm the run instead). Other shapes (members, pointers) are not matched.
    let (name, indexed) = match lhs.find('[') {
        Some(k) if lhs.ends_with(']') => (&lhs[..k], true),
        _ => (lhs, false),
    };
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let target = if indexed {
        format!(r"{name}\s*(?:\[[^=]*?\]\s*)+")
    } else {
        name.to_string()
    };
    // ASCII word classes: C's identifiers are ASCII, and Unicode's `\w` takes most of the
    // compile time of a pattern made once per target (issue 28: a few per cent of the suite's
    // CPU in its unoptimised build).
    let call = format!(
        r"{target}\s*=\s*(?:\([0-9A-Za-z_\s]+\)\s*)?(__VERIFIER_nondet_[0-9A-Za-z_]+)\s*\(\s*\)"
    );
    let (anchored, text) = match loc.col {
        // Columns are 1-based character positions; ESBMC points at the statement's start.
        Some(c) if c >= 1 => (
            true,
            line.get(line.char_indices().nth(c as usize - 1)?.0..)?,
        ),
        _ => (false, *line),
    };
    // Keyed by the pattern's target, not the element: one regex per array.
    let re = patterns
        .entry((target, anchored))
        .or_insert_with(|| {
            Regex::new(&if anchored {
                // A declaration `int x = …;` starts with its type.
                format!(r"^(?:[A-Za-z_][0-9A-Za-z_ ]*\s)?{call}")
            } else {
                format!(r"(?:^|[^0-9A-Za-z_.>]){call}")
            })
            .ok()
        })
        .as_ref()?;
    let caps = re.captures(text)?;
    Some(caps[1].to_string())
}

/// Parses a checker's printed integer value: `42`, `-7`, `4294967295u`, `0ul`, `1ll`, `TRUE`,
/// `false`, `0x1F`. Anything else (structs, arrays, pointers, floats) gives `None`.
pub fn parse_int_value(raw: &str) -> Option<i128> {
    let t = raw.trim();
    match t {
        "TRUE" | "true" => return Some(1),
        "FALSE" | "false" => return Some(0),
        _ => {}
    }
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t),
    };
    let body = body.trim_end_matches(['u', 'U', 'l', 'L']);
    if body.is_empty() {
        return None;
    }
    let mag = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        i128::from_str_radix(h, 16).ok()?
    } else if body.bytes().all(|b| b.is_ascii_digit()) {
        body.parse::<i128>().ok()?
    } else {
        return None;
    };
    Some(if neg { -mag } else { mag })
}

static STATE_HEADER: LazyLock<Regex> = LazyLock::new(|| {
    // ESBMC: `State 3 file f.c line 8 column 3 function main thread 0`
    // CBMC:  `State 24 file f.c function main line 9 thread 0`
    Regex::new(
        r"^State \d+ file (?P<file>.+?)(?: function (?P<f1>\S+))? line (?P<line>\d+)(?: column (?P<col>\d+))?(?: function (?P<f2>\S+))? thread \d+\s*$",
    )
    .unwrap()
});
static STATE_HEADER_NOLOC: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^State \d+(?: .*)? thread \d+\s*$").unwrap());
static VIOLATED_LOC: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^\s*file (?P<file>.+?)(?: function (?P<f1>\S+))? line (?P<line>\d+)(?: column (?P<col>\d+))?(?: function (?P<f2>\S+))?(?: thread \d+)?\s*$",
    )
    .unwrap()
});
static ASSIGN: LazyLock<Regex> = LazyLock::new(|| {
    // `  i = 3 (00000000 …)` (ESBMC), `  loc=1u (00000000 …)` (CBMC); the lhs may contain
    // spaces inside brackets in neither tool, so split at the first ` = ` or `=`.
    Regex::new(r"^  (?P<lhs>[^=\s][^=]*?)\s*=\s*(?P<val>.*?)(?:\s+\([01 ]+\))?\s*$").unwrap()
});

/// Parses the `State N …` blocks of a plain-text counterexample (ESBMC `--compact-trace` and
/// CBMC `--trace` print the same shape) and the closing `Violated property:` block.
pub fn parse_text_trace(text: &str) -> Option<Trace> {
    let lines: Vec<&str> = text.lines().collect();
    let mut steps = Vec::new();
    let mut i = 0;
    let mut seen_state = false;
    let mut cur_loc: Option<SourceLoc> = None;
    let mut cur_fn: Option<String> = None;
    while i < lines.len() {
        let l = lines[i];
        if let Some(c) = STATE_HEADER.captures(l) {
            seen_state = true;
            cur_loc = Some(SourceLoc {
                file: c["file"].to_string(),
                line: c["line"].parse().unwrap_or(0),
                col: c.name("col").and_then(|m| m.as_str().parse().ok()),
            });
            cur_fn = c
                .name("f1")
                .or_else(|| c.name("f2"))
                .map(|m| m.as_str().to_string());
            i += 1;
            continue;
        }
        if STATE_HEADER_NOLOC.is_match(l) {
            seen_state = true;
            cur_loc = None;
            cur_fn = None;
            i += 1;
            continue;
        }
        if l.trim_end() == "Violated property:" {
            seen_state = true;
            let (loc, func) = match lines.get(i + 1).and_then(|x| VIOLATED_LOC.captures(x)) {
                Some(c) => {
                    i += 1;
                    (
                        Some(SourceLoc {
                            file: c["file"].to_string(),
                            line: c["line"].parse().unwrap_or(0),
                            col: c.name("col").and_then(|m| m.as_str().parse().ok()),
                        }),
                        c.name("f1")
                            .or_else(|| c.name("f2"))
                            .map(|m| m.as_str().to_string()),
                    )
                }
                None => (None, None),
            };
            let description = lines
                .get(i + 1)
                .map(|x| x.trim().to_string())
                .unwrap_or_default();
            steps.push(TraceStep {
                loc,
                function: func,
                hidden: false,
                kind: StepKind::Failure {
                    property: None,
                    description,
                },
            });
            break;
        }
        if seen_state
            && l.starts_with("  ")
            && !l.starts_with("   ")
            && let Some(c) = ASSIGN.captures(l)
        {
            let raw = c["val"].to_string();
            steps.push(TraceStep {
                loc: cur_loc.clone(),
                function: cur_fn.clone(),
                hidden: false,
                kind: StepKind::Assignment {
                    lhs: c["lhs"].to_string(),
                    value: parse_int_value(&raw),
                    raw,
                },
            });
        }
        i += 1;
    }
    seen_state.then_some(Trace { steps })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values() {
        assert_eq!(parse_int_value("42"), Some(42));
        assert_eq!(parse_int_value("-2147483637"), Some(-2147483637));
        assert_eq!(parse_int_value("4294967295u"), Some(4294967295));
        assert_eq!(parse_int_value("0ul"), Some(0));
        assert_eq!(parse_int_value("TRUE"), Some(1));
        assert_eq!(parse_int_value("0x10"), Some(16));
        assert_eq!(parse_int_value("{ 0 }"), None);
        assert_eq!(parse_int_value("NULL"), None);
        assert_eq!(parse_int_value("1.5"), None);
        assert_eq!(parse_int_value("u"), None);
    }

    const ESBMC_TRACE: &str = "[Counterexample]\n\n\nState 1 file t.c line 5 column 1 thread 0\n----\n  ara_loc = 0 (00000000 00000000 00000000 00000000)\n\nState 2 file t.c line 8 column 3 function main thread 0\n----\n  ara_loc = 1 (00000000 00000000 00000000 00000001)\n\nState 3 file t.c line 9 column 18 function main thread 0\n----\n  x = 42 (00000000 00000000 00000000 00101010)\n\nState 4 file t.c line 10 column 3 function main thread 0\n----\n  a[1] = -3 (11111111 11111111 11111111 11111101)\n\nState 5 file t.c line 3 column 26 function reach_error thread 0\n----\nViolated property:\n  file t.c line 3 column 26 function reach_error\n  assertion 0\n  0\n\n\n** Results:\n";

    #[test]
    fn esbmc_text_trace() {
        let t = parse_text_trace(ESBMC_TRACE).unwrap();
        assert_eq!(t.marker_path("ara_loc"), vec![1]);
        let a: Vec<_> = t.assignments().collect();
        assert_eq!(
            a,
            vec![
                ("ara_loc", Some(0)),
                ("ara_loc", Some(1)),
                ("x", Some(42)),
                ("a[1]", Some(-3))
            ]
        );
        let (d, loc) = t.failure().unwrap();
        assert_eq!(d, "assertion 0");
        assert_eq!(loc.unwrap().to_string(), "t.c:3:26");
        assert_eq!(t.steps[2].loc.as_ref().unwrap().to_string(), "t.c:9:18");
    }

    #[test]
    fn readable_steps_leave_out_the_static_initialisation_and_keep_the_last() {
        let t = parse_text_trace(ESBMC_TRACE).unwrap();
        assert_eq!(
            t.readable_steps(10),
            vec![
                "line 8 (main): ara_loc = 1",
                "line 9 (main): x = 42",
                "line 10 (main): a[1] = -3",
                "line 3 (reach_error): fails: assertion 0",
            ]
        );
        assert_eq!(
            t.readable_steps(2),
            vec![
                "... 2 earlier steps",
                "line 10 (main): a[1] = -3",
                "line 3 (reach_error): fails: assertion 0",
            ]
        );
    }

    #[test]
    fn nondet_from_source_with_columns() {
        let src = "\n\n\n\n\n\n\n\n  ara_loc = 2; x = __VERIFIER_nondet_int();\n  y = x;\n";
        let step = |lhs: &str, line, col, v| TraceStep {
            loc: Some(SourceLoc {
                file: "t.c".into(),
                line,
                col: Some(col),
            }),
            function: Some("main".into()),
            hidden: false,
            kind: StepKind::Assignment {
                lhs: lhs.into(),
                value: Some(v),
                raw: v.to_string(),
            },
        };
        let t = Trace {
            steps: vec![
                step("ara_loc", 9, 3, 2),
                step("x", 9, 16, 7),
                step("y", 10, 3, 7),
            ],
        };
        let n = t.nondet_values(Some(src));
        assert_eq!(n.len(), 1);
        // Elements of an array read from inputs, by index value against the source's index
        // expression; a plain copy into an element is no input.
        let src2 = "  ara_loc = 3; a[i] = __VERIFIER_nondet_int();\n  m[i][j + 1] = (int)__VERIFIER_nondet_uint();\n  b[i] = a[i];\n";
        let t2 = Trace {
            steps: vec![
                step("a[0]", 1, 16, 5),
                step("a[1l]", 1, 16, -3),
                step("m[1][2]", 2, 3, 9),
                step("b[0]", 3, 3, 5),
            ],
        };
        let got: Vec<(String, Option<i128>)> = t2
            .nondet_values(Some(src2))
            .into_iter()
            .map(|n| (n.lhs, n.value))
            .collect();
        assert_eq!(
            got,
            vec![
                ("a[0]".into(), Some(5)),
                ("a[1l]".into(), Some(-3)),
                ("m[1][2]".into(), Some(9))
            ]
        );
        assert_eq!(n[0].function, "__VERIFIER_nondet_int");
        assert_eq!((n[0].lhs.as_str(), n[0].value), ("x", Some(7)));
        assert!(t.nondet_values(None).is_empty());
    }
}
