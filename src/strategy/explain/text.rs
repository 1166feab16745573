//! The explanation as text for people: the error trace's steps, one line each (a folded loop
//! one line, its failing iteration indented under it), and the inputs.
//!
//! Takes a [`SourceTrace`]; gives lines. Pure.

use super::trace::{Counter, Elements, FailureKind, Input, SourceTrace, Step, Value};
use std::fmt::Write as _;

/// Inputs listed in the text at most; more go to a file (`ara check` writes it).
pub const MAX_INPUTS_SHOWN: usize = 20;

/// Steps printed at most: beyond, the first [`HEAD_SHOWN`] and the last ones, the others
/// counted in one line (the whole trace is in the JSON, and `ara check` writes it to a file).
pub const MAX_STEPS_SHOWN: usize = 40;
/// The steps printed before the omitted ones.
const HEAD_SHOWN: usize = 15;

/// A printed step: `(location, text, values, depth)`.
type Row = (String, String, String, usize);

/// The steps of `t`, one per line, indented by two spaces, every one.
pub fn steps(t: &SourceTrace) -> String {
    render(&rows(t), &[])
}

/// How many lines [`steps`] has.
pub fn step_lines(t: &SourceTrace) -> usize {
    rows(t).len()
}

/// The steps of `t` as [`steps`], at most [`MAX_STEPS_SHOWN`] of them: the first
/// [`HEAD_SHOWN`], `... N steps omitted ...` (with where the whole trace is, `whole_in`), and
/// the last ones, which end in the failure.
pub fn steps_capped(t: &SourceTrace, whole_in: Option<&str>) -> String {
    let mut rows = rows(t);
    if rows.len() <= MAX_STEPS_SHOWN {
        return render(&rows, &[]);
    }
    let tail = rows.split_off(rows.len() - (MAX_STEPS_SHOWN - HEAD_SHOWN));
    let omitted = rows.len() - HEAD_SHOWN;
    rows.truncate(HEAD_SHOWN);
    let whole = match whole_in {
        Some(f) => format!(" (the whole trace: {f})"),
        None => " (the whole trace: --json)".into(),
    };
    let gap = format!("... {omitted} steps omitted{whole} ...");
    let head = render(&rows, &tail);
    let tail = render(&tail, &rows);
    format!("{head}  {gap}\n{tail}")
}

/// The rows of `t`'s steps, the failure's line saying how it fails.
fn rows(t: &SourceTrace) -> Vec<Row> {
    let file = short_file(&t.file);
    let mut rows = vec![];
    rows_of(&t.steps, &file, 1, &mut rows);
    // The failing assertion's line says its operands' values instead of `false`.
    if t.failure.kind == FailureKind::Assertion
        && let Some(r) = rows.iter_mut().rev().find(|r| r.2.starts_with("false"))
    {
        let fails = match operands(t).as_str() {
            "" => "fails".to_string(),
            ops => format!("fails: {ops}"),
        };
        r.2 = fails;
    }
    if t.failure.kind == FailureKind::ErrorCall
        && let Some(r) = rows.last_mut()
        && r.2.is_empty()
    {
        r.2 = "the error is reached".into();
    }
    rows
}

/// `rows` as lines, in columns as wide as those of `rows` and `beside` (printed with them).
fn render(rows: &[Row], beside: &[Row]) -> String {
    let all = || rows.iter().chain(beside);
    let width = all().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let text_width = all()
        .filter(|r| !r.2.is_empty())
        .map(|r| r.1.chars().count())
        .max()
        .unwrap_or(0)
        .min(40);
    let mut out = String::new();
    for (loc, text, values, depth) in rows {
        let indent = "  ".repeat(*depth);
        let line = if values.is_empty() {
            format!("{indent}{loc:<width$}  {text}")
        } else {
            format!("{indent}{loc:<width$}  {text:<text_width$}  {values}")
        };
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

/// `(location, text, values, depth)` per line.
fn rows_of(steps: &[Step], file: &str, depth: usize, out: &mut Vec<Row>) {
    for s in steps {
        match s {
            Step::Statement {
                line,
                text,
                assigns,
                reads,
                holds,
            } => {
                let mut vals: Vec<String> = vec![];
                if !assigns.is_empty() {
                    vals.push(values(assigns));
                }
                if let Some(h) = holds {
                    vals.push(if *h { "true" } else { "false" }.into());
                }
                if !reads.is_empty() {
                    vals.push(format!("read {}", values(reads)));
                }
                out.push((
                    format!("{file}:{line}"),
                    text.clone(),
                    vals.join("; "),
                    depth,
                ));
            }
            Step::Loop {
                first_line,
                last_line,
                iterations,
                counters,
                writes,
                reads,
                failing,
            } => {
                let loc = if first_line == last_line {
                    format!("{file}:{first_line}")
                } else {
                    format!("{file}:{first_line}-{last_line}")
                };
                // A loop that fails in its first iteration ran no whole iteration: "loop
                // runs 0 times" above "iteration 1:" read as a contradiction.
                let fails_at_once = *iterations == 0 && failing.is_some();
                if !fails_at_once {
                    out.push((
                        loc.clone(),
                        loop_summary(*iterations, counters, writes, reads),
                        String::new(),
                        depth,
                    ));
                }
                if let Some(f) = failing {
                    let (at, what) = if fails_at_once {
                        (loc, "loop, iteration 1:".to_string())
                    } else {
                        (String::new(), format!("iteration {}:", iterations + 1))
                    };
                    out.push((at, what, String::new(), depth));
                    rows_of(f, file, depth + 1, out);
                }
            }
            Step::Call { function, line } => out.push((
                format!("{file}:{line}"),
                format!("call {function}"),
                String::new(),
                depth,
            )),
            Step::Return {
                function,
                line,
                value,
            } => out.push((
                format!("{file}:{line}"),
                format!("return from {function}"),
                value.map(|v| format!("returns {v}")).unwrap_or_default(),
                depth,
            )),
        }
    }
}

/// `loop runs 2 times, i = 0 .. 1; wrote a[0] = 0, a[1] = 2; read a[0] = 5`.
pub fn loop_summary(
    iterations: u64,
    counters: &[Counter],
    writes: &Elements,
    reads: &Elements,
) -> String {
    let times = match iterations {
        1 => "once".to_string(),
        n => format!("{n} times"),
    };
    let mut out = format!("loop runs {times}");
    let cs: Vec<String> = counters.iter().map(counter).collect();
    if !cs.is_empty() {
        let _ = write!(out, ", {}", cs.join(", "));
    }
    if writes.count > 0 {
        let _ = write!(out, "; wrote {}", elements(writes));
    }
    if reads.count > 0 {
        let _ = write!(out, "; read {}", elements(reads));
    }
    out
}

/// `i = 0 .. 9`, `s = 1, 3, 4`, `x = 5` (each iteration), `k = 0, 2 .. 8`.
fn counter(c: &Counter) -> String {
    let n = &c.name;
    match (c.step, c.values.len()) {
        (_, 1) => format!("{n} = {}", c.first),
        (Some(0), _) => format!("{n} = {}", c.first),
        (Some(1 | -1), _) => format!("{n} = {} .. {}", c.first, c.last),
        (Some(d), _) if c.values.len() > 2 => {
            format!("{n} = {}, {} .. {}", c.first, c.first + d, c.last)
        }
        _ if c.values.last() == Some(&c.last) && c.values.len() < 5 => {
            let vs: Vec<String> = c.values.iter().map(|v| v.to_string()).collect();
            format!("{n} = {}", vs.join(", "))
        }
        _ => {
            let vs: Vec<String> = c.values.iter().take(3).map(|v| v.to_string()).collect();
            format!("{n} = {} .. {}", vs.join(", "), c.last)
        }
    }
}

fn elements(e: &Elements) -> String {
    let mut s = values(&e.listed);
    if e.count > e.listed.len() {
        let _ = write!(s, " and {} more", e.count - e.listed.len());
    }
    s
}

fn values(vs: &[Value]) -> String {
    let xs: Vec<String> = vs
        .iter()
        .map(|v| format!("{} = {}", v.name, v.value))
        .collect();
    xs.join(", ")
}

/// The inputs, one per line: `a[0] = 5 (uninitialised)`, `N = 3`.
pub fn inputs(inputs: &[Input]) -> String {
    let mut out = String::new();
    for i in inputs {
        let what = if i.uninitialised {
            " (uninitialised)"
        } else {
            ""
        };
        let _ = writeln!(out, "  {} = {}{what}", i.name, i.value);
    }
    out
}

/// The failing assertion's operands: `i = 2, N / 2 = 0`.
pub fn operands(t: &SourceTrace) -> String {
    values(&t.failure.operands)
}

/// The file name as the trace shows it (its last component).
pub fn short_file(file: &str) -> String {
    std::path::Path::new(file)
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| file.to_string())
}
